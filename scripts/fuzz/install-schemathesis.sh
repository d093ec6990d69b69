#!/usr/bin/env bash
# Installs schemathesis (PyPI), pinned with its dependencies in requirements.txt beside this
# script, into a virtual environment under .engines/schemathesis. Does nothing when that
# environment already holds these pins; prints the path of the `st` command.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
requirements="$root/scripts/fuzz/requirements.txt"
venv="$root/.engines/schemathesis"
stamp="$venv/.requirements.sha256"
want="$(sha256sum "$requirements" | cut -d' ' -f1)"

if [ -x "$venv/bin/st" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
  echo "$venv/bin/st"
  exit 0
fi
python="${PYTHON:-python3}"
command -v "$python" >/dev/null || { echo "schemathesis 4 needs Python 3.11 or newer ($python not found)" >&2; exit 1; }
echo "== installing schemathesis into $venv" >&2
rm -rf "$venv"
"$python" -m venv "$venv" >&2
"$venv/bin/pip" install --quiet --disable-pip-version-check --no-deps -r "$requirements" >&2
"$venv/bin/pip" check >&2
echo "$want" > "$stamp"
echo "$venv/bin/st"
