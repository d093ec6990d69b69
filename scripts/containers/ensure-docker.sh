#!/usr/bin/env bash
# Makes sure a Docker engine answers and `docker compose` works: installs Debian's docker.io when
# dockerd is missing, starts dockerd when nothing answers on the socket, and adds the Compose v2
# plugin when the client has none. Debian 12 packages only Compose v1 (no
# `depends_on: condition: service_completed_successfully`); Debian 13 packages v2, a static Go
# binary that runs here: its .deb is fetched from the Debian mirror and checked against the
# SHA-256 of trixie's package index. Building it from the Go module proxy instead took 10 min on
# 2 cores; that stays the fallback. Installing and starting need root. Idempotent.
set -euo pipefail
source "$(dirname "$0")/common.sh"

if ! docker info >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || die "no Docker engine answers and starting one needs root"
  if ! command -v dockerd >/dev/null 2>&1; then
    log "installing Debian's docker.io (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >&2
    # Its package would start the engine through systemd, which is not running here.
    policy=/usr/sbin/policy-rc.d
    own_policy=false
    if [ ! -e "$policy" ]; then printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod +x "$policy" && own_policy=true; fi
    apt-get install -y -qq --no-install-recommends docker.io >&2
    if [ "$own_policy" = true ]; then rm -f "$policy"; fi
  fi
  mkdir -p "$CACHE"
  log "starting dockerd (log $CACHE/dockerd.log)"
  nohup dockerd --host=unix:///var/run/docker.sock >"$CACHE/dockerd.log" 2>&1 &
  # Whoever started it here stops it (bash scripts/containers/stop-docker.sh).
  echo $! >"$CACHE/dockerd.pid"
  for _ in $(seq 1 60); do
    docker info >/dev/null 2>&1 && break
    sleep 0.5
  done
  docker info >/dev/null 2>&1 || { tail -n 30 "$CACHE/dockerd.log" >&2; die "dockerd did not start"; }
fi
log "Docker engine $(docker version --format '{{.Server.Version}}') answers"

if ! docker compose version >/dev/null 2>&1; then
  plugin_dir="$HOME/.docker/cli-plugins"
  mkdir -p "$plugin_dir" "$CACHE"
  packaged="$CACHE/compose-$COMPOSE_DEB_VERSION/docker-compose"
  if [ ! -x "$packaged" ]; then
    deb="$CACHE/docker-compose_${COMPOSE_DEB_VERSION}_amd64.deb"
    if curl -fsS -m 120 -o "$deb" "$DEBIAN_MIRROR/pool/main/d/docker-compose/docker-compose_${COMPOSE_DEB_VERSION}_amd64.deb" \
      && echo "$COMPOSE_DEB_SHA256  $deb" | sha256sum -c --quiet -; then
      rm -rf "$CACHE/compose-deb" && dpkg-deb -x "$deb" "$CACHE/compose-deb"
      mkdir -p "$(dirname "$packaged")"
      mv "$CACHE/compose-deb/usr/libexec/docker/cli-plugins/docker-compose" "$packaged"
      rm -rf "$CACHE/compose-deb" "$deb"
      log "Docker Compose $COMPOSE_DEB_VERSION from Debian's package"
    else
      log "Debian's Compose package could not be had: building Compose $COMPOSE_VERSION instead"
    fi
  fi
  if [ -x "$packaged" ]; then
    ln -sf "$packaged" "$plugin_dir/docker-compose"
  else
    built="$CACHE/compose-$COMPOSE_VERSION/docker-compose"
    if [ ! -x "$built" ]; then
      command -v go >/dev/null 2>&1 || die "docker compose is missing and Go is needed to build it"
      log "building Docker Compose $COMPOSE_VERSION from the Go module proxy (about 10 minutes)"
      mkdir -p "$(dirname "$built")"
      GOBIN="$(dirname "$built")" go install "github.com/docker/compose/v2/cmd@$COMPOSE_VERSION" >&2
      mv "$(dirname "$built")/cmd" "$built"
    fi
    ln -sf "$built" "$plugin_dir/docker-compose"
  fi
fi
log "$(docker compose version)"
