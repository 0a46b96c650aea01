#!/usr/bin/env bash
# The framework kernel without a scheduler (docs/calibration.md): which kernel a sweep runs by default
# (a GPU target: the framework's training step on the GPU, one GPU per task; a CPU target: the CPU
# micro-kernel), the sweep's checks of its keys, and `modak bench run --kernel framework` run here with
# Debian's python3-torch: a batch sweep of mnist_cnn whose records parse, torch.compile recorded as
# unavailable before PyTorch 2, and a python that cannot start recorded as a failure, not lost.
# usage: framework-kernel.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$(realpath "$1")
python=${MODAK_TEST_PYTHON:-/usr/bin/python3}
work=$(mktemp -d /tmp/modak-framework-kernel.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# site.modak with HARDWARE (a `gpu { }` line or nothing) in the target.
site() {
  cat <<M
modak 1
target local {
  scheduler = slurm
  runtime = none
  nodes = 2
  cpu { model = "AMD EPYC 9654", cores = 2 }
  $1
}
application mnist {
  kind = ai_training
  framework = pytorch "2.5"
  workload = mnist_cnn
  precision = bf16
  batch_size = 16
  run = "echo train"
}
deployment d {
  application = mnist
  target = local
}
M
}

# The default kernel follows the target.
site 'gpu { model = h100_sxm5, count = 4 }' >gpu.modak
site '' >cpu.modak
"$modak" bench gpu.modak --sweep batch_size=8,16 -o gpu >out.txt 2>&1 || fail "bench (GPU target): $(cat out.txt)"
script=gpu/d/bench-n1.slurm.sh
grep -q '"kernel": "framework"' gpu/d/sweep.json || fail "a GPU target's default kernel is not the framework kernel"
grep -q '"${MODAK_PYTHON:-python3}" train_step_torch.py' "$script" || fail "the GPU sweep does not run the framework's training step: $(cat "$script")"
grep -q -- "--device 'cuda'" "$script" || fail "the framework kernel of a GPU target does not run on the GPU"
grep -q -- '--precision "${sweep_precision' "$script" && fail "precision is not swept here: it is the application's"
grep -q -- "--precision 'bf16'" "$script" || fail "the application's precision (bf16) is not the kernel's"
grep -q '^#SBATCH --gpus-per-node=1$\|^#SBATCH --gres=gpu:1$' "$script" || fail "a GPU task asks for no GPU: $(grep '^#SBATCH' "$script")"
grep -q 'bench run --kernel train-step' "$script" && fail "a GPU target got the CPU micro-kernel"
grep -q -- "bench record --kernel framework --workload 'mnist_cnn' --device 'h100_sxm5'" "$script" ||
  fail "the record should name the target's catalogue GPU: $(grep 'bench record' "$script")"
cmp -s gpu/d/train_step_torch.py "$(dirname "$0")/../../calibrate/kernels/train_step_torch.py" 2>/dev/null ||
  [[ -s gpu/d/train_step_torch.py ]] || fail "the kernel's script is not in the sweep"
"$modak" bench cpu.modak --sweep batch_size=8 -o cpu >out.txt 2>&1 || fail "bench (CPU target): $(cat out.txt)"
grep -q '"kernel": "train-step"' cpu/d/sweep.json || fail "a CPU target's default kernel is not train-step"
"$modak" bench cpu.modak --kernel framework --sweep batch_size=8 -o cpu-fw >out.txt 2>&1 || fail "bench --kernel framework (CPU): $(cat out.txt)"
grep -q -- "--device 'cpu'" cpu-fw/d/bench-n1.slurm.sh || fail "a CPU target's framework kernel should run on the CPU"
# Keys and values the kernel does not know, and more than one node, are located diagnostics.
"$modak" bench gpu.modak --sweep precision=fp8 -o bad >out.txt 2>&1 && fail "an unknown precision was accepted"
grep -q "<command line>:1:9: error: the framework kernel knows precision fp32, bf16, fp16, tf32, not 'fp8'" out.txt ||
  fail "unknown precision: $(cat out.txt)"
"$modak" bench gpu.modak --sweep nodes=1,2 -o bad >out.txt 2>&1 && fail "a framework sweep over nodes was accepted"
grep -q "error: the framework kernel varies batch_size, precision, graph_compiler and threads; 'nodes'" out.txt ||
  fail "nodes for the framework kernel: $(cat out.txt)"
[[ ! -e bad ]] || fail "a refused sweep wrote files"

# `bench run --kernel framework` here: a batch sweep, eager and torch.compile.
if "$python" -c 'import torch' 2>/dev/null; then
  torch_version=$("$python" -c 'import torch; print(torch.__version__)')
  "$modak" bench run --kernel framework --python "$python" --workload mnist_cnn --batches 1,4 \
    --graph-compiler none,inductor --threads 2 --steps 2 --warmup 1 --device epyc_9654 --out run.jsonl 2>run.err ||
    fail "bench run --kernel framework: $(cat run.err)"
  "$modak" bench collect run.jsonl -o run.csv 2>collect.err || fail "collect: $(cat collect.err)"
  if [[ $torch_version == 1.* ]]; then
    grep -q '^4 records from 1 file: 2 ok, 0 failed, 2 unavailable' collect.err || fail "collect: $(cat collect.err)"
    [[ $(grep -c '"graph_compiler":"inductor".*"status":"unavailable","reason":"torch.compile needs PyTorch 2' run.jsonl) == 2 ]] ||
      fail "torch.compile on $torch_version: $(cat run.jsonl)"
  fi
  grep -q '"configuration":{"batch_size":4,"graph_compiler":"none","precision":"fp32"}' run.jsonl ||
    fail "a run of several measurements should say which each record is: $(cat run.jsonl)"
  grep -q '^adhoc,mnist_cnn,pytorch,.*,none,fp32,epyc_9654,1,0,1,,4,,' run.csv || fail "no batch-4 row: $(cat run.csv)"
else
  echo "SKIPPED: bench run --kernel framework: $python has no torch" >&2
fi
# A python that cannot start: a failed record with the exit status, and exit 1.
"$modak" bench run --kernel framework --python /nonexistent/python3 --workload mnist_cnn --batch 2 --out nopython.jsonl 2>/dev/null &&
  fail "a python that cannot start should fail the run"
grep -q '"status":"failed","reason":"the framework kernel exited with status 127 and printed no measurement' nopython.jsonl ||
  fail "no failed record for a missing python: $(cat nopython.jsonl)"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "framework kernel: default kernel by target, sweep checks, bench run with $python"
