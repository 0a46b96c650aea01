#!/usr/bin/env bash
# End-to-end tests of the real `modak` binary: exit codes, output formats, files written or not.
# usage: run.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# expect_exit CODE CMD...: runs CMD, keeps stdout/stderr in $work/out and $work/err.
expect_exit() {
  local want=$1; shift
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [[ $got == "$want" ]] || fail "'$*' exited $got, expected $want; stderr: $(head -c 600 "$work/err")"
}
contains() { grep -qF -- "$2" "$1" || fail "$1 does not contain '$2': $(head -c 600 "$1")"; }

cat >"$work/good.modak" <<'M'
modak 1

// A CPU target.
target laptop {
  scheduler = none
}

workload tiny {
  flops_per_sample = 1.2e6
  parameters = 1000
}

application app {
  kind = ai_training
  framework = pytorch "2.1"
  workload = tiny
  run = "python3 train.py"
}

deployment d {
  application = app
  target = laptop
}
M
printf 'modak 1\napplication a {\n  batch_size 128\n}\n' >"$work/bad.modak"

# --version and --help
expect_exit 0 "$modak" --version
contains "$work/out" "modak "
for cmd in check fmt import plan predict catalog generate; do
  expect_exit 0 "$modak" "$cmd" --help
  contains "$work/out" "Usage"
done
expect_exit 2 "$modak"
expect_exit 2 "$modak" frobnicate
expect_exit 2 "$modak" check --format yaml "$work/good.modak"

# check: exit codes and formats
expect_exit 0 "$modak" check "$work/good.modak"
expect_exit 1 "$modak" check "$work/bad.modak"
contains "$work/err" "bad.modak:3:14: error: expected '=' after key 'batch_size', found '128' [expected-token]"
expect_exit 2 "$modak" check "$work/missing.modak"
contains "$work/err" "cannot read"
expect_exit 1 "$modak" check --format json "$work/bad.modak"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d[0]["code"]=="expected-token" and d[0]["line"]==3, d' "$work/out" \
  || fail "json output"
expect_exit 1 "$modak" check --format sarif "$work/bad.modak"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d["runs"][0]; assert d["version"]=="2.1.0" and r["results"][0]["ruleId"]=="expected-token" and r["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"]==3' "$work/out" \
  || fail "sarif output"
expect_exit 0 "$modak" check - <"$work/good.modak"
mkdir -p "$work/tree/sub" && cp "$work/good.modak" "$work/tree/sub/" && cp "$work/bad.modak" "$work/tree/"
expect_exit 1 "$modak" check "$work/tree"
contains "$work/err" "in 2 files"
printf 'modak 1\napplication a {}\n' >"$work/warn.modak"
printf 'application a {\n  kind = hpc\n  run = "x"\n}\n' >"$work/noheader.modak"
expect_exit 0 "$modak" check "$work/noheader.modak"
expect_exit 1 "$modak" check --werror "$work/noheader.modak"
printf '' >"$work/empty.modak"
expect_exit 1 "$modak" check "$work/empty.modak"
printf 'modak 1\nx = "\xff"\n' >"$work/utf8.modak"
expect_exit 1 "$modak" check "$work/utf8.modak"
contains "$work/err" "invalid-utf8"

# A large file is mapped rather than copied (SourceManager::mapLargeFiles), except when its size is
# a whole number of pages; either way its diagnostics are those of the same text read from stdin.
for size in mapped 98304; do
  python3 - "$work/large.modak" "$size" <<'P'
import sys
text = "modak 1\n" + "".join(f"application a_{i} {{\n  kind = hpcc\n}}\n" for i in range(3000))
if sys.argv[2] != "mapped":
    text += "//" + "x" * (int(sys.argv[2]) - len(text) - 3) + "\n"
elif len(text) % 4096 == 0:
    text += "\n"
open(sys.argv[1], "w").write(text)
P
  expect_exit 1 "$modak" check "$work/large.modak"
  contains "$work/err" "3000 errors, 0 warnings in 1 file"
  sed "s|^$work/large.modak:|<stdin>:|" "$work/err" >"$work/large-by-path"
  expect_exit 1 "$modak" check - <"$work/large.modak"
  cmp -s "$work/err" "$work/large-by-path" || fail "check of a large file ($size) differs from its check from stdin"
done

# hostile input: huge, deeply nested, binary, empty directory — located errors, no crash
head -c 100000000 /dev/zero | tr '\0' ' ' >"$work/huge.modak"
expect_exit 1 "$modak" check "$work/huge.modak"
contains "$work/err" "huge.modak:1:1: error: the file is 100000000 bytes; the limit is 67108864 bytes [file-too-large]"
rm -f "$work/huge.modak"
python3 -c 'print("modak 1\n" + "a {" * 100000 + "}" * 100000)' >"$work/nested.modak"
expect_exit 1 "$modak" check "$work/nested.modak"
contains "$work/err" "nesting-too-deep"
python3 -c 'print("modak 1\nx = " + "[" * 100000)' >"$work/lists.modak"
expect_exit 1 "$modak" check "$work/lists.modak"
contains "$work/err" "expected ',' or ']' in the list, found '['"
(( $(awk '{ if (length($0) > m) m = length($0) } END { print m }' "$work/err") < 200 )) || fail "long source line not shortened"
expect_exit 1 "$modak" check "$modak"
mkdir -p "$work/nothing"
expect_exit 2 "$modak" check "$work/nothing"
contains "$work/err" "no .modak files"

# fmt: --check names files and writes nothing; in place rewrites atomically; errors leave files alone
printf 'modak 1\ntarget  t{scheduler=none // keep me\n}\n' >"$work/ugly.modak"
cp "$work/ugly.modak" "$work/ugly.orig"
expect_exit 1 "$modak" fmt --check "$work/ugly.modak"
contains "$work/out" "ugly.modak"
cmp -s "$work/ugly.modak" "$work/ugly.orig" || fail "fmt --check modified the file"
expect_exit 0 "$modak" fmt "$work/ugly.modak"
contains "$work/ugly.modak" "// keep me"
expect_exit 0 "$modak" fmt --check "$work/ugly.modak"
cp "$work/bad.modak" "$work/bad.orig"
expect_exit 1 "$modak" fmt "$work/bad.modak"
cmp -s "$work/bad.modak" "$work/bad.orig" || fail "fmt modified a file with syntax errors"
ls -a "$work" | grep -q modak-tmp && fail "fmt left a temporary file"

# import: every original MODAK example (and every job of tests/data/import) converts to a file that
# checks clean
n=0
for json in "$src"/tests/data/modak-original/examples/*.json "$src"/tests/data/modak-original/test-input/*.json \
  "$src"/tests/data/import/*.json; do
  out="$work/import-$(basename "$json" .json).modak"
  expect_exit 0 "$modak" import "$json" -o "$out"
  expect_exit 0 "$modak" check "$out"
  case $(basename "$json") in
    # IDE templates asking for TensorFlow 1.1 built from source: no catalogue image holds that.
    job_data.json | optimisation_dsl.json)
      expect_exit 1 "$modak" plan "$out" --format json
      contains "$work/err" "no candidate meets the constraints" ;;
    # MPI jobs in Singularity with libraries no catalogue image holds (Open MPI 1.10, MPICH 3.2): the
    # plan refuses them rather than choose a job whose script has no image to run.
    mpi__mpi_test_egi.json | mpi__solver_optimisation_dsl.json | solver_optimisation_dsl.json)
      expect_exit 1 "$modak" plan "$out" --format json
      contains "$work/err" "no container image for singularity" ;;
    *) expect_exit 0 "$modak" plan "$out" --format json ;;
  esac
  n=$((n + 1))
done
((n >= 15)) || fail "only $n original examples found"
expect_exit 2 "$modak" import "$src/tests/data/modak-original/test-input/tf_resnet.json" -o "$work/import-tf_resnet.modak"
contains "$work/err" "exists"
printf '{"job": {"job_options": {"job_name": 1' >"$work/broken.json"
expect_exit 1 "$modak" import "$work/broken.json" -o "$work/broken.modak"
[[ ! -e "$work/broken.modak" ]] || fail "import wrote output for broken JSON"
contains "$work/err" "broken.json:1:"

# plan: every example plans; formats; bad input
for example in "$src"/examples/*.modak; do
  expect_exit 0 "$modak" plan "$example"
  contains "$work/out" "chosen"
done
expect_exit 0 "$modak" plan "$src/examples/pytorch_ddp_a100.modak" --deployment vit_ddp_a100 --format json
contains "$work/out" '"graph_compiler": "inductor"'
contains "$work/out" '"rejected_because"'
expect_exit 0 "$modak" plan "$src/examples/pytorch_ddp_a100.modak" --format html -o "$work/report.html"
contains "$work/report.html" "<svg"
expect_exit 1 "$modak" plan "$src/examples/pytorch_ddp_a100.modak" --deployment nosuch
contains "$work/err" "no deployment 'nosuch'"
expect_exit 1 "$modak" plan "$work/bad.modak"
cat >"$work/greedy.modak" <<'M'
modak 1
import "targets/slurm_gpu_cluster.modak"
application vit {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  batch_size = 256
  precision = mixed
}
deployment greedy {
  application = vit
  target = slurm_a100
  scale { nodes = 4..8, gpus_per_node = 4, min_efficiency = 0.9999 }
}
M
mkdir -p "$work/targets" && cp "$src/examples/targets/slurm_gpu_cluster.modak" "$work/targets/"
expect_exit 1 "$modak" plan "$work/greedy.modak"
contains "$work/err" "greedy.modak:10:12: error: deployment 'greedy': no candidate meets the constraints"

# a site catalogue named in the file: validated by check, used by plan
cat >"$work/site-catalog.json" <<'J'
{"version": 1, "images": [{"name": "site_pytorch_2_1", "reference": "docker://registry.example.edu/pytorch:2.1-opt",
  "framework": {"name": "pytorch", "version": "2.1"}, "arch": "x86_64", "accelerator": "nvidia", "build": "source",
  "graph_compilers": ["inductor"]}]}
J
{ head -n 2 "$work/greedy.modak"; printf 'catalog = "site-catalog.json"\n'; tail -n +3 "$work/greedy.modak" |
  sed 's/nodes = 4..8, gpus_per_node = 4, min_efficiency = 0.9999/nodes = 1, gpus_per_node = 4/'; } >"$work/site.modak"
expect_exit 0 "$modak" check "$work/site.modak"
expect_exit 0 "$modak" plan "$work/site.modak"
contains "$work/out" "site_pytorch_2_1"
sed -i 's/"build": "source"/"build": "sorce"/' "$work/site-catalog.json"
expect_exit 1 "$modak" check "$work/site.modak"
contains "$work/err" "site-catalog.json:1:"
contains "$work/err" "/images/0/build: 'sorce' is not one of hub, pip, source [catalog-invalid]"

# predict: the what-if calculator, and its refusals
expect_exit 0 "$modak" predict --workload resnet50 --framework pytorch --gpu a100_sxm4_40gb --gpus-per-node 4 \
  --nodes 2 --interconnect infiniband_hdr --precision mixed --batch-per-device 256 --format json
contains "$work/out" '"efficiency"'
contains "$work/out" '"communication"'
# The CLI takes the language's precisions (the catalogue's), not the old `amp`.
expect_exit 2 "$modak" predict --workload resnet50 --framework pytorch --gpu a100_sxm4_40gb --precision amp
contains "$work/err" "automatic mixed precision is \`mixed\`"
expect_exit 2 "$modak" predict --workload resnet50 --framework pytorch --gpu voodoo2
contains "$work/err" "unknown GPU 'voodoo2'; known: "
# GPUs by the names nvidia-smi and the clouds print: the same prediction as the catalogue name.
expect_exit 0 "$modak" predict --workload resnet50 --framework pytorch --gpu "NVIDIA H100 80GB HBM3" --format json
cp "$work/out" "$work/smi.json"
contains "$work/smi.json" '"gpu": "h100_sxm5"'
expect_exit 0 "$modak" predict --workload resnet50 --framework pytorch --gpu h100_sxm5 --format json
cmp -s "$work/out" "$work/smi.json" || fail "--gpu 'NVIDIA H100 80GB HBM3' predicts otherwise than --gpu h100_sxm5"
expect_exit 0 "$modak" predict --workload resnet50 --framework pytorch --gpu nvidia-l4
# A near miss names the nearest entries.
expect_exit 2 "$modak" predict --workload resnet50 --framework pytorch --gpu "NVIDIA H100 80GB HBM"
contains "$work/err" "unknown GPU 'NVIDIA H100 80GB HBM'; did you mean h100_sxm5 (NVIDIA H100 SXM5 80 GB)"
expect_exit 2 "$modak" predict --workload nosuch --framework pytorch --gpu v100_sxm2
contains "$work/err" "known: mnist_cnn"
expect_exit 2 "$modak" predict --workload llama31_70b --framework pytorch --gpu h100_sxm5
contains "$work/err" "unknown workload 'llama31_70b'; did you mean llama3_70b"
# A precision the catalogue has no peak for is refused with what it has (the A10G's vendor publishes
# no tensor-core figures; a V100 has no bf16 at all): the same message either way, true for both.
expect_exit 2 "$modak" predict --workload resnet50 --framework pytorch --gpu "NVIDIA A10G" --precision bf16
contains "$work/err" "NVIDIA A10G has no bf16 peak in the catalogue (it has fp32): use one of those, or add the peak in a catalogue file (--catalog)"
expect_exit 2 "$modak" predict --workload resnet50 --framework caffe --gpu v100_sxm2
expect_exit 2 "$modak" predict --workload resnet50 --framework pytorch --gpu v100_sxm2 --batch-per-device 0
expect_exit 2 "$modak" predict --workload resnet50 --framework pytorch --gpu v100_sxm2 --samples 1e30
expect_exit 2 "$modak" predict --workload resnet50 --framework pytorch --gpu v100_sxm2 --nodes 4
contains "$work/err" "needs --interconnect"
# What does not fit in GPU memory is said, with the largest batch that fits, and exits 1 (the plan
# rejects it with the same check); that batch fits and one more does not.
expect_exit 1 "$modak" predict --workload resnet50 --framework pytorch --gpu a100_sxm4_40gb --batch-per-device 4096
contains "$work/out" "memory"
contains "$work/err" "does not fit: "
fits=$(sed -n 's/.*--batch-per-device \([0-9]*\) fits.*/\1/p' "$work/err")
[[ -n "$fits" ]] || fail "predict named no batch that fits"
expect_exit 0 "$modak" predict --workload resnet50 --framework pytorch --gpu a100_sxm4_40gb --batch-per-device "$fits"
expect_exit 1 "$modak" predict --workload resnet50 --framework pytorch --gpu a100_sxm4_40gb --batch-per-device $((fits + 1))
grep -qiE 'nan|inf' "$work/out" && fail "predict printed NaN or inf"
# A transformer's layout (docs/model.md "Parallelism"): Llama 3.1 70B with LoRA replicated on 8 H100
# does not fit and names a layout that does, which then predicts with tokens/s; full training of
# 70 B on one node fits no layout.
expect_exit 1 "$modak" predict --workload llama3_70b --framework pytorch --gpu "NVIDIA H100 80GB HBM3" \
  --gpus-per-node 8 --precision bf16 --batch-per-device 8 --fine-tuning lora --zero 0
contains "$work/err" 'does not fit: '
contains "$work/err" '`parallel {'
expect_exit 0 "$modak" predict --workload llama3_70b --framework pytorch --gpu h100_sxm5 --gpus-per-node 8 \
  --precision bf16 --batch-per-device 8 --fine-tuning lora --tensor 8 --microbatches 4
contains "$work/out" "tensor 8 × pipeline 1 × data 1"
contains "$work/out" "tokens/s"
expect_exit 1 "$modak" predict --workload llama3_70b --framework pytorch --gpu h100_sxm5 --gpus-per-node 8 \
  --precision bf16 --batch-per-device 8 --tensor 8 --microbatches 8 --recompute full
contains "$work/err" "not even one sample per device fits"
expect_exit 2 "$modak" predict --workload llama3_70b --framework pytorch --gpu h100_sxm5 --gpus-per-node 8 \
  --precision bf16 --batch-per-device 8 --tensor 3
contains "$work/err" "does not divide the 8 devices"

# catalog: text and JSON; the JSON is a catalogue file that merges back
expect_exit 0 "$modak" catalog
contains "$work/out" "a100_sxm4_40gb"
expect_exit 0 "$modak" catalog images --format json
cp "$work/out" "$work/images.json"
expect_exit 0 "$modak" catalog workloads --catalog "$work/images.json"
# instances: every price with its date and source; a user file replaces a built-in price
expect_exit 0 "$modak" catalog instances
contains "$work/out" "p5.48xlarge"
contains "$work/out" "Standard_ND96isr_H100_v5"
contains "$work/out" "2026-11-09  https://"
printf '{"version": 1, "instances": [{"name": "p5.48xlarge", "cloud": "aws", "gpu": "h100_sxm5", "gpus": 8, "vcpus": 192, "memory_gib": 2048, "currency": "USD", "on_demand_per_hour": 31.5, "price_date": "2026-11-20", "source": "our contract"}]}' >"$work/prices.json"
expect_exit 0 "$modak" catalog instances --format json --catalog "$work/prices.json"
contains "$work/out" '"on_demand_per_hour": 31.5'
contains "$work/out" '"source": "our contract"'
printf '{"version": 1, "gpus": [{"name": "Bad Name"}]}' >"$work/badcat.json"
expect_exit 1 "$modak" catalog --catalog "$work/badcat.json"
contains "$work/err" "catalog-invalid"

# model: fit writes a calibration that plan and predict accept; report prints held-out errors
expect_exit 0 "$modak" model fit -o "$work/site.calibration.json"
expect_exit 0 "$modak" predict --workload resnet50 --framework tensorflow --gpu v100_sxm2 --calibration "$work/site.calibration.json"
expect_exit 2 "$modak" model fit -o "$work/site.calibration.json"
contains "$work/err" "exists"
expect_exit 0 "$modak" model report --rows "$work/heldout.csv"
contains "$work/out" "held-out error"
# --rows: every cross-validated row once, with what the table above summarises
head -1 "$work/heldout.csv" | grep -q '^dataset,workload,.*,measured,predicted,error_percent' ||
  fail "model report --rows header: $(head -1 "$work/heldout.csv")"
rows=$(($(wc -l <"$work/heldout.csv") - 1))
grep -Eq "^  all +$rows " "$work/out" || fail "model report --rows wrote $rows rows; the table's 'all' differs"
printf 'dataset,workload,framework,device,throughput\nx,resnet50,tensorflow,v100_sxm2,-3\n' >"$work/bad.csv"
expect_exit 1 "$modak" model fit "$work/bad.csv" -o "$work/other.json"
contains "$work/err" "bad.csv:2:"
[[ ! -e "$work/other.json" ]] || fail "model fit wrote output for bad data"

# Artefacts are the same bytes whatever the working directory: headers name the input relative to
# its project root, and --check run from elsewhere finds no drift.
expect_exit 0 "$modak" generate "$src/examples/pytorch_ddp_a100.modak" -o "$work/cwd1"
(cd "$src/examples" && "$modak" generate pytorch_ddp_a100.modak -o "$work/cwd2" >/dev/null 2>&1) ||
  fail "generate from examples/ failed"
diff -r "$work/cwd1" "$work/cwd2" >/dev/null || fail "generate output depends on the working directory"
grep -q "from examples/pytorch_ddp_a100.modak" "$work/cwd1/vit_ddp_a100/container/vit_ddp_a100.def" ||
  fail "the header does not name the input relative to its project"
(cd / && "$modak" generate "$src/examples/pytorch_ddp_a100.modak" -o "$work/cwd1" --check >/dev/null 2>&1) ||
  fail "generate --check from another folder reports drift"

# generate --check: 0 when the directory holds exactly what would be generated; 1 with a unified diff
# of each edited file, and naming missing and unexpected files; it never writes.
example="$src/examples/mpi_solver.modak"
expect_exit 0 "$modak" generate "$example" -o "$work/gen" --emit slurm,pbs
expect_exit 0 "$modak" generate "$example" -o "$work/gen" --emit slurm,pbs --check
[[ ! -s "$work/out" ]] || fail "generate --check printed output for identical files: $(head -c 300 "$work/out")"
script=$(ls "$work"/gen/*/job.slurm.sh | head -1)
deployment=$(basename "$(dirname "$script")")
sed -i 's/^#SBATCH --nodes=.*/#SBATCH --nodes=99/' "$script"
touch "$work/gen/$deployment/notes.txt"
rm "$work/gen/$deployment/job.pbs.sh"
cp -a "$work/gen" "$work/gen-before"
expect_exit 1 "$modak" generate "$example" -o "$work/gen" --emit slurm,pbs --check
contains "$work/out" "--- a/$deployment/job.slurm.sh"
contains "$work/out" "+++ b/$deployment/job.slurm.sh"
contains "$work/out" "-#SBATCH --nodes=99"
contains "$work/out" "missing: $work/gen/$deployment/job.pbs.sh"
contains "$work/out" "unexpected: $work/gen/$deployment/notes.txt"
contains "$work/err" "3 file(s) in '$work/gen' differ"
diff -r "$work/gen" "$work/gen-before" >/dev/null || fail "generate --check changed the output directory"
chmod -x "$script"
"$modak" generate "$example" -o "$work/gen2" --emit slurm,pbs >/dev/null 2>&1
chmod -x "$work"/gen2/*/job.slurm.sh
expect_exit 1 "$modak" generate "$example" -o "$work/gen2" --emit slurm,pbs --check
contains "$work/out" "mode: $work/gen2/$deployment/job.slurm.sh (executable bit differs)"
# modak.lock records the embedded data's digests and the plan's choice: another calibration changes
# the predictions, which --check shows as a diff of the lock, not as silent drift.
ddp="$src/examples/pytorch_ddp_a100.modak"
expect_exit 0 "$modak" generate "$ddp" -o "$work/gen3" --emit slurm
contains "$work/gen3/vit_ddp_a100/modak.lock" '"image": "ngc_pytorch_23_10"'
contains "$work/gen3/vit_ddp_a100/modak.lock" '"catalog/images.json": "'
expect_exit 1 "$modak" generate "$ddp" -o "$work/gen3" --emit slurm --check --calibration "$work/site.calibration.json"
contains "$work/out" "--- a/vit_ddp_a100/modak.lock"
contains "$work/out" '-    "predicted_throughput": '

# Directories: every *.modak below them, outputs mirrored under DIR/<path without .modak>/; one file
# with errors and nothing at all is written.
# modak.toml marks the project root: imports may reach repo/targets from any team's folder.
mkdir -p "$work/repo/targets" "$work/repo/teams/a"
touch "$work/repo/modak.toml"
cp "$src"/examples/targets/*.modak "$work/repo/targets/"
sed 's|import "targets/|import "../../targets/|' "$src/examples/mpi_solver.modak" >"$work/repo/teams/a/mpi.modak"
sed 's|import "targets/|import "../targets/|' "$src/examples/pytorch_ddp_a100.modak" >"$work/repo/teams/ddp.modak"
expect_exit 0 "$modak" generate "$work/repo/teams" -o "$work/repo-gen" --emit slurm
contains "$work/out" "$work/repo-gen/a/mpi/cfd_on_slurm/job.slurm.sh"
contains "$work/out" "$work/repo-gen/ddp/vit_ddp_a100/job.slurm.sh"
expect_exit 0 "$modak" generate "$work/repo/teams" -o "$work/repo-gen" --emit slurm --check
echo "#" >>"$work/repo-gen/a/mpi/cfd_on_slurm/job.slurm.sh"
expect_exit 1 "$modak" generate "$work/repo/teams" -o "$work/repo-gen" --emit slurm --check
contains "$work/out" "--- a/a/mpi/cfd_on_slurm/job.slurm.sh"
printf 'modak 1\napplication broken { kind = hpcc }\n' >"$work/repo/teams/zz.modak"
rm -rf "$work/repo-gen2"
expect_exit 1 "$modak" generate "$work/repo/teams" -o "$work/repo-gen2" --emit slurm
contains "$work/err" "nothing was written"
[[ ! -e "$work/repo-gen2/ddp" && ! -e "$work/repo-gen2/a" ]] || fail "generate wrote some files although one input had errors"
expect_exit 1 "$modak" check "$work/repo"
contains "$work/err" "1 error, 0 warnings in"

if ((failures)); then
  echo "$failures CLI test(s) failed" >&2
  exit 1
fi
echo "all CLI tests passed"
