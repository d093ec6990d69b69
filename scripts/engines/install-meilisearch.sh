#!/usr/bin/env bash
# Puts the Meilisearch server ($MEILI_VERSION, Linux x86-64) at .engines/bin/meilisearch, or says
# how to get one. No registry this project reaches serves it, so it comes from, in order:
#   1. MEILI_BIN: a meilisearch binary of your own (used where it is, nothing is copied);
#   2. $SHARED_ENGINES (../shared/engines beside the checkout): the xz-compressed server built from
#      the public source, checked against its SHA256SUMS and unpacked.
# Prints the binary's path on stdout.
set -euo pipefail
source "$(dirname "$0")/common.sh"
ARCHIVE="meilisearch-$MEILI_VERSION-linux-x86_64.xz"
BIN="$ENGINES/bin/meilisearch"
MARK="$ENGINES/bin/.meilisearch-$MEILI_VERSION"

how_to_get_one() {
  log "Meilisearch $MEILI_VERSION not found: $1"
  log "get one of these and point MEILI_BIN at it (or put $ARCHIVE and its SHA256SUMS in $SHARED_ENGINES):"
  log "  - the official release binary: https://github.com/meilisearch/meilisearch/releases/tag/v$MEILI_VERSION (meilisearch-linux-amd64)"
  log "  - built from source: cargo install --locked --git https://github.com/meilisearch/meilisearch --tag v$MEILI_VERSION meilisearch"
  exit 1
}

if [ -n "${MEILI_BIN:-}" ]; then
  [ -x "$MEILI_BIN" ] || how_to_get_one "MEILI_BIN=$MEILI_BIN is not an executable file"
  echo "$MEILI_BIN"
  exit 0
fi
if [ -x "$BIN" ] && [ -f "$MARK" ]; then
  echo "$BIN"
  exit 0
fi
[ -f "$SHARED_ENGINES/$ARCHIVE" ] || how_to_get_one "no MEILI_BIN, and no $SHARED_ENGINES/$ARCHIVE"
[ -f "$SHARED_ENGINES/SHA256SUMS" ] || how_to_get_one "no $SHARED_ENGINES/SHA256SUMS to check $ARCHIVE against"
command -v xz >/dev/null || { log "xz not found (apt-get install -y xz-utils)"; exit 1; }
log "checking $SHARED_ENGINES/$ARCHIVE against SHA256SUMS"
(cd "$SHARED_ENGINES" && grep " \*\?$ARCHIVE\$" SHA256SUMS | sha256sum -c --status -) \
  || how_to_get_one "$SHARED_ENGINES/$ARCHIVE does not match its SHA256SUMS (or is not listed there)"
mkdir -p "$ENGINES/bin"
rm -f "$MARK"
xz -dc "$SHARED_ENGINES/$ARCHIVE" >"$BIN.partial"
chmod +x "$BIN.partial"
mv "$BIN.partial" "$BIN"
touch "$MARK"
log "Meilisearch $MEILI_VERSION installed at $BIN"
echo "$BIN"
