#!/usr/bin/env bash
# Real-tool checks of the generated job scripts: every example with every job output through
# `bash -n` and shellcheck, scheduler directives through a checker of our own, hostile values run for
# real (nothing executes), and `modak generate`'s all-or-nothing writes.
# usage: check-scripts.sh MODAK SOURCE_DIR
set -uo pipefail
modak=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

command -v shellcheck >/dev/null || { echo "shellcheck is not installed (scripts/setup.sh installs it)" >&2; exit 1; }

# Directives we emit, by scheduler; anything else is a generator bug.
slurm_ok='^#SBATCH --(job-name|nodes|ntasks|ntasks-per-node|cpus-per-task|gpus-per-node|mem|mem-per-cpu|time|partition|account|qos|constraint|nodelist|array|dependency|begin|exclusive|output|error|mail-type|mail-user|export|signal)(=[^[:space:]]+)?$'
pbs_ok='^#PBS (-N [^[:space:]]+|-l (nodes|select|walltime|mem|pmem|qos|place|naccesspolicy)=[^[:space:]]+|-q [^[:space:]]+|-A [^[:space:]]+|-o [^[:space:]]+|-e [^[:space:]]+|-j oe|-m [abne]+|-M [^[:space:]]+|-V|-v [^[:space:]]+|-J [^[:space:]]+|-t [^[:space:]]+|-W depend=[^[:space:]]+)$'

n=0
# The examples, and the DDP tests' file (per-rank launches, a chained run: submit scripts, --signal).
for example in "$src"/examples/*.modak "$src"/tests/codegen/ddp/job.modak; do
  out="$work/gen/$(basename "$example" .modak)"
  if ! "$modak" generate "$example" -o "$out" --emit slurm,torque,pbs,lsf,flux,script,build >"$work/list" 2>"$work/err"; then
    fail "generate $example: $(head -c 400 "$work/err")"
    continue
  fi
  while read -r script; do
    [[ $script == *.sh ]] || continue  # modak.lock and other non-script artefacts
    n=$((n + 1))
    bash -n "$script" || fail "bash -n $script"
    shellcheck --severity=style "$script" >"$work/sc" 2>&1 || fail "shellcheck $script: $(head -c 600 "$work/sc")"
    [[ -x $script ]] || fail "$script is not executable"
    case $script in
      */submit.*.sh) ;; # submits the jobs: no directives of its own
      *.slurm.sh) grep '^#SBATCH' "$script" | grep -Ev "$slurm_ok" | while read -r l; do fail "$script: bad directive: $l"; done ;;
      *.pbs.sh | *.torque.sh) grep '^#PBS' "$script" | grep -Ev "$pbs_ok" | while read -r l; do fail "$script: bad directive: $l"; done ;;
      *.lsf.sh | *.flux.sh) python3 "$src/tests/codegen/check-directives.py" "$script" || fail "$script: bad directives" ;;
    esac
    # Directives must come before the first command, or the scheduler ignores them.
    awk '/^#(SBATCH|PBS|BSUB|flux:)/ && seen { bad = 1 } /^[^#]/ { seen = 1 } END { exit bad }' "$script" || fail "$script: a directive after a command"
  done <"$work/list"
done
((n >= 60)) || fail "only $n scripts generated"

# The golden scripts of every batch scheduler (job, build, sweeps: tests/golden/batch/) through
# shellcheck, and LSF's and Flux's through their directive checker, which must reject broken copies.
mapfile -t golden < <(find "$src/tests/golden/batch" -name '*.sh' | sort)
((${#golden[@]} >= 50)) || fail "only ${#golden[@]} golden batch scripts"
shellcheck --severity=style "${golden[@]}" >"$work/sc" 2>&1 || fail "shellcheck of tests/golden/batch: $(head -c 600 "$work/sc")"
# (submit.*.sh submit the jobs: no directives of their own.)
mapfile -t jobs < <(printf '%s\n' "${golden[@]}" | grep -v '/submit\.[a-z]*\.sh$')
python3 "$src/tests/codegen/check-directives.py" "${jobs[@]}" || fail "directives of tests/golden/batch"
lsf=$(find "$src/tests/golden/batch/lsf" -name 'bench-n1.lsf.sh' | head -n 1)
sed 's/^#BSUB -J "\([^[]*\)\[1-/#BSUB -J "\1[0-/' "$lsf" >"$work/zero.lsf.sh"
python3 "$src/tests/codegen/check-directives.py" "$work/zero.lsf.sh" 2>/dev/null && fail "the checker accepts an LSF array from 0"
flux=$(find "$src/tests/golden/batch/flux" -name 'job.flux.sh' | head -n 1)
{ cat "$flux"; echo '#flux: --nodes=3'; } >"$work/late.flux.sh"
python3 "$src/tests/codegen/check-directives.py" "$work/late.flux.sh" 2>/dev/null && fail "the checker accepts a late Flux directive"
sed 's/^#flux: --nodes=/#flux: --nodez=/' "$flux" >"$work/typo.flux.sh"
python3 "$src/tests/codegen/check-directives.py" "$work/typo.flux.sh" 2>/dev/null && fail "the checker accepts an unknown Flux option"

# MODAK parity (docs/modak-parity.md): its fixtures, imported and generated, run what MODAK ran.
mkdir -p "$work/parity"
"$modak" import "$src/tests/data/modak-original/test-input/tf_resnet.json" -o "$work/parity/resnet.modak" 2>/dev/null
"$modak" import "$src/tests/data/modak-original/test-input/mpi_test.json" -o "$work/parity/mpi.modak" 2>/dev/null
"$modak" generate "$work/parity/resnet.modak" -o "$work/parity/out" >/dev/null 2>&1 || fail "generate resnet parity"
"$modak" generate "$work/parity/mpi.modak" -o "$work/parity/out" >/dev/null 2>&1 || fail "generate mpi parity"
grep -q "singularity exec --nv \"\$image\"" "$work/parity/out/resnet/job.torque.sh" || fail "resnet parity: no singularity exec --nv"
grep -q "docker://modakopt/modak:tensorflow-2.1-gpu-src" "$work/parity/out/resnet/job.torque.sh" || fail "resnet parity: another image"
grep -q "^#PBS -l nodes=1:ppn=40:gpus=1$" "$work/parity/out/resnet/job.torque.sh" || fail "resnet parity: resources"
grep -q "^mpirun -np 80 --hostfile \"\$PBS_NODEFILE\" .* singularity exec" "$work/parity/out/mpi_test/job.torque.sh" || fail "mpi parity: ranks"
grep -q "ethcscs/mpich:ub1804_cuda101_mpi314_gnugprof" "$work/parity/out/mpi_test/job.torque.sh" || fail "mpi parity: image"
grep -q "^command='mpicc -o xthi -fopenmp Xthi.c'" "$work/parity/out/mpi_test/build.torque.sh" || fail "mpi parity: build in the image"

# Hostile values run for real with `runtime = none`: nothing they contain may execute.
mkdir -p "$work/hostile"
cat >"$work/hostile/h.modak" <<'M'
modak 1
target box { scheduler = none, runtime = none }
application app {
  kind = hpc
  env { EVIL = "$(touch pwned1)`touch pwned2`'\"${HOME}\nsecond line", OTHER = "a b" }
  run = "printf '%s|' \"$EVIL\" \"$OTHER\" > seen.txt"
}
deployment d { application = app, target = box, emit = [script] }
M
"$modak" generate "$work/hostile/h.modak" -o "$work/hostile/out" >/dev/null 2>"$work/err" || fail "hostile generate: $(cat "$work/err")"
(cd "$work/hostile" && bash out/d/job.sh) || fail "the hostile job script failed"
[[ ! -e $work/hostile/pwned1 && ! -e $work/hostile/pwned2 ]] || fail "a hostile value was executed"
expected=$(printf '%s|%s|' "\$(touch pwned1)\`touch pwned2\`'\"\${HOME}"$'\n'"second line" "a b")
[[ $(cat "$work/hostile/seen.txt") == "$expected" ]] || fail "environment values changed on the way: $(cat "$work/hostile/seen.txt")"

# All or nothing: errors write nothing, an unwritable directory writes nothing, success replaces.
cat >"$work/bad.modak" <<'M'
modak 1
target box { scheduler = slurm, runtime = none }
application app { kind = hpc, run = "./solver" }
deployment ok { application = app, target = box }
deployment bad { application = app, target = box, job { name = "two words" } }
M
"$modak" generate "$work/bad.modak" -o "$work/bad-out" >/dev/null 2>"$work/err"
[[ $? == 1 ]] || fail "generate with an unsafe value should exit 1"
[[ ! -e $work/bad-out ]] || fail "generate wrote output despite errors"
grep -q "unsafe-value" "$work/err" || fail "no unsafe-value diagnostic: $(cat "$work/err")"
mkdir -p "$work/ro" && chmod 0555 "$work/ro"
if [[ $(id -u) != 0 ]]; then
  "$modak" generate "$src/examples/mpi_solver.modak" -o "$work/ro/out" >/dev/null 2>"$work/err"
  [[ $? == 2 ]] || fail "generate into an unwritable directory should exit 2"
  [[ -z $(ls -A "$work/ro") ]] || fail "generate left files in an unwritable directory"
fi
printf '#!/bin/bash\necho stale\n' >"$work/stale.sh"
mkdir -p "$work/replace/cfd_on_slurm" && cp "$work/stale.sh" "$work/replace/cfd_on_slurm/old-file.sh"
"$modak" generate "$src/examples/mpi_solver.modak" -o "$work/replace" >/dev/null 2>&1 || fail "generate into an existing directory"
[[ -e $work/replace/cfd_on_slurm/job.slurm.sh && ! -e $work/replace/cfd_on_slurm/old-file.sh ]] ||
  fail "regeneration did not replace the deployment's directory whole"
ls -A "$work/replace" | grep -q '^\.modak-generate' && fail "generate left its staging directory"
"$modak" generate "$src/examples/mpi_solver.modak" -o "$work/again" >/dev/null 2>&1
diff -r "$work/replace" "$work/again" >/dev/null || fail "generate is not deterministic"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "all $n generated scripts pass bash -n, shellcheck and the directive checks"
