#!/usr/bin/env bash
# Installs Debian's nginx, the router of the distributed topology run without Docker
# (`npm run start:distributed`), when it is missing. Needs root. The package's own service is
# kept from starting: the topology runs nginx itself, with a configuration of its own.
set -euo pipefail
source "$(dirname "$0")/common.sh"
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
debian_install nginx
log "nginx installed: $(/usr/sbin/nginx -v 2>&1)"
