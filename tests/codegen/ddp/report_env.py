# Stands in for a JAX or TensorFlow multi-node training (neither is installed here): each process
# records the launch variables its framework would read (jax.distributed.initialize(): JAX_*;
# MultiWorkerMirroredStrategy: TF_CONFIG) with torchrun's, in env.JOB.RANK (check_env.py).
import json
import os

names = ["RANK", "WORLD_SIZE", "GROUP_RANK", "MASTER_ADDR", "MASTER_PORT", "JAX_COORDINATOR_ADDRESS",
         "JAX_NUM_PROCESSES", "JAX_PROCESS_ID", "TF_CONFIG", "SLURMD_NODENAME"]
job = next((os.environ[v] for v in ("SLURM_JOB_ID", "PBS_JOBID", "LSB_JOBID", "FLUX_JOB_ID")
            if v in os.environ), "local")  # as regression.write_result names its files
with open(f"env.{job}.{os.environ['RANK']}", "w") as f:
    json.dump({n: os.environ.get(n) for n in names}, f)
