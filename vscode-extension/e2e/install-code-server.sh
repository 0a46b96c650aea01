#!/bin/bash
# Installs code-server 4.100.3 (VS Code 1.100.3 in the browser) without network access beyond Debian's
# packages and the npm registry: the stock `npm install code-server` downloads ripgrep from GitHub and
# needs an unsafe-perm check to pass, so the install scripts are skipped and their work done here.
# usage: install-code-server.sh [DEST]     (default ~/.cache/modak-code-server; prints the binary's path)
set -euo pipefail
dest=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/modak-code-server}
bin=$dest/node_modules/.bin/code-server
if [[ -x $bin ]] && "$bin" --version >/dev/null 2>&1; then
  echo "$bin"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev build-essential \
  pkg-config ripgrep python3 >&2
export npm_config_yes=true  # node-pty's post-install runs `npx node-gyp`
mkdir -p "$dest"
cd "$dest"
[[ -f package.json ]] || npm init -y >/dev/null
npm install --no-audit --no-fund --ignore-scripts code-server@4.100.3 >&2
cd node_modules/code-server/lib/vscode
npm install --no-audit --no-fund --omit=dev --ignore-scripts >&2
mkdir -p node_modules/@vscode/ripgrep/bin && ln -sf /usr/bin/rg node_modules/@vscode/ripgrep/bin/rg
npm rebuild --ignore-scripts=false @parcel/watcher @vscode/deviceid @vscode/spdlog kerberos native-watchdog node-pty >&2
rm -rf node_modules.asar && ln -s node_modules node_modules.asar  # what code-server's postinstall does
(cd bin/remote-cli && ln -sf code-linux.sh code-server)
(cd bin/helpers && ln -sf browser-linux.sh browser.sh)
(cd extensions && npm install --no-audit --no-fund --omit=dev --ignore-scripts >&2)
cd "$dest"
npm rebuild --ignore-scripts=false argon2 >&2
"$bin" --version >&2
echo "$bin"
