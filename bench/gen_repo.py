#!/usr/bin/env python3
"""Writes a GitOps-style repository of N .modak files for the scale benchmark: shared targets in
targets/, and teams/<team>/<service>.modak files that import them, each with an application and one
or two deployments (AI training on Slurm or Kubernetes-free clouds, MPI jobs), all valid.

usage: gen_repo.py OUT_DIR [N]      (default 10000)
"""
import os
import sys

TARGETS = {
    "gpu_cluster": '''modak 1
target gpu_cluster {
  scheduler = slurm
  runtime = apptainer
  nodes = 32
  memory = 512 GiB
  interconnect = infiniband_hdr
  cpu { arch = x86_64, model = "AMD EPYC 7763", sockets = 2, cores = 128 }
  gpu { model = a100_sxm4_80gb, count = 4 }
  image_dir = "/project/containers"
  queue = "gpu"
}
''',
    "cpu_cluster": '''modak 1
target cpu_cluster {
  scheduler = pbs
  runtime = singularity
  nodes = 64
  memory = 256 GiB
  interconnect = infiniband_edr
  cpu { arch = x86_64, model = "Intel Xeon Gold 6248", sockets = 2, cores = 40 }
  accelerator = none
}
''',
}

AI = '''modak 1
import "../../targets/gpu_cluster.modak"

// Service {i}: training {workload} for team {team}.
application train_{i} {{
  kind = ai_training
  framework = pytorch "2.1"
  workload = {workload}
  dataset {{ path = "/scratch/data/{i}", samples = {samples}, size = 12 GiB }}
  batch_size = {batch}
  epochs = {epochs}
  precision = mixed
  distributed = ddp
  run = "torchrun train.py --epochs {epochs}"
}}

deployment train_{i}_prod {{
  application = train_{i}
  target = gpu_cluster
  build = auto
  graph_compiler = auto
  scale {{ nodes = 1..4, min_efficiency = 0.5 }}
  job {{ walltime = 24h, account = "team-{team}", email = "team-{team}@example.org", notify = [end, fail] }}
  emit = [slurm]
}}
'''

HPC = '''modak 1
import "../../targets/cpu_cluster.modak"

application solver_{i} {{
  kind = hpc
  type = mpi
  parallelisation = [mpi, openmp]
  mpi = openmpi "4.1"
  ranks = {ranks}
  threads = 4
  executable = "/opt/solver/bin/solver_{i}"
  arguments = "--case /scratch/cases/{i}.cfg"
}}

deployment solver_{i}_run {{
  application = solver_{i}
  target = cpu_cluster
  job {{ walltime = 6h, nodes = {nodes}, tasks_per_node = 20 }}
  emit = [pbs]
}}
'''

WORKLOADS = ["resnet50", "resnet101", "bert_base", "vit_b16", "gpt2_small", "inception_v3"]


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    os.makedirs(os.path.join(out, "targets"), exist_ok=True)
    # The project root (as a Git repository's .git would be): teams' imports reach targets/ through it.
    with open(os.path.join(out, "modak.toml"), "w") as f:
        f.write("# modak project root (docs/security.md)\n")
    for name, text in TARGETS.items():
        with open(os.path.join(out, "targets", name + ".modak"), "w") as f:
            f.write(text)
    for i in range(n):
        team = f"team{i % 50:02d}"
        folder = os.path.join(out, "teams", team)
        os.makedirs(folder, exist_ok=True)
        if i % 3 == 2:
            text = HPC.format(i=i, ranks=40 * (1 + i % 4), nodes=1 + i % 4)
        else:
            text = AI.format(i=i, team=team, workload=WORKLOADS[i % len(WORKLOADS)], samples=50000 + i,
                             batch=16 * (1 + i % 4), epochs=10 + i % 90)
        with open(os.path.join(folder, f"service_{i:05d}.modak"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
