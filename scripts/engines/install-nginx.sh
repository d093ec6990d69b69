#!/usr/bin/env bash
# Installs Debian's nginx, the router of the distributed topology run without Docker
# (`npm run start:distributed`), when it is missing. Needs root. The package's own service is
# kept from starting: the topology runs nginx itself, with a configuration of its own.
set -euo pipefail
source "$(dirname "$0")/common.sh"
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
[ "$(id -u)" = 0 ] || { log "nginx is not installed (apt-get install -y nginx, as root)"; exit 1; }
log "installing nginx from Debian (apt-get)"
export DEBIAN_FRONTEND=noninteractive
# invoke-rc.d asks policy-rc.d whether a package may start its service: 101 means no.
POLICY=/usr/sbin/policy-rc.d
own_policy=false
if [ ! -e "$POLICY" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$POLICY"
  chmod +x "$POLICY"
  own_policy=true
fi
trap 'if [ "$own_policy" = true ]; then rm -f "$POLICY"; fi' EXIT
apt-get update -qq >&2
apt-get install -y -qq --no-install-recommends nginx >&2
log "nginx installed: $(/usr/sbin/nginx -v 2>&1)"
