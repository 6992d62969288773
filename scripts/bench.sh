#!/usr/bin/env bash
# The project's benchmark: builds moments-bff in release mode and runs
# ../shared/bench/compare.py with it beside the Ariadne peer (2 workers, the
# baseline) and the nginx ceiling, A B A B, on fresh copies of the same
# databases. Prints req/s, ratios, p50/p99 latency and peak RSS per workload.
#
#   scripts/bench.sh                                  # feed, feed-synthetic, like-mix; 3 rounds of 10 s
#   scripts/bench.sh --workloads healthz --rounds 1   # any compare.py option is passed through
#
# Needs wrk and nginx (installed here with apt-get when missing). Traffic goes
# to 127.0.0.1 only.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${SHARED_DIR:-$root/../shared}"
[ -f "$shared/bench/compare.py" ] || { echo "no $shared/bench/compare.py (set SHARED_DIR)" >&2; exit 2; }

missing=()
command -v wrk >/dev/null || missing+=(wrk)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null
fi

(cd "$root" && swift build -c release --product moments-bff >&2)
binary="$root/.build/release/moments-bff"

has_workloads=0
for arg in "$@"; do [ "$arg" = "--workloads" ] && has_workloads=1; done
defaults=()
[ $has_workloads -eq 1 ] || defaults+=(--workloads feed,feed-synthetic,like-mix)

cd "$shared"
exec python3 bench/compare.py \
  --server "moments-bff=$binary" \
  --server "python-2w=peers/python-ariadne/run.sh --workers 2" \
  --ceiling \
  --baseline python-2w \
  --rounds 3 --duration 10 \
  "${defaults[@]}" "$@"
