#!/usr/bin/env bash
# The integration files users copy: YAML that parses (yamllint, relaxed, line length up to 120),
# the modak Dockerfile clean under dockerfile-utils lint, the man page without groff warnings, and
# the pre-commit hooks naming commands that exist.
# usage: lint.sh SOURCE_DIR
set -uo pipefail
src=$(realpath "$1")
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
conf='{extends: relaxed, rules: {line-length: {max: 120}}}'
for f in "$src/integrations/github/modak.yml" "$src/integrations/gitlab/modak.gitlab-ci.yml" "$src/.pre-commit-hooks.yaml"; do
  out=$(yamllint -f parsable -d "$conf" "$f" 2>&1) || fail "yamllint $f: $out"
  [[ -z $out ]] || fail "yamllint $f: $out"
done
lint=$(cd "$src/tests/tools" && node node_modules/dockerfile-utils/bin/dockerfile-utils lint "$src/integrations/docker/Dockerfile" 2>&1)
[[ -z $lint ]] || fail "dockerfile-utils lint: $lint"
warnings=$(groff -man -Tutf8 -ww -z "$src/docs/modak.1" 2>&1)
[[ -z $warnings ]] || fail "groff warnings in docs/modak.1: $warnings"
grep -q '^  entry: modak fmt --check$' "$src/.pre-commit-hooks.yaml" || fail "pre-commit hook modak-fmt"
grep -q '^  entry: modak check$' "$src/.pre-commit-hooks.yaml" || fail "pre-commit hook modak-check"
((failures)) && exit 1
echo "integration files lint clean"
