#!/usr/bin/env bash
# Real distributed training under a generated job (issue 16's contract): a standard PyTorch DDP script
# that knows nothing of Slurm — it reads only torchrun's variables (RANK, WORLD_SIZE, LOCAL_RANK,
# MASTER_ADDR, MASTER_PORT) — is the application's whole `run`. modak generates the Slurm job from the
# plan and the job is submitted to the two-node test Slurm (tests/slurm-cluster.sh). Every rank of the
# plan must train (Debian's python3-torch, gloo on CPU), see the plan's world size, and end with the
# same weights as every other rank although each trained on its own data: the gradients were averaged.
# Two plans: one rank per node, and two ranks per node.
# usage: ddp-training.sh MODAK        (needs root, like slurm.sh; KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
python=/usr/bin/python3
"$python" -c 'import torch.distributed as d; assert d.is_gloo_available()' 2>/dev/null ||
  { echo "Debian's python3-torch is missing (scripts/setup.sh installs it)" >&2; exit 1; }
# shellcheck source=tests/slurm-cluster.sh
source "$(dirname "$0")/../slurm-cluster.sh"
slurm_test_begin ddp
start_slurm_cluster
cd "$work" || exit 1

cat >train.py <<'P'
# A tutorial DDP training script: torchrun's environment, gloo, nothing about the scheduler.
import os
import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

dist.init_process_group("gloo")  # env://: RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT
rank, world = dist.get_rank(), dist.get_world_size()
local_rank = int(os.environ["LOCAL_RANK"])
torch.manual_seed(0)
model = DistributedDataParallel(torch.nn.Linear(8, 1))
optimiser = torch.optim.SGD(model.parameters(), lr=0.05)
data = torch.Generator().manual_seed(1000 + rank)  # each rank its own shard
true_weights = torch.arange(1.0, 9.0)
for step in range(30):
    x = torch.randn(32, 8, generator=data)
    y = (x @ true_weights).unsqueeze(1)
    optimiser.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimiser.step()
weights = torch.cat([p.detach().flatten() for p in model.parameters()])
with open(f"result.{os.environ['SLURM_JOB_ID']}.{rank}", "w") as f:
    f.write(f"{rank} {world} {local_rank} {os.environ.get('SLURMD_NODENAME', '?')} {loss.item():.4f} ")
    f.write(" ".join(f"{v:.6f}" for v in weights.tolist()) + "\n")
dist.destroy_process_group()
P

cat >job.modak <<'M'
modak 1
target cluster {
  scheduler = slurm
  runtime = none
  nodes = 2
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
  interconnect = ethernet_10g
}
// The software on the nodes: Debian's python3-torch, run on the host (runtime = none).
image debian_torch {
  reference = "docker://debian:bookworm"
  framework = pytorch "1.13"
  arch = x86_64
  accelerator = none
  build = hub
}
application ddp_train {
  kind = ai_training
  framework = pytorch "1.13"
  workload = mnist_cnn
  distributed = ddp
  batch_size = 32
  run = "/usr/bin/python3 train.py"
}
deployment one_rank_per_node {
  application = ddp_train
  target = cluster
  scale { nodes = 2 }
  job { name = "ddp-one", walltime = 5m, output = "ddp-one-%j.out" }
}
deployment two_ranks_per_node {
  application = ddp_train
  target = cluster
  scale { nodes = 2, tasks_per_node = 2 }
  job { name = "ddp-two", walltime = 5m, output = "ddp-two-%j.out" }
}
M
"$modak" generate job.modak -o out --emit slurm >gen.out 2>gen.err || { cat gen.err >&2; fail "generate"; }
"$modak" plan job.modak --format json >plan.json || fail "plan"

# The plan's ranks: its nodes × its GPUs per node (none here: the scale's tasks per node, else 1).
planned_ranks() {
  "$python" - "$1" "$2" <<'P'
import json, sys
plan = {d["name"]: d for d in json.load(open("plan.json"))["deployments"]}
chosen = plan[sys.argv[1]]["chosen"]
print(chosen["nodes"] * (chosen["gpus_per_node"] or int(sys.argv[2])))
P
}

run_job() {  # run_job DEPLOYMENT TASKS_PER_NODE
  local deployment=$1 per_node=$2 script="out/$1/job.slurm.sh" id state ranks
  ranks=$(planned_ranks "$deployment" "$per_node") || { fail "$deployment: no plan"; return; }
  sbatch --test-only "$script" >test-only.out 2>&1 || { fail "sbatch --test-only $script: $(cat test-only.out)"; return; }
  id=$(sbatch --parsable "$script") || { fail "sbatch $script"; return; }
  for _ in $(seq 600); do
    state=$(scontrol show job "$id" 2>/dev/null | grep -o 'JobState=[A-Z_]*' | cut -d= -f2)
    [[ $state == COMPLETED || $state == FAILED || $state == CANCELLED || $state == TIMEOUT ]] && break
    sleep 0.5
  done
  if [[ $state != COMPLETED ]]; then
    fail "$deployment: job $id ended ${state:-?}"
    cat ./*-"$id".out >&2 2>/dev/null
    return
  fi
  local files=(result."$id".*)
  [[ ${#files[@]} == "$ranks" && -f ${files[0]} ]] || { fail "$deployment: ${#files[@]} rank(s) trained, the plan has $ranks"; return; }
  "$python" - "$id" "$ranks" "$per_node" "$deployment" <<'P' || fail "$deployment: the ranks disagree"
import sys
job, ranks, per_node, name = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
rows = [open(f"result.{job}.{r}").read().split() for r in range(ranks)]
ok = True
for r, row in enumerate(rows):
    rank, world, local, node = int(row[0]), int(row[1]), int(row[2]), row[3]
    if (rank, world, local, node) != (r, ranks, r % per_node, f"n{r // per_node + 1}"):
        print(f"{name}: rank {r} saw rank={rank} world={world} local={local} on {node}", file=sys.stderr)
        ok = False
weights = {tuple(row[5:]) for row in rows}
if len(weights) != 1:
    print(f"{name}: the ranks end with different weights: {weights}", file=sys.stderr)
    ok = False
if float(rows[0][4]) > 1.0:  # the loss of y = x·(1..8) started near 200
    print(f"{name}: the model did not learn (loss {rows[0][4]})", file=sys.stderr)
    ok = False
print(f"{name}: {ranks} ranks trained, identical weights, loss {rows[0][4]}")
sys.exit(0 if ok else 1)
P
}
run_job one_rank_per_node 1
run_job two_ranks_per_node 2

slurm_test_end "a standard DDP script trained on every rank of the plan under the generated Slurm jobs"
