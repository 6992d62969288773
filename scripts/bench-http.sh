#!/usr/bin/env bash
# Transport benchmark: http-bench-server (release) against nginx serving the
# same bytes, alternately, with `wrk -t1 -c64`, for GET /healthz and GET /json
# (a fixed 2.5 KB JSON body). Prints req/s, p99 latency and RSS per run, and
# our/nginx ratio per round (alternating rounds, since other builds share the CPUs).
#
#   scripts/bench-http.sh [ROUNDS=2] [SECONDS=10]
#
# Env: PORT_BASE (default 18080), WRK (default wrk), SKIP_BUILD=1, SERVER=path (another
# http-bench-server binary, e.g. a copy built from main, for before/after runs),
# SERVER_ARGS (extra arguments, e.g. --offload to measure the off-I/O-thread path), SHARED_DIR
# (default ../shared, for the nginx ceiling script).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-2}"; duration="${2:-10}"
port_base="${PORT_BASE:-18080}"; wrk="${WRK:-wrk}"
ceiling="${SHARED_DIR:-$PWD/../shared}/bench/ceiling/run.sh"
work="$(mktemp -d /tmp/bench-http.XXXXXX)"
pid=""
cleanup() {
  if [[ -n "$pid" ]]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then swift build -c release --product http-bench-server >&2; fi
server="${SERVER:-$(swift build -c release --show-bin-path)/http-bench-server}"
printf 'ok\n' > "$work/healthz.body"

# Starts a server command in the background and waits for its `listening on` line.
start() {
  : > "$work/out"  # truncate now: the background job may not have opened it yet
  "$@" > "$work/out" 2> "$work/err" &
  pid=$!
  for _ in $(seq 1 100); do grep -q 'listening on' "$work/out" && return 0; sleep 0.1; done
  echo "server did not start: $*" >&2; cat "$work/err" >&2; exit 1
}
stop() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; pid=""; }

# Resident set of a process and its children, in MB (nginx: master + worker).
rss_mb() {
  local total=0 p kb
  for p in "$1" $(pgrep -P "$1" || true); do
    kb=$(awk '/VmRSS/ {print $2}' "/proc/$p/status" 2>/dev/null || echo 0)
    total=$((total + ${kb:-0}))
  done
  awk -v kb="$total" 'BEGIN { printf "%.1f", kb / 1024 }'
}

# Runs wrk against URL; prints "req/s p99_ms errors".
measure() {
  "$wrk" -t1 -c64 -d"${duration}s" --latency "$1" > "$work/wrk" 2>&1 || { echo "0 0 ERRORS"; cat "$work/wrk" >&2; return 0; }
  awk '
    /Requests\/sec/ { rps = $2 }
    /^ +99%/ { v = $2; unit = v; sub(/[0-9.]+/, "", unit); sub(/[a-z]+$/, "", v);
               p99 = (unit == "us") ? v / 1000 : (unit == "s") ? v * 1000 : v }
    /Non-2xx|Socket errors/ { errs = 1 }
    END { printf "%.0f %.2f %s\n", rps, p99, (errs ? "ERRORS" : "-") }' "$work/wrk"
}

# bench NAME PATH BODYFILE CONTENT_TYPE ROUND
bench() {
  local name="$1" path="$2" body="$3" ctype="$4" round="$5" port
  local n_rps n_p99 n_err n_rss o_rps o_p99 o_err o_rss
  port=$((port_base + round * 2))
  start bash "$ceiling" "$port" "$body" "$ctype"
  read -r n_rps n_p99 n_err < <(measure "http://127.0.0.1:$port$path"); n_rss=$(rss_mb "$pid")
  stop
  start "$server" --port $((port + 1)) ${SERVER_ARGS:-}
  read -r o_rps o_p99 o_err < <(measure "http://127.0.0.1:$((port + 1))$path"); o_rss=$(rss_mb "$pid")
  [[ "$o_err" == ERRORS ]] && cat "$work/wrk" >&2
  stop
  printf '%-7s round %d | nginx %6s req/s p99 %5s ms rss %5s MB | ours %6s req/s p99 %5s ms rss %5s MB | ratio %s\n' \
    "$name" "$round" "$n_rps" "$n_p99" "$n_rss" "$o_rps" "$o_p99" "$o_rss" \
    "$(awk -v a="$o_rps" -v b="$n_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
}

BENCH_WRITE_JSON_BODY="$work/json.body" start "$server" --port "$port_base"; stop
[[ -s "$work/json.body" ]] || { echo "no JSON body written" >&2; exit 1; }
for round in $(seq 1 "$rounds"); do
  bench healthz /healthz "$work/healthz.body" "text/plain; charset=utf-8" "$round"
  bench json /json "$work/json.body" "application/json; charset=utf-8" "$round"
done
