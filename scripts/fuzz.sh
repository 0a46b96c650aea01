#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan: the `asan` preset, shared with sanitize.sh) and
# runs each over its seed corpus: the tests' own files. First every saved reproducer in
# fuzz/regressions/<target>/ is replayed (a crash found once stays a test). A crash, leak, timeout or
# broken invariant fails the run and leaves the reproducer in build-fuzz/crashes/<target>/.
#
# usage: scripts/fuzz.sh [SECONDS_PER_TARGET]
#          each target for a bounded time (default 60; CI passes 30), one process, a fresh corpus
#        scripts/fuzz.sh --runs N [TARGET...]
#          a long campaign: each named target (default: all) until N executions in all, on
#          FUZZ_WORKERS processes (default: the number of cores) sharing a persistent corpus in
#          build-fuzz/corpus-long/<target>/, so a later campaign resumes where this one stopped.
#          Logs in build-fuzz/long/<target>/<time>/fuzz-<worker>.log; FUZZ_NICE (default 10) is the
#          workers' niceness, FUZZ_MAX_TIME (seconds, default none) bounds each target's campaign.
#          The campaign runs the `fuzz-fast` build (UBSan only, about 3.5 times as many executions per
#          second as ASan + UBSan on the LSP target), then replays everything it kept under ASan + UBSan
#          (the `asan` build): memory errors and leaks on every input that reached new coverage.
#          FUZZ_PREBUILT=DIR runs the fuzz_<target> binaries in DIR instead of building them (a campaign
#          on a bigger machine that has the binaries and their libraries but no compiler);
#          FUZZ_REPLAY_PREBUILT=DIR the ASan ones for the replay (none given: no replay there).
# Both print, per target, executions, coverage points (cov:) and features (ft:).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

targets_all=(parser importer lsp_transport escaping plan_generate)
runs=""
if [[ ${1:-} == --runs ]]; then
  runs=${2:?--runs needs a number of executions}
  shift 2
  targets=("$@")
  [[ ${#targets[@]} -gt 0 ]] || targets=("${targets_all[@]}")
  for t in "${targets[@]}"; do
    [[ " ${targets_all[*]} " == *" $t "* ]] || { echo "fuzz.sh: no target '$t' (${targets_all[*]})" >&2; exit 2; }
  done
else
  seconds=${1:-60}
  targets=("${targets_all[@]}")
fi

# Inputs of a representative size (a .modak file of a few KB, a short LSP session): longer ones make
# every execution slower without reaching more code.
declare -A max_len=([parser]=4096 [importer]=4096 [lsp_transport]=8192 [escaping]=1024 [plan_generate]=4096)
# ASan settings for throughput: a smaller quarantine (still far more than one input frees) and
# shorter allocation stacks in reports. The caller's ASAN_OPTIONS win.
export ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=32:malloc_context_size=5}
# Undefined behaviour stops the run with a reproducer (UBSan only reports and goes on by default).
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

# The bounded run and the replays use the ASan + UBSan build; a long campaign the UBSan-only one.
replaydir=${FUZZ_REPLAY_PREBUILT:-}
if [[ -n ${FUZZ_PREBUILT:-} ]]; then
  bindir=$(cd "$FUZZ_PREBUILT" && pwd)
  [[ -z $replaydir ]] || replaydir=$(cd "$replaydir" && pwd)
else
  scripts/setup.sh
  presets=(asan)
  [[ -n $runs ]] && presets+=(fuzz-fast)
  for preset in "${presets[@]}"; do
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" -j"$(nproc)" --target "${targets[@]/#/fuzz_}" >/dev/null
  done
  replaydir=$root/build-asan/fuzz
  bindir=$replaydir
  [[ -n $runs ]] && bindir=$root/build-fuzz-fast/fuzz
fi

# seed <target> <folder>: the tests' files for that target (files already there are kept).
seed() {
  local target=$1 dir=$2
  mkdir -p "$dir"
  case $target in
  parser) cp examples/*.modak examples/targets/*.modak tests/corpus/*/*.modak "$dir/" 2>/dev/null || true ;;
  importer) cp tests/data/modak-original/test-input/*.json "$dir/" 2>/dev/null || true ;;
  escaping)
    printf '%s' "it's" >"$dir/quote"
    printf '%s' '$(touch /tmp/x) `id` ${HOME}' >"$dir/expansions"
    printf 'line\n#SBATCH --uid=0' >"$dir/newline" ;;
  plan_generate)
    cp examples/*.modak examples/targets/*.modak tests/corpus/valid/*.modak "$dir/"
    # The fuzzer reads no files, so an example's imports are inlined into a self-contained seed too.
    python3 - "$dir" examples/*.modak tests/corpus/valid/*.modak <<'PY'
import os, re, sys
out = sys.argv[1]
for path in sys.argv[2:]:
    text = open(path, encoding="utf-8").read()
    imports = re.findall(r'^import "([^"]+)"\s*$', text, re.M)
    if not imports:
        continue
    body = re.sub(r'^import "[^"]+"\s*$\n?', "", text, flags=re.M)
    for imp in imports:
        f = os.path.join(os.path.dirname(path), imp)
        if os.path.isfile(f):
            body += "\n" + re.sub(r'^modak 1\s*$\n?', "", open(f, encoding="utf-8").read(), flags=re.M)
    name = os.path.basename(path).replace(".modak", ".inlined.modak")
    open(os.path.join(out, name), "w", encoding="utf-8").write(body)
PY
    ;;
  lsp_transport)
    cp tests/lsp/transcripts/*.test "$dir/"
    python3 - "$dir" <<'PY'
# Framed seeds too: each transcript's messages with Content-Length headers.
import os, sys
folder = sys.argv[1]
for name in os.listdir(folder):
    if not name.endswith(".test"):
        continue
    text = open(os.path.join(folder, name), encoding="utf-8").read()
    parts = [p for p in ("\n".join(l for l in chunk.splitlines() if not l.startswith("#")).strip()
                         for chunk in text.split("\n---\n")) if p]
    with open(os.path.join(folder, name + ".framed"), "wb") as f:
        for p in parts:
            body = p.encode()
            f.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
PY
    ;;
  esac
}

# stats <log>...: "executions cov ft" summed (executions) or the largest (coverage, features).
stats() {
  local n=0 cov=0 ft=0 f v
  for f in "$@"; do
    v=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$f" | tail -1 | grep -o '[0-9]*$' || true)
    [[ -z $v ]] && v=$(grep -o '^#[0-9]*' "$f" | tail -1 | tr -d '#' || true)  # a worker that stopped early
    n=$((n + ${v:-0}))
    v=$(grep -o 'cov: [0-9]*' "$f" | tail -1 | grep -o '[0-9]*' || true)
    ((${v:-0} > cov)) && cov=$v
    v=$(grep -o 'ft: [0-9]*' "$f" | tail -1 | grep -o '[0-9]*' || true)
    ((${v:-0} > ft)) && ft=$v
  done
  echo "$n $cov $ft"
}

mkdir -p build-fuzz/crashes
status=0
for target in "${targets[@]}"; do
  bin=$bindir/fuzz_$target
  if compgen -G "fuzz/regressions/$target/*" >/dev/null; then
    "${replaydir:-$bindir}/fuzz_$target" -runs=0 fuzz/regressions/$target/* >/dev/null 2>"build-fuzz/$target.regressions.log" ||
      { echo "fuzz_$target: a saved regression fails again:" >&2; tail -30 "build-fuzz/$target.regressions.log" >&2; status=1; }
  fi
  mkdir -p "build-fuzz/crashes/$target"
  # -entropic=0: the entropic power schedule's bookkeeping (InputCorpus::UpdateFeatureFrequency on
  # every feature of every run) took 63% of the LSP target's time and a third of the parser's; without
  # it, a run of the same length executes 1.5-3.7 times as many inputs and reaches more coverage.
  flags=(-entropic=0 -max_len="${max_len[$target]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
         -artifact_prefix="$root/build-fuzz/crashes/$target/")
  if [[ -z $runs ]]; then
    corpus=build-fuzz/corpus/$target
    rm -rf "$corpus"
    seed "$target" "$corpus"
    log=build-fuzz/$target.log
    if "$bin" -max_total_time="$seconds" "${flags[@]}" "$corpus" >"$log" 2>&1; then
      read -r n cov ft < <(stats "$log")
      echo "fuzz_$target: ${seconds}s, $n executions, $cov coverage points, $ft features, no failure"
    else
      echo "fuzz_$target: FAILED — reproducer in build-fuzz/crashes/$target/ (copy it to fuzz/regressions/$target/):" >&2
      grep -E 'ERROR|SUMMARY|abort|Test unit written' "$log" | head -20 >&2
      status=1
    fi
    continue
  fi
  # A long campaign: FUZZ_WORKERS processes (-jobs = -workers), each with its share of the runs.
  workers=${FUZZ_WORKERS:-$(nproc)}
  corpus=$root/build-fuzz/corpus-long/$target
  [[ -d $corpus ]] && compgen -G "$corpus/*" >/dev/null || seed "$target" "$corpus"
  logs=$root/build-fuzz/long/$target/$(date -u +%Y%m%dT%H%M%S)
  mkdir -p "$logs"
  [[ -n ${FUZZ_MAX_TIME:-} ]] && flags+=(-max_total_time="$FUZZ_MAX_TIME")
  crashes_before=$(find "build-fuzz/crashes/$target" -type f | wc -l)
  started=$(date +%s)
  echo "fuzz_$target: $runs executions on $workers workers, logs in ${logs#"$root"/}" >&2
  rc=0
  (cd "$logs" && nice -n "${FUZZ_NICE:-10}" "$bin" -jobs="$workers" -workers="$workers" \
      -runs=$(((runs + workers - 1) / workers)) "${flags[@]}" "$corpus" >"$logs/driver.log" 2>&1) || rc=$?
  wall=$(($(date +%s) - started))
  read -r n cov ft < <(stats "$logs"/fuzz-*.log)
  rate=$((n / (wall > 0 ? wall : 1)))
  units=$(find "$corpus" -type f | wc -l)
  if ((rc == 0)) && [[ -n $replaydir ]]; then
    # Everything the campaign kept, once more under ASan + UBSan (leaks included).
    replay_log=$logs/replay-asan.log
    if ! "$replaydir/fuzz_$target" -runs=0 "${flags[@]}" "$corpus" >"$replay_log" 2>&1; then
      echo "fuzz_$target: the corpus fails under ASan + UBSan — reproducer in build-fuzz/crashes/$target/:" >&2
      grep -E 'ERROR|SUMMARY|abort|Test unit written' "$replay_log" | head -20 >&2
      status=1
      continue
    fi
  fi
  if ((rc == 0)); then
    echo "fuzz_$target: $n executions in ${wall}s ($rate/s), $cov coverage points, $ft features, corpus $units inputs, no failure${replaydir:+ (corpus replayed under ASan + UBSan)}"
  elif (($(find "build-fuzz/crashes/$target" -type f | wc -l) > crashes_before)); then
    echo "fuzz_$target: FAILED after $n executions in ${wall}s — reproducer in build-fuzz/crashes/$target/:" >&2
    grep -hE 'ERROR|SUMMARY|abort|Test unit written' "$logs"/fuzz-*.log | head -20 >&2
    status=1
  else
    echo "fuzz_$target: stopped (exit $rc) after $n executions in ${wall}s, $cov coverage points, $ft features, no reproducer" >&2
    status=1
  fi
done
exit $status
