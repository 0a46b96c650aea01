# A DDP training that outlasts its walltime (docs/codegen.md, "Walltime and checkpoints"): torchrun's
# environment for the ranks and modak's checkpoint contract for the rest. It resumes from
# MODAK_CHECKPOINT_DIR, trains until the segment's end (MODAK_SEGMENT_END) draws near, writes a
# checkpoint and exits 3; it exits 0 only when all STEPS are done (tests/codegen/ddp-training.sh).
# Each rank appends "JOB RANK FIRST_STEP LAST_STEP" to segments.log and, at the end, writes
# result.JOB.RANK (regression.py).
import os
import sys
import time

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel

from regression import batch, write_result

STEPS = 40
SECONDS_PER_STEP = 1.0  # slow on purpose: the run must not fit one segment

dist.init_process_group("gloo")
rank, world = dist.get_rank(), dist.get_world_size()
torch.manual_seed(0)
model = DistributedDataParallel(torch.nn.Linear(8, 1))
optimiser = torch.optim.SGD(model.parameters(), lr=0.05)
checkpoint = os.path.join(os.environ["MODAK_CHECKPOINT_DIR"], "state.pt")
first = 0
if os.path.exists(checkpoint):
    state = torch.load(checkpoint)
    model.module.load_state_dict(state["model"])
    optimiser.load_state_dict(state["optimiser"])
    first = state["step"]
end = float(os.environ.get("MODAK_SEGMENT_END", "inf"))

step, loss = first, None
while step < STEPS:
    # Rank 0's clock decides for all, so every rank stops after the same step.
    stop = torch.tensor([int(time.time() + 3 * SECONDS_PER_STEP > end)])
    dist.broadcast(stop, 0)
    if stop.item():
        break
    x, y = batch(rank, step)
    optimiser.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimiser.step()
    step += 1
    time.sleep(SECONDS_PER_STEP)

if rank == 0:  # replicated state: one rank writes it, atomically
    torch.save({"model": model.module.state_dict(), "optimiser": optimiser.state_dict(),
                "step": step}, checkpoint + ".tmp")
    os.replace(checkpoint + ".tmp", checkpoint)
dist.barrier()
job = os.environ.get("SLURM_JOB_ID", "local")
with open("segments.log", "a") as log:
    log.write(f"{job} {rank} {first} {step}\n")
if step < STEPS:
    dist.destroy_process_group()
    sys.exit(3)  # not finished: the next segment resumes
write_result(model, rank, world, int(os.environ["LOCAL_RANK"]), int(os.environ["GROUP_RANK"]),
             loss.item() if loss is not None else float("nan"))
dist.destroy_process_group()
