#!/usr/bin/env bash
# Measures what each gzip level and brotli quality gives the app's answers:
# fetches getMomentsDetailsByUserID for user 0 with likes from a server on the
# demo data (2.5 KB) and one on the synthetic data scripts/bench.sh uses
# (1,000 users, 10 friends, 3 moments, 5 likes: 18 KB), then runs
# compression-bench (release, Benchmarks/) on those bytes: size and median µs
# per call at gzip 1-9 and brotli 0-11, and short prefixes at the default
# levels. docs/performance.md ("Compression levels") holds a run's tables.
#
#   scripts/compression-levels.sh                    # build, fetch, measure
#   scripts/compression-levels.sh --seconds 1        # longer per setting
#   scripts/compression-levels.sh --fixtures         # also refresh Tests/HTTPCompressionTests/Fixtures
#   scripts/compression-levels.sh --binary PATH      # fetch from that moments-bff instead of building one
#
# The answers' bytes do not depend on the build, so the server is the debug
# build `swift build` makes; only the benchmark is a release build. Servers
# listen on 127.0.0.1 and a free port, and are stopped by their PIDs.
set -euo pipefail
cd "$(dirname "$0")/.."

binary="" fixtures=0 bench_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary="$2"; shift 2 ;;
    --fixtures) fixtures=1; shift ;;
    --seconds) bench_args+=(--seconds "$2"); shift 2 ;;
    *) echo "usage: $0 [--binary PATH] [--fixtures] [--seconds S]" >&2; exit 2 ;;
  esac
done
if [ -z "$binary" ]; then
  swift build --product moments-bff >&2
  binary="$(swift build --show-bin-path)/moments-bff"
fi

work="$(mktemp -d)"
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT

# The app's document, as `moments-bff manifest` prints it.
"$binary" manifest >"$work/manifest.json"

# fetch DATABASE NAME: serves DATABASE, saves user 0's timeline with likes as NAME.json.
fetch() {
  local database=$1 name=$2 out="$work/$2.out" port="" pid
  "$binary" --port 0 --database "$database" >"$out" 2>"$work/$name.log" &
  pid=$!
  pids+=("$pid")
  for _ in $(seq 1 100); do
    port="$(sed -n 's/^listening on http:\/\/.*:\([0-9]*\)$/\1/p' "$out")"
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/$name.log" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$port" ] || { echo "no listening line from $binary" >&2; exit 1; }
  python3 - "$work/manifest.json" "$port" "$work/$name.json" <<'EOF'
import json, sys, urllib.request
manifest, port, path = sys.argv[1], sys.argv[2], sys.argv[3]
operations = json.load(open(manifest))["operations"]
document = next(o["body"] for o in operations if o["name"] == "getMomentsDetailsByUserID")
body = json.dumps({"query": document, "operationName": "getMomentsDetailsByUserID",
                   "variables": {"userID": "0", "withLikes": True}}).encode()
request = urllib.request.Request(f"http://127.0.0.1:{port}/graphql", body,
                                 {"Content-Type": "application/json", "Accept": "application/json"})
with urllib.request.urlopen(request) as response:
    answer = response.read()
if b'"errors"' in answer or not answer.startswith(b'{"data":{"getMomentsDetailsByUserID"'):
    sys.exit(f"unexpected answer: {answer[:200]!r}")
open(path, "wb").write(answer)
EOF
  kill "$pid"
  wait "$pid" 2>/dev/null || true
}

"$binary" seed --database "$work/demo.sqlite" >/dev/null
# As scripts/bench/workloads.py's SYNTHETIC.
"$binary" seed --database "$work/synthetic.sqlite" --synthetic --users 1000 --friends 10 --moments 3 --likes 5 --seed 1 >/dev/null
fetch "$work/demo.sqlite" timeline-demo-user0
fetch "$work/synthetic.sqlite" timeline-synthetic-user0

if [ "$fixtures" -eq 1 ]; then
  cp "$work/timeline-demo-user0.json" "$work/timeline-synthetic-user0.json" Tests/HTTPCompressionTests/Fixtures/
  echo "refreshed Tests/HTTPCompressionTests/Fixtures" >&2
fi
scripts/microbench.sh compression-bench "${bench_args[@]}" "$work/timeline-demo-user0.json" "$work/timeline-synthetic-user0.json"
