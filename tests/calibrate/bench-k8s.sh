#!/usr/bin/env bash
# Benchmark sweeps on Kubernetes (docs/calibration.md): `modak bench` for a target with
# `scheduler = kubernetes` writes Indexed Jobs. Without a cluster here, the test checks the manifests
# with the real validators (kubernetes-models, strict; yamllint), the scripts with shellcheck, and then
# runs every pod of every Job as Kubernetes would start it — the task script from the ConfigMap, the
# Job's environment, JOB_COMPLETION_INDEX per pod, all pods of a multi-node Job at once — on this
# machine, with the modak binary for the image's. collect.sh then reads their logs through a stand-in
# kubectl, `bench collect` gathers the records of all three kernels (train-step, stream, allreduce),
# and `model fit` turns the stream and allreduce rows into the calibration's measured hardware.
# usage: bench-k8s.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$(realpath "$1")
src=$2
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
export NODE_PATH=$src/tests/tools/node_modules
for tool in node yamllint shellcheck python3; do
  command -v "$tool" >/dev/null || { echo "$tool is missing (scripts/setup.sh installs it)" >&2; exit 1; }
done

cd "$work" || exit 1
cat >site.modak <<'M'
modak 1
target kube {
  scheduler = kubernetes
  nodes = 4
  cpu { arch = x86_64, model = "AMD EPYC 9654", sockets = 1, cores = 2 }
  interconnect = ethernet_10g
}
application synthetic {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  batch_size = 32
  run = "echo train"
}
deployment cpu_bench {
  application = synthetic
  target = kube
  job { walltime = 5m }
}
M
"$modak" bench site.modak --kernel train-step --sweep nodes=1,2 --sweep batch_size=4,16 --scale 0.00001 --steps 5 \
  -o train >out 2>&1 || fail "bench train-step: $(cat out)"
"$modak" bench site.modak --kernel stream --sweep threads=1,2 --sweep array_mib=8 --steps 3 -o stream >out 2>&1 ||
  fail "bench stream: $(cat out)"
"$modak" bench site.modak --kernel allreduce --sweep nodes=2 --max-bytes 262144 -o allreduce >out 2>&1 ||
  fail "bench allreduce: $(cat out)"
grep -q 'in 1 Indexed Job' out || fail "allreduce: $(cat out)"

mapfile -t manifests < <(find . -name bench.k8s.yaml | sort)
((${#manifests[@]} == 3)) || fail "expected 3 manifests, found ${#manifests[@]}"
node "$src/tests/codegen/check-k8s.cjs" "$src/tests/tools/kubeflow-training-operator-1.9.0" "${manifests[@]}" >check.out ||
  fail "check-k8s.cjs: $(grep -v '^OK' check.out)"
grep -q 'OK .*v1/ConfigMap' check.out && grep -q 'OK .*v1/Service' check.out && grep -q 'OK .*batch/v1/Job' check.out ||
  fail "not every kind was validated: $(cat check.out)"
yamllint -d '{extends: default, rules: {line-length: disable, document-start: disable, indentation: {indent-sequences: true}}}' \
  "${manifests[@]}" >lint.out || fail "yamllint: $(head -c 800 lint.out)"

# The pods, as the Jobs describe them: task.sh from the ConfigMap, env, JOB_COMPLETION_INDEX.
python3 - "${manifests[@]}" <<'PY' || fail "reading the manifests"
import os, sys, yaml
for path in sys.argv[1:]:
    d = os.path.dirname(path)
    docs = [x for x in yaml.safe_load_all(open(path)) if x]
    with open(os.path.join(d, "task.sh"), "w") as f:
        f.write(next(x for x in docs if x["kind"] == "ConfigMap")["data"]["task.sh"])
    with open(os.path.join(d, "pods"), "w") as f:
        for job in (x for x in docs if x["kind"] == "Job"):
            c = job["spec"]["template"]["spec"]["containers"][0]
            assert c["command"] == ["bash", "/modak/task.sh"], c["command"]
            env = " ".join("%s=%s" % (e["name"], e["value"].replace(" ", ",")) for e in c["env"])
            f.write("%s %d %d %s\n" % (job["metadata"]["name"], job["spec"]["completions"], job["spec"]["parallelism"], env))
PY
for d in train/cpu_bench stream/cpu_bench allreduce/cpu_bench; do
  for s in "$d"/*.sh; do shellcheck "$s" || fail "shellcheck $s"; done
  mkdir -p "$d/logs"
  port=29600
  while read -r job completions parallelism env; do
    pids=()
    port=$((port + 1))
    for ((i = 0; i < completions; i++)); do
      # MODAK_TASK_LIST's blanks were written as commas to keep one line per Job.
      # shellcheck disable=SC2086
      env -i PATH="$PATH" HOME="$HOME" MODAK="$modak" JOB_COMPLETION_INDEX=$i $env MASTER_ADDR=127.0.0.1 \
        MASTER_PORT=$port bash -c 'MODAK_TASK_LIST=${MODAK_TASK_LIST//,/ }; export MODAK_TASK_LIST; exec bash "$0"' \
        "$d/task.sh" >>"$d/logs/$job.log" 2>&1 &
      pids+=($!)
      if ((parallelism == 1)); then wait "${pids[-1]}"; fi
    done
    for p in "${pids[@]}"; do wait "$p" || fail "$job: a pod failed"; done
  done <"$d/pods"
  # A stand-in kubectl: `logs --selector job-name=JOB` prints that Job's pods' logs.
  mkdir -p bin
  cat >bin/kubectl <<K
#!/bin/bash
for a in "\$@"; do [[ \$a == job-name=* ]] && cat "$work/$d/logs/\${a#job-name=}.log"; done
exit 0
K
  chmod +x bin/kubectl
  PATH=$work/bin:$PATH "$d/collect.sh" 2>collect-sh.out || fail "$d/collect.sh: $(cat collect-sh.out)"
done

"$modak" bench collect train stream allreduce -o results.csv 2>collect.err || fail "bench collect: $(cat collect.err)"
cat collect.err
grep -q '^7 records from 5 files: 7 ok, 0 failed, 0 tasks without a record' collect.err || fail "collect: $(cat collect.err)"
[[ $(grep -c ',stream,' results.csv) == 2 ]] || fail "two stream rows expected: $(cat results.csv)"
(($(grep -c ',allreduce,' results.csv) >= 10)) || fail "one allreduce row per message size expected"
grep -q 'epyc_9654,1,0,2,ethernet_10g,16,' results.csv || fail "no 2-node batch-16 train-step row: $(cat results.csv)"

"$modak" model fit results.csv -o site.calibration.json 2>fit.err || fail "model fit: $(cat fit.err)"
cat fit.err
python3 - <<'PY' || fail "the calibration has no measured hardware: $(cat site.calibration.json)"
import json
m = json.load(open("site.calibration.json"))["measured"]
assert m["memory_bandwidth_gbs"]["epyc_9654"] > 0.1
link = m["interconnects"]["ethernet_10g"]
assert link["bandwidth_gbs"] > 0 and link["latency_us"] >= 0
PY
python3 - "$src/schemas/calibration.schema.json" site.calibration.json <<'PY' || fail "site.calibration.json does not match its schema"
import json, sys, jsonschema
jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.load(open(sys.argv[2])))
PY
while IFS= read -r line; do
  python3 - "$src/schemas/bench-result.schema.json" "$line" <<'PY' || fail "a record does not match its schema: $line"
import json, sys, jsonschema
jsonschema.Draft202012Validator(json.load(open(sys.argv[1]))).validate(json.loads(sys.argv[2]))
PY
done < <(cat train/cpu_bench/results/*.jsonl stream/cpu_bench/results/*.jsonl allreduce/cpu_bench/results/*.jsonl)
# On a terminal (script(1) gives one), collecting and fitting show their progress; in a pipe they do not.
script -qec "'$modak' bench collect train stream allreduce -o tty.csv && '$modak' model fit tty.csv -o tty.json" /dev/null >tty.out 2>&1 ||
  fail "collect and fit on a terminal: $(cat tty.out)"
grep -q $'\rread 5/5 files' tty.out && grep -q $'\rfitting [0-9]*/[0-9]* iterations' tty.out ||
  fail "no progress on a terminal: $(head -c 300 tty.out | od -c | head)"
grep -q 'fitting' fit.err && fail "progress written to a pipe"
"$modak" model report --data results.csv >report.out 2>&1 || fail "model report: $(cat report.out)"
grep -q '^  memory bandwidth epyc_9654' report.out && grep -q '^  interconnect ethernet_10g' report.out ||
  fail "the report shows no measured hardware: $(cat report.out)"

# A failing pod still leaves a record, and the Job goes on.
cat >fail.modak <<'M'
modak 1
target kube {
  scheduler = kubernetes
  cpu { arch = x86_64, model = "AMD EPYC 9654", cores = 2 }
}
application synthetic { kind = ai_training, framework = pytorch "2.1", workload = resnet50, run = "x" }
deployment broken { application = synthetic, target = kube }
M
"$modak" bench fail.modak --kernel stream --sweep threads=1 -o failing >/dev/null 2>&1 || fail "bench (failing)"
python3 -c "import yaml,sys; print(next(d for d in yaml.safe_load_all(open('failing/broken/bench.k8s.yaml')) if d and d['kind']=='ConfigMap')['data']['task.sh'])" >failing/task.sh
env -i PATH="$PATH" MODAK=/bin/false JOB_COMPLETION_INDEX=0 MODAK_TASK_LIST=0 MODAK_TASKS=1 MODAK_JOB=j bash failing/task.sh >failing/log 2>&1 ||
  fail "a failing task should still end its pod cleanly"
grep -q '"status":"failed","reason":"exit status 1 before a record was written"' failing/log || fail "no failed record: $(cat failing/log)"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "Kubernetes sweeps: 3 manifests valid, every pod run, 7 records collected and fitted"
