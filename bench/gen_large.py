#!/usr/bin/env python3
"""Writes a large, valid .modak file for the parser/check benchmarks.

usage: gen_large.py OUT.modak (--bytes N | --lines N)

The file repeats realistic application/target/deployment blocks with unique names, so the whole
pipeline (parse, names, schema checks) does real work on every block.
"""
import argparse

TEMPLATE = '''application app_{i} {{
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50 // ResNet-50 on ImageNet
  dataset {{ path = "/scratch/imagenet_{i}", samples = 1_281_167, size = 140 GiB }}
  batch_size = 256
  epochs = 90
  precision = mixed
  distributed = ddp
  run = "torchrun train.py --epochs 90"
}}

target cluster_{i} {{
  scheduler = slurm
  runtime = apptainer
  nodes = 16
  memory = 512 GiB
  interconnect = infiniband_hdr
  cpu {{ arch = x86_64, cores = 64 }}
  gpu {{ model = a100_sxm4_40gb, count = 4 }}
  storage scratch {{ path = "/scratch", class = parallel_fs }}
}}

deployment train_{i} {{
  application = app_{i}
  target = cluster_{i}
  build = auto
  graph_compiler = auto
  scale {{ nodes = 1..8, min_efficiency = 0.8 }}
  job {{
    walltime = 12h
    notify = [end, fail]
    email = "ml-team@example.org"
  }}
  emit = [slurm, tosca]
}}

'''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--bytes", type=int)
    g.add_argument("--lines", type=int)
    a = ap.parse_args()
    with open(a.out, "w") as f:
        f.write("modak 1\n\n")
        size, lines, i = 9, 2, 0
        while (a.bytes and size < a.bytes) or (a.lines and lines < a.lines):
            block = TEMPLATE.format(i=i)
            f.write(block)
            size += len(block)
            lines += block.count("\n")
            i += 1


if __name__ == "__main__":
    main()
