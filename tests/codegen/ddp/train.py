# A tutorial DDP training script: torchrun's environment, gloo, nothing about the scheduler
# (tests/codegen/ddp-training.sh, ddp-standin.sh). Each rank writes result.JOB.RANK: its rank, world size,
# local rank, node rank, last loss and weights.
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
job = os.environ.get("SLURM_JOB_ID") or os.environ.get("PBS_JOBID") or os.environ["LSB_JOBID"]
with open(f"result.{job}.{rank}", "w") as f:
    f.write(f"{rank} {world} {local_rank} {os.environ['NODE_RANK']} {loss.item():.4f} ")
    f.write(" ".join(f"{v:.6f}" for v in weights.tolist()) + "\n")
dist.destroy_process_group()
