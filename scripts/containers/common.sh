# Shared paths and helpers for the container scripts (sourced, not run).
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# Build caches (debootstrap root filesystem, contexts, the Compose plugin): never committed.
CACHE="${REWEAR_CONTAINERS_CACHE:-$ROOT/.engines/containers}"
COMPOSE_VERSION=v2.29.7
# Debian 13's Compose v2 package and its SHA-256 from dists/trixie/main/binary-amd64/Packages.
COMPOSE_DEB_VERSION=2.26.1-4
COMPOSE_DEB_SHA256=47681197cb2b1ab88206b42a1a92fc75f50d9530a6322d03494a473eed0408ea
DEBIAN_SUITE=bookworm
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
# The image names the build writes, read by docker-compose.local.yml and the contract suites.
IMAGES_ENV="$CACHE/images.env"

log() { echo "[containers] $*" >&2; }
die() {
  log "error: $*"
  exit 1
}
