#!/usr/bin/env bash
# Installs everything modak needs to build and test on Debian bookworm (idempotent).
# Debian packages only; later parts of the project add npm packages here too.
set -euo pipefail

packages=(
  g++ cmake ninja-build make pkg-config git ca-certificates python3
  libboost-dev libcli11-dev catch2 libtree-sitter-dev libyaml-cpp-dev nlohmann-json3-dev libfmt-dev
  libbenchmark-dev time python3-jsonschema shellcheck
  slurm-wlm munge
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  exit 0
fi

sudo=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "setup.sh: run as root or install sudo" >&2; exit 2; }
  sudo=(sudo)
fi
echo "setup.sh: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
