#!/usr/bin/env bash
# The project's benchmark (scripts/bench.sh: same driver, workloads, wrk
# scripts, answer checks, nginx ceiling) with clusters beside the single
# SQLite instance: each VARIANT is scripts/cluster.sh as a benchmark peer,
# ENGINE-N = N instances on ENGINE behind haproxy, started afresh on a copy
# of the workload's database for every run.
#
#   scripts/bench-cluster.sh                                   # pg-1, pg-2; all five workloads, 3 rounds of 10 s
#   scripts/bench-cluster.sh --variants pg-1,pg-2,sqlite-1 --workloads feed-synthetic,like-mix
#   scripts/bench-cluster.sh --workloads feed,like-mix --rounds 1 --duration 3 --warmup 1   # a smoke run
#
# --variants LIST   comma separated: pg-N (PostgreSQL), sqlite-N (one SQLite file); default pg-1,pg-2
# Every other option is bench.py's (--workloads, --rounds, --duration, --warmup,
# --connections, --threads, --binary, --json, --keep; scripts/bench/bench.py --help).
#
# The peers' CPU and RSS columns count the instances and haproxy (the
# processes cluster.sh starts); PostgreSQL runs as its own daemon, so its
# CPU shows under `noise`. Traffic goes to 127.0.0.1 only.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

variants="pg-1,pg-2" binary="" rest=()
while [ $# -gt 0 ]; do
  case "$1" in
    --variants) variants="$2"; shift 2 ;;
    --variants=*) variants="${1#*=}"; shift ;;
    --binary) binary="$2"; shift 2 ;;
    --binary=*) binary="${1#*=}"; shift ;;
    *) rest+=("$1"); shift ;;
  esac
done

# PostgreSQL and haproxy for the instances, and the build's libraries when
# this script builds (as scripts/bench/run.sh checks them); run.sh installs wrk and nginx.
missing=()
[ -n "$binary" ] || read -r -a missing <<<"$("$root/scripts/build-packages.sh")"
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq >&2
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
fi

if [ -z "$binary" ]; then
  # As scripts/bench/run.sh builds it (and the image): the Swift runtime linked statically.
  (cd "$root" && swift build -c release --product moments-bff --static-swift-stdlib >&2)
  binary="$(cd "$root" && swift build -c release --show-bin-path)/moments-bff"
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

peers=()
IFS=',' read -r -a names <<<"$variants"
for name in "${names[@]}"; do
  case "$name" in
    pg-[1-9]|pg-[1-9][0-9]) engine=postgresql ;;
    sqlite-[1-9]|sqlite-[1-9][0-9]) engine=sqlite ;;
    *) echo "bench-cluster.sh: a variant is pg-N or sqlite-N, got $name" >&2; exit 64 ;;
  esac
  peers+=(--peer "$name=$root/scripts/cluster.sh --engine $engine --instances ${name#*-} --binary $binary")
done

exec "$root/scripts/bench/run.sh" moments-bff app --binary "$binary" "${peers[@]}" "${rest[@]}"
