#!/usr/bin/env bash
# Builds FerretDB (MongoDB wire protocol, SQLite backend) from the Go module proxy into
# .engines/bin/ferretdb. `go install …@version` fails here because the proxy refuses the
# module's version list, so a throwaway module requires the exact version and builds it.
# The module as published lacks build/version/version.txt (its release pipeline generates it)
# and the binary panics at start without it; the build therefore uses a copy of the module
# from the Go module cache with that file written, through a `replace` directive.
set -euo pipefail
source "$(dirname "$0")/common.sh"
BIN="$ENGINES/bin/ferretdb"
if [ -x "$BIN" ] && [ -f "$ENGINES/bin/.ferretdb-$FERRETDB_VERSION" ]; then
  log "FerretDB $FERRETDB_VERSION already installed at $BIN"
  exit 0
fi
command -v go >/dev/null || { log "go not found"; exit 1; }
WORK="$ENGINES/ferretdb-build"
rm -rf "$WORK" && mkdir -p "$WORK" "$ENGINES/bin"
cat > "$WORK/go.mod" <<MOD
module local/ferretdb-build

go 1.22

require github.com/FerretDB/FerretDB $FERRETDB_VERSION
MOD
cat > "$WORK/tools.go" <<'GO'
//go:build tools

package tools

import _ "github.com/FerretDB/FerretDB/cmd/ferretdb"
GO
log "building FerretDB $FERRETDB_VERSION (about 30 s)"
(cd "$WORK" && GOFLAGS=-mod=mod go mod download github.com/FerretDB/FerretDB)
SRC="$(cd "$WORK" && go list -m -f '{{.Dir}}' github.com/FerretDB/FerretDB)"
cp -r "$SRC" "$WORK/ferretdb-src" && chmod -R u+w "$WORK/ferretdb-src"
echo "$FERRETDB_VERSION" > "$WORK/ferretdb-src/build/version/version.txt"
echo "replace github.com/FerretDB/FerretDB => ./ferretdb-src" >> "$WORK/go.mod"
(cd "$WORK" && GOFLAGS=-mod=mod go mod tidy && go build -o "$BIN" github.com/FerretDB/FerretDB/cmd/ferretdb)
touch "$ENGINES/bin/.ferretdb-$FERRETDB_VERSION"
log "FerretDB installed at $BIN"
