#!/usr/bin/env bash
# Builds the images of the compose stack from what the registries serve here (no image
# registry): a Debian base made with debootstrap, Debian's packages, the Kafka jars and the
# FerretDB binary scripts/engines made, Meilisearch from ../shared/engines, the app from the
# checkout. Each image is tagged with a hash of its inputs (its Dockerfile, the files copied in,
# the base's tag): an image whose tag exists is reused, not rebuilt. Writes the image names to
# $IMAGES_ENV (read by ci.sh, docker-compose.local.yml and the contract suites) and prints each
# image with its size and whether it was built or reused.
#   bash scripts/containers/build-images.sh [name...]   (default: all)
set -euo pipefail
source "$(dirname "$0")/common.sh"
LOCAL="$ROOT/docker/local"
ALL=(base kafka ferretdb meilisearch app web firebase-auth prometheus)
WANTED=("${@:-${ALL[@]}}")
export DOCKER_BUILDKIT=0 # the legacy builder: Debian's engine has no buildx
docker info >/dev/null 2>&1 || die "no Docker engine answers (bash scripts/containers/ensure-docker.sh)"
mkdir -p "$CACHE/ctx"

# hash_files FILE...: one hash over the paths (relative to ROOT) and contents of the files.
hash_files() {
  (cd "$ROOT" && for f in "$@"; do printf '%s\n' "${f#"$ROOT"/}"; done | LC_ALL=C sort | tr '\n' '\0' \
    | xargs -0 sha256sum) | sha256sum | cut -c1-16
}
# tracked FOLDER...: the checkout's files under the folders (committed or not, ignored ones left out).
tracked() { (cd "$ROOT" && git ls-files -co --exclude-standard -- "$@" | while read -r f; do [ -f "$f" ] && echo "$f"; done); }
locked_version() { node -p "require('$ROOT/package-lock.json').packages['node_modules/$1'].version"; }
node_bin() { readlink -f "$(command -v node)"; }
# Certificate authorities this machine trusts beyond Debian's (a registry reached through an
# intercepting proxy): given to the stages that install from npm, not to the images.
BUILD_CA_DIR="${BUILD_CA_DIR:-/usr/local/share/ca-certificates}"
build_cas() { find "$BUILD_CA_DIR" -maxdepth 1 -name '*.crt' 2>/dev/null | LC_ALL=C sort; }
npm_dir() { dirname "$(dirname "$(readlink -f "$(command -v npm)")")"; }

# The inputs of each image, one path a line (besides its Dockerfile and the base).
inputs() {
  case "$1" in
    kafka) ls -d "$ROOT/.engines/kafka/libs"/*.jar "$LOCAL"/kafka-bin/* ;;
    ferretdb) echo "$ROOT/.engines/bin/ferretdb"; ls -d "$LOCAL"/ferretdb-bin/* ;;
    meilisearch) echo "$ROOT/.engines/bin/meilisearch" ;;
    app) node_bin; echo "$(npm_dir)/package.json"; build_cas; tracked package.json package-lock.json tsconfig.base.json firebase.json packages apps scripts ;;
    web) tracked package-lock.json tsconfig.base.json packages/contracts apps/client docker/nginx.conf; echo "$LOCAL/nginx-main.conf" ;;
    firebase-auth) node_bin; echo "$(npm_dir)/package.json"; build_cas; echo "$ROOT/docker/firebase.emulator.json" ;;
    prometheus) ;;
  esac
}

# What the engine scripts install, made first when missing (installs only, nothing is started).
prepare() {
  case "$1" in
    kafka) [ -f "$ROOT/.engines/kafka/libs/.kafka-3.9.1" ] || bash "$ROOT/scripts/engines/install-kafka.sh" ;;
    ferretdb) [ -x "$ROOT/.engines/bin/ferretdb" ] || bash "$ROOT/scripts/engines/install-ferretdb.sh" ;;
    meilisearch) [ -x "$ROOT/.engines/bin/meilisearch" ] || bash "$ROOT/scripts/engines/install-meilisearch.sh" ;;
  esac
}

# stage NAME DIR: fills the build context of an image.
stage() {
  local name="$1" ctx="$2"
  case "$name" in
    kafka) mkdir -p "$ctx/libs" "$ctx/bin" && cp "$ROOT/.engines/kafka/libs"/*.jar "$ctx/libs/" && cp "$LOCAL"/kafka-bin/* "$ctx/bin/" ;;
    ferretdb) cp "$ROOT/.engines/bin/ferretdb" "$LOCAL"/ferretdb-bin/* "$ctx/" ;;
    meilisearch) cp "$ROOT/.engines/bin/meilisearch" "$ctx/" ;;
    app | firebase-auth)
      mkdir -p "$ctx/node/bin" "$ctx/build-ca" && cp "$(node_bin)" "$ctx/node/bin/node" && cp -r "$(npm_dir)" "$ctx/node/npm"
      build_cas | while read -r ca; do cp "$ca" "$ctx/build-ca/"; done
      if [ "$name" = firebase-auth ]; then
        cp "$ROOT/docker/firebase.emulator.json" "$ctx/firebase.json"
      else
        # deps/: what npm ci reads (a layer cached apart from the code); src/: the code.
        (cd "$ROOT" && tracked package.json package-lock.json tsconfig.base.json firebase.json packages apps scripts \
          | tar -c -T - | tar -C "$ctx" --one-top-level=src -x)
        mkdir -p "$ctx/deps"
        # Node's headers, for the native modules npm ci compiles (nodejs.org is out of reach).
        cp -r "$(dirname "$(dirname "$(node_bin)")")/include/node" "$ctx/node/include"
        (cd "$ctx/src" && find . -name package.json -not -path '*/node_modules/*' | tar -c -T - package-lock.json | tar -C "$ctx/deps" -x)
      fi
      ;;
    web)
      log "building the client (npm run build -w @rewear/client)"
      (cd "$ROOT" && npm run -s build -w @rewear/client >&2)
      cp -r "$ROOT/apps/client/dist" "$ctx/html"
      cp "$ROOT/docker/nginx.conf" "$ctx/default.conf" && cp "$LOCAL/nginx-main.conf" "$ctx/"
      ;;
  esac
}

# The base: Debian 12 (minbase) from debootstrap, imported, with wget (the healthchecks) and
# ca-certificates; apt installs no recommended packages and no documentation.
BASE_RECIPE="debootstrap --variant=minbase $DEBIAN_SUITE; $(sha256sum "$LOCAL/Dockerfile.base" | cut -c1-16)"
base_tag="rewear/base:$(printf '%s' "$BASE_RECIPE" | sha256sum | cut -c1-16)"
rows=()
started_all=$SECONDS

build_base() {
  local rootfs_tag="rewear/rootfs:$(printf '%s' "debootstrap --variant=minbase $DEBIAN_SUITE" | sha256sum | cut -c1-16)"
  if ! docker image inspect "$rootfs_tag" >/dev/null 2>&1; then
    command -v debootstrap >/dev/null || { [ "$(id -u)" = 0 ] && apt-get install -y -qq debootstrap >&2; } \
      || die "debootstrap is missing (apt-get install -y debootstrap, as root)"
    local rootfs="$CACHE/rootfs-base"
    if [ ! -f "$rootfs/.complete" ]; then
      rm -rf "$rootfs"
      log "debootstrap $DEBIAN_SUITE (minbase) into $rootfs"
      debootstrap --variant=minbase "$DEBIAN_SUITE" "$rootfs" "$DEBIAN_MIRROR" >"$CACHE/debootstrap.log" 2>&1 \
        || { tail -n 20 "$CACHE/debootstrap.log" >&2; die "debootstrap failed"; }
      touch "$rootfs/.complete"
    fi
    rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
    tar -C "$rootfs" --exclude=./.complete -c . | docker import - "$rootfs_tag" >/dev/null
  fi
  docker build -q --network host --build-arg "ROOTFS=$rootfs_tag" -t "$base_tag" -f "$LOCAL/Dockerfile.base" "$LOCAL" >/dev/null
}

for name in "${WANTED[@]}"; do
  started=$SECONDS
  if [ "$name" = base ]; then
    tag="$base_tag"
    if docker image inspect "$tag" >/dev/null 2>&1; then how=reused; else build_base; how=built; fi
  else
    [ -f "$LOCAL/Dockerfile.$name" ] || die "no image named $name (one of: ${ALL[*]})"
    docker image inspect "$base_tag" >/dev/null 2>&1 || die "the base image $base_tag is missing: build base first"
    prepare "$name"
    mapfile -t files < <(inputs "$name")
    extra=""
    # The version an image installs from npm outside the lockfile's tree, pinned to the lockfile's.
    case "$name" in
      firebase-auth) extra="$(locked_version firebase-tools)" ;;
      app) extra="$(locked_version tsx)" ;;
    esac
    tag="rewear/$name:$( { hash_files "$LOCAL/Dockerfile.$name" "${files[@]}"; echo "$base_tag $extra"; } | sha256sum | cut -c1-16)"
    if docker image inspect "$tag" >/dev/null 2>&1; then
      how=reused
    else
      ctx="$CACHE/ctx/$name"
      rm -rf "$ctx" && mkdir -p "$ctx"
      stage "$name" "$ctx"
      cp "$LOCAL/Dockerfile.$name" "$ctx/Dockerfile"
      log "building $tag"
      docker build --network host --build-arg "BASE=$base_tag" --build-arg "FIREBASE_TOOLS_VERSION=$extra" --build-arg "TSX_VERSION=$extra" \
        -t "$tag" "$ctx" >"$CACHE/build-$name.log" 2>&1 \
        || { tail -n 30 "$CACHE/build-$name.log" >&2; die "building $name failed (log $CACHE/build-$name.log)"; }
      rm -rf "$ctx"
      how=built
    fi
  fi
  size="$(docker image inspect -f '{{.Size}}' "$tag" | awk '{ printf "%.0f MB", $1 / 1000000 }')"
  rows+=("$(printf '%-14s %-36s %9s  %-7s %4ss' "$name" "$tag" "$size" "$how" "$((SECONDS - started))")")
  var="REWEAR_$(echo "$name" | tr 'a-z-' 'A-Z_')_IMAGE"
  touch "$IMAGES_ENV"
  grep -v "^$var=" "$IMAGES_ENV" >"$IMAGES_ENV.tmp" || true
  echo "$var=$tag" >>"$IMAGES_ENV.tmp" && mv "$IMAGES_ENV.tmp" "$IMAGES_ENV"
  log "$(printf '%s' "${rows[-1]}")"
done
echo "image          tag                                       size  how     time"
printf '%s\n' "${rows[@]}"
echo "images: $((SECONDS - started_all))s; names in $IMAGES_ENV"
