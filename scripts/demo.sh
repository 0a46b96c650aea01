#!/usr/bin/env bash
# README command 1: install, build, and run the main job on an example.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
example=${1:-examples/mnist_tensorflow_2_1.modak}
echo "+ modak check $example" >&2
build/cli/modak check "$example"
echo "modak check: $example is clean" >&2
echo "+ modak plan $example" >&2
build/cli/modak plan "$example"
echo "+ modak generate $example -o generated" >&2
build/cli/modak generate "$example" -o generated
echo "modak generate: wrote the files listed above under generated/" >&2
