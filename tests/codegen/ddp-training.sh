#!/usr/bin/env bash
# Real distributed training under a generated job (issue 16's contract): a standard PyTorch DDP script
# that knows nothing of Slurm — it reads only torchrun's variables (RANK, WORLD_SIZE, LOCAL_RANK,
# MASTER_ADDR, MASTER_PORT) — is the application's whole `run`. modak generates the Slurm job from the
# plan and the job is submitted to the two-node test Slurm (tests/slurm-cluster.sh). Every rank of the
# plan must train (Debian's python3-torch, gloo on CPU), see the plan's world size, and end with the
# same weights as every other rank although each trained on its own data: the gradients were averaged.
# Two plans: one rank per node, and two ranks per node (tests/codegen/ddp/: the script, the .modak file
# and the check, shared with ddp-standin.sh); an MPI training; and a training longer than its walltime,
# run as the plan's chain of segments that each resume from the last checkpoint (train_resume.py).
# usage: ddp-training.sh MODAK        (needs root, like slurm.sh; KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
data=$(realpath "$(dirname "$0")/ddp") # train.py, job.modak, check.py
python=/usr/bin/python3
"$python" -c 'import torch.distributed as d; assert d.is_gloo_available()' 2>/dev/null ||
  { echo "Debian's python3-torch is missing (scripts/setup.sh installs it)" >&2; exit 1; }
# shellcheck source=tests/slurm-cluster.sh
source "$(dirname "$0")/../slurm-cluster.sh"
slurm_test_begin ddp
start_slurm_cluster
cd "$work" || exit 1

cp "$data"/*.py "$data/job.modak" .
"$modak" generate job.modak -o out --emit slurm >gen.out 2>gen.err || { cat gen.err >&2; fail "generate"; }
"$modak" plan job.modak --format json >plan.json || fail "plan"

job_end() {  # job_end ID SECONDS: the job's final state (or the last one seen when time runs out)
  local state i
  for ((i = 0; i < $2 * 2; i++)); do
    state=$(scontrol show job "$1" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
    [[ $state == COMPLETED || $state == FAILED || $state == CANCELLED || $state == TIMEOUT ]] && break
    sleep 0.5
  done
  echo "$state"
}
run_job() {  # run_job DEPLOYMENT
  local deployment=$1 script="out/$1/job.slurm.sh" id state
  sbatch --test-only "$script" >test-only.out 2>&1 || { fail "sbatch --test-only $script: $(cat test-only.out)"; return; }
  id=$(sbatch --parsable "$script") || { fail "sbatch $script"; return; }
  state=$(job_end "$id" 300)
  if [[ $state != COMPLETED ]]; then
    fail "$deployment: job $id ended ${state:-?}"
    cat ./*-"$id".out >&2 2>/dev/null
    return
  fi
  "$data/check.py" plan.json "$deployment" "$id" || fail "$deployment: the ranks did not train as planned"
}
run_job one_rank_per_node
run_job two_ranks_per_node
run_job mpi_two_ranks_per_node

# The chained run: submit.slurm.sh submits the plan's segments, each waiting for the one before; the
# last one's end ends the run.
run_chain() {  # run_chain DEPLOYMENT
  local deployment=$1 ids last state
  ids=$(bash "out/$deployment/submit.slurm.sh") || { fail "$deployment: submit.slurm.sh"; return; }
  last=$(tail -n 1 <<<"$ids")
  [[ $(wc -l <<<"$ids") -ge 2 ]] || fail "$deployment: submit.slurm.sh submitted $(wc -l <<<"$ids") job(s)"
  state=$(job_end "$last" 450)
  [[ $state == COMPLETED ]] || fail "$deployment: the last segment, job $last, ended ${state:-?}"
  [[ -e checkpoints/$deployment/complete ]] || fail "$deployment: no segment marked the training complete"
  "$data/check_resume.py" plan.json "$deployment" || {
    fail "$deployment: the segments did not continue one another"
    tail -n 20 ./ddp-chained-*.out >&2
  }
}
run_chain chained

# JAX and TensorFlow multi-worker training: one process a node with the framework's variables.
run_env_job() {  # run_env_job DEPLOYMENT jax|tf
  local deployment=$1 id state
  id=$(sbatch --parsable "out/$deployment/job.slurm.sh") || { fail "sbatch $deployment"; return; }
  state=$(job_end "$id" 300)
  [[ $state == COMPLETED ]] || { fail "$deployment: job $id ended ${state:-?}"; cat ./*-"$id".out >&2 2>/dev/null; return; }
  # Both test nodes have the address 127.0.0.1 (slurm-cluster.sh).
  "$data/check_env.py" plan.json "$deployment" "$id" "$2" 127.0.0.1,127.0.0.1 ||
    fail "$deployment: the processes lack their $2 launch variables"
}
run_env_job jax_two_nodes jax
run_env_job tf_two_nodes tf

slurm_test_end "a standard DDP script trained on every rank of the plan under the generated Slurm jobs"
