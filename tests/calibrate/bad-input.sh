#!/usr/bin/env bash
# Bad input to `modak bench` and `bench collect`: malformed, truncated and other-version result files,
# a sweep larger than the array limit, unknown sweep keys. Each must give a located diagnostic, exit
# nonzero and write nothing (no partial output file).
# usage: bad-input.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$(realpath "$1")
work=$(mktemp -d /tmp/modak-bench-bad.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
# expect NAME STATUS PATTERN -- COMMAND...: exit status STATUS and PATTERN (grep -E) on stderr
expect() {
  local name=$1 status=$2 pattern=$3
  shift 4
  "$@" >out.txt 2>err.txt
  local got=$?
  [[ $got == "$status" ]] || fail "$name: exit $got, expected $status: $(cat err.txt)"
  grep -qE -- "$pattern" err.txt || fail "$name: '$pattern' not in: $(cat err.txt)"
}

good=$("$modak" bench run --steps 1 --batch 2 --device epyc_9654 --deployment d --configuration '{"batch_size":2}')
mkdir -p ok bad
printf '%s\n' "$good" >ok/task-0.jsonl
# A valid record, then a malformed line and a truncated last line (no newline).
{ printf '%s\n' "$good"; printf '{"format":"modak-bench-result", oops}\n'; printf '%s' "${good:0:40}"; } >bad/task-1.jsonl
expect malformed 1 'bad/task-1.jsonl:2:[0-9]+: error: malformed JSON.*\[result-invalid\]' -- \
  "$modak" bench collect ok bad -o results.csv
grep -q 'bad/task-1.jsonl:3:1: error: truncated record' err.txt || fail "truncated line not reported: $(cat err.txt)"
[[ ! -e results.csv ]] || fail "collect wrote results.csv despite invalid records"

# A record of another format version.
sed 's/"format_version":1/"format_version":2/' ok/task-0.jsonl >v2.jsonl
expect version 1 'v2.jsonl:1:1: error: record of format version 2 .*this modak reads version 1' -- \
  "$modak" bench collect v2.jsonl -o results.csv
[[ ! -e results.csv ]] || fail "collect wrote results.csv for a record of another version"
# A record missing a required field, and a failed one (reported, not fatal).
sed 's/"throughput":[0-9.e+-]*,//' ok/task-0.jsonl >nothroughput.jsonl
expect missing-field 1 'nothroughput.jsonl:1:1: error: the record has no "throughput"' -- \
  "$modak" bench collect nothroughput.jsonl -o results.csv
printf '{"format":"modak-bench-result","format_version":1,"modak_version":"0.1.0","deployment":"d","kernel":"train-step","configuration":{"batch_size":4},"nodes":2,"status":"failed","reason":"exit status 137 before a record was written"}\n' >ok/task-1.jsonl
expect failed-reported 0 'failed ×1: exit status 137' -- "$modak" bench collect ok -o results.csv
[[ $(grep -c '^d,' results.csv) == 1 ]] || fail "results.csv should hold the one successful record"

cat >sweep.modak <<'M'
modak 1
target hpc {
  scheduler = slurm
  nodes = 4
  cpu { arch = x86_64, model = "Intel Xeon Gold 6148", sockets = 2, cores = 40 }
  interconnect = infiniband_edr
}
application app {
  kind = ai_training
  framework = pytorch "2.1"
  workload = resnet50
  run = "python train.py"
}
deployment tune {
  application = app
  target = hpc
  autotune {
    parameter batch_size { range = 1..600 }
  }
}
M
# 600 batch sizes × 2 thread counts per node count: more than Slurm's 1001.
expect too-large 1 "sweep.modak:18:15: error: the sweep needs 1200 array tasks per node count \\(600 batch_size × 2 threads\\).*limit of 1001.*\\[sweep-too-large\\]" -- \
  "$modak" bench sweep.modak --sweep threads=1,2 --sweep nodes=1,2 -o out
grep -q '<command line>:1:9: note: 2 values of threads' err.txt || fail "no note at the autotune parameter: $(cat err.txt)"
[[ ! -e out ]] || fail "bench wrote output for a refused sweep"
expect limit-option 1 'limit of 3 ' -- "$modak" bench sweep.modak --sweep batch_size=1,2 --sweep threads=1,2 --array-limit 3 -o out
expect fits 0 '4 configurations of deployment tune in 2 job arrays' -- \
  "$modak" bench sweep.modak --sweep batch_size=8,16 --sweep nodes=1,2 -o out
expect unknown-key 1 "<command line>:1:9: error: the train-step kernel varies nodes, batch_size and threads; 'epochs'" -- \
  "$modak" bench sweep.modak --sweep epochs=1,2 -o out2
expect bad-value 1 "batch_size takes positive whole numbers, not 'x'" -- "$modak" bench sweep.modak --sweep batch_size=8,x -o out2
expect too-many-nodes 1 "8 nodes: target 'hpc' has 4" -- "$modak" bench sweep.modak --sweep nodes=1,8 -o out2
expect hostile-value 1 "must be letters, digits" -- "$modak" bench sweep.modak --kernel app --sweep 'lr=1;rm -rf /' -o out2
[[ ! -e out2 ]] || fail "bench wrote output for an invalid sweep"
# The application kernel passes any key as MODAK_<KEY>; the scripts pass shellcheck.
expect app-kernel 0 '6 configurations' -- "$modak" bench sweep.modak --kernel app --sweep lr=0.1,0.01,0.001 \
  --sweep batch_size=32,64 -o app
for s in app/tune/*.sh; do
  if ! bash -n "$s" || ! shellcheck "$s"; then fail "$s does not pass bash -n and shellcheck"; fi
done
# shellcheck disable=SC2016
grep -qF 'export MODAK_LR="${sweep_lr[$index]}"' app/tune/bench-n1.slurm.sh || fail "MODAK_LR not exported"
# PBS Professional and Torque arrays (-J / -t), both kernels, one and two nodes: bash -n and shellcheck.
for scheduler in pbs torque lsf flux; do
  sed "s/scheduler = slurm/scheduler = $scheduler/" sweep.modak >"sweep-$scheduler.modak"
  for kernel in train-step app; do
    expect "$scheduler-$kernel" 0 'configurations' -- "$modak" bench "sweep-$scheduler.modak" --kernel "$kernel" \
      --sweep batch_size=8,16 --sweep nodes=1,2 -o "out-$scheduler-$kernel"
    n=0
    for s in "out-$scheduler-$kernel"/tune/*.sh; do
      n=$((n + 1))
      if ! bash -n "$s" || ! shellcheck "$s"; then fail "$s does not pass bash -n and shellcheck"; fi
    done
    ((n >= 2)) || fail "$scheduler $kernel: only $n scripts"
  done
  case $scheduler in
    lsf) grep -qE '^#BSUB -J "[^"]*\[1-2\]"$' "out-$scheduler-train-step"/tune/bench-n1.*.sh || fail "lsf: no array" ;;
    flux) grep -q 'flux batch --env=FLUX_JOB_CC="$index"' "out-$scheduler-train-step"/tune/submit.sh || fail "flux: no array" ;;
    *) grep -qE '^#PBS (-J|-t) 0-1' "out-$scheduler-train-step"/tune/bench-n1.*.sh || fail "$scheduler: no array directive" ;;
  esac
  python3 "$2/tests/codegen/check-directives.py" "out-$scheduler-train-step"/tune/*.sh || fail "$scheduler: directives"
done

# The application runs in the container the plan chose, as the job script runs it.
sed 's/^  scheduler = slurm$/&\n  runtime = apptainer/' sweep.modak >apptainer.modak
expect app-container 0 'configurations' -- "$modak" bench apptainer.modak --kernel app --sweep lr=0.1 --sweep batch_size=32 -o app-sif
grep -qE '^srun .* apptainer exec "\$image" bash -c "\$command"$' app-sif/tune/bench-n1.slurm.sh ||
  fail "the app kernel does not run in the plan's container: $(grep -n 'srun' app-sif/tune/bench-n1.slurm.sh)"
grep -q '^  apptainer pull "\$image" ' app-sif/tune/bench-n1.slurm.sh || fail "the image is not pulled when missing"
sed 's/^  scheduler = slurm$/&\n  runtime = docker/' sweep.modak >docker.modak
expect app-docker 0 'configurations' -- "$modak" bench docker.modak --kernel app --sweep lr=0.1 --sweep batch_size=32 -o app-docker
grep -q 'docker run --rm .*-e MODAK_LR -e MODAK_RESULT ' app-docker/tune/bench-n1.slurm.sh ||
  fail "docker does not pass the swept keys: $(grep -n 'docker run' app-docker/tune/bench-n1.slurm.sh)"
for s in app-sif/tune/*.sh app-docker/tune/*.sh; do shellcheck "$s" || fail "$s: shellcheck"; done

# The hardware kernels: what they can vary, and what they need of the target.
expect stream-key 1 "the stream kernel varies threads and array_mib; 'nodes'" -- \
  "$modak" bench sweep.modak --kernel stream --sweep nodes=1,2 -o hw
expect allreduce-one-node 1 "every node count must be at least 2" -- \
  "$modak" bench sweep.modak --kernel allreduce --sweep nodes=1,2 -o hw
expect allreduce-default-nodes 1 "sweep at least two \\(--sweep nodes=2,4\\)" -- "$modak" bench sweep.modak --kernel allreduce -o hw
sed '/interconnect = /d' sweep.modak >nonet.modak
expect allreduce-no-network 1 "nonet.modak:2:8: error: the allreduce kernel measures the network between nodes: target 'hpc' has no .interconnect." -- \
  "$modak" bench nonet.modak --kernel allreduce --sweep nodes=2 -o hw
sed 's/scheduler = slurm/scheduler = kubernetes/' sweep.modak >k8s.modak
expect k8s-app 1 "an application sweep \\(--kernel app\\) needs Slurm, Torque, PBS, LSF or Flux" -- \
  "$modak" bench k8s.modak --kernel app --sweep lr=0.1 -o hw
expect k8s-mpi 1 "on Kubernetes the allreduce kernel runs over TCP" -- \
  "$modak" bench k8s.modak --kernel allreduce --transport mpi --sweep nodes=2 -o hw
[[ ! -e hw ]] || fail "bench wrote output for a refused hardware sweep"
for scheduler in slurm pbs torque lsf flux; do
  sed "s/scheduler = slurm/scheduler = $scheduler/" sweep.modak >"hw-$scheduler.modak"
  expect "$scheduler-stream" 0 '2 configurations' -- "$modak" bench "hw-$scheduler.modak" --kernel stream --sweep threads=1,2 -o "hw-$scheduler"
  expect "$scheduler-allreduce" 0 '2 configurations' -- "$modak" bench "hw-$scheduler.modak" --kernel allreduce --sweep nodes=2,4 -o "hw-net-$scheduler"
  expect "$scheduler-allreduce-mpi" 0 '2 configurations' -- "$modak" bench "hw-$scheduler.modak" --kernel allreduce \
    --transport mpi --sweep nodes=2,4 -o "hw-mpi-$scheduler"
  [[ -f hw-mpi-$scheduler/tune/allreduce_mpi.c ]] || fail "$scheduler: no allreduce_mpi.c in the MPI sweep"
  for s in "hw-$scheduler"/tune/*.sh "hw-net-$scheduler"/tune/*.sh "hw-mpi-$scheduler"/tune/*.sh; do
    if ! bash -n "$s" || ! shellcheck "$s"; then fail "$s does not pass bash -n and shellcheck"; fi
  done
done
# Records of the hardware kernels missing what they measure.
stream=$("$modak" bench run --kernel stream --steps 1 --array-mib 1 --device epyc_9654 --deployment d)
sed 's/"bandwidth_gbs":[0-9.e+-]*,//' <<<"$stream" >nobw.jsonl
expect stream-no-bandwidth 1 'nobw.jsonl:1:1: error: the record has no "bandwidth_gbs"' -- "$modak" bench collect nobw.jsonl -o results2.csv
printf '{"format":"modak-bench-result","format_version":1,"modak_version":"0.1.0","deployment":"d","kernel":"allreduce","configuration":{},"nodes":1,"interconnect":"ethernet_10g","messages":[{"bytes":8,"seconds":1e-05}],"status":"ok"}\n' >onenode.jsonl
expect allreduce-one-node-record 1 'onenode.jsonl:1:1: error: an allreduce record measures between nodes' -- "$modak" bench collect onenode.jsonl -o results2.csv
sed 's/"messages":\[[^]]*\],//; s/"nodes":1/"nodes":2/' onenode.jsonl >nomessages.jsonl
expect allreduce-no-messages 1 'nomessages.jsonl:1:1: error: the record has no "messages"' -- "$modak" bench collect nomessages.jsonl -o results2.csv
[[ ! -e results2.csv ]] || fail "collect wrote results for invalid hardware records"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "bad benchmark input: located diagnostics, nonzero exits, nothing written"
