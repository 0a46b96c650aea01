# What both training scripts share (train.py: DDP; train_mpi.py: MPI): the model, each rank's own data
# shard, the training loop and the result file the checks read (check.py). Nothing about the scheduler.
import os

import torch


def batch(rank, step):
    """Rank's own batch of step `step` of y = x·(1..8), the same whichever process draws it."""
    data = torch.Generator().manual_seed(1_000_000 * (rank + 1) + step)
    x = torch.randn(32, 8, generator=data)
    return x, (x @ torch.arange(1.0, 9.0)).unsqueeze(1)


def train(model, rank, average_gradients=None, steps=30):
    """Fits y = x·(1..8) on rank's own shard; returns the last loss."""
    optimiser = torch.optim.SGD(model.parameters(), lr=0.05)
    data = torch.Generator().manual_seed(1000 + rank)  # each rank its own shard
    true_weights = torch.arange(1.0, 9.0)
    for _ in range(steps):
        x = torch.randn(32, 8, generator=data)
        y = (x @ true_weights).unsqueeze(1)
        optimiser.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        if average_gradients:
            average_gradients(model)
        optimiser.step()
    return loss.item()


def write_result(model, rank, world, local_rank, node_rank, loss):
    """result.JOB.RANK: rank, world size, local rank, node rank, last loss and weights."""
    weights = torch.cat([p.detach().flatten() for p in model.parameters()])
    job = next((os.environ[v] for v in ("SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "FLUX_JOB_ID")
                if v in os.environ), "local")
    with open(f"result.{job}.{rank}", "w") as f:
        f.write(f"{rank} {world} {local_rank} {node_rank} {loss:.4f} ")
        f.write(" ".join(f"{v:.6f}" for v in weights.tolist()) + "\n")
