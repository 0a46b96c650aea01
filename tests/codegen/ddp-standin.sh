#!/usr/bin/env bash
# Real distributed training under generated PBS Professional, TORQUE, LSF and Flux jobs and the plain
# script, on stand-in schedulers:
# no PBS or LSF server runs here, so each job script is run as the scheduler would start it on the first
# node of a two-node job — its node file naming two nodes (127.0.0.1 and 127.0.0.2, both this host:
# PBS_NODEFILE, LSB_DJOB_HOSTFILE), its job id and working directory — with the real Open MPI `mpirun`
# the scripts use to start the ranks, whose rsh agent is a stand-in `ssh` that runs the command here
# instead of on the second node. The DDP script, the .modak
# file and the check are those of the Slurm test (tests/codegen/ddp/): every rank of the plan trains with
# torchrun's variables, sees the plan's world size and ends with the same weights. The MPI training
# (train_mpi.py, mpi4py) runs under the same mpirun. Flux's `flux run` is a stand-in too: it starts
# the tasks here with the variables Flux gives each task (FLUX_TASK_RANK, FLUX_TASK_LOCAL_ID,
# FLUX_JOB_SIZE, FLUX_JOB_NNODES). The plain script (`emit = [script]`) starts its node's ranks itself.
# usage: ddp-standin.sh MODAK        (KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
data=$(realpath "$(dirname "$0")/ddp")
for tool in mpirun /usr/bin/python3; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (scripts/setup.sh installs it)" >&2; exit 1; }
done
/usr/bin/python3 -c 'import torch.distributed as d; assert d.is_gloo_available()' 2>/dev/null ||
  { echo "Debian's python3-torch is missing (scripts/setup.sh installs it)" >&2; exit 1; }
work=$(mktemp -d /tmp/modak-ddp-standin.XXXXXX)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
cd "$work" || exit 1
cp "$data"/*.py "$data/job.modak" .
"$modak" generate job.modak -o out --emit pbs,torque,lsf,flux,script >gen.out 2>gen.err || { cat gen.err >&2; fail "generate"; }
"$modak" plan job.modak --format json >plan.json || fail "plan"

cat >ssh <<'S'
#!/bin/bash
# mpirun's rsh agent: `ssh [OPTIONS] HOST COMMAND...` runs COMMAND here, and says it was used.
while [[ $1 == -* ]]; do shift; done
echo "$1" >>"${0%/*}/remote-hosts"
shift
exec bash -c "$*"
S
chmod +x ssh
mkdir bin
cat >bin/flux <<'S'
#!/bin/bash
# Stand-in Flux: `flux run --nodes=N --ntasks=T COMMAND...` starts T tasks here, block-distributed over
# N nodes, each with Flux's task variables; `flux job id --to=dec ID` prints ID's number; `flux hostlist
# --expand instance` the instance's two nodes.
case "$1 $2" in
"job id") echo "${4//[!0-9]/}"; exit 0 ;;
"hostlist --expand") echo "127.0.0.1 127.0.0.2"; exit 0 ;;
"run "*) shift ;;
*) echo "stand-in flux: no '$1'" >&2; exit 2 ;;
esac
nodes=1 tasks=1
while [[ $1 == -* ]]; do
  case $1 in --nodes=*) nodes=${1#*=} ;; --ntasks=*) tasks=${1#*=} ;; esac
  shift
done
per_node=$((tasks / nodes)) pids=() status=0
for ((rank = 0; rank < tasks; rank++)); do
  FLUX_TASK_RANK=$rank FLUX_TASK_LOCAL_ID=$((rank % per_node)) FLUX_JOB_SIZE=$tasks \
    FLUX_JOB_NNODES=$nodes "$@" &
  pids+=("$!")
done
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
exit "$status"
S
chmod +x bin/flux
# The stand-in node's name, as the Flux script asks for it (`hostname`): 127.0.0.1, like the node
# files above, so it resolves where this machine's own name does not (a fresh chroot).
printf '#!/bin/sh\necho 127.0.0.1\n' >bin/hostname
chmod +x bin/hostname

# Job ids (and so the jobs' rendezvous ports, 20000 + id % 10000) start at a random number: two runs
# of this test at once on one machine must not meet at each other's ports.
job=$((RANDOM % 1000 * 10))
# The next job id whose port can be bound now: below Linux's ephemeral range no connection takes
# one, but another process (or another run of this test) may listen there.
next_job() {
  job=$((job + 1))
  until /usr/bin/python3 -c 'import socket, sys; socket.socket().bind(("", int(sys.argv[1])))' \
    $((20000 + job % 10000)) 2>/dev/null; do
    job=$((job + 1))
  done
}
job_id() { [[ $1 == lsf || $1 == flux ]] && echo "$job" || echo "$job.stand-in"; }  # as train.py names its results
run_job() {  # run_job SCHEDULER DEPLOYMENT TASKS_PER_NODE [jax|tf] (the stand-in's node file)
  local scheduler=$1 deployment=$2 per_node=$3 framework=${4:-} script="out/$2/job.$1.sh" host i
  next_job
  : >nodefile
  for host in 127.0.0.1 127.0.0.2; do
    for ((i = 0; i < per_node; i++)); do echo "$host" >>nodefile; done
  done
  rm -f remote-hosts
  local scheduler_env=(PBS_NODEFILE="$work/nodefile" PBS_JOBID="$job.stand-in" PBS_O_WORKDIR="$work")
  [[ $scheduler == lsf ]] && scheduler_env=(LSB_DJOB_HOSTFILE="$work/nodefile" LSB_JOBID="$job" LS_SUBCWD="$work")
  env "${scheduler_env[@]}" OMPI_MCA_plm_rsh_agent="$work/ssh" OMPI_ALLOW_RUN_AS_ROOT=1 \
    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 timeout 120 bash "$script" >"job-$job.out" 2>&1 || { fail "$scheduler $deployment: the job failed"; cat "job-$job.out" >&2; return; }
  grep -qx 127.0.0.2 remote-hosts 2>/dev/null || fail "$scheduler $deployment: mpirun started nothing on the second node"
  if [[ -n $framework ]]; then
    "$data/check_env.py" plan.json "$deployment" "$(job_id "$scheduler")" "$framework" 127.0.0.1,127.0.0.2 ||
      fail "$scheduler $deployment: the processes lack their $framework launch variables"
  else
    "$data/check.py" plan.json "$deployment" "$(job_id "$scheduler")" || fail "$scheduler $deployment: the ranks did not train as planned"
  fi
}
for scheduler in pbs torque lsf; do
  run_job "$scheduler" one_rank_per_node 1
  run_job "$scheduler" two_ranks_per_node 2
  run_job "$scheduler" mpi_two_ranks_per_node 2
  run_job "$scheduler" jax_two_nodes 1 jax
  run_job "$scheduler" tf_two_nodes 1 tf
done

run_flux() {  # run_flux DEPLOYMENT [jax|tf]
  next_job
  env PATH="$work/bin:$PATH" FLUX_JOB_ID="$job" timeout 120 bash "out/$1/job.flux.sh" >"job-$job.out" 2>&1 ||
    { fail "flux $1: the job failed"; cat "job-$job.out" >&2; return; }
  if [[ -n ${2:-} ]]; then
    "$data/check_env.py" plan.json "$1" "$job" "$2" 127.0.0.1,127.0.0.2 || fail "flux $1: the processes lack their $2 launch variables"
  else
    "$data/check.py" plan.json "$1" "$job" || fail "flux $1: the ranks did not train as planned"
  fi
}
run_flux one_rank_per_node
run_flux two_ranks_per_node
run_flux jax_two_nodes jax
run_flux tf_two_nodes tf

# The plain script on one machine: its own ranks, no scheduler at all.
MASTER_ADDR=127.0.0.1 MASTER_PORT=$((30000 + RANDOM % 10000)) timeout 120 bash out/one_node_two_ranks/job.sh >job-plain.out 2>&1 ||
  { fail "script one_node_two_ranks: the job failed"; cat job-plain.out >&2; }
"$data/check.py" plan.json one_node_two_ranks local || fail "script one_node_two_ranks: the ranks did not train as planned"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "standard DDP and MPI scripts trained on every rank of the plan under the generated PBS, TORQUE, LSF and Flux jobs and the plain script; JAX and TensorFlow multi-worker processes got their launch variables"
