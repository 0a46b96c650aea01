#!/usr/bin/env bash
# Real distributed training under the generated SkyPilot task and dstack configuration, without
# either launcher: tests/data/cloud/k8s_ddp_cpu.modak's trainjob_ddp (two CPU nodes × two ranks) is
# generated with `--emit skypilot dstack`, each file is read with PyYAML, and its command is started
# here on two "nodes" at once as the launcher starts it on each: the file's `envs`/`env`, and the
# launcher's node variables (SkyPilot: SKYPILOT_NODE_RANK, SKYPILOT_NODE_IPS, SKYPILOT_NUM_NODES,
# SKYPILOT_NUM_GPUS_PER_NODE; dstack: DSTACK_NODE_RANK, DSTACK_MASTER_NODE_IP, DSTACK_NODES_NUM,
# DSTACK_GPUS_PER_NODE, DSTACK_NODES_IPS), node 0 at 127.0.0.1 on a free MASTER_PORT. The training is
# tests/codegen/ddp/train.py with Debian's PyTorch, checked by tests/codegen/ddp/check.py: every rank
# of the plan trains, the world size is the plan's, all ranks end with identical weights. A launcher
# that starts another number of nodes than planned must make the command stop at once.
# usage: training.sh MODAK SOURCE_DIR        (KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
src=$(realpath "$2")
data=$src/tests/codegen/ddp
/usr/bin/python3 -c 'import torch.distributed as d, yaml; assert d.is_gloo_available()' 2>/dev/null ||
  { echo "Debian's python3-torch or python3-yaml is missing (scripts/setup.sh installs them)" >&2; exit 1; }
work=$(mktemp -d /tmp/modak-launcher-training.XXXXXX)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
cd "$work" || exit 1

input=$src/tests/data/cloud/k8s_ddp_cpu.modak
"$modak" generate "$input" --deployment trainjob_ddp --emit skypilot dstack -o out >gen.out 2>&1 ||
  { cat gen.out >&2; exit 1; }
"$modak" plan "$input" --deployment trainjob_ddp --format json >plan.json || { echo "modak plan failed" >&2; exit 1; }
mkdir bin
ln -s /usr/bin/python3 bin/python3 # the image's python3 is Debian's here

# run_nodes FILE LAUNCHER NODES: the file's command on NODES nodes at once, in LAUNCHER/.
run_nodes() {
  local file=$1 launcher=$2 nodes=$3
  rm -rf "$launcher" && mkdir "$launcher"
  cp "$data/train.py" "$data/regression.py" "$launcher/"
  DDP_DATA="$data" timeout 150 /usr/bin/python3 - "$file" "$launcher" "$nodes" <<'PY'
import os, subprocess, sys, yaml

path, launcher, nodes = sys.argv[1], sys.argv[2], int(sys.argv[3])
doc = yaml.safe_load(open(path))
sys.path.insert(0, os.environ["DDP_DATA"])
from ranks import rendezvous_port, wait_all
port = rendezvous_port()  # node 0's rendezvous
ips = "\n".join(["127.0.0.1"] * nodes) + "\n"
base = {"PATH": os.path.abspath("bin") + ":/usr/bin:/bin", "HOME": os.environ.get("HOME", "/tmp"),
        "MASTER_PORT": port}
if launcher == "skypilot":
    script, env = doc["run"], doc.get("envs") or {}
    node_env = lambda i: {"SKYPILOT_NODE_RANK": str(i), "SKYPILOT_NODE_IPS": ips,
                          "SKYPILOT_NUM_NODES": str(nodes), "SKYPILOT_NUM_GPUS_PER_NODE": "0"}
else:
    assert doc.get("shell") == "bash", doc.get("shell")
    script, env = "\n".join(doc["commands"]), doc.get("env") or {}
    node_env = lambda i: {"DSTACK_NODE_RANK": str(i), "DSTACK_MASTER_NODE_IP": "127.0.0.1",
                          "DSTACK_NODES_NUM": str(nodes), "DSTACK_GPUS_PER_NODE": "0",
                          "DSTACK_NODES_IPS": ips}
running = []
for i in range(nodes):
    e = dict(base, **{k: str(v) for k, v in env.items()}, **node_env(i))
    log = open(f"{launcher}/node-{i}.log", "w")
    running.append((i, subprocess.Popen(["bash", "-c", script], env=e, cwd=launcher, stdout=log,
                                        stderr=subprocess.STDOUT, start_new_session=True)))
ok = wait_all(running, lambda i: f"{launcher}: node {i}", lambda i: f"{launcher}/node-{i}.log")
sys.exit(0 if ok else 1)
PY
}

for pair in "skypilot:out/trainjob_ddp/skypilot/task.yaml" "dstack:out/trainjob_ddp/dstack/.dstack.yml"; do
  launcher=${pair%%:*} file=${pair#*:}
  [[ -f $file ]] || { fail "$file was not generated"; continue; }
  if run_nodes "$file" "$launcher" 2; then
    (cd "$launcher" && "$data/check.py" ../plan.json trainjob_ddp local) ||
      fail "$launcher: the ranks did not train as planned"
  else
    fail "$launcher: a node failed"
  fi
  # Three nodes where two were planned: every node stops before training.
  if run_nodes "$file" "$launcher" 3 2>/dev/null; then
    fail "$launcher: the command ran on 3 nodes of a 2-node plan"
  elif ! grep -q "modak planned 2 node(s)" "$launcher/node-0.log"; then
    fail "$launcher: the wrong node count was not named: $(cat "$launcher/node-0.log")"
  elif compgen -G "$launcher/result.*" >/dev/null; then
    fail "$launcher: a node trained under the wrong node count"
  else
    echo "$launcher: 3 nodes of a 2-node plan stop at once"
  fi
done
echo "$failures failure(s)"
((failures == 0))
