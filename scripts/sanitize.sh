#!/usr/bin/env bash
# The test suite (all but the two kinds below) against an ASan + UBSan build (`asan` preset, build-asan/): memory errors,
# leaks (LeakSanitizer, including the language server after the fuzz test's long edit session) and
# undefined behaviour fail the tests that hit them. The build is clang at -O1 with asserts on, and
# holds the libFuzzer targets too (scripts/fuzz.sh runs them): one compilation serves both, and at
# -O1 the suite runs in under half the time it took at -O0 (14 instead of 32 minutes on 2 cores).
# usage: scripts/sanitize.sh [ctest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$(nproc)"
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:halt_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# bench-slurm asserts that a calibration fitted on measured timings predicts better; timings of an
# instrumented binary say nothing about the machine, so it runs in the normal suite only. So do the
# tests labelled `training` (tests/CMakeLists.txt): minutes of PyTorch training one at a time, whose
# modak commands (generate, bench run) other tests run here too; CI's run has 90 minutes.
ctest --preset asan -j"$(nproc)" -E '^bench-slurm$' -LE '^training$' "$@"
