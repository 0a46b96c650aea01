#!/usr/bin/env bash
# How long the calibration loop's long operations take on a large sweep: `modak bench collect` over
# N result records (train-step, stream and allreduce, in one file per task), then `modak model fit`
# and `modak model report` on the CSV. Reports wall time and peak memory (GNU time) of each.
# usage: bench/collect_bench.sh [MODAK] [RECORDS]     (default 10 000 records)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
modak=$(realpath "${1:-$here/../build/cli/modak}")
records=${2:-10000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# Records as the kernels write them: the train-step throughput follows a plausible step time (compute
# over the batch, a fixed cost, an all-reduce between nodes) with ±5 % noise, so the fit has work to do.
python3 - "$records" <<'PY'
import json, os, random, sys
n = int(sys.argv[1])
random.seed(1)
os.makedirs("results", exist_ok=True)
base = {"format": "modak-bench-result", "format_version": 1, "modak_version": "0.1.0", "deployment": "big",
        "gpus_per_node": 0, "sockets": 1, "status": "ok"}
for i in range(n):
    kind = i % 10
    if kind < 8:  # train-step
        nodes, batch, threads = 1 + i % 4, 2 ** (2 + i % 6), 1 + i % 2
        step = batch * 4e-5 / threads + 2e-4 + (nodes > 1) * 3e-4 * (nodes - 1)
        r = dict(base, kernel="train-step", configuration={"nodes": nodes, "batch_size": batch, "threads": threads, "rep": i},
                 workload="resnet50", workload_scale=1e-5, framework="modak", device="epyc_9654", cores=threads,
                 nodes=nodes, devices=nodes, tasks=nodes, interconnect="ethernet_10g", batch_per_device=batch,
                 hosts=["n%d" % k for k in range(nodes)], steps=40, step_seconds=step,
                 throughput=batch * nodes / step * random.uniform(0.95, 1.05))
    elif kind == 8:  # stream
        r = dict(base, kernel="stream", configuration={"threads": 1 + i % 4, "rep": i}, device="epyc_9654",
                 cores=1 + i % 4, nodes=1, devices=1, tasks=1, hosts=["n0"], steps=10, step_seconds=0.01,
                 bandwidth_gbs=10 * (1 + i % 4) * random.uniform(0.95, 1.05), array_bytes=64 << 20)
    else:  # allreduce
        nodes = 2 + i % 3
        r = dict(base, kernel="allreduce", configuration={"nodes": nodes, "rep": i}, nodes=nodes, devices=nodes,
                 tasks=nodes, interconnect="ethernet_10g", hosts=["n%d" % k for k in range(nodes)], steps=0,
                 transport="tcp", messages=[{"bytes": 8 << k, "seconds": 2 * (nodes - 1) * (2e-5 + (8 << k) / 1.1e9)}
                                            for k in range(0, 22, 3)])
    with open("results/task-%d.jsonl" % i, "w") as f:
        f.write(json.dumps(r) + "\n")
PY

# run LABEL COMMAND...: wall seconds and peak RSS of one run.
run() {
  local label=$1
  shift
  /usr/bin/time -f "%e %M" -o time.out "$@" >/dev/null 2>err.out || { cat err.out >&2; exit 1; }
  read -r secs kib <time.out
  printf '%-34s %7.2f s  peak RSS %6.1f MiB\n' "$label" "$secs" "$(awk -v k="$kib" 'BEGIN { print k / 1024 }')"
}
echo "calibration loop on $records records ($(nproc) cores)"
run "bench collect ($records files)" "$modak" bench collect results -o results.csv
echo "  $(($(wc -l <results.csv) - 2)) CSV rows"
run "model fit" "$modak" model fit results.csv -o site.calibration.json
run "model report (fit + held-out split)" "$modak" model report --data results.csv
