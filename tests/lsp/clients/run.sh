#!/usr/bin/env bash
# Real LSP clients against `modak lsp`: VS Code's protocol library (Node) and headless Neovim 0.7.
# usage: run.sh MODAK SOURCE_DIR
set -euo pipefail
modak=$(realpath "$1")
source_dir=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d /tmp/modak-lsp-clients.XXXXXX)
trap 'rm -rf "$work"' EXIT

node "$here/vscode-client.js" "$modak" "$source_dir"

command -v nvim >/dev/null || { echo "nvim is missing (scripts/setup.sh installs neovim)" >&2; exit 1; }
# A line with non-ASCII text before the error: Neovim converts the server's UTF-16 columns to bytes.
printf 'modak 1\napplication app { run = "é😀 ./solver", kind = hpcc }\n' >"$work/app.modak"
out=$(MODAK=$modak TEST_FILE=$work/app.modak HOME=$work XDG_STATE_HOME=$work XDG_CACHE_HOME=$work \
  timeout 60 nvim --headless --clean -c "luafile $here/neovim.lua" 2>"$work/nvim.err") || {
  cat "$work/nvim.err" >&2
  echo "FAIL neovim client" >&2
  exit 1
}
echo "neovim 0.7 client: $out"
