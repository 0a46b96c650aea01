#!/usr/bin/python3
# Checks what report_env.py recorded for job JOB of DEPLOYMENT (plan PLAN_JSON): one process per node
# of the plan, and each with its framework's launch variables — for JAX the coordinator (process 0's
# MASTER_ADDR:MASTER_PORT), the process count and its own id; for TensorFlow a TF_CONFIG whose worker
# list is the job's nodes at MASTER_PORT, in node order (ADDRESSES: the nodes' addresses, comma-
# separated), and whose task index is the process's node rank.
# usage: check_env.py PLAN_JSON DEPLOYMENT JOB jax|tf ADDRESSES
import glob
import json
import sys

plan_file, name, job, framework, addresses = sys.argv[1:6]
chosen = {d["name"]: d for d in json.load(open(plan_file))["deployments"]}[name]["chosen"]
nodes = chosen["nodes"]
if chosen["ranks_per_node"] != 1:
    sys.exit(f"{name}: the plan runs {chosen['ranks_per_node']} processes a node, not one")
records = [json.load(open(f)) for f in sorted(glob.glob(f"env.{job}.*"))]
if len(records) != nodes:
    sys.exit(f"{name}: {len(records)} process(es) started, the plan has {nodes} nodes")
ok = True


def complain(what):
    global ok
    print(f"{name}: {what}", file=sys.stderr)
    ok = False


for r in records:
    rank, port = int(r["RANK"]), r["MASTER_PORT"]
    if int(r["GROUP_RANK"]) != rank or int(r["WORLD_SIZE"]) != nodes:
        complain(f"process {rank}: GROUP_RANK {r['GROUP_RANK']}, WORLD_SIZE {r['WORLD_SIZE']}")
    if framework == "jax":
        want = (f"{r['MASTER_ADDR']}:{port}", str(nodes), str(rank))
        got = (r["JAX_COORDINATOR_ADDRESS"], r["JAX_NUM_PROCESSES"], r["JAX_PROCESS_ID"])
        if got != want:
            complain(f"process {rank}: JAX variables {got}, expected {want}")
    else:
        config = json.loads(r["TF_CONFIG"])
        workers = [f"{a}:{port}" for a in addresses.split(",")]
        if config != {"cluster": {"worker": workers}, "task": {"type": "worker", "index": rank}}:
            complain(f"process {rank}: TF_CONFIG {config}, expected workers {workers}, index {rank}")
if len({r["RANK"] for r in records}) != nodes:
    complain("two processes share a rank")
if len({r["MASTER_ADDR"] + r["MASTER_PORT"] for r in records}) != 1:
    complain("the processes disagree on the rendezvous")
if ok:
    print(f"{name}: {nodes} processes, one a node, each with its {framework} launch variables")
sys.exit(0 if ok else 1)
