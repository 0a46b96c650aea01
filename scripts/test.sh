#!/usr/bin/env bash
# README command 2: install, build, and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
ctest --preset default -j"$(nproc)" "$@"
