#!/usr/bin/env bash
# Cloud nodes that really train, and end (CTest cloud-nodes): the Terraform modules of
# tests/data/cloud/ddp_nodes.modak (two AWS CPU instances with Docker, one and two ranks per node; a
# failing job), each node laid out as Terraform and cloud-init would (cloud-node.cjs: HashiCorp's HCL
# parser, the user_data decoded with the node's index, the node count, node 0's address 127.0.0.1 and
# a random rendezvous port), and both nodes' node.sh run here at once, as cloud-init runs it. No
# Docker, no cloud: `docker` is a stand-in that runs the command here in its -w folder with only the
# variables -e names (a container starts with an empty environment) and records its options;
# `shutdown` and `apt-get` record that they were called. The standard DDP script
# (tests/codegen/ddp/train.py, Debian's PyTorch) must train on every rank of the plan with the plan's
# world size and identical weights (ddp/check.py), every node must have shut down, with the log kept
# (job.log, and its tail on the console where a mount namespace lets the test catch it); a failing job
# still shuts its node down, unless keep_nodes.
# usage: cloud-nodes.sh MODAK SOURCE_DIR        (KEEP=1 keeps the work folder)
set -uo pipefail
modak=$(realpath "$1")
src=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
export NODE_PATH=$src/tests/tools/node_modules
command -v node >/dev/null || { echo "node is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
[[ -d $NODE_PATH/@cdktf/hcl2json ]] || { echo "tests/tools/node_modules is missing: run npm ci in tests/tools (scripts/setup.sh)" >&2; exit 1; }
/usr/bin/python3 -c 'import torch.distributed as d; assert d.is_gloo_available()' 2>/dev/null ||
  { echo "Debian's python3-torch is missing (scripts/setup.sh installs it)" >&2; exit 1; }
work=$(mktemp -d /tmp/modak-cloud-nodes.XXXXXX)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
cd "$work" || exit 1
"$modak" generate "$src/tests/data/cloud/ddp_nodes.modak" -o out >gen.out 2>gen.err || { cat gen.err >&2; exit 1; }
"$modak" plan "$src/tests/data/cloud/ddp_nodes.modak" --format json >plan.json || { echo "plan failed" >&2; exit 1; }

mkdir bin
cat >bin/docker <<'S'
#!/bin/bash
# Stand-in docker: `docker run [OPTIONS] IMAGE COMMAND...` runs COMMAND here, in -w's folder, with only
# the variables -e names (and PATH), and appends its options to docker.args.
[[ ${1-} == run ]] || { echo "stand-in docker: no '${1-}'" >&2; exit 2; }
shift
vars=(PATH="$PATH") dir=$PWD options=()
while [[ $1 == -* ]]; do
  options+=("$1")
  case $1 in
    --rm) shift ;;
    -e) [[ -v $2 ]] && vars+=("$2=${!2}"); options+=("$2"); shift 2 ;;
    -w) dir=$2; options+=("$2"); shift 2 ;;
    -v | --network | --ipc | --gpus) options+=("$2"); shift 2 ;;
    *) echo "stand-in docker: unknown option $1" >&2; exit 2 ;;
  esac
done
echo "${options[*]}" >>docker.args
shift # the image
cd "$dir" && exec env -i "${vars[@]}" "$@"
S
printf '#!/bin/sh\necho "$*" >>shutdown.called\n' >bin/shutdown
printf '#!/bin/sh\necho "$*" >>apt-get.called\n' >bin/apt-get
chmod +x bin/*

# A mount namespace lets the test see what a node writes to its console (root only).
console=0
unshare --mount true 2>/dev/null && console=1

port=$((30000 + RANDOM % 20000))  # concurrent runs of this test must not meet
# start_node DEPLOYMENT NODE NODES [KEEP]: lays out node NODE in DEPLOYMENT/nodeNODE and starts its node.sh
# in the background, as cloud-init runs it.
start_node() {
  local deployment=$1 index=$2 nodes=$3 keep=${4:-false} dir="$work/$1/node$2"
  mkdir -p "$dir"
  node "$here/cloud-node.cjs" "out/$deployment/terraform" "$index" "$nodes" 127.0.0.1 "$port" "$keep" "$dir" >"$dir.runcmd" ||
    { fail "$deployment node $index: cloud-node.cjs"; return; }
  [[ $(cat "$dir.runcmd") == '[["/opt/modak/node.sh"]]' ]] || fail "$deployment node $index: runcmd $(cat "$dir.runcmd")"
  cp "$src"/tests/codegen/ddp/{train,regression}.py "$dir/"  # the application, as the image holds it
  : >"$dir.console"
  (
    export PATH="$work/bin:$PATH"
    if ((console)); then
      unshare --mount bash -c 'mount --bind "$1.console" /dev/console && exec timeout 180 "$1/node.sh"' _ "$dir"
    else
      timeout 180 "$dir/node.sh"
    fi
    echo $? >"$dir.rc"
  ) &
}
# ended DEPLOYMENT NODE STATUS SHUTDOWN: the node's job ended with STATUS, logged and recorded, and the
# node was shut down (SHUTDOWN=1) or kept.
ended() {
  local dir="$work/$1/node$2"
  [[ $(cat "$dir.rc" 2>/dev/null) == "$3" ]] || { fail "$1 node $2: node.sh ended with $(cat "$dir.rc" 2>/dev/null), not $3"; cat "$dir/job.log" >&2; }
  [[ $(cat "$dir/job.status" 2>/dev/null) == "$3" ]] || fail "$1 node $2: job.status is not $3"
  grep -q "^modak: node $2: the job ended with status $3 at " "$dir/job.log" || fail "$1 node $2: the log does not say how the job ended"
  grep -q 'install -y -q docker.io' "$dir/apt-get.called" 2>/dev/null || fail "$1 node $2: the runtime was not installed"
  if (($4)); then
    [[ $(cat "$dir/shutdown.called" 2>/dev/null) == "-h now" ]] || fail "$1 node $2: the node was not shut down"
  else
    [[ ! -e $dir/shutdown.called ]] || fail "$1 node $2: the node was shut down although kept"
    grep -q "kept running (keep_nodes)" "$dir/job.log" || fail "$1 node $2: the log does not say the node was kept"
  fi
  if ((console)); then
    grep -q "the job ended with status $3" "$dir.console" || fail "$1 node $2: the log's tail did not reach the console"
  fi
}

for deployment in ddp_one_rank_per_node ddp_two_ranks_per_node; do
  port=$((port + 1))
  start_node "$deployment" 0 2
  start_node "$deployment" 1 2
  wait
  for i in 0 1; do
    ended "$deployment" "$i" 0 1
    grep -q -- '--network host --ipc host' "$deployment/node$i/docker.args" 2>/dev/null ||
      fail "$deployment node $i: the containers do not share the node's network and IPC"
    for v in NODE_RANK MASTER_ADDR MASTER_PORT MODAK_NODE_INDEX MODAK_NODE_COUNT; do
      grep -q -- "-e $v " "$deployment/node$i/docker.args" || fail "$deployment node $i: $v is not passed into the container"
    done
  done
  grep -q "rendezvous 127.0.0.1:$port," "$deployment/node1/job.log" || fail "$deployment: node 1 did not meet at node 0's address"
  mkdir "$deployment/results"
  cp "$deployment"/node*/result.local.* "$deployment/results/" 2>/dev/null
  (cd "$deployment/results" && "$here/ddp/check.py" "$work/plan.json" "$deployment" local) ||
    fail "$deployment: the ranks did not train as planned"
done

# A failing job: the node still shuts down, with the status kept; with keep_nodes it stays up.
start_node failing_job 0 1
wait
ended failing_job 0 3 1
rm -rf failing_job
start_node failing_job 0 1 true
wait
ended failing_job 0 3 0

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "two cloud nodes trained DDP on every rank of the plan (one and two ranks per node) and shut down; a failing job's node shut down too, or stayed with keep_nodes"
