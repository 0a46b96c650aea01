#!/usr/bin/env bash
# Container recipes through real checkers: every example's Dockerfile through dockerfile-utils lint
# (npm, tests/tools), every definition file through our checker (header keys, sections, stages, and
# sh -n / bash -n / shellcheck on each shell section), the container build jobs through bash -n and
# shellcheck; hostile values round-trip through %environment sourced by bash and nothing in them
# runs; output is byte-identical over two runs.
# usage: recipes.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$(realpath "$1")
src=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
lint() { (cd "$src/tests/tools" && node node_modules/dockerfile-utils/bin/dockerfile-utils lint "$1" 2>&1); }

for example in "$src"/examples/*.modak; do
  name=$(basename "$example" .modak)
  "$modak" generate "$example" -o "$work/a/$name" --emit docker,singularity,build >/dev/null 2>"$work/err" ||
    fail "generate $name: $(head -c 400 "$work/err")"
  "$modak" generate "$example" -o "$work/b/$name" --emit docker,singularity,build >/dev/null 2>&1
done
diff -r "$work/a" "$work/b" >/dev/null || fail "recipes differ between two runs"
dockerfiles=0
while IFS= read -r f; do
  dockerfiles=$((dockerfiles + 1))
  out=$(lint "$f")
  [[ -z $out ]] || fail "dockerfile-utils lint $f: $out"
done < <(find "$work/a" -name Dockerfile | sort)
((dockerfiles >= 15)) || fail "only $dockerfiles Dockerfiles"
mapfile -t defs < <(find "$work/a" -name '*.def' | sort)
((${#defs[@]} >= 15)) || fail "only ${#defs[@]} definition files"
python3 "$src/tests/codegen/check-def.py" "${defs[@]}" >"$work/def.out" || fail "definition files: $(grep -v '^OK' "$work/def.out")"
jobs=0
while IFS= read -r f; do
  jobs=$((jobs + 1))
  bash -n "$f" || fail "bash -n $f"
  shellcheck "$f" >"$work/sc" 2>&1 || fail "shellcheck $f: $(head -c 400 "$work/sc")"
done < <(find "$work/a" -name 'build-image*.sh' | sort)
((jobs >= 4)) || fail "only $jobs container build jobs"

# Hostile values: quotes, expansions, backticks, unicode in the environment and the command.
cat >"$work/hostile.modak" <<'M'
modak 1
target box {
  scheduler = slurm
  runtime = apptainer
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 2, cores = 20 }
}
application app {
  kind = ai_training
  framework = pytorch "1.4"
  workload = mnist_cnn
  env { EVIL = "a'b\"c$(touch pwned)`touch pwned2`${HOME} ü \\ end", PLAIN = 3 }
  run = "echo \"$(touch pwned3)\" 'q' `id`"
}
deployment hub { application = app, target = box, build = hub }
deployment source { application = app, target = box, build = source }
M
"$modak" generate "$work/hostile.modak" -o "$work/h" --emit docker,singularity,build >/dev/null 2>"$work/err" ||
  fail "hostile: $(cat "$work/err")"
for d in hub source; do
  out=$(lint "$work/h/$d/container/Dockerfile")
  [[ -z $out ]] || fail "lint hostile $d Dockerfile: $out"
  python3 "$src/tests/codegen/check-def.py" "$work/h/$d/container/$d.def" >/dev/null || fail "hostile $d.def"
  # The %environment section, sourced by bash as apptainer would: the value arrives exactly.
  awk '/^%environment/{on=1; next} /^%/{on=0} on' "$work/h/$d/container/$d.def" >"$work/env.sh"
  got=$(cd "$work" && bash -c 'source ./env.sh; printf "%s" "$EVIL"')
  want='a'"'"'b"c$(touch pwned)`touch pwned2`${HOME} ü \ end'
  [[ $got == "$want" ]] || fail "hostile $d: EVIL arrived as [$got]"
done
grep -qF 'ENV EVIL="a'"'"'b\"c\$(touch pwned)`touch pwned2`\${HOME} ü \\ end"' "$work/h/hub/container/Dockerfile" ||
  fail "the Dockerfile ENV is not escaped: $(grep EVIL "$work/h/hub/container/Dockerfile")"
[[ ! -e $work/pwned && ! -e $work/pwned2 && ! -e $work/pwned3 ]] || fail "a hostile value was executed"

((failures)) && { echo "$failures failure(s)" >&2; exit 1; }
echo "container recipes: $dockerfiles Dockerfiles lint clean, ${#defs[@]} definition files check, $jobs build jobs pass shellcheck"
