#!/usr/bin/env bash
# The project's benchmark, from a clone: builds moments-bff (release), seeds
# the demo and the synthetic databases, and measures it with wrk beside nginx
# answering the very bytes it answered, alternating, on fresh copies of the
# databases. Prints req/s, p50/p90/p99 latency, peak RSS and the ratio to nginx
# per workload (healthz, feed, feed-nolikes, feed-synthetic, like-mix).
#
#   scripts/bench.sh                                    # all five, 3 rounds of 10 s
#   scripts/bench.sh --workloads feed,like-mix --rounds 1 --duration 5
#   scripts/bench.sh --peer 'other=path/to/run.sh --workers 2'   # also measure another server
#   scripts/bench.sh --workloads feed-gzip,feed-br,feed-synthetic-gzip,feed-synthetic-br --rounds 3 --duration 8
#
# The compressed workloads (not among the five) send feed's or feed-synthetic's
# requests with Accept-Encoding: gzip or br, and have two ceilings: nginx
# sending our compressed bytes (/nginx: precompressed, the limit) and
# nginx-gzip or nginx-br compressing our plain answer on the fly at our level
# (/on-fly). A run with feed or feed-synthetic (or one of theirs) also prints
# the plain, gzip and br sizes of their sample answer.
#
# Options: --workloads, --rounds, --duration, --warmup, --connections,
# --threads, --peer NAME=COMMAND, --server-args, --binary, --json FILE
# (scripts/bench/bench.py --help). Installs wrk, nginx and the build's libraries with apt-get when
# missing. Traffic goes to 127.0.0.1 only.
exec "$(dirname "$0")/bench/run.sh" moments-bff app "$@"
