#!/usr/bin/env bash
# Builds Jaeger (the trace backend the fault suite's tracing test exports to) from the Go module
# proxy: a throwaway module requires the exact version and builds cmd/jaeger, the OpenTelemetry
# Collector based all-in-one (OTLP receivers, in-memory storage, the query API and UI).
# The binary is kept outside the checkout, in JAEGER_CACHE (default ~/.cache/rewear-engines), so
# a fresh clone on the same machine finds it and this script takes a second; the first build takes
# several minutes on 2 cores (Go's own build cache, ~/.cache/go-build, makes a rebuild quicker).
# Prints the binary's path on stdout.
set -euo pipefail
source "$(dirname "$0")/common.sh"
JAEGER_VERSION=v1.76.0
JAEGER_CACHE="${JAEGER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/rewear-engines}"
BIN="$JAEGER_CACHE/jaeger-$JAEGER_VERSION/jaeger"
if [ -x "$BIN" ]; then
  log "Jaeger $JAEGER_VERSION already installed at $BIN"
  echo "$BIN"
  exit 0
fi
command -v go >/dev/null || { log "go not found"; exit 1; }
WORK="$JAEGER_CACHE/jaeger-build"
rm -rf "$WORK" && mkdir -p "$WORK" "$(dirname "$BIN")"
cat >"$WORK/go.mod" <<MOD
module local/jaeger-build

go 1.24
MOD
log "building Jaeger $JAEGER_VERSION (several minutes the first time)"
(cd "$WORK" && GOFLAGS=-mod=mod go get -tool "github.com/jaegertracing/jaeger/cmd/jaeger@$JAEGER_VERSION" >&2)
# Written beside the final path and moved there, so an interrupted build leaves nothing that the
# check above would take for a finished one.
(cd "$WORK" && go build -o "$BIN.partial" github.com/jaegertracing/jaeger/cmd/jaeger >&2)
mv "$BIN.partial" "$BIN"
rm -rf "$WORK"
log "Jaeger installed at $BIN"
echo "$BIN"
