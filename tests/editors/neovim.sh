#!/usr/bin/env bash
# The documented Neovim setup (editors/neovim/modak.lua), loaded as a user would in a headless
# Neovim 0.7: a .modak buffer gets the file type and modak's diagnostic; the installed queries are
# exactly the grammar's.
# usage: neovim.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$(realpath "$1")
src=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
command -v nvim >/dev/null || { echo "nvim is missing (scripts/setup.sh installs neovim)" >&2; exit 1; }
mkdir -p "$work/config/nvim/lua"
cp "$src/editors/neovim/modak.lua" "$work/config/nvim/lua/modak.lua"
"$src/editors/install-queries.sh" "$work/config/nvim" "$work/helix" >/dev/null
for q in highlights folds indents locals; do
  cmp -s "$src/grammar/tree-sitter-modak/queries/$q.scm" "$work/config/nvim/queries/modak/$q.scm" || { echo "FAIL: $q.scm differs" >&2; exit 1; }
done
printf 'modak 1\ntarget box { scheduler = slurmm, runtime = none }\n' >"$work/box.modak"
cat >"$work/test.lua" <<LUA
vim.opt.runtimepath:prepend("$work/config/nvim")
require("modak").setup({ cmd = { "$modak", "lsp" } })
vim.cmd("edit $work/box.modak")
local buf = vim.api.nvim_get_current_buf()
if vim.bo[buf].filetype ~= "modak" then io.stderr:write("FAIL filetype " .. vim.bo[buf].filetype .. "\n"); vim.cmd("cquit 1") end
if not vim.wait(10000, function() return #vim.diagnostic.get(buf) > 0 end, 20) then
  io.stderr:write("FAIL no diagnostics\n"); vim.cmd("cquit 1")
end
local d = vim.diagnostic.get(buf)[1]
io.stdout:write(d.message .. "\n")
if not d.message:find("did you mean 'slurm'", 1, true) then vim.cmd("cquit 1") end
vim.cmd("qall!")
LUA
out=$(HOME=$work XDG_CONFIG_HOME=$work/config XDG_STATE_HOME=$work XDG_CACHE_HOME=$work timeout 60 \
  nvim --headless --clean -c "luafile $work/test.lua" 2>"$work/err") || { cat "$work/err" >&2; echo "FAIL: neovim" >&2; exit 1; }
echo "neovim with editors/neovim/modak.lua: $out"
