#!/usr/bin/env bash
# The data set and the deployment's `mounts` are visible inside the container, for real: a generated
# plain job script (`emit = [script]`) runs its command under Charliecloud's ch-run, whose image is a
# directory holding bash alone. The command reads a marker from a folder mounted at its own path and
# from one mounted elsewhere (`mounts = ["SRC:SRC:ro", "SRC:/extra"]`; ch-run 0.31 has no read-only
# bind, so `:ro` is not enforced under Charliecloud). Paths with blanks and quotes stay one word.
# Apptainer, Docker, Podman and Kubernetes are not installed here: their flags (`--bind … :ro`,
# `-v … :ro`, hostPath volumes with readOnly) are checked in the goldens.
# usage: mounts.sh MODAK        (KEEP=1 keeps the work folder; exit 77: ch-run cannot run here)
set -uo pipefail
modak=$(realpath "$1")
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
  exit 77
fi
bash "$script" >job.out 2>&1 || fail "the job failed: $(cat job.out)"
grep -qx "in the data set" job.out || fail "the data set is not visible in the container: $(cat job.out)"
grep -qx "in the extra mount" job.out || fail "the extra mount is not visible in the container: $(cat job.out)"

if ((failures)); then
  echo "$failures failure(s)" >&2
  exit 1
fi
echo "the mounted folders are visible inside the Charliecloud container"
