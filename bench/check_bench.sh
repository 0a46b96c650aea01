#!/usr/bin/env bash
# End-to-end benchmark of `modak check`: a generated 10 MB file and a 10 000-line file.
# Reports throughput (MB/s, best of N runs) and peak resident memory relative to the input size.
# usage: bench/check_bench.sh [MODAK] [RUNS]     (targets, issue 20: >= 200 MB/s, peak memory <= 3x input)
# The diagnostics are rendered and written to /dev/null: their cost is measured, not a terminal's.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
modak=${1:-$here/../build/cli/modak}
runs=${2:-5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$here/gen_large.py" "$work/10mb.modak" --bytes 10000000
python3 "$here/gen_large.py" "$work/10k-lines.modak" --lines 10000

printf 'modak 1\n' >"$work/baseline.modak"

# peak_kib FILE: max RSS of one `modak check FILE` in KiB (GNU time); the check must succeed.
peak_kib() {
  /usr/bin/time -f "%M" -o "$work/time" "$modak" check "$1" >/dev/null 2>&1
  cat "$work/time"
}

measure() {
  local file=$1 bytes best="" peak=0 start end secs kib
  bytes=$(stat -c %s "$file")
  for ((i = 0; i < runs; i++)); do
    start=$EPOCHREALTIME
    "$modak" check "$file" >/dev/null 2>&1
    end=$EPOCHREALTIME
    secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.6f", b - a }')
    if [[ -z $best ]] || awk "BEGIN{exit !($secs < $best)}"; then best=$secs; fi
  done
  peak=$(peak_kib "$file")
  awk -v f="$(basename "$file")" -v b="$bytes" -v s="$best" -v k="$peak" -v base="$baseline" 'BEGIN {
    printf "%-16s %9d bytes  best %7.4f s  %7.1f MB/s  peak RSS %6.1f MiB, %5.1f MiB over an empty file (%.1fx input)\n",
           f, b, s, b / 1e6 / s, k / 1024, (k - base) / 1024, (k - base) * 1024 / b }'
}
baseline=$(peak_kib "$work/baseline.modak")
echo "modak check, best of $runs runs ($(nproc) cores)"
measure "$work/10mb.modak"
measure "$work/10k-lines.modak"
