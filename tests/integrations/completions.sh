#!/usr/bin/env bash
# Shell completions: the bash script completes subcommands, options, option values and .modak
# files as a user would see them (COMP_WORDS driven like bash does); every subcommand and option
# it offers exists in `modak --help` (so the completions cannot fall behind the CLI); the zsh
# script parses.
# usage: completions.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$(realpath "$1")
src=$(realpath "$2")
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=/dev/null
source "$src/integrations/completions/modak.bash"

complete_line() {  # complete_line WORD...: the completions offered for the last word
  COMP_WORDS=("$@")
  COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
  COMPREPLY=()
  _modak
  printf '%s\n' "${COMPREPLY[@]}"
}

[[ $(complete_line modak ge) == generate ]] || fail "modak ge<TAB>: $(complete_line modak ge)"
[[ $(complete_line modak check --format "") == $'text\njson\nsarif' ]] || fail "check --format: $(complete_line modak check --format "")"
[[ $(complete_line modak generate --emit slurm,t) == $'slurm,torque\nslurm,terraform\nslurm,tosca' ]] ||
  [[ $(complete_line modak generate --emit slurm,t | sort | tr '\n' ' ') == "slurm,terraform slurm,torque slurm,tosca " ]] ||
  fail "generate --emit slurm,t: $(complete_line modak generate --emit slurm,t)"
# The emit kinds offered are exactly those `modak generate --help` lists (LSF and Flux among them).
help_emits=$("$modak" generate --help | sed -n 's/.*`emit` list: //p' | tr -d ',' | tr ' ' '\n' | sort | tr '\n' ' ')
offered_emits=$(complete_line modak generate --emit "" | sort | tr '\n' ' ')
[[ -n $help_emits && $help_emits == "$offered_emits" ]] || fail "--emit offers '$offered_emits', the CLI generates '$help_emits'"
grep -qw lsf <<<"$offered_emits" && grep -qw flux <<<"$offered_emits" || fail "--emit does not offer lsf and flux"
[[ $(complete_line modak catalog "") == $'images\nhardware\nworkloads' ]] || fail "catalog sections"
# Option values with a fixed set (the catalogue's vocabulary) are exactly those `modak predict --help` accepts.
for option in --precision --graph-compiler --build; do
  accepted=$("$modak" predict --help | sed -n "s/^ *$option TEXT:{\([^}]*\)}.*/\1/p" | tr ',' ' ')
  offered=$(complete_line modak predict "$option" "" | tr '\n' ' ')
  [[ -n $accepted && "$accepted " == "$offered" ]] || fail "predict $option offers '$offered', the CLI accepts '$accepted'"
done
cd "$src/examples" || exit 1
# (Captured first: `grep -q` closing the pipe early would make pipefail report the printf's SIGPIPE.)
files=$(complete_line modak check mnist_t)
grep -qx 'mnist_tensorflow_2_1.modak' <<<"$files" || fail "check <file>: $files"
options=$(complete_line modak check --w)
grep -qx -- '--werror' <<<"$options" || fail "check --w: $options"

# Every option the completion offers for a subcommand is one its --help lists.
for command in check fmt import plan predict generate catalog lsp; do
  help=$("$modak" "$command" --help 2>&1)
  for option in $(complete_line modak "$command" -); do
    grep -qE -- "(^|[ ,])$option([ ,=]|$)" <<<"$help" || fail "completion offers $command $option, which --help does not list"
  done
done
top_help=$("$modak" --help 2>&1)
for command in $(complete_line modak ""); do
  [[ $command == -* ]] && continue
  grep -qw "$command" <<<"$top_help" || fail "completion offers the subcommand $command, which --help does not list"
done

if command -v zsh >/dev/null; then
  zsh -n "$src/integrations/completions/_modak" || fail "_modak does not parse in zsh"
fi
((failures)) && exit 1
echo "bash and zsh completions agree with the CLI"
