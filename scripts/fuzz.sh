#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan: the `fuzz` preset) and runs each for a bounded
# time over its seed corpus: the tests' own files. First every saved reproducer in
# fuzz/regressions/<target>/ is replayed (a crash found once stays a test). A crash, leak or broken
# invariant fails the run and leaves the reproducer in build-fuzz/crashes/<target>/.
# usage: scripts/fuzz.sh [SECONDS_PER_TARGET]      (default 60; prints executions and coverage)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
scripts/setup.sh
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$(nproc)" --target fuzz_parser fuzz_importer fuzz_lsp_transport fuzz_escaping >/dev/null

work=build-fuzz/corpus
rm -rf "$work"
mkdir -p "$work"/{parser,importer,lsp_transport,escaping} build-fuzz/crashes
cp examples/*.modak examples/targets/*.modak tests/corpus/*/*.modak "$work/parser/" 2>/dev/null || true
cp tests/data/modak-original/test-input/*.json "$work/importer/" 2>/dev/null || true
cp tests/lsp/transcripts/*.test "$work/lsp_transport/"
python3 - "$work/lsp_transport" <<'PY'
# Framed seeds too: each transcript's messages with Content-Length headers.
import os, sys
folder = sys.argv[1]
for name in os.listdir(folder):
    text = open(os.path.join(folder, name), encoding="utf-8").read()
    parts = [p for p in ("\n".join(l for l in chunk.splitlines() if not l.startswith("#")).strip()
                         for chunk in text.split("\n---\n")) if p]
    with open(os.path.join(folder, name + ".framed"), "wb") as f:
        for p in parts:
            body = p.encode()
            f.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
PY
printf '%s' "it's" >"$work/escaping/quote"
printf '%s' '$(touch /tmp/x) `id` ${HOME}' >"$work/escaping/expansions"
printf 'line\n#SBATCH --uid=0' >"$work/escaping/newline"

status=0
for target in parser importer lsp_transport escaping; do
  bin=build-fuzz/fuzz/fuzz_$target
  if [[ -d fuzz/regressions/$target ]] && compgen -G "fuzz/regressions/$target/*" >/dev/null; then
    "$bin" -runs=0 fuzz/regressions/$target/* >/dev/null 2>"build-fuzz/$target.regressions.log" ||
      { echo "fuzz_$target: a saved regression fails again:" >&2; tail -30 "build-fuzz/$target.regressions.log" >&2; status=1; }
  fi
  mkdir -p "build-fuzz/crashes/$target"
  log=build-fuzz/$target.log
  if "$bin" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="build-fuzz/crashes/$target/" "$work/$target" >"$log" 2>&1; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo "?")
    echo "fuzz_$target: ${seconds}s, $runs executions, $cov coverage points, no failure"
  else
    echo "fuzz_$target: FAILED — reproducer in build-fuzz/crashes/$target/ (copy it to fuzz/regressions/$target/):" >&2
    grep -E 'ERROR|SUMMARY|abort|Test unit written' "$log" | head -20 >&2
    status=1
  fi
done
exit $status
