#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (never a downloaded browser build). Installs it when missing; needs
# root, which this project's machines and CI have. Quiet when Chromium is already there.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" != "0" ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install -y chromium' and run the tests again." >&2
  exit 1
fi
echo "Installing Chromium from Debian's packages (about 20 s)..." >&2
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
apt-get install -y -qq chromium >/dev/null
