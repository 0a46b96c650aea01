#!/usr/bin/env bash
# Configures and builds modak with the default preset (build/). Extra arguments go to cmake --build.
set -euo pipefail
cd "$(dirname "$0")/.."
"$PWD/scripts/setup.sh"
cmake --preset default >/dev/null
cmake --build --preset default "$@"
