#!/usr/bin/env bash
# Installs everything modak needs to build and test on Debian bookworm (idempotent).
# Debian packages, the npm packages of the test checkers (tests/tools/package.json) and OpenStack
# tosca-parser (tests/tools/tosca-parser, unpacked from Debian trixie into ~/.cache).
set -euo pipefail

packages=(
  g++ cmake ninja-build make pkg-config git ca-certificates python3
  libboost-dev libcli11-dev catch2 libtree-sitter-dev libyaml-cpp-dev nlohmann-json3-dev libfmt-dev
  libbenchmark-dev time python3-jsonschema shellcheck libdtl-dev
  slurm-wlm munge libpmix-dev openmpi-bin libopenmpi-dev charliecloud  # libpmix-dev: the unversioned libpmix.so Slurm's mpi/pmix plugin loads; Open MPI for the MPI all-reduce kernel; Charliecloud runs the app kernel in a container
  ansible-core yamllint unzip neovim zsh bash-completion groff-base man-db dpkg-dev
  file  # CPack's DEB generator reads the binaries' types with it to compute their dependencies (scripts/package.sh)
  clang libclang-rt-14-dev  # the libFuzzer targets (scripts/fuzz.sh)
  clang-format-14  # scripts/format.sh: the one formatter version (others break lines differently)
  python3-torch  # Debian's PyTorch (CPU, gloo): generated DDP jobs really train (tests/codegen/ddp-training.sh)
  python3-mpi4py  # MPI from Python: the generated MPI training job really trains (tests/codegen/ddp/train_mpi.py)
  python3-cliff python3-dateutil python3-pbr python3-requests python3-stevedore python3-yaml
)
# Node for the npm checkers: Debian's, unless a node with npm is already installed (e.g. NodeSource's).
command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
as_root() {
  if [[ $(id -u) -eq 0 ]]; then
    "$@"
  else
    command -v sudo >/dev/null || { echo "setup.sh: run as root or install sudo" >&2; exit 2; }
    sudo env HOME="$HOME" "$@"
  fi
}
if ((${#missing[@]} > 0)); then
  echo "setup.sh: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# npm_ci DIR: installs DIR's package-lock.json exactly (npm ci), when it changed since the last time.
# Every package in a lock file carries its SHA-512 `integrity`, which npm checks on each tarball. Behind
# a TLS-intercepting proxy whose CA this machine does not trust (a fresh container on a sandboxed
# network) the registry's certificate cannot be verified; the install is then retried without TLS
# verification, the integrity checks still guarding what is installed.
npm_ci() {
  local dir=$1 log
  [[ -d $dir/node_modules && ! $dir/package-lock.json -nt $dir/node_modules ]] && return 0
  echo "setup.sh: installing the npm packages of ${dir#"$root"/} (package-lock.json)" >&2
  export NODE_EXTRA_CA_CERTS=${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}
  log=$(mktemp)
  if ! (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) >"$log" 2>&1; then
    if grep -qE 'SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|CERT_' "$log"; then
      echo "setup.sh: the npm registry's TLS certificate is not trusted here; retrying without TLS verification (package-lock.json's SHA-512 integrity hashes are still checked)" >&2
      (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error --strict-ssl=false) >"$log" 2>&1 || { cat "$log" >&2; rm -f "$log"; exit 1; }
    else
      cat "$log" >&2
      rm -f "$log"
      exit 1
    fi
  fi
  rm -f "$log"
  touch "$dir/node_modules"
}
root=$(cd "$(dirname "$0")/.." && pwd)
tools=$root/tests/tools
npm_ci "$tools"
npm_ci "$root/vscode-extension"
cache=${MODAK_TOSCA_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tosca-parser-2.12.0}
[[ -f $cache/toscaparser/elements/TOSCA_definition.yaml ]] || as_root "$tools/tosca-parser" install
