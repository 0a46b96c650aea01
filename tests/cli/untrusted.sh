#!/usr/bin/env bash
# A .modak file from a stranger's pull request may read nothing outside its project (docs/security.md):
# absolute imports (/etc/passwd, /proc/self/environ with a secret planted in the environment), `..`
# escapes, symbolic links out of the project (to a file, through a folder, as the root file itself),
# files that are not .modak sources (another extension, binary, not UTF-8, not the language), and the
# same for `catalog` and `calibration` files. Each through check (text, JSON, SARIF), plan (text, JSON)
# and generate: a located error, exit 1, nothing written, and no byte of the file in any output.
# usage: untrusted.sh MODAK
set -uo pipefail
modak=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# The secrets: what a leak would print. Each marker is in exactly one file (or the environment).
export SECRET_TOKEN=ghp_plantedSecretToken0123456789
secret_outside="LEAKED_OUTSIDE_7f3a"
proj=$work/proj
mkdir -p "$proj/sub" "$work/outside" "$work/extra"
touch "$proj/modak.toml"
printf 'modak 1\ntarget %s { scheduler = none }\n' "$secret_outside" >"$work/outside/secret.modak"
printf '{"images": [{"name": "%s"}]}\n' "$secret_outside" >"$work/outside/catalog.json"
printf '{"%s": 1}\n' "$secret_outside" >"$work/outside/site.calibration.json"
ln -s "$work/outside/secret.modak" "$proj/link.modak"
ln -s "$work/outside" "$proj/dirlink"
ln -s "$work/outside/catalog.json" "$proj/catalog-link.json"
printf 'modak 1\ntarget x { scheduler = none }\n\0BINARY_MARKER_91\x01\x02\n' >"$proj/binary.modak"
printf 'modak 1\n// caf\xe9 NONUTF8_MARKER_55\ntarget y { scheduler = none }\n' >"$proj/latin1.modak"
printf 'these are notes, NOTMODAK_MARKER_23, not a modak file\n' >"$proj/notes.modak"
printf 'NOTES_TXT_MARKER_64\n' >"$proj/notes.txt"
printf 'modak 1\ntarget t { scheduler = none }\n' >"$work/extra/shared.modak"
markers=("$SECRET_TOKEN" "$secret_outside" BINARY_MARKER_91 NONUTF8_MARKER_55 NOTMODAK_MARKER_23 NOTES_TXT_MARKER_64
  "root:x:0:0")

# A deployment that plans and generates cleanly; each case adds one hostile line at line 2.
body='target laptop { scheduler = slurm }
application app { kind = hpc, run = "./solver" }
deployment d { application = app, target = laptop, emit = [slurm, script] }'

no_marker() {  # no_marker FILE WHAT: no secret appears in FILE
  local m
  for m in "${markers[@]}"; do
    if grep -aqF -- "$m" "$1"; then fail "$2: the output holds '$m': $(head -c 400 "$1")"; fi
  done
}

# check_case NAME LINE CODE: the file with LINE at line 2, through every command and format.
check_case() {
  local name=$1 line=$2 code=$3 f="$proj/sub/$1.modak"
  printf 'modak 1\n%s\n%s\n' "$line" "$body" >"$f"
  local run rc
  for run in "check" "check --format json" "check --format sarif" "plan" "plan --format json" \
    "generate -o $work/gen-$name"; do
    # shellcheck disable=SC2086
    (cd "$proj/sub" && "$modak" $run "$name.modak") >"$work/out" 2>"$work/err"
    rc=$?
    [[ $rc == 1 ]] || fail "$name: modak $run exited $rc, expected 1: $(head -c 400 "$work/err")"
    cat "$work/out" "$work/err" >"$work/all"
    grep -qF "[$code]" "$work/all" || grep -qF "\"$code\"" "$work/all" ||
      fail "$name: modak $run does not report $code: $(head -c 400 "$work/all")"
    no_marker "$work/all" "$name: modak $run"
  done
  # Located at the path on line 2: text shows file:2:col, JSON the line.
  (cd "$proj/sub" && "$modak" check "$name.modak") 2>"$work/err"
  grep -qE "^$name\.modak:2:[0-9]+: error: .*\[$code\]" "$work/err" ||
    fail "$name: the error is not located at line 2: $(head -c 400 "$work/err")"
  (cd "$proj/sub" && "$modak" check --format json "$name.modak") >"$work/out" 2>/dev/null
  python3 - "$work/out" "$code" <<'PY' || fail "$name: the JSON diagnostic is not located at line 2"
import json, sys
items = json.load(open(sys.argv[1]))
assert any(d["code"] == sys.argv[2] and d["line"] == 2 and d["file"].endswith(".modak") for d in items), items
PY
  [[ ! -e "$work/gen-$name" ]] || fail "$name: generate wrote $work/gen-$name"
}

check_case abs-passwd 'import "/etc/passwd"' path-outside-project
check_case abs-environ 'import "/proc/self/environ"' path-outside-project
check_case abs-modak "import \"$work/outside/secret.modak\"" path-outside-project
check_case dotdot 'import "../../outside/secret.modak"' path-outside-project
check_case dotdot-deep 'import "../../../../../../../../etc/passwd"' path-outside-project
check_case dotdot-in-out 'import "../../proj/../outside/secret.modak"' path-outside-project
check_case link-file 'import "../link.modak"' path-outside-project
check_case link-dir 'import "../dirlink/secret.modak"' path-outside-project
check_case binary 'import "../binary.modak"' not-modak-source
check_case latin1 'import "../latin1.modak"' not-modak-source
check_case not-modak 'import "../notes.modak"' not-modak-source
check_case txt 'import "../notes.txt"' not-modak-source
check_case catalog-abs 'catalog = "/proc/self/environ"' path-outside-project
check_case catalog-dotdot 'catalog = "../../outside/catalog.json"' path-outside-project
check_case catalog-link 'catalog = "../catalog-link.json"' path-outside-project
check_case catalog-kind 'catalog = "../notes.txt"' catalog-invalid

# A target's calibration file, through plan and generate (check does not read it).
printf 'modak 1\ntarget laptop { scheduler = slurm, calibration = "/proc/self/environ" }\n%s\n' \
  "$(tail -n 2 <<<"$body")" >"$proj/sub/calibration.modak"
for run in "plan" "plan --format json" "generate -o $work/gen-cal"; do
  # shellcheck disable=SC2086
  (cd "$proj/sub" && "$modak" $run calibration.modak) >"$work/out" 2>"$work/err"
  cat "$work/out" "$work/err" >"$work/all"
  grep -qF "path-outside-project" "$work/all" || fail "calibration: modak $run does not refuse /proc/self/environ"
  no_marker "$work/all" "calibration: modak $run"
done

# The root file as a link out of the project, named or found in a directory walk: refused, unread.
mkdir -p "$proj/links"
ln -s "$work/outside/secret.modak" "$proj/links/link.modak"
for run in "check link.modak" "check ." "plan link.modak" "generate link.modak -o $work/gen-root"; do
  # shellcheck disable=SC2086
  (cd "$proj/links" && "$modak" $run) >"$work/out" 2>"$work/err"
  rc=$?
  cat "$work/out" "$work/err" >"$work/all"
  [[ $rc != 0 ]] || fail "root link: modak $run exited 0"
  grep -qF "symbolic link out of its project" "$work/all" || fail "root link: modak $run does not say why: $(head -c 300 "$work/all")"
  no_marker "$work/all" "root link: modak $run"
done

# generate --check on a pull request whose output folder holds links: a link is drift, never read.
printf 'modak 1\n%s\n' "$body" >"$proj/good.modak"
(cd "$proj" && "$modak" generate good.modak -o gen >/dev/null 2>&1) || fail "generate good.modak"
rm "$proj/gen/d/job.slurm.sh"
ln -s /proc/self/environ "$proj/gen/d/job.slurm.sh"
ln -s "$work/outside/secret.modak" "$proj/gen/d/extra.sh"
(cd "$proj" && "$modak" generate good.modak -o gen --check) >"$work/out" 2>"$work/err"
rc=$?
cat "$work/out" "$work/err" >"$work/all"
[[ $rc == 1 ]] || fail "generate --check over links exited $rc, expected 1"
grep -qF "link: gen/d/job.slurm.sh" "$work/all" || fail "generate --check does not report the link: $(head -c 300 "$work/all")"
no_marker "$work/all" "generate --check over links"
rm -rf "$proj/gen/d"
ln -s "$work/outside" "$proj/gen/d"
(cd "$proj" && "$modak" generate good.modak -o gen --check) >"$work/out" 2>"$work/err"
cat "$work/out" "$work/err" >"$work/all"
grep -qF "link: gen/d/" "$work/all" || fail "generate --check does not report the linked folder: $(head -c 300 "$work/all")"
grep -qF "secret.modak" "$work/all" && fail "generate --check listed the linked folder's files"
no_marker "$work/all" "generate --check over a linked folder"
(cd "$proj" && "$modak" generate good.modak -o gen >/dev/null 2>&1) || fail "generate over a linked folder"
[[ -L "$proj/gen/d" ]] && fail "generate wrote through the link gen/d"
[[ -f "$work/outside/job.slurm.sh" ]] && fail "generate wrote into the link's target"

# What the user names is read: --import-root makes a folder an include path.
printf 'modak 1\nimport "shared.modak"\ndeployment d2 { application = a2, target = t }\napplication a2 { kind = hpc, run = "x" }\n' \
  >"$proj/sub/shared-user.modak"
(cd "$proj/sub" && "$modak" check shared-user.modak) >/dev/null 2>&1 && fail "shared.modak resolved without --import-root"
(cd "$proj/sub" && "$modak" check --import-root "$work/extra" shared-user.modak) >"$work/out" 2>"$work/err" ||
  fail "--import-root: $(cat "$work/err")"
# Without a modak.toml or .git, the root file's folder is the project.
mkdir -p "$work/loose/inner"
printf 'modak 1\ntarget z { scheduler = none }\n' >"$work/loose/up.modak"
printf 'modak 1\nimport "../up.modak"\n' >"$work/loose/inner/down.modak"
"$modak" check "$work/loose/inner/down.modak" >/dev/null 2>"$work/err" && fail "loose: ../ resolved without a project root"
grep -qF "[path-outside-project]" "$work/err" || fail "loose: $(cat "$work/err")"
touch "$work/loose/modak.toml"
"$modak" check "$work/loose/inner/down.modak" >/dev/null 2>"$work/err" || fail "loose with modak.toml: $(cat "$work/err")"

if ((failures)); then
  echo "$failures untrusted-input test(s) failed" >&2
  exit 1
fi
echo "all untrusted-input tests passed"
