#!/usr/bin/env bash
# Checks docker/prometheus with promtool (Debian's prometheus package, installed when missing):
# the configuration, the alerting rules, and the rules' unit tests. A few seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/engines/install-prometheus.sh
# The configuration names its token file relative to itself (ops-token, which the compose
# service writes from OPS_TOKEN); promtool checks that it exists, so a copy is checked beside a
# placeholder token.
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
cp docker/prometheus/prometheus.yml docker/prometheus/alerts.yml "$dir/"
printf 'placeholder' >"$dir/ops-token"
promtool check config "$dir/prometheus.yml"
promtool check rules docker/prometheus/alerts.yml
promtool test rules docker/prometheus/alerts.test.yml
