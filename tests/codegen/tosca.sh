#!/usr/bin/env bash
# Real-tool checks of `emit tosca` and `emit csar`: every example's service template and CSAR through
# OpenStack tosca-parser 2.12 (tests/tools/tosca-parser), every playbook through
# `ansible-playbook --syntax-check`, every YAML file through yamllint, every CSAR through unzip -t and
# Python's zipfile (and byte-identical across two runs); a hostile-values file must still validate and
# read back unchanged; and a package without a scheduler is deployed for real by a small stand-in for
# xOpera (operation inputs resolved from the templates, dependencies copied next to the playbook),
# running its Ansible playbooks on localhost: nothing in the hostile values may execute.
# usage: tosca.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$1
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
py=/usr/bin/python3  # Debian's, with python3-yaml (the `python3` on PATH may be a pyenv shim)
tosca_parser=$src/tests/tools/tosca-parser
export PBR_VERSION=2.12.0  # tosca-parser's version lookup (pbr) fails outside a git checkout otherwise
export ANSIBLE_NOCOLOR=1 ANSIBLE_RETRY_FILES_ENABLED=0 ANSIBLE_LOCAL_TEMP=$work/ansible-tmp ANSIBLE_HOME=$work/ansible-home
for tool in ansible-playbook yamllint unzip; do
  command -v "$tool" >/dev/null || { echo "$tool is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
done
yamllint_config='{extends: relaxed, rules: {line-length: {max: 200}}}'

validate() {  # FILE: tosca-parser must say VALID
  if ! (cd "$work" && "$tosca_parser" validate "$1") >"$work/tp" 2>&1; then
    fail "tosca-parser $1: $(head -c 2000 "$work/tp")"
  elif ! grep -q '^VALID ' "$work/tp"; then
    fail "tosca-parser $1 did not say VALID: $(head -c 600 "$work/tp")"
  fi
}

check_csar() {  # CSAR PACKAGE_DIR: a sound ZIP holding TOSCA.meta and exactly the package's files
  unzip -tq "$1" >"$work/uz" 2>&1 || fail "unzip -t $1: $(cat "$work/uz")"
  "$py" - "$1" "$2" <<'PY' || fail "zip contents of $1"
import os, sys, zipfile
csar, folder = sys.argv[1], sys.argv[2]
z = zipfile.ZipFile(csar)
assert z.testzip() is None, "bad CRC"
names = z.namelist()
assert names == sorted(names), f"entries not sorted: {names}"
meta = z.read("TOSCA-Metadata/TOSCA.meta").decode()
assert meta == "TOSCA-Meta-File-Version: 1.1\nCSAR-Version: 1.1\nCreated-By: modak " + meta.split("Created-By: modak ")[1].split("\n")[0] + "\nEntry-Definitions: service.yaml\n", meta
files = sorted(os.path.relpath(os.path.join(d, f), folder) for d, _, fs in os.walk(folder) for f in fs)
assert [n for n in names if not n.startswith("TOSCA-Metadata/")] == files, (names, files)
for n in files:
    assert z.read(n) == open(os.path.join(folder, n), "rb").read(), n
    info = z.getinfo(n)
    assert info.date_time == (1980, 1, 1, 0, 0, 0), info.date_time
    mode = info.external_attr >> 16
    assert mode == (0o100755 if n.startswith("playbooks/files/") else 0o100644), (n, oct(mode))
PY
}

# Every example, every deployment; twice, for determinism.
n=0
for example in "$src"/examples/*.modak; do
  name=$(basename "$example" .modak)
  for round in 1 2; do
    if ! "$modak" generate "$example" -o "$work/gen$round/$name" --emit tosca,csar >/dev/null 2>"$work/err"; then
      fail "generate $example: $(head -c 400 "$work/err")"
    fi
  done
done
for pkg in "$work"/gen1/*/*/tosca; do
  deployment_dir=$(dirname "$pkg")
  deployment=$(basename "$deployment_dir")
  csar=$deployment_dir/$deployment.csar
  n=$((n + 1))
  validate "$pkg/service.yaml"
  validate "$csar"
  check_csar "$csar" "$pkg"
  cmp -s "$csar" "${csar/gen1/gen2}" || fail "$csar differs between two runs"
  diff -r "$pkg" "${pkg/gen1/gen2}" >/dev/null || fail "$pkg differs between two runs"
  for script in "$pkg"/playbooks/files/*.sh; do bash -n "$script" || fail "bash -n $script"; done
done
((n >= 20)) || fail "only $n TOSCA packages generated"

# Playbooks: every distinct generated playbook (copies are byte-identical) through the syntax check.
declare -A seen=()
while IFS= read -r playbook; do
  sum=$(sha256sum <"$playbook" | cut -d' ' -f1)
  [[ -n ${seen[$sum]:-} ]] && continue
  seen[$sum]=1
  ansible-playbook --syntax-check -i localhost, "$playbook" >"$work/ap" 2>&1 || fail "ansible-playbook --syntax-check $playbook: $(cat "$work/ap")"
done < <(find "$work/gen1" -path '*/tosca/playbooks/*.yml' | sort)
((${#seen[@]} >= 5)) || fail "only ${#seen[@]} distinct playbooks checked"

# yamllint (relaxed, lines up to 200 columns) over every generated YAML file: nothing at all reported.
find "$work/gen1" \( -name '*.yaml' -o -name '*.yml' \) -print0 | sort -z >"$work/yaml-files"
if ! xargs -0 yamllint -f parsable -d "$yamllint_config" <"$work/yaml-files" >"$work/yl" 2>&1 || [[ -s $work/yl ]]; then
  fail "yamllint: $(head -c 2000 "$work/yl")"
fi

# Hostile values: still valid, and every value reads back exactly.
mkdir -p "$work/hostile"
cat >"$work/hostile/h.modak" <<'M'
modak 1
target box {
  scheduler = none
  runtime = none
  site = "Zürich \"HPC\" $(touch pwned0) `id` ${X}\nline two: # x"
}
application app {
  kind = hpc
  env { EVIL = "$(touch pwned1)`touch pwned2`'\"${HOME}\nsecond line: - ü ✓", OTHER = "a b", YES = "yes" }
  run = "printf '%s|' \"$EVIL\" \"$OTHER\" \"$YES\" > seen.txt"
}
deployment d { application = app, target = box, emit = [tosca, csar] }
M
if ! "$modak" generate "$work/hostile/h.modak" -o "$work/hostile/out" >/dev/null 2>"$work/err"; then
  fail "hostile generate: $(cat "$work/err")"
else
  validate "$work/hostile/out/d/tosca/service.yaml"
  validate "$work/hostile/out/d/d.csar"
  check_csar "$work/hostile/out/d/d.csar" "$work/hostile/out/d/tosca"
  "$py" - "$work/hostile/out/d/tosca/service.yaml" <<'PY' || fail "hostile values changed in service.yaml"
import sys, yaml
t = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))["topology_template"]["node_templates"]
env = t["application"]["properties"]["env"]
assert env["EVIL"] == "$(touch pwned1)`touch pwned2`'\"${HOME}\nsecond line: - ü ✓", repr(env["EVIL"])
assert env["OTHER"] == "a b" and env["YES"] == "yes", env  # YES and yes: strings, not YAML 1.1 booleans
assert t["application"]["properties"]["command"] == "printf '%s|' \"$EVIL\" \"$OTHER\" \"$YES\" > seen.txt"
PY
fi

# Values Ansible would evaluate are refused, with nothing written.
cat >"$work/hostile/jinja.modak" <<'M'
modak 1
target box { scheduler = slurm, runtime = none, queue = "q{{ lookup('pipe', 'touch pwned3') }}" }
application app { kind = hpc, run = "./solver" }
deployment d { application = app, target = box, emit = [tosca] }
M
if "$modak" generate "$work/hostile/jinja.modak" -o "$work/hostile/jinja" >/dev/null 2>"$work/err"; then
  fail "a queue holding Jinja was accepted"
fi
grep -q 'unsafe-value' "$work/err" || fail "no unsafe-value error for Jinja in the queue: $(cat "$work/err")"
[[ ! -e $work/hostile/jinja/d ]] || fail "files were written despite the error"

# The xOpera stand-in: deploys a package's node templates in xOpera's order (a node once every node
# it requires is deployed, one at a time: xOpera's default of one worker; ties in template order),
# each through its Standard create, configure and start, every playbook run by ansible-playbook on
# localhost with its inputs resolved from the templates (get_input, get_property, get_attribute;
# the nodes' attributes from the template and from set_stats); then prints the outputs as JSON.
# usage: xopera.py PACKAGE RUN_DIR INPUTS_JSON (overrides the inputs' defaults)
cat >"$work/xopera.py" <<'PY'
import json, os, shutil, subprocess, sys, yaml
pkg, run, overrides = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
service = yaml.safe_load(open(os.path.join(pkg, "service.yaml"), encoding="utf-8"))
types = yaml.safe_load(open(os.path.join(pkg, "modak-types.yaml"), encoding="utf-8"))["node_types"]
topo = service["topology_template"]
inputs = {k: v["default"] for k, v in topo["inputs"].items()}
assert set(overrides) <= set(inputs), f"undeclared inputs {set(overrides) - set(inputs)}"
inputs.update(overrides)
nodes = topo["node_templates"]
attributes = {name: {} for name in nodes}

def type_chain(t):
    while t in types:
        yield types[t]
        t = types[t].get("derived_from")

def prop(node, name):
    v = nodes[node].get("properties", {}).get(name)
    if v is None:
        for t in type_chain(nodes[node]["type"]):
            d = t.get("properties", {}).get(name)
            if d is not None and "default" in d:
                v = d["default"]
                break
    return resolve(node, v)

def host(node):
    for r in nodes[node].get("requirements", []):
        if "host" in r:
            return r["host"]
    raise KeyError(node)

def resolve(node, v):
    if isinstance(v, dict) and len(v) == 1:
        (f, a), = v.items()
        if f == "get_input":
            return inputs[a]
        if f == "get_property":
            return prop(node if a[0] == "SELF" else host(node) if a[0] == "HOST" else a[0], a[1])
        if f == "get_attribute":
            return attributes[node if a[0] == "SELF" else a[0]].get(a[1], "")
    return v

def operation(node, op):
    declared = {}
    for t in reversed(list(type_chain(nodes[node]["type"]))):
        declared.update(t.get("interfaces", {}).get("Standard", {}).get("operations", {}))
    d = declared.get(op)
    if d is None:
        return
    impl = d["implementation"] if isinstance(d, dict) else d
    override = nodes[node].get("interfaces", {}).get("Standard", {}).get("operations", {}).get(op)
    if override:
        impl = override["implementation"] if isinstance(override, dict) else override
    primary, deps = (impl, []) if isinstance(impl, str) else (impl["primary"], impl.get("dependencies", []))
    values = {k: resolve(node, i["value"]) for k, i in (d.get("inputs", {}) if isinstance(d, dict) else {}).items()}
    # As xOpera does: the playbook and its dependencies in one temporary folder, inputs as -e @vars.
    folder = os.path.join(run, f"{node}-{op}")
    os.makedirs(folder)
    for f in [primary] + deps:
        shutil.copy(os.path.join(pkg, f), os.path.join(folder, os.path.basename(f)))
    with open(os.path.join(folder, "vars.json"), "w") as out:
        json.dump(values, out)
    env = dict(os.environ, ANSIBLE_SHOW_CUSTOM_STATS="1")
    p = subprocess.run(["ansible-playbook", "-i", "localhost,", "-c", "local", "-e", "@vars.json",
                        os.path.basename(primary)], cwd=folder, capture_output=True, text=True, env=env)
    # The default callback prints set_stats data as "RUN: {json}" (xOpera reads the same data).
    runs = [l.split("RUN: ", 1)[1] for l in p.stdout.splitlines() if l.strip().startswith("RUN: ")]
    stats = json.loads(runs[-1]) if runs else {}
    attributes[node].update(stats)
    if p.returncode != 0:
        print(json.dumps({"failed": f"{node}.{op}", "attributes": attributes}))
        sys.exit(f"{node}.{op} failed:\n{p.stdout[-3000:]}\n{p.stderr[-2000:]}")
    print(f"{node}.{op}: ok {stats}", file=sys.stderr)

for name, node in nodes.items():
    attributes[name].update({k: resolve(name, v) for k, v in node.get("attributes", {}).items()})
deployed = []
while len(deployed) < len(nodes):
    ready = [n for n in nodes if n not in deployed and
             all(t in deployed for r in nodes[n].get("requirements", []) for t in r.values())]
    assert ready, f"a requirement cycle among {set(nodes) - set(deployed)}"
    for op in ["create", "configure", "start"]:
        operation(ready[0], op)
    deployed.append(ready[0])
print(json.dumps({k: resolve(None, v["value"]) for k, v in topo.get("outputs", {}).items()}))
PY

# Deploy the hostile package for real, without a scheduler: the Standard operations in xOpera's order
# (runtime create, application create, job create, job start), each playbook run by ansible-playbook on
# localhost with its inputs resolved from the templates. The job must run, the values arrive
# unchanged, nothing in them execute, and set_stats report the job id and state.
mkdir -p "$work/deploy"
if "$py" "$work/xopera.py" "$work/hostile/out/d/tosca" "$work/deploy" \
  "{\"workdir\": \"$work/deploy/work\", \"poll_interval\": 1, \"wait_timeout\": 60}" >"$work/outputs" 2>"$work/xo"; then
  "$py" -c 'import json, sys; o = json.load(open(sys.argv[1])); assert o["job_id"] and o["job_state"] == "COMPLETED", o' "$work/outputs" ||
    fail "the hostile package's outputs: $(cat "$work/outputs")"
else
  fail "deploying the hostile package with its playbooks: $(tail -c 3000 "$work/xo")"
fi
seen_file=$work/deploy/work/seen.txt
expected=$(printf '%s|%s|%s|' "\$(touch pwned1)\`touch pwned2\`'\"\${HOME}"$'\n'"second line: - ü ✓" "a b" "yes")
if [[ ! -f $seen_file ]]; then
  fail "the deployed job did not run"
elif [[ $(cat "$seen_file") != "$expected" ]]; then
  fail "values changed on the way through the playbooks: $(cat "$seen_file")"
fi
if find "$work" -name 'pwned*' | grep -q .; then fail "a hostile value was executed"; fi

# Several machines (tests/data/tosca/tosca_nodes.modak: a 2-node DDP plan, one and two ranks per
# node): valid, and deployed for real by the stand-in with both VMs at 127.0.0.1 — every node's
# job starts before anything waits (the stand-in deploys one node template at a time, as xOpera does
# by default), meets node 0 at the rendezvous input's address and port, and trains with Debian's
# PyTorch: every rank of the plan, identical weights (ddp/check.py). Parts that fail make the
# deployment fail, and job_state is not COMPLETED.
cloud=$src/tests/data/tosca/tosca_nodes.modak
ddp=$src/tests/codegen/ddp
if ! "$modak" generate "$cloud" -o "$work/nodes" >/dev/null 2>"$work/err" ||
  ! "$modak" plan "$cloud" --format json >"$work/nodes-plan.json" 2>"$work/err"; then
  fail "generate $cloud: $(head -c 400 "$work/err")"
elif ! /usr/bin/python3 -c 'import torch.distributed as d; assert d.is_gloo_available()' 2>/dev/null; then
  fail "Debian's python3-torch is missing (scripts/setup.sh installs it)"
else
  # Node 0's rendezvous port, a bindable one below Linux's ephemeral range (ddp/ranks.py says why).
  free_port() { /usr/bin/python3 -c "import sys; sys.path.insert(0, sys.argv[1]); from ranks import rendezvous_port; print(rendezvous_port())" "$ddp"; }
  for deployment in tosca_one_rank_per_node tosca_two_ranks_per_node; do
    pkg=$work/nodes/$deployment/tosca
    validate "$pkg/service.yaml"
    run=$work/nodes-run/$deployment
    mkdir -p "$run/work"
    cp "$ddp"/{train,regression}.py "$run/work/"  # the application, as the VMs' software holds it
    port=$(free_port)
    inputs="{\"vm_address_0\": \"127.0.0.1\", \"vm_address_1\": \"127.0.0.1\", \"rendezvous_address\": \"127.0.0.1\",
      \"rendezvous_port\": $port, \"workdir\": \"$run/work\", \"poll_interval\": 1, \"wait_timeout\": 300}"
    if ! timeout 400 "$py" "$work/xopera.py" "$pkg" "$run" "$inputs" >"$run/outputs" 2>"$run/xo"; then
      fail "$deployment: the deployment failed: $(tail -c 3000 "$run/xo")"
      cat "$run"/work/job.sh.node*.out >&2
      continue
    fi
    "$py" - "$run/outputs" <<'PY' || fail "$deployment: outputs $(cat "$run/outputs")"
import json, sys
o = json.load(open(sys.argv[1]))
assert o["job_state"] == o["job_state_0"] == o["job_state_1"] == "COMPLETED", o
assert o["job_id_0"] and o["job_id_1"] and o["job_id_0"] != o["job_id_1"], o
PY
    for i in 0 1; do
      [[ $(cat "$run/work/job.sh.node$i.status" 2>/dev/null) == 0 ]] || fail "$deployment node $i: exit status $(cat "$run/work/job.sh.node$i.status" 2>/dev/null)"
    done
    (cd "$run/work" && /usr/bin/python3 "$ddp/check.py" "$work/nodes-plan.json" "$deployment" local) ||
      fail "$deployment: the ranks did not train as planned"
  done

  # The parts fail (the training script is missing): the deployment stops at wait_0, whose state is
  # FAILED, and job_state (wait_1's) never says COMPLETED.
  deployment=tosca_one_rank_per_node run=$work/nodes-run/failing
  mkdir -p "$run/work"
  port=$(free_port)
  inputs="{\"vm_address_0\": \"127.0.0.1\", \"vm_address_1\": \"127.0.0.1\", \"rendezvous_address\": \"127.0.0.1\",
    \"rendezvous_port\": $port, \"workdir\": \"$run/work\", \"poll_interval\": 1, \"wait_timeout\": 300}"
  if timeout 400 "$py" "$work/xopera.py" "$work/nodes/$deployment/tosca" "$run" "$inputs" >"$run/outputs" 2>"$run/xo"; then
    fail "a deployment whose parts fail succeeded"
  else
    "$py" - "$run/outputs" <<'PY' || fail "the failing deployment's report: $(cat "$run/outputs")"
import json, sys
o = json.loads(open(sys.argv[1]).read().splitlines()[-1])
assert o["failed"] == "wait_0.start" and o["attributes"]["wait_0"]["job_state"] == "FAILED", o
assert o["attributes"]["wait_1"].get("job_state", "") != "COMPLETED", o
PY
  fi
fi

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "tosca: $n packages valid (tosca-parser, ansible-playbook --syntax-check, yamllint, unzip), hostile package deployed, two VMs trained DDP on every rank"
