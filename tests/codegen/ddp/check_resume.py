#!/usr/bin/python3
# Checks a chained run of train_resume.py (deployment DEPLOYMENT, plan PLAN_JSON): the plan split it
# into segments, at least two segments trained, each resumed at the step the one before stopped at
# (segments.log), the last one finished, and its ranks' weights (result.JOB.*, checked for rank
# variables and equality by check.py) are those of an uninterrupted data-parallel run of the same
# steps, computed here in one process: the checkpoint carried the whole training state.
# usage: check_resume.py PLAN_JSON DEPLOYMENT
import json
import re
import subprocess
import sys

import torch

from regression import batch

# The training script's own constant (importing it would start a training).
STEPS = int(re.search(r"^STEPS = (\d+)", open(sys.path[0] + "/train_resume.py").read(), re.M).group(1))

plan_file, name = sys.argv[1], sys.argv[2]
plan = {d["name"]: d for d in json.load(open(plan_file))["deployments"]}[name]
chosen = plan["chosen"]
ranks = chosen["nodes"] * chosen["ranks_per_node"]
segments = plan["resilience"]["segments"]
if segments < 2:
    sys.exit(f"{name}: the plan did not chain the run ({segments} segment)")

runs = {}  # job → {(first, last)} over its ranks
for line in open("segments.log"):
    job, rank, first, last = line.split()
    runs.setdefault(job, []).append((int(first), int(last)))
ok = True
ordered = sorted(runs.items(), key=lambda item: min(item[1]))
for job, spans in ordered:
    if len(spans) != ranks or len(set(spans)) != 1:
        print(f"{name}: job {job}: {len(spans)} rank(s) reported, spans {set(spans)}", file=sys.stderr)
        ok = False
spans = [(job, spans[0]) for job, spans in ordered]
if len(spans) < 2:
    print(f"{name}: only {len(spans)} segment trained: nothing was resumed", file=sys.stderr)
    ok = False
if spans[0][1][0] != 0 or spans[-1][1][1] != STEPS:
    print(f"{name}: the segments trained {spans}, not steps 0..{STEPS}", file=sys.stderr)
    ok = False
for (_, before), (job, after) in zip(spans, spans[1:]):
    if after[0] != before[1]:
        print(f"{name}: job {job} started at step {after[0]}, the checkpoint was at {before[1]}",
              file=sys.stderr)
        ok = False
if len(spans) > segments:
    print(f"{name}: {len(spans)} segments trained, the plan has {segments}", file=sys.stderr)
    ok = False
last_job = spans[-1][0]
if subprocess.run([sys.executable, sys.path[0] + "/check.py", plan_file, name, last_job]).returncode:
    ok = False

# The uninterrupted run: the same model, seed and batches; each step the ranks' gradients averaged.
torch.manual_seed(0)
model = torch.nn.Linear(8, 1)
optimiser = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(STEPS):
    grads = []
    for rank in range(ranks):
        model.zero_grad()
        x, y = batch(rank, step)
        torch.nn.functional.mse_loss(model(x), y).backward()
        grads.append([p.grad.clone() for p in model.parameters()])
    for p, *gs in zip(model.parameters(), *grads):
        p.grad = sum(gs) / ranks
    optimiser.step()
expected = torch.cat([p.detach().flatten() for p in model.parameters()])
got = torch.tensor([float(v) for v in open(f"result.{last_job}.0").read().split()[5:]])
if not torch.allclose(got, expected, atol=1e-4):
    print(f"{name}: final weights {got.tolist()}, an uninterrupted run gives {expected.tolist()}",
          file=sys.stderr)
    ok = False
if ok:
    print(f"{name}: {len(spans)} of {segments} planned segments trained "
          f"({', '.join(f'{a}..{b}' for _, (a, b) in spans)}), each resuming from the last "
          "checkpoint; the weights equal an uninterrupted run's")
sys.exit(0 if ok else 1)
