#!/usr/bin/python3
# Checks what tests/codegen/ddp/train.py (or train_mpi.py) left after job JOB of DEPLOYMENT: every rank
# of the plan trained (the plan's nodes × its ranks per node), each saw the plan's world size, its
# local and its node rank, all ended with the same weights although each trained on its own data (the
# gradients were averaged), and the model learnt.
# usage: check.py PLAN_JSON DEPLOYMENT JOB
import glob
import json
import sys

plan_file, name, job = sys.argv[1], sys.argv[2], sys.argv[3]
chosen = {d["name"]: d for d in json.load(open(plan_file))["deployments"]}[name]["chosen"]
per_node = chosen["ranks_per_node"]
ranks = chosen["nodes"] * per_node
found = len(glob.glob(f"result.{job}.*"))
if found != ranks:
    sys.exit(f"{name}: {found} rank(s) trained, the plan has {ranks}")
rows = [open(f"result.{job}.{r}").read().split() for r in range(ranks)]
ok = True
for r, row in enumerate(rows):
    rank, world, local, node = (int(v) for v in row[:4])
    if (rank, world, local, node) != (r, ranks, r % per_node, r // per_node):
        print(f"{name}: rank {r} saw rank={rank} world={world} local={local} node={node}", file=sys.stderr)
        ok = False
weights = {tuple(row[5:]) for row in rows}
if len(weights) != 1:
    print(f"{name}: the ranks end with different weights: {weights}", file=sys.stderr)
    ok = False
if float(rows[0][4]) > 1.0:  # the loss of y = x·(1..8) starts near 200
    print(f"{name}: the model did not learn (loss {rows[0][4]})", file=sys.stderr)
    ok = False
print(f"{name}: {ranks} ranks on {chosen['nodes']} nodes trained, identical weights, loss {rows[0][4]}")
sys.exit(0 if ok else 1)
