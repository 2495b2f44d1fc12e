#!/usr/bin/env bash
# Installs what Companion needs on a fresh machine: pnpm, the workspace's packages, and (with
# --browser) Debian's Chromium for the browser tests. Safe to run again; it only does what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=10.34.8
want_browser=0
for arg in "$@"; do
  case "$arg" in
    --browser) want_browser=1 ;;
    *) echo "setup: unknown option $arg" >&2; exit 2 ;;
  esac
done

node_major=$(node -p 'process.versions.node.split(".")[0]')
node_minor=$(node -p 'process.versions.node.split(".")[1]')
if [ "$node_major" -lt 20 ] || { [ "$node_major" -eq 20 ] && [ "$node_minor" -lt 19 ]; }; then
  echo "setup: Companion needs Node.js 20.19 or newer (found $(node -v))." >&2
  exit 1
fi

if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm -v 2>/dev/null | cut -d. -f1)" != "10" ]; then
  echo "setup: installing pnpm $PNPM_VERSION"
  npm install --global --no-fund --no-audit "pnpm@$PNPM_VERSION" >/dev/null
fi

echo "setup: installing packages (pnpm $(pnpm -v))"
if [ "${CI:-}" = "true" ]; then
  pnpm install --frozen-lockfile --reporter=append-only
else
  pnpm install --frozen-lockfile
fi

if [ "$want_browser" = "1" ]; then
  browser="${CHROME_PATH:-/usr/bin/chromium}"
  if [ ! -x "$browser" ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
      echo "setup: installing Debian's chromium for the browser tests"
      apt-get update -qq >/dev/null
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
      echo "setup: no browser at $browser; install chromium or set CHROME_PATH (browser tests need it)" >&2
      exit 1
    fi
  fi
fi
echo "setup: done"
