#!/usr/bin/env bash
# Browser tests drive Debian's Chromium (Playwright's own browser download cannot work offline).
set -euo pipefail
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
/usr/bin/chromium --version
