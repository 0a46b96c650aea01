#!/usr/bin/env bash
# The example GitOps repository's pipeline (examples/gitops/ci/pipeline.sh), run locally on a copy:
# it passes as committed; a hand-edited generated file, or a .modak change not regenerated, makes it
# fail with a unified diff naming the file; regenerating makes it pass again.
# usage: run.sh MODAK SOURCE_DIR        (MODAK_UPDATE_GOLDEN=1 regenerates examples/gitops/generated)
set -uo pipefail
modak=$(realpath "$1")
src=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
export MODAK=$modak
unset GITHUB_ACTIONS

if [[ -n ${MODAK_UPDATE_GOLDEN:-} && ${MODAK_UPDATE_GOLDEN} != 0 ]]; then
  (cd "$src/examples/gitops" && rm -rf generated && "$modak" generate modak/teams -o generated >/dev/null) || fail "regenerating"
fi

cp -a "$src/examples/gitops" "$work/repo"
repo=$work/repo
"$repo/ci/pipeline.sh" "$work/reports" >"$work/out" 2>&1 || fail "the pipeline fails on the committed repository: $(tail -20 "$work/out")"
grep -q '"version": "2.1.0"' "$work/reports/modak.sarif" || fail "no SARIF 2.1.0 report written"
[[ -s "$work/reports/plan-resnet.json" ]] || fail "no plan report written"

# A hand edit of a generated job script.
script=$repo/generated/vision/resnet/resnet50_nightly/job.slurm.sh
sed -i 's/^#SBATCH --time=.*/#SBATCH --time=99:00:00/' "$script"
if "$repo/ci/pipeline.sh" "$work/reports" >"$work/out" 2>&1; then
  fail "the pipeline passed although a generated file was edited"
else
  grep -qF -- "--- a/vision/resnet/resnet50_nightly/job.slurm.sh" "$work/out" || fail "no diff header for the edited file: $(tail -20 "$work/out")"
  grep -qF -- "-#SBATCH --time=99:00:00" "$work/out" || fail "the diff does not show the edit"
  grep -qF "'generated files are up to date' failed" "$work/out" || fail "the failing step is not named"
fi
(cd "$repo" && "$modak" generate modak/teams -o generated >/dev/null 2>&1)
"$repo/ci/pipeline.sh" "$work/reports" >"$work/out" 2>&1 || fail "the pipeline fails after regenerating: $(tail -20 "$work/out")"

# A .modak change committed without regenerating.
sed -i 's/walltime = 8h/walltime = 10h/' "$repo/modak/teams/nlp/bert.modak"
if "$repo/ci/pipeline.sh" "$work/reports" >"$work/out" 2>&1; then
  fail "the pipeline passed although a .modak change was not regenerated"
else
  grep -qF -- "+#SBATCH --time=10:00:00" "$work/out" || fail "the diff does not show the new walltime: $(tail -20 "$work/out")"
fi

# An unformatted file fails the format step.
printf '\n\n' >>"$repo/modak/teams/nlp/bert.modak"
"$repo/ci/pipeline.sh" "$work/reports" >"$work/out" 2>&1
grep -qF "'format' failed" "$work/out" || fail "an unformatted file does not fail the format step"

if ((failures)); then
  echo "$failures GitOps pipeline check(s) failed" >&2
  exit 1
fi
echo "the GitOps pipeline passes as committed and fails, with a diff, on drift"
