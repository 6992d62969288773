#!/usr/bin/env bash
# CI: builds the five fuzz targets and runs each briefly from the test tables' seeds
# (scripts/fuzz.sh all). About 6 minutes on the 2-core CI machine with the default 45 s per
# target: ~1.5 min to build, ~4 min of fuzzing. FUZZ_SECONDS changes the time per target.
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
scripts/fuzz.sh all "${FUZZ_SECONDS:-45}" || status=$?
echo "ci-fuzz: $((SECONDS - start)) s"
exit "$status"
