#!/usr/bin/env bash
# The framework kernel on the local two-node Slurm (tests/slurm-cluster.sh), with Debian's python3-torch
# (1.13, CPU): `modak bench --kernel framework` sweeps PyTorch's own training step of mnist_cnn (batch 2,
# 16, 64 × fp32, bf16 × eager, torch.compile) and of a small transformer built from its shape (the test
# catalogue's tiny_gpt); the jobs run, `bench collect` gathers the records, and the rows must parse,
# carry their provenance, grow in step time with the batch, record torch.compile as unavailable on
# 1.13, and be accepted by `modak model fit`. A GPU target's default sweep runs the same kernel on the
# GPU (`--device cuda`, one GPU per task); the test cluster's GPUs are fake, so its records say that
# PyTorch sees no CUDA device.
# usage: bench-framework.sh MODAK SOURCE_DIR      (root; exit 77 without torch or where cgroups stop
#        slurmd; KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
src=$(realpath "$2")
python=${MODAK_TEST_PYTHON:-/usr/bin/python3}
if ! "$python" -c 'import torch' 2>/dev/null; then
  echo "SKIPPED: $python has no torch (Debian: apt install python3-torch)" >&2
  exit 77
fi
# shellcheck source=tests/slurm-cluster.sh
source "$(dirname "$0")/../slurm-cluster.sh"
slurm_test_begin bench-framework squeue shellcheck
start_slurm_cluster
torch_version=$("$python" -c 'import torch; print(torch.__version__)')

cd "$work" || exit 1
# One thread per task: the two nodes share this machine's two cores with whatever else runs, and an
# OpenMP team of two whose threads wait for each other on a loaded machine times the load, not PyTorch.
cat >site.modak <<'M'
modak 1
target local {
  scheduler = slurm
  runtime = none
  nodes = 2
  cpu { arch = x86_64, model = "AMD EPYC 9654", sockets = 1, cores = 2 }
}
application mnist {
  kind = ai_training
  framework = pytorch "1.13"
  workload = mnist_cnn
  batch_size = 16
  run = "echo train"
}
deployment cpu_framework {
  application = mnist
  target = local
  job { walltime = 5m }
}
M
# wait_for IDS: until Slurm has none of the jobs (3 minutes at most).
wait_for() {
  for _ in $(seq 360); do
    [[ -z $(squeue -h -j "$(paste -sd, <<<"$1")" 2>/dev/null) ]] && return 0
    sleep 0.5
  done
  fail "the jobs $1 did not finish in 3 minutes"
}

"$modak" bench site.modak --kernel framework --sweep batch_size=2,16,64 --sweep precision=fp32,bf16 \
  --sweep graph_compiler=none,inductor --sweep threads=1 --max-parallel 1 --steps 5 -o cnn >bench.out 2>&1 ||
  fail "modak bench (mnist_cnn): $(cat bench.out)"
"$modak" bench site.modak --kernel framework --workload tiny_gpt --catalog "$src/tests/data/calibrate/tiny-transformer.catalog.json" \
  --sweep batch_size=2,8,32 --sweep precision=fp32,bf16 --sweep threads=1 --max-parallel 1 --steps 5 -o gpt >bench.out 2>&1 ||
  fail "modak bench (tiny_gpt): $(cat bench.out)"
for s in cnn/cpu_framework/*.sh gpt/cpu_framework/*.sh; do
  bash -n "$s" || fail "$s: bash -n"
  shellcheck "$s" || fail "$s: shellcheck"
done
[[ -f cnn/cpu_framework/train_step_torch.py ]] || fail "the kernel's script is not in the sweep"
grep -q -- "--device 'cpu'" cnn/cpu_framework/bench-n1.slurm.sh || fail "a CPU target's kernel should run on the CPU"
grep -q -- '--shape .*"hidden":64' gpt/cpu_framework/bench-n1.slurm.sh || fail "tiny_gpt's shape is not passed to the kernel"

export MODAK=$modak MODAK_PYTHON=$python # the scripts run "${MODAK:-modak}" and "${MODAK_PYTHON:-python3}"
# One sweep after the other: both nodes are this machine's two cores, and the timings should not be
# each other's.
ids=$(cnn/cpu_framework/submit.sh) || fail "submit.sh (mnist_cnn)"
wait_for "$ids"
ids=$(gpt/cpu_framework/submit.sh) || fail "submit.sh (tiny_gpt)"
wait_for "$ids"

"$modak" bench collect cnn gpt -o results.csv 2>collect.err || { cat collect.err >&2; cat cnn/cpu_framework/logs/* >&2; fail "bench collect"; }
cat collect.err
# 12 mnist tasks (6 eager ones measured, 6 torch.compile ones unavailable on 1.13) and 6 tiny_gpt ones.
if [[ $torch_version == 1.* ]]; then
  grep -q '^18 records from 18 files: 12 ok, 0 failed, 6 unavailable, 0 tasks without a record' collect.err ||
    fail "collect: $(cat collect.err)"
  grep -q "unavailable ×6: torch.compile needs PyTorch 2; this is $torch_version" collect.err ||
    fail "torch.compile on $torch_version should be recorded as unavailable: $(cat collect.err)"
  grep -l '"graph_compiler":"inductor"' cnn/cpu_framework/results/*.jsonl | xargs grep -L '"status":"unavailable"' | grep . &&
    fail "a torch.compile record that is not 'unavailable' on $torch_version"
else
  grep -q '^18 records from 18 files: 18 ok, 0 failed, 0 tasks without a record' collect.err || fail "collect: $(cat collect.err)"
fi

# The rows: modak's reader takes them (model fit reads with it); each is checked column by column.
python3 - results.csv "$torch_version" <<'PY' || fail "results.csv rows"
import csv, math, sys
from collections import defaultdict
path, torch_version = sys.argv[1], sys.argv[2]
rows = list(csv.DictReader(line for line in open(path) if not line.startswith("#")))
bad = 0
def check(ok, message):
    global bad
    if not ok:
        print("FAIL:", message, file=sys.stderr)
        bad += 1
check(len(rows) == (12 if torch_version.startswith("1.") else 18), f"{len(rows)} rows")
steps = defaultdict(list)
for r in rows:
    t = float(r["throughput"])
    check(t > 0 and math.isfinite(t), f"throughput {r['throughput']}")
    check(r["framework"] == "pytorch" and torch_version.startswith(r["version"] + "."), f"framework {r['framework']} {r['version']}")
    check(r["kernel"] == "framework" and r["workload_scale"] == "1", f"kernel {r['kernel']} scale {r['workload_scale']}")
    check(r["precision"] in ("fp32", "bf16") and r["graph_compiler"] in ("none", "inductor"), f"precision {r['precision']} {r['graph_compiler']}")
    check(r["device"] and r["gpus_per_node"] == "0" and r["cores"] == "1" and r["nodes"] == "1", f"device {r['device']} {r['cores']}")
    src = r["source"]
    for part in (f"pytorch {torch_version} on '", " at 20", " by torch-train-step/"):
        check(part in src, f"source lacks {part!r}: {src}")
    steps[(r["workload"], r["precision"], r["graph_compiler"])].append((int(r["batch_per_device"]), int(r["batch_per_device"]) / t))
for key, points in steps.items():
    points.sort()
    check([b for b, _ in points] in ([2, 16, 64], [2, 8, 32]), f"{key}: batches {points}")
    # More samples per step take longer: the largest batch (16 or 32 times the smallest) takes longer
    # per step. Neighbouring batches only differ by 4x here, within what other processes on this
    # machine's two cores can add to one median, so their order is reported, not required.
    check(points[-1][1] > points[0][1], f"{key}: the largest batch's step is not longer than the smallest's: {points}")
    if not all(a[1] < b[1] for a, b in zip(points, points[1:])):
        print(f"note: {key}: step times not monotone in the batch (a loaded machine?): {points}", file=sys.stderr)
sys.exit(1 if bad else 0)
PY
# Every device is a catalogue name (what the framework reported, else the target's CPU).
"$modak" catalog hardware --format json >hardware.json
cut -d, -f8 results.csv | grep -v '^device$' | grep -v '^#' | sort -u | while read -r d; do
  grep -q "\"name\": *\"$d\"" hardware.json || fail "device '$d' is not a catalogue name"
done
# The kernel built the catalogue's mnist_cnn: its parameter count is the catalogue's.
want=$("$modak" catalog workloads --format json | python3 -c 'import json,sys; print(next(int(w["parameters"]) for w in json.load(sys.stdin)["workloads"] if w["name"] == "mnist_cnn"))')
grep -qh "\"model_parameters\": $want," cnn/cpu_framework/results/*.measurements || fail "mnist_cnn does not have the catalogue's $want parameters"

"$modak" model fit results.csv -o site.calibration.json 2>fit.err || { cat fit.err >&2; fail "model fit"; }
cat fit.err
[[ -s site.calibration.json ]] || fail "model fit wrote no calibration"
# The mnist_cnn rows are fitted (tiny_gpt is the test catalogue's, which model fit does not load).
fitted=$(sed -n 's/^fitted on \([0-9]*\) rows.*/\1/p' fit.err)
[[ -n $fitted && $fitted -ge 6 ]] || fail "model fit used ${fitted:-no} rows of the 6 mnist_cnn ones: $(cat fit.err)"
"$modak" model report --data results.csv >report.out 2>&1 || fail "model report: $(cat report.out)"
grep -q 'cpu_framework' report.out || fail "model report has no error for the measured rows: $(cat report.out)"

# A GPU target: the default kernel is the framework's, on the GPU (one per task), never the CPU
# micro-kernel. The test cluster's GPUs are device files only, so PyTorch sees none and says so.
sed -e 's/^  cpu { arch = x86_64, model = "AMD EPYC 9654", sockets = 1, cores = 2 }$/&\n  gpu { model = h100_sxm5, count = 2 }/' site.modak >gpu.modak
"$modak" bench gpu.modak --sweep batch_size=8 --sweep precision=bf16,fp16 -o gpu >bench.out 2>&1 || fail "modak bench (GPU): $(cat bench.out)"
grep -q -- "--device 'cuda'" gpu/cpu_framework/bench-n1.slurm.sh || fail "a GPU target's kernel should run on the GPU"
grep -q -- '--gpus-per-node=1\|--gres=gpu:1' gpu/cpu_framework/bench-n1.slurm.sh || fail "a GPU target's task should ask for one GPU: $(grep '^#SBATCH' gpu/cpu_framework/bench-n1.slurm.sh)"
grep -q 'bench run --kernel train-step' gpu/cpu_framework/bench-n1.slurm.sh && fail "a GPU target got the CPU micro-kernel"
grep -q '"kernel": "framework"' gpu/cpu_framework/sweep.json || fail "the GPU sweep's manifest names another kernel"
shellcheck gpu/cpu_framework/*.sh || fail "GPU sweep: shellcheck"
ids=$(gpu/cpu_framework/submit.sh) || fail "submit.sh (GPU)"
wait_for "$ids"
"$modak" bench collect gpu -o gpu.csv 2>collect.err
grep -q '^2 records from 2 files: 0 ok, 0 failed, 2 unavailable' collect.err || fail "GPU sweep: $(cat collect.err; cat gpu/cpu_framework/logs/*)"
grep -q 'unavailable ×2: no CUDA device is visible to PyTorch' collect.err || fail "GPU sweep: $(cat collect.err)"
grep -q '"device":"h100_sxm5"' gpu/cpu_framework/results/*.jsonl || fail "GPU records should name the target's GPU"

slurm_test_end "framework kernel ran on Slurm: $(grep -c '^cpu_framework,' results.csv) rows of PyTorch $torch_version training steps, fitted"
