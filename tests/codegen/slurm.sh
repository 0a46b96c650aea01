#!/usr/bin/env bash
# Generated Slurm scripts against a real Slurm (Debian slurm-wlm) started here on localhost: a cluster
# of two nodes (n1, n2: two slurmd daemons on this host), each with two (fake) GPUs. Each script is
# validated with `sbatch --test-only`, submitted, and its output checked: the ranks srun started on
# each node, the DDP ranks modak starts (torchrun's variables) or the user's own launcher once per node,
# the rendezvous variables, the environment values unchanged.
# usage: slurm.sh MODAK SOURCE_DIR        (needs root: slurmd runs jobs as their submitter;
#        KEEP=1 keeps the work folder with the daemons' logs)
set -uo pipefail
modak=$(realpath "$1")
# $2 (SOURCE_DIR) is accepted for symmetry with the other test scripts; this one needs nothing from it.
# shellcheck source=tests/slurm-cluster.sh
source "$(dirname "$0")/../slurm-cluster.sh"
slurm_test_begin slurm
start_slurm_cluster

cd "$work" || exit 1
cat >job.modak <<'M'
modak 1
target local {
  scheduler = slurm
  runtime = none
  nodes = 2
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
  gpu { model = v100_sxm2, count = 2 }
  interconnect = infiniband_edr
}
application ranks {
  kind = hpc
  env { MODAK_VALUE = "$(touch pwned) `id` 'quoted' \"double\"" }
  run = "echo \"rank=$SLURM_PROCID of $SLURM_NTASKS node=$SLURMD_NODENAME value=$MODAK_VALUE\""
}
deployment ranks_job {
  application = ranks
  target = local
  job { name = "modak-ranks", walltime = 2m, nodes = 1, tasks_per_node = 2, partition_hint = 1 }
}
application ddp {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  batch_size = 64
  run = "echo \"rank=$RANK of $WORLD_SIZE local=$LOCAL_RANK/$LOCAL_WORLD_SIZE node=$NODE_RANK on=$SLURMD_NODENAME master=$MASTER_ADDR:$MASTER_PORT gpus=$SLURM_GPUS_ON_NODE\""
}
application ddp_own_launcher {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  distributed = ddp
  batch_size = 64
  run = "./torchrun --nnodes=$SLURM_NNODES --nproc_per_node=2 train.py"
}
deployment ddp_own_launcher_job {
  application = ddp_own_launcher
  target = local
  build = hub
  graph_compiler = none
  scale { nodes = 2, gpus_per_node = 2 }
  job { name = "modak-ddp-own", walltime = 2m, output = "ddp-own-%j.out" }
}
deployment ddp_job {
  application = ddp
  target = local
  build = hub
  graph_compiler = none
  scale { nodes = 1, gpus_per_node = 2 }
  job { name = "modak-ddp", walltime = 2m, queue = "debug", tasks_per_node = 2, output = "ddp-%j.out" }
}
deployment ranks_two_nodes {
  application = ranks
  target = local
  job { name = "modak-ranks2", walltime = 2m, nodes = 2, tasks_per_node = 2, output = "ranks2-%j.out" }
}
application mpi_ranks {
  kind = hpc
  type = mpi
  parallelisation = [mpi]
  run = "echo \"mpi rank=$SLURM_PROCID of $SLURM_NTASKS node=$SLURMD_NODENAME pmix=${PMIX_RANK:-none}\""
}
deployment mpi_two_nodes {
  application = mpi_ranks
  target = local
  job { name = "modak-mpi2", walltime = 2m, nodes = 2, tasks_per_node = 2, output = "mpi2-%j.out" }
}
deployment ddp_two_nodes {
  application = ddp
  target = local
  build = hub
  graph_compiler = none
  scale { nodes = 2, gpus_per_node = 2 }
  job { name = "modak-ddp2", walltime = 2m, tasks_per_node = 2, output = "ddp2-%j.out" }
}
M
sed -i '/partition_hint/s/, partition_hint = 1//' job.modak
"$modak" generate job.modak -o out --emit slurm >gen.out 2>gen.err || { cat gen.err >&2; fail "generate"; }

job_id=""
submit() {  # submit SCRIPT: validates, submits, waits for it; sets job_id; fails unless it completed
  local script=$1 id state
  job_id=""
  sbatch --test-only "$script" >test-only.out 2>&1 || { fail "sbatch --test-only $script: $(cat test-only.out)"; return 1; }
  id=$(sbatch --parsable "$script") || { fail "sbatch $script"; return 1; }
  for _ in $(seq 120); do
    state=$(scontrol show job "$id" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
    [[ $state == COMPLETED || $state == FAILED || $state == CANCELLED || $state == TIMEOUT ]] && break
    sleep 0.5
  done
  if [[ $state != COMPLETED ]]; then
    fail "$script: job $id ended $state"
    scontrol show job "$id" >&2
    local stdout
    stdout=$(scontrol show job "$id" | grep -o 'StdOut=[^ ]*' | cut -d= -f2)
    [[ -f $stdout ]] && { echo "--- $stdout:" >&2; cat "$stdout" >&2; }
    return 1
  fi
  job_id=$id
}

if submit out/ranks_job/job.slurm.sh; then
  output=$(cat "modak-ranks-$job_id.out")
  for rank in 0 1; do
    grep -qF "rank=$rank of 2 node=n1 value=\$(touch pwned) \`id\` 'quoted' \"double\"" <<<"$output" || fail "rank $rank missing or value changed: $output"
  done
  [[ ! -e pwned ]] || fail "an environment value was executed"
fi
# DDP whose `run` is the training command: modak starts one rank per GPU, each with torchrun's
# variables, all pointing at the first node (its address as Slurm knows it, a port from the job id).
n1_addr=$(scontrol show node n1 | sed -n 's/.*NodeAddr=\([^ ]*\).*/\1/p')
if submit out/ddp_job/job.slurm.sh; then
  output=$(cat "ddp-$job_id.out")
  [[ $(grep -c '^rank=' <<<"$output") == 2 ]] || fail "DDP should start one rank per GPU: $output"
  for expected in "rank=0 of 2 local=0/2 node=0 on=n1" "rank=1 of 2 local=1/2 node=0 on=n1"; do
    grep -qF "$expected master=$n1_addr:$((20000 + job_id % 10000)) gpus=2" <<<"$output" || fail "DDP: '$expected' missing: $output"
  done
fi
# Two nodes: srun places tasks_per_node ranks on each node; DDP starts one launcher per node, all
# pointing at the first node's rendezvous.
if submit out/ranks_two_nodes/job.slurm.sh; then
  output=$(cat "ranks2-$job_id.out")
  for expected in "rank=0 of 4 node=n1" "rank=1 of 4 node=n1" "rank=2 of 4 node=n2" "rank=3 of 4 node=n2"; do
    grep -qF "$expected value=" <<<"$output" || fail "two nodes: '$expected' missing: $output"
  done
fi
# MPI: srun --mpi=pmix wires the ranks up (PMIX_RANK is what an MPI library reads).
if submit out/mpi_two_nodes/job.slurm.sh; then
  output=$(cat "mpi2-$job_id.out")
  for expected in "rank=0 of 4 node=n1 pmix=0" "rank=1 of 4 node=n1 pmix=1" "rank=2 of 4 node=n2 pmix=2" "rank=3 of 4 node=n2 pmix=3"; do
    grep -qF "mpi $expected" <<<"$output" || fail "two-node MPI: '$expected' missing: $output"
  done
fi
if submit out/ddp_two_nodes/job.slurm.sh; then
  output=$(cat "ddp2-$job_id.out")
  [[ $(grep -c '^rank=' <<<"$output") == 4 ]] || fail "two-node DDP should start 4 ranks: $output"
  for expected in "rank=0 of 4 local=0/2 node=0 on=n1" "rank=1 of 4 local=1/2 node=0 on=n1" \
                  "rank=2 of 4 local=0/2 node=1 on=n2" "rank=3 of 4 local=1/2 node=1 on=n2"; do
    grep -qF "$expected master=$n1_addr:$((20000 + job_id % 10000)) gpus=2" <<<"$output" || fail "two-node DDP: '$expected' missing: $output"
  done
fi
# A launcher the user wrote is kept: one per node, the first node as the rendezvous point.
cat >torchrun <<'T'
#!/bin/bash
echo "launcher node=$SLURM_NODEID on=$SLURMD_NODENAME master=$MASTER_ADDR:$MASTER_PORT args=$*"
T
chmod +x torchrun
if submit out/ddp_own_launcher_job/job.slurm.sh; then
  output=$(cat "ddp-own-$job_id.out")
  [[ $(grep -c '^launcher ' <<<"$output") == 2 ]] || fail "a user's torchrun should start once per node: $output"
  for expected in "launcher node=0 on=n1 master=n1:29500 args=--nnodes=2 --nproc_per_node=2 train.py" \
                  "launcher node=1 on=n2 master=n1:29500 args=--nnodes=2 --nproc_per_node=2 train.py"; do
    grep -qF "$expected" <<<"$output" || fail "user launcher: '$expected' missing: $output"
  done
fi

slurm_test_end "generated Slurm scripts validated, ran and produced the expected ranks on a real Slurm"
