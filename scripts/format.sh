#!/usr/bin/env bash
# Formats modak's C++ sources in the .clang-format style with clang-format 14 (Debian bookworm's; other
# versions break lines differently). `--check` changes nothing and fails on any file that differs, naming
# the lines (.ci/run). The tree-sitter grammar's sources are generated and left as they are.
set -euo pipefail
cd "$(dirname "$0")/.."
format=$(command -v clang-format-14 || true)
[[ -n $format ]] || { echo "format.sh: clang-format-14 is not installed (scripts/setup.sh installs it)" >&2; exit 2; }
mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.hpp' | grep -v '^grammar/tree-sitter-modak/')
if [[ ${1:-} == --check ]]; then
  "$format" --dry-run --Werror "${files[@]}"
  echo "format.sh: ${#files[@]} files formatted"
else
  "$format" -i "${files[@]}"
fi
