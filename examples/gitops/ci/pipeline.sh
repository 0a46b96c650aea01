#!/usr/bin/env bash
# The GitOps pipeline of this repository, as CI runs it on every push and merge request (the GitHub
# Actions workflow and GitLab CI job in integrations/ call this script):
#   1. every .modak file is in canonical form           (modak fmt --check)
#   2. every .modak file is valid; SARIF for code scanning (modak check --format sarif)
#   3. the plans, as a reviewable summary                (modak plan --format json)
#   4. generated/ is exactly what the files generate      (modak generate --check)
# Exit 0 when all pass; otherwise the first failing step's status, after printing why (a unified
# diff for each drifted generated file).
# usage: ci/pipeline.sh [REPORTS_DIR]      (MODAK: the modak binary, default `modak` on PATH)
set -uo pipefail
cd "$(dirname "$0")/.."
modak=${MODAK:-modak}
reports=${1:-reports}
mkdir -p "$reports"
status=0
step() {  # step NAME CMD...: runs a step, reports it, remembers the first failure
  local name=$1; shift
  if [[ -n ${GITHUB_ACTIONS:-} ]]; then echo "::group::$name"; else echo "== $name"; fi
  "$@"
  local rc=$?
  [[ -z ${GITHUB_ACTIONS:-} ]] || echo "::endgroup::"
  if ((rc != 0)); then
    echo "modak pipeline: '$name' failed (exit $rc)" >&2
    ((status == 0)) && status=$rc
  fi
}

step "format" "$modak" fmt --check modak
step "check" bash -c '"$0" check --format sarif modak >"$1/modak.sarif"; rc=$?; "$0" check modak; exit $rc' "$modak" "$reports"
plan_all() {
  local f rc=0
  while IFS= read -r f; do
    "$modak" plan --format json "$f" >"$reports/plan-$(basename "$f" .modak).json" || rc=$?
  done < <(find modak/teams -name '*.modak' | sort)
  return $rc
}
step "plan" plan_all
step "generated files are up to date" "$modak" generate modak/teams -o generated --check
if ((status == 0)); then
  echo "modak pipeline: all checks passed"
fi
exit $status
