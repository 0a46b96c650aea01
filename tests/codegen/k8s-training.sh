#!/usr/bin/env bash
# Real distributed training under the generated Kubernetes manifests, without a cluster: the
# deployments of tests/data/cloud/k8s_ddp_cpu.modak (two CPU nodes × two ranks: a Kubeflow Trainer
# v2 TrainJob, a training operator v1 PyTorchJob; one node × two ranks: a batch/v1 Job) are generated,
# validated (check-k8s.cjs against the upstream CRDs, strict) and every pod of each is started here at
# once, as the operator would start it: the container's command as written, its environment, and
# what the operator adds — for the TrainJob the torch runtime's PET_NNODES, PET_NPROC_PER_NODE,
# PET_NODE_RANK (the pod's index), PET_MASTER_ADDR and PET_MASTER_PORT (kubeflow/trainer v2.3.0,
# pkg/runtime/framework/plugins/torch); for the PyTorchJob the training operator 1.9.0's MASTER_ADDR,
# MASTER_PORT, WORLD_SIZE and RANK of the pod, PET_* likewise (pkg/controller.v1/pytorch/envvar.go).
# Node 0's address is 127.0.0.1 (the pods share this host) and the port a free one; the one-node
# Job's pod gets a network namespace of its own, as a pod has. The training is
# tests/codegen/ddp/train.py with Debian's PyTorch (`python3` is /usr/bin/python3; the commands must
# not need torchrun, which Debian's breaks on Python 3.11), checked by tests/codegen/ddp/check.py:
# every rank of the plan trains, the world size is the plan's, all ranks end with identical weights.
# usage: k8s-training.sh MODAK SOURCE_DIR        (KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
src=$(realpath "$2")
data=$src/tests/codegen/ddp
export NODE_PATH=$src/tests/tools/node_modules
for tool in node shellcheck /usr/bin/python3; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (scripts/setup.sh installs it)" >&2; exit 1; }
done
/usr/bin/python3 -c 'import torch.distributed as d, yaml; assert d.is_gloo_available()' 2>/dev/null ||
  { echo "Debian's python3-torch or python3-yaml is missing (scripts/setup.sh installs them)" >&2; exit 1; }
work=$(mktemp -d /tmp/modak-k8s-training.XXXXXX)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
cd "$work" || exit 1

"$modak" generate "$src/tests/data/cloud/k8s_ddp_cpu.modak" -o out >gen.out 2>&1 || { cat gen.out >&2; exit 1; }
"$modak" plan "$src/tests/data/cloud/k8s_ddp_cpu.modak" --format json >plan.json || { echo "modak plan failed" >&2; exit 1; }
manifests=(out/trainjob_ddp/k8s/trainjob.yaml out/pytorchjob_ddp/k8s/pytorchjob.yaml out/job_two_ranks/k8s/job.yaml)
node "$src/tests/codegen/check-k8s.cjs" "$src/tests/tools/kubeflow-training-operator-1.9.0:$src/tests/tools/kubeflow-trainer-2.3.0" \
  "${manifests[@]}" >check.out || fail "check-k8s.cjs: $(grep -v '^OK' check.out)"
grep -q 'OK .*trainer.kubeflow.org/v1alpha1/TrainJob' check.out || fail "the TrainJob was not validated: $(cat check.out)"

# The images' python3 is Debian's here.
mkdir bin
ln -s /usr/bin/python3 bin/python3
own_network=()
if unshare -rn true 2>/dev/null && command -v ip >/dev/null; then own_network=(unshare -rn); fi

# run_pods DEPLOYMENT MANIFEST: every pod of the manifest at once, in DEPLOYMENT/, then the check.
run_pods() {
  local deployment=$1 manifest=$2
  mkdir "$deployment"
  cp "$data/train.py" "$data/regression.py" "$deployment/"
  OWN_NETWORK="${own_network[*]}" DDP_DATA="$data" timeout 150 /usr/bin/python3 - "$manifest" "$deployment" plan.json <<'PY' || { fail "$deployment: a pod failed"; return; }
import json, os, subprocess, sys, yaml

manifest, deployment, plan = sys.argv[1:]
doc = next(d for d in yaml.safe_load_all(open(manifest)) if d)
chosen = {d["name"]: d for d in json.load(open(plan))["deployments"]}[deployment]["chosen"]
nodes, per_node = chosen["nodes"], chosen["ranks_per_node"]
sys.path.insert(0, os.environ["DDP_DATA"])
from ranks import rendezvous_port, wait_all
port = rendezvous_port()  # node 0's rendezvous
base = {"PATH": os.path.abspath("bin") + ":/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp")}

def container_env(c):
    return {e["name"]: e["value"] for e in c.get("env", [])}

pods = []  # (name, command, environment, own network)
if doc["kind"] == "TrainJob":
    t = doc["spec"]["trainer"]
    assert doc["spec"]["runtimeRef"]["name"] == "torch-distributed", doc["spec"]["runtimeRef"]
    assert (t["numNodes"], t["numProcPerNode"]) == (nodes, per_node), (t["numNodes"], t["numProcPerNode"], chosen)
    for i in range(t["numNodes"]):
        env = dict(base, **container_env(t), PET_NNODES=str(t["numNodes"]), PET_NPROC_PER_NODE=str(t["numProcPerNode"]),
                   PET_NODE_RANK=str(i), PET_MASTER_ADDR="127.0.0.1", PET_MASTER_PORT=port)
        pods.append((f"node-{i}", t["command"], env, False))
elif doc["kind"] == "PyTorchJob":
    specs = doc["spec"]["pytorchReplicaSpecs"]
    replicas = [("master", specs["Master"])] + [("worker", specs["Worker"])] * specs["Worker"]["replicas"]
    nproc = int(doc["spec"]["nprocPerNode"])
    assert (len(replicas), nproc) == (nodes, per_node), (len(replicas), nproc, chosen)
    for rank, (role, r) in enumerate(replicas):
        c = r["template"]["spec"]["containers"][0]
        env = dict(base, **container_env(c), PYTHONUNBUFFERED="1", MASTER_ADDR="127.0.0.1", MASTER_PORT=port,
                   PET_MASTER_ADDR="127.0.0.1", PET_MASTER_PORT=port, WORLD_SIZE=str(len(replicas) * nproc),
                   RANK=str(rank), PET_NODE_RANK=str(rank), PET_NPROC_PER_NODE=str(nproc), PET_NNODES=str(len(replicas)))
        pods.append((f"{role}-{rank}", c["command"], env, False))
else:
    assert doc["kind"] == "Job" and nodes == 1, (doc["kind"], nodes)
    c = doc["spec"]["template"]["spec"]["containers"][0]
    pods.append(("job-0", c["command"], dict(base, **container_env(c)), True))

own = os.environ["OWN_NETWORK"].split()
running = []
for name, command, env, isolated in pods:
    # The command must start the ranks itself: Debian's torchrun cannot run.
    code = [line for part in command for line in part.splitlines() if not line.lstrip().startswith("#")]
    assert not any("torchrun" in line for line in code), command
    if isolated and own:
        # A pod's own network namespace, its loopback up: the Job's default port is its own.
        command = own + ["sh", "-c", 'ip link set lo up && exec "$@"', "pod"] + command
    elif isolated:
        env["MASTER_PORT"] = port  # no namespace of its own here: a free port instead of the default
    log = open(f"{deployment}/{name}.log", "w")
    # Each pod a process group of its own, so that a pod left waiting can be stopped with its ranks.
    running.append((name, subprocess.Popen(command, env=env, cwd=deployment, stdout=log, stderr=subprocess.STDOUT,
                                           start_new_session=True)))
ok = wait_all(running, lambda name: f"{deployment}: pod {name}", lambda name: f"{deployment}/{name}.log")
print(f"{deployment}: {len(pods)} pod(s) of a {doc['kind']} ran")
sys.exit(0 if ok else 1)
PY
  (cd "$deployment" && "$data/check.py" ../plan.json "$deployment" local) || fail "$deployment: the ranks did not train as planned"
}
run_pods trainjob_ddp out/trainjob_ddp/k8s/trainjob.yaml
run_pods pytorchjob_ddp out/pytorchjob_ddp/k8s/pytorchjob.yaml
run_pods job_two_ranks out/job_two_ranks/k8s/job.yaml

# Every pod's script passes shellcheck.
/usr/bin/python3 - "${manifests[@]}" <<'PY' || fail "reading the pod commands"
import sys, yaml
for i, path in enumerate(sys.argv[1:]):
    doc = next(d for d in yaml.safe_load_all(open(path)) if d)
    t = doc["spec"].get("trainer") or (doc["spec"].get("template") or doc["spec"]["pytorchReplicaSpecs"]["Master"]["template"])["spec"]["containers"][0]
    assert t["command"][:2] == ["bash", "-c"], t["command"]
    open(f"pod-{i}.sh", "w").write("#!/bin/bash\n" + t["command"][2])
PY
for s in pod-*.sh; do shellcheck "$s" || fail "shellcheck $s"; done

# Without the operator's variables the TrainJob's pod stops at once instead of training alone.
/usr/bin/python3 -c 'import sys, yaml; print(next(d for d in yaml.safe_load_all(open(sys.argv[1])) if d)["spec"]["trainer"]["command"][2])' \
  out/trainjob_ddp/k8s/trainjob.yaml >alone.sh
env -i PATH="$work/bin:/usr/bin:/bin" timeout 20 bash alone.sh >alone.out 2>&1 && fail "a TrainJob pod without PET_NODE_RANK ran"
grep -q 'PET_NODE_RANK: unbound variable' alone.out || fail "no clear stop without PET_NODE_RANK: $(cat alone.out)"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "every pod of the generated TrainJob, PyTorchJob and Job trained as the operator would start it: every rank of the plan, identical weights"
