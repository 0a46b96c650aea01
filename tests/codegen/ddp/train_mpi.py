# Data-parallel training whose ranks average their gradients with MPI (mpi4py): the rank and world size
# come from MPI_COMM_WORLD, nothing from the scheduler (tests/codegen/ddp-training.sh, ddp-standin.sh).
# Each rank writes result.JOB.RANK (regression.py).
import os

import torch
from mpi4py import MPI

from regression import train, write_result

comm = MPI.COMM_WORLD
rank, world = comm.Get_rank(), comm.Get_size()


def average_gradients(model):  # the all-reduce DDP would do: the mean gradient
    for p in model.parameters():
        grad = p.grad.numpy()
        comm.Allreduce(MPI.IN_PLACE, grad, op=MPI.SUM)
        grad /= world


def launcher_env(*names):
    return next(int(os.environ[n]) for n in names if n in os.environ)


torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
loss = train(model, rank, average_gradients)
# Where the launcher put this rank, for the check only: the test nodes all share one host, so MPI's
# shared-memory split cannot tell them apart. Ranks are placed by node, in order.
local_rank = launcher_env("SLURM_LOCALID", "OMPI_COMM_WORLD_LOCAL_RANK")
local_size = launcher_env("SLURM_NTASKS_PER_NODE", "OMPI_COMM_WORLD_LOCAL_SIZE")
write_result(model, rank, world, local_rank, rank // local_size, loss)
