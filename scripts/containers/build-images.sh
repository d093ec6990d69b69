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

# pruned_dependencies DIR TREE...: DIR, holding a package.json (and a lockfile), gets the
# node_modules TREEs `npm install` made in the checkout (native modules already compiled), pruned
# to DIR's production dependencies: no registry, no compiler.
pruned_dependencies() {
  local dir="$1" tree
  shift
  for tree in "$@"; do
    mkdir -p "$dir/$(dirname "$tree")" && cp -a "$ROOT/$tree" "$dir/$tree"
  done
  rm -f "$dir/node_modules/.package-lock.json"
  (cd "$dir" && npm prune --omit=dev --prefer-offline --no-audit --no-fund --loglevel=error >&2)
}

# workspace_dependencies DIR: the workspaces' production dependencies, without the client's
# (nginx serves the client).
workspace_dependencies() {
  local dir="$1" trees
  mkdir -p "$dir"
  (cd "$ROOT" && git ls-files -- package.json package-lock.json '*/package.json' | grep -v '^apps/client/' \
    | tar -c -T - | tar -C "$dir" -x)
  node -e "const fs=require('fs'), f='$dir/package.json', p=JSON.parse(fs.readFileSync(f));
    p.workspaces=p.workspaces.filter((w)=>w!=='apps/client'); fs.writeFileSync(f, JSON.stringify(p))"
  mapfile -t trees < <(cd "$ROOT" && find . -path ./apps/client -prune -o -path ./.engines -prune -o -name node_modules -type d -prune -print | sed 's|^\./||')
  pruned_dependencies "$dir" "${trees[@]}"
}

# The inputs of each image, one path a line (besides its Dockerfile and the base).
inputs() {
  case "$1" in
    kafka) ls -d "$ROOT/.engines/kafka/libs"/*.jar "$LOCAL"/kafka-bin/* ;;
    ferretdb) echo "$ROOT/.engines/bin/ferretdb"; ls -d "$LOCAL"/ferretdb-bin/* ;;
    meilisearch) echo "$ROOT/.engines/bin/meilisearch" ;;
    app) node_bin; tracked package.json package-lock.json tsconfig.base.json firebase.json packages apps scripts ;;
    web) tracked package-lock.json tsconfig.base.json packages/contracts apps/client docker/nginx.conf; echo "$LOCAL/nginx-main.conf" ;;
    firebase-auth) node_bin; echo "$ROOT/package-lock.json"; echo "$ROOT/docker/firebase.emulator.json" ;;
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
    app)
      mkdir -p "$ctx/node/bin" && cp "$(node_bin)" "$ctx/node/bin/node"
      # src/: the code. deps/: the dependencies the checkout installed (npm install), less the
      # development ones and the client's (nginx serves the client): no registry, no compiler.
      (cd "$ROOT" && tracked package.json package-lock.json tsconfig.base.json firebase.json packages apps scripts \
        | tar -c -T - | tar -C "$ctx" --one-top-level=src -x)
      workspace_dependencies "$ctx/deps"
      ;;
    firebase-auth)
      mkdir -p "$ctx/node/bin" && cp "$(node_bin)" "$ctx/node/bin/node"
      cp "$ROOT/docker/firebase.emulator.json" "$ctx/firebase.json"
      # firebase-tools as the checkout installed it (the lockfile's version), alone.
      mkdir -p "$ctx/emulator"
      printf '{ "private": true, "dependencies": { "firebase-tools": "%s" } }\n' "$(locked_version firebase-tools)" >"$ctx/emulator/package.json"
      pruned_dependencies "$ctx/emulator" node_modules
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
    tag="rewear/$name:$( { hash_files "$LOCAL/Dockerfile.$name" "${files[@]}"; echo "$base_tag"; } | sha256sum | cut -c1-16)"
    if docker image inspect "$tag" >/dev/null 2>&1; then
      how=reused
    else
      ctx="$CACHE/ctx/$name"
      rm -rf "$ctx" && mkdir -p "$ctx"
      stage "$name" "$ctx"
      cp "$LOCAL/Dockerfile.$name" "$ctx/Dockerfile"
      log "building $tag"
      docker build --network host --build-arg "BASE=$base_tag" \
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
