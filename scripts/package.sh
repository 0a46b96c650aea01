#!/usr/bin/env bash
# Builds the Debian package (CPack) from the default build, build/ — the binary the tests ran, -O2 with
# its symbols stripped, as Debian's own packages are built — checks its contents and, when run as root
# with INSTALL=1, installs it with `dpkg -i` and runs the installed modak on an example.
# usage: scripts/package.sh          (prints the .deb's path)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh >/dev/null
(cd build && cpack -G DEB >/dev/null)
deb=$(ls -t build/modak_*.deb | head -1)
echo "$deb"
contents=$(dpkg-deb --contents "$deb")
for f in ./usr/bin/modak ./usr/share/man/man1/modak.1 ./usr/share/bash-completion/completions/modak \
         ./usr/share/zsh/vendor-completions/_modak ./usr/share/doc/modak/language.md; do
  grep -qF " $f" <<<"$contents" || { echo "package.sh: $f missing from $deb" >&2; exit 1; }
done
dpkg-deb --field "$deb" Depends | grep -q libc6 || { echo "package.sh: no shared-library dependencies computed" >&2; exit 1; }
if [[ ${INSTALL:-} == 1 ]]; then
  dpkg -i "$deb" >/dev/null
  /usr/bin/modak --version
  /usr/bin/modak check examples/mnist_tensorflow_2_1.modak
  man -w modak >/dev/null
fi
