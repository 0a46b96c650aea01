#!/usr/bin/env bash
# Installs the tree-sitter grammar's queries for Neovim and Helix from grammar/tree-sitter-modak/queries
# (the single source; nothing here is hand-edited), and prints where they went.
# usage: editors/install-queries.sh [NVIM_RUNTIME_DIR] [HELIX_RUNTIME_DIR]
#   defaults: ~/.config/nvim and ~/.config/helix/runtime
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
queries=$here/../grammar/tree-sitter-modak/queries
nvim=${1:-${XDG_CONFIG_HOME:-$HOME/.config}/nvim}
helix=${2:-${XDG_CONFIG_HOME:-$HOME/.config}/helix/runtime}
mkdir -p "$nvim/queries/modak" "$helix/queries/modak"
for q in highlights folds indents locals; do
  cp "$queries/$q.scm" "$nvim/queries/modak/$q.scm"
  cp "$queries/$q.scm" "$helix/queries/modak/$q.scm"
done
echo "queries installed in $nvim/queries/modak and $helix/queries/modak"
echo "compile the parser once: (cd grammar/tree-sitter-modak && cc -shared -fPIC -O2 -Isrc src/parser.c -o modak.so)"
echo "  then copy modak.so to $nvim/parser/modak.so and $helix/grammars/modak.so"
