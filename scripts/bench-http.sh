#!/usr/bin/env bash
# The transport alone: builds http-bench-server (release; GET /healthz and
# GET /json, a fixed 2.5 KB body, no GraphQL, no database) and measures it with
# wrk beside nginx answering the same bytes, alternating. Same driver, output
# and options as scripts/bench.sh.
#
#   scripts/bench-http.sh                               # healthz and json, 3 rounds of 10 s
#   scripts/bench-http.sh --rounds 1 --duration 5 --server-args=--offload   # handlers off the I/O thread
exec "$(dirname "$0")/bench/run.sh" http-bench-server http "$@"
