#!/usr/bin/env bash
# pyxis/enroot on Slurm with stand-ins: no Slurm, pyxis or enroot runs here, so the generated job
# scripts of tests/codegen/pyxis/job.modak run as Slurm would start them on a one-node job, with
# stand-ins on PATH (tests/codegen/standin/): `srun` accepts only the srun and pyxis options the
# scripts use, checks what pyxis would (the image file, every --container-mounts source, its flags,
# the work folder) and starts the tasks here with Slurm's task variables; `enroot import` checks the
# registry reference as enroot reads it (`nvcr.io#nvidia/…`) and writes a stand-in image; `scontrol`
# names this host. Checked: shellcheck of every generated script; the data set's path from the .modak
# file is mounted read-only at its own path; a standard DDP script (tests/codegen/ddp/train.py,
# Debian's PyTorch, gloo) trains on both ranks of the plan with torchrun's variables and identical
# weights; the image is imported once; a one-task job runs in the container too; and the stand-in
# refuses an unknown option and a missing mount source.
# usage: pyxis-standin.sh MODAK        (KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
here=$(realpath "$(dirname "$0")")
command -v shellcheck >/dev/null || { echo "shellcheck is missing (scripts/setup.sh installs it)" >&2; exit 1; }
/usr/bin/python3 -c 'import torch.distributed as d; assert d.is_gloo_available()' 2>/dev/null ||
  { echo "Debian's python3-torch is missing (scripts/setup.sh installs it)" >&2; exit 1; }
work=$(mktemp -d /tmp/modak-pyxis.XXXXXX)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
cd "$work" || exit 1
cp "$here"/ddp/*.py .
data="$work/datasets/mnist"
mkdir -p "$data" scratch && echo "in the data set" >"$data/marker"
sed "s|/datasets/mnist|$data|g" "$here/pyxis/job.modak" >job.modak
"$modak" generate job.modak -o out --emit slurm >gen.out 2>&1 || { cat gen.out >&2; fail "generate"; }
"$modak" plan job.modak --format json >plan.json || fail "plan"
shellcheck --severity=style out/*/job.slurm.sh || fail "shellcheck of the generated scripts"

export STANDIN_LOG="$work/standin.log"
# Job ids (and so the rendezvous port, 20000 + id % 10000) start at random: two runs at once differ.
job=$((RANDOM % 1000 * 10 + 1))
run_job() {  # run_job DEPLOYMENT TASKS
  : >"$STANDIN_LOG"
  env PATH="$here/standin:$PATH" SCRATCH="$work/scratch" SLURM_JOB_ID="$job" \
    SLURM_JOB_NODELIST=node1 SLURM_NNODES=1 SLURM_NTASKS="$2" SLURM_SUBMIT_DIR="$work" \
    timeout 120 bash "out/$1/job.slurm.sh" >"job-$1.out" 2>&1
}

if run_job two_ranks 2; then
  "$here/ddp/check.py" plan.json two_ranks "$job" || fail "two_ranks: the ranks did not train as planned"
else
  fail "two_ranks: the job failed: $(tail -n 20 job-two_ranks.out)"
fi
grep -qx "$data $data ro" "$STANDIN_LOG" || fail "the data set $data is not mounted read-only: $(cat "$STANDIN_LOG")"
grep -qx "$work $work -" "$STANDIN_LOG" || fail "the job folder is not mounted: $(cat "$STANDIN_LOG")"
grep -qx "import docker://nvcr.io#nvidia/pytorch:22.12-py3" "$STANDIN_LOG" ||
  fail "enroot did not import the registry reference: $(cat "$STANDIN_LOG")"
[[ -f scratch/enroot/pytorch_22.12-py3.sqsh ]] || fail "no image in image_dir"
# A second run finds the image and imports nothing.
job=$((job + 1))
run_job two_ranks 2 || fail "two_ranks again: $(tail -n 20 job-two_ranks.out)"
! grep -q '^import ' "$STANDIN_LOG" || fail "the image was imported again"

# One task: srun (the one launcher) runs it in the container, in the job folder.
# shellcheck disable=SC2016 # expanded by the stand-in task
printf '#!/bin/sh\necho "preprocessed in $PWD as task $SLURM_PROCID"\n' >preprocess
chmod +x preprocess
job=$((job + 1))
run_job one_task 1 || fail "one_task: $(cat job-one_task.out)"
grep -qx "preprocessed in $work as task 0" job-one_task.out || fail "one_task: $(cat job-one_task.out)"

# The stand-in refuses what pyxis would: an unknown option, a mount whose source is missing.
PATH="$here/standin:$PATH" srun --container-image="$work/preprocess" --container-bogus=1 true 2>/dev/null &&
  fail "the stand-in srun accepts an unknown option"
sed "s|$data:$data:ro|$work/missing:$data:ro|" out/two_ranks/job.slurm.sh >broken.sh
grep -q "$work/missing" broken.sh || fail "could not break the mount"
job=$((job + 1))
env PATH="$here/standin:$PATH" SCRATCH="$work/scratch" SLURM_JOB_ID="$job" SLURM_JOB_NODELIST=node1 \
  SLURM_NNODES=1 SLURM_NTASKS=2 timeout 60 bash broken.sh >broken.out 2>&1 &&
  fail "the stand-in srun accepts a missing mount source"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "pyxis: the data set is mounted read-only, both ranks trained in the container with torchrun's variables and identical weights"
