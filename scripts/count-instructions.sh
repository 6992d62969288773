#!/usr/bin/env bash
# Instructions the server spends per request, free of start-up and shutdown:
# the difference between a run serving FEW+MANY keep-alive requests and one
# serving FEW, under callgrind, divided by MANY. Deterministic where wrk's
# rounds move by 20-40 % here; compare two builds with it when a change is
# smaller than the benchmark's noise (docs/performance.md, "Measuring").
#
#   scripts/count-instructions.sh BINARY {healthz|feed|feed-nolikes} [VAR=VALUE...]
#   FEW=300 MANY=1000 scripts/count-instructions.sh .build/release/moments-bff healthz OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318
#
# Needs valgrind (apt-get install valgrind). Valgrind 3.19 cannot read Swift's
# DWARF 5, so the binary is copied without it (strip -g) first. Variables
# after the workload are set for the server (OTEL_* to count tracing's cost).
set -euo pipefail
[ $# -ge 2 ] || { sed -n 2,13p "$0" >&2; exit 2; }
binary=$1 workload=$2
shift 2
few=${FEW:-300} many=${MANY:-1000}
command -v valgrind > /dev/null || { echo "$0: valgrind is not installed" >&2; exit 1; }
case $workload in healthz|feed|feed-nolikes) ;; *) echo "$0: unknown workload $workload" >&2; exit 2 ;; esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip -g "$binary" -o "$work/moments-bff"
# The app's document, as `moments-bff manifest` prints it (as scripts/bench does).
"$binary" manifest > "$work/manifest.json"

# Total instructions of one server process that answered $1 requests.
count() {
    local run=$work/run-$1
    mkdir "$run"
    # Deterministic hashing: a random seed moves each run's dictionary probes by ~100 instructions a request.
    env SWIFT_DETERMINISTIC_HASHING=1 "${variables[@]}" valgrind --tool=callgrind --callgrind-out-file="$run/out" \
        "$work/moments-bff" --port 0 --database "$run/db.sqlite" > "$run/stdout" 2> "$run/stderr" &
    local pid=$!
    local port=
    for _ in $(seq 1 600); do
        port=$(grep -o 'listening on http://[^ ]*' "$run/stdout" 2> /dev/null | sed 's/.*://') && [ -n "$port" ] && break
        sleep 0.1
    done
    [ -n "$port" ] || { echo "$0: the server never listened" >&2; cat "$run/stderr" >&2; kill "$pid"; exit 1; }
    python3 - "$port" "$workload" "$1" "$work/manifest.json" << 'EOF'
import http.client, json, sys
port, workload, n, manifest = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4]
document = next(o["body"] for o in json.load(open(manifest))["operations"] if o["name"] == "getMomentsDetailsByUserID")
body = json.dumps({"query": document, "operationName": "getMomentsDetailsByUserID",
                   "variables": {"userID": "0", "withLikes": workload == "feed"}}).encode()
headers = {"Content-Type": "application/json", "Accept": "application/json",
           "x-app-platform": "iOS", "x-app-version": "1.0.0", "x-os-version": "17.0", "Content-Length": str(len(body))}
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
for _ in range(n):
    # No Accept-Encoding, as wrk sends none.
    if workload == "healthz":
        connection.putrequest("GET", "/healthz", skip_accept_encoding=True)
        connection.endheaders()
    else:
        connection.putrequest("POST", "/graphql", skip_accept_encoding=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body)
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
EOF
    kill -TERM "$pid"
    wait "$pid" || true
    awk '/^(summary|totals):/ { print $2; exit }' "$run/out"
}

variables=("$@")
small=$(count "$few")
large=$(count $((few + many)))
echo "$workload: $(( (large - small) / many )) instructions per request ($small for $few, $large for $((few + many)))"
