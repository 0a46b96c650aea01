#!/usr/bin/env bash
# The VS Code extension's end-to-end test in a real VS Code (vscode-extension/e2e/README.md):
# installs Chromium and code-server (offline recipe), builds modak, runs the test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh >/dev/null
dpkg-query -W -f='${Status}' chromium 2>/dev/null | grep -q "install ok installed" ||
  { export DEBIAN_FRONTEND=noninteractive; apt-get update -qq; apt-get install -y -qq --no-install-recommends chromium >/dev/null; }
(cd vscode-extension/e2e && { [[ -d node_modules ]] || npm ci --no-audit --no-fund --loglevel=error ||
  npm ci --no-audit --no-fund --loglevel=error --strict-ssl=false; })
cd vscode-extension && MODAK="$PWD/../build/cli/modak" node e2e/run.js
