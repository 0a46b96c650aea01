#!/usr/bin/env bash
# The data set and the deployment's `mounts` are visible inside the container, for real: a generated
# plain job script (`emit = [script]`) runs its command under Charliecloud's ch-run, whose image is a
# directory holding bash alone. The command reads a marker from a folder mounted at its own path and
# from one mounted elsewhere (`mounts = ["SRC:SRC:ro", "SRC:/extra"]`; ch-run 0.31 has no read-only
# bind, so `:ro` is not enforced under Charliecloud). Paths with blanks and quotes stay one word.
# The other batch runtimes run under stand-ins (below); Kubernetes's hostPath volumes are checked in
# the goldens.
# usage: mounts.sh MODAK        (KEEP=1 keeps the work folder; exit 77: ch-run cannot run here)
set -uo pipefail
modak=$(realpath "$1")
here=$(realpath "$(dirname "$0")")
command -v ch-run >/dev/null || { echo "ch-run is missing (scripts/setup.sh installs charliecloud)" >&2; exit 1; }
work=$(mktemp -d /tmp/modak-mounts.XXXXXX)
trap '[[ -n ${KEEP:-} ]] || rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
cd "$work" || exit 1

data="$work/data set's"  # a blank and a quote: still one word in the script
mkdir -p "$data" extra
echo "in the data set" >"$data/marker"
echo "in the extra mount" >extra/marker
cat >job.modak <<M
modak 1
target box {
  scheduler = none
  runtime = charliecloud
  image_dir = "$work/images"
  nodes = 1
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
}
application reader {
  kind = hpc
  container = "docker://example/reader:1"
  run = "cat \"$data/marker\" /extra/marker"
}
deployment read {
  application = reader
  target = box
  mounts = ["$data:$data:ro", "$work/extra:/extra"]
  emit = [script]
}
M
"$modak" generate job.modak -o out >gen.out 2>&1 || { cat gen.out >&2; fail "generate"; }
script=out/read/job.sh
grep -q "ch-run --set-env --cd \"\$PWD\" -b '$work/extra:/extra' -b " "$script" ||
  fail "the job does not bind the mounts: $(grep -n ch-run "$script")"

# Every other batch runtime, with STAND-INS: Apptainer, Singularity, Docker (no daemon) and Podman are
# not installed here, nor Slurm with pyxis and enroot. tests/codegen/standin/container (as apptainer,
# singularity, docker, podman) accepts only the options the scripts use, checks each mount's source,
# and runs the command in a mount namespace where each mount really is bound at its destination
# (read-only with :ro); tests/codegen/standin/srun (pyxis) checks --container-mounts the same way
# but binds nothing. Each job reads the data set (`dataset { path }`, at its own path) and a mount
# elsewhere, and must not be able to write into the data set.
if unshare --mount --map-root-user true 2>/dev/null; then
  mkdir -p bin elsewhere-src elsewhere images-standin
  echo "in the other mount" >elsewhere-src/marker
  for tool in apptainer singularity docker podman; do ln -sf "$here/standin/container" "bin/$tool"; done
  for tool in srun enroot scontrol; do ln -sf "$here/standin/$tool" "bin/$tool"; done
  export STANDIN_LOG="$work/standin.log"
  for runtime in apptainer singularity docker podman pyxis; do
    scheduler=none emit=script job_script=job.sh
    [[ $runtime == pyxis ]] && scheduler=slurm emit=slurm job_script=job.slurm.sh
    # The pyxis stand-in binds nothing: there the read-only flag and the other mount are checked in
    # its record only.
    check="cat \\\"$data/marker\\\""
    [[ $runtime == pyxis ]] || check+="; ! touch \\\"$data/written\\\" 2>/dev/null; cat $work/elsewhere/marker"
    mkdir -p "$work/elsewhere"
    cat >"$runtime.modak" <<M
modak 1
target box {
  scheduler = $scheduler
  runtime = $runtime
  image_dir = "$work/images-standin"
  cpu { arch = x86_64, model = "Intel Xeon E5-2630 v4", sockets = 1, cores = 2 }
}
application reader {
  kind = ai_training
  framework = pytorch "1.13"
  workload = mnist_cnn
  dataset { path = "$data", samples = 100, size = 1 MiB }
  run = "$check"
}
image reader_image {
  reference = "docker://registry.example.org/team/reader:1"
  framework = pytorch "1.13"
  arch = x86_64
  accelerator = none
  build = hub
}
deployment read {
  application = reader
  target = box
  image = reader_image
  mounts = ["$work/elsewhere-src:$work/elsewhere"]
  emit = [$emit]
}
M
    "$modak" generate "$runtime.modak" -o "out-$runtime" >gen.out 2>&1 || { cat gen.out >&2; fail "$runtime: generate"; continue; }
    : >"$STANDIN_LOG"
    (cd "$work" && env PATH="$work/bin:$PATH" SLURM_JOB_ID=1 SLURM_JOB_NODELIST=node1 SLURM_NNODES=1 SLURM_NTASKS=1 \
      bash "out-$runtime/read/$job_script") >"job-$runtime.out" 2>&1 || fail "$runtime: the job failed: $(cat "job-$runtime.out")"
    grep -qx "in the data set" "job-$runtime.out" || fail "$runtime: the data set is not visible: $(cat "job-$runtime.out")"
    [[ $runtime == pyxis ]] || grep -qx "in the other mount" "job-$runtime.out" || fail "$runtime: the mount is not visible: $(cat "job-$runtime.out")"
    [[ -e $data/written ]] && fail "$runtime: the data set is writeable"
    grep -qx "$data $data ro" "$STANDIN_LOG" || fail "$runtime: the data set is not mounted read-only: $(cat "$STANDIN_LOG")"
    grep -qx "$work/elsewhere-src $work/elsewhere -" "$STANDIN_LOG" || fail "$runtime: the mount is missing: $(cat "$STANDIN_LOG")"
  done
else
  echo "unshare cannot make a mount namespace here: the stand-in runtimes are not run" >&2
fi

# The image: bash and its libraries, and the mount points (ch-run binds onto existing folders).
image=$(sed -n "s/^image=\"\$image_dir\"\/'\(.*\)'$/\1/p" "$script")
[[ -n $image ]] || fail "the script names no Charliecloud image"
root="$work/images/$image"
for f in /bin/bash /bin/cat $(ldd /bin/bash /bin/cat | grep -o '/[^ :]*'); do
  mkdir -p "$root$(dirname "$f")" && cp -L "$f" "$root$f"
done
mkdir -p "$root"/{etc,ch,dev,proc,sys,tmp,home,extra} "$root$data" "$root$work"
touch "$root"/etc/{passwd,group,hosts,resolv.conf} "$root"/ch/environment
export USER=${USER:-root}
if ! ch-run "$root" -- bash -c true 2>ch-run.err; then
  echo "SKIPPED: ch-run cannot run here ($(head -c 200 ch-run.err))" >&2
  ((failures == 0)) || exit 1
  exit 77
fi
bash "$script" >job.out 2>&1 || fail "the job failed: $(cat job.out)"
grep -qx "in the data set" job.out || fail "the data set is not visible in the container: $(cat job.out)"
grep -qx "in the extra mount" job.out || fail "the extra mount is not visible in the container: $(cat job.out)"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "the mounted folders are visible inside the Charliecloud container, and under the stand-in Apptainer, Singularity, Docker, Podman and pyxis"
