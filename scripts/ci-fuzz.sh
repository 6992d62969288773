#!/usr/bin/env bash
# CI: builds the nine fuzz targets (http-request, chunked, accept-encoding, json, graphql-parser,
# graphql-validation, bearer-token, toggles, toggle-weights) and runs each briefly from the test tables' seeds
# (scripts/fuzz.sh all). With the default 10 s per target, from a fresh clone on the 2-core
# machine: 70 to 250 s to build (the machine's load varies), 10 s of fuzzing a target (30,000 to
# 550,000 executions a target), which keeps the whole of .ci/run within its 30 minutes
# (28 of them with 25 s a target). Longer runs: scripts/fuzz.sh all 60. FUZZ_SECONDS changes the time per
# target; FUZZ_TARGETS (comma-separated, default all) which targets run.
# Exits non-zero on any finding (crash, broken invariant, leak, input slower than 5 s).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev pkg-config)
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}"
fi

start=$SECONDS
status=0
scripts/fuzz.sh "${FUZZ_TARGETS:-all}" "${FUZZ_SECONDS:-10}" || status=$?
echo "ci-fuzz: $((SECONDS - start)) s"
exit "$status"
