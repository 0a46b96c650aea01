# A tutorial DDP training script: torchrun's environment, gloo, nothing about the scheduler
# (tests/codegen/ddp-training.sh, ddp-standin.sh). Each rank writes result.JOB.RANK (regression.py).
import os

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

from regression import train, write_result

dist.init_process_group("gloo")  # env://: RANK, WORLD_SIZE, MASTER_ADDR, MASTER_PORT
rank, world = dist.get_rank(), dist.get_world_size()
torch.manual_seed(0)
model = DistributedDataParallel(torch.nn.Linear(8, 1))
loss = train(model, rank)  # DDP averages the gradients in backward()
write_result(model, rank, world, int(os.environ["LOCAL_RANK"]), int(os.environ["GROUP_RANK"]), loss)
dist.destroy_process_group()
