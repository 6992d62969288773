#!/usr/bin/env bash
# Several moments-bff instances on one PostgreSQL behind haproxy, on this
# machine, without containers: what docker/compose.yaml runs, for development,
# the consistency check and the benchmark.
#
#   scripts/cluster.sh                          # 2 instances on the demo data; prints the address, waits for Ctrl-C
#   scripts/cluster.sh -- COMMAND [ARGS...]     # runs COMMAND against it (CLUSTER_URL, CLUSTER_DATABASE_URL), then stops
#   scripts/cluster.sh --wrk like-mix           # drives wrk through it with one of the benchmark's workloads
#   scripts/cluster.sh --check                  # the consistency check (scripts/cluster-check.py), 20 s
#   scripts/cluster.sh --failover               # the failover drill (scripts/failover-check.py), about 20 s
#
# Options:
#   --instances N        moments-bff instances (default 2)
#   --binary PATH        the moments-bff to run (default: swift build -c release; --debug: the debug build)
#   --debug              build and run the debug binary (quicker where `swift test` has built it)
#   --engine sqlite      the instances on one SQLite file instead of PostgreSQL (to measure
#                        haproxy's share beside the benchmark's single SQLite instance)
#   --synthetic          seed the benchmark's synthetic data (1,000 users) instead of the demo data
#   --seed-args 'ARGS'   seed with these `moments-bff seed` options instead (e.g. '--synthetic --users 50')
#   --database FILE      copy this SQLite database into PostgreSQL instead of seeding
#   --port P             the load balancer's port (default 0: a free one)
#   --server-args 'ARGS' more options for every instance (e.g. '--postgres-connections 4')
#   --wrk WORKLOAD       healthz, feed, feed-nolikes, feed-synthetic or like-mix (scripts/bench's
#                        workloads and wrk scripts); --duration S (10), --connections N (64), --threads N (1)
#   --check              run scripts/cluster-check.py (--duration S, default 20) and stop
#   --standby            a synchronous standby beside the primary (pg_basebackup, application_name
#                        standby1, synchronous_standby_names 'FIRST 1 (standby1)'); the instances get
#                        the multi-host URL primary,standby with target_session_attrs=read-write (and
#                        --read-database standby,primary with prefer-standby, where serve has it)
#   --failover           --standby, then the failover drill (scripts/failover-check.py): under likes
#                        through the balancer and each instance, the primary stopped (immediate), the
#                        standby promoted 1 s later, the instances run with --request-timeout 4
#   --keep               keep the temporary directory (database, configuration, logs)
#
# With --standby, CLUSTER_DATABASE_URL is the instances' multi-host URL and
# CLUSTER_STANDBY_DATABASE_URL the standby alone, and what the drill needs is
# exported too (CLUSTER_INSTANCE_URLS, CLUSTER_PG_BIN, CLUSTER_PG_USER,
# CLUSTER_PRIMARY_DATA, CLUSTER_STANDBY_DATA), so the drill runs with other
# settings as a command, e.g. a 5 s outage (haproxy then marks both down):
#   scripts/cluster.sh --standby --seed-args '--synthetic --users 200 --friends 6 --moments 2 --likes 3 --seed 1' \
#     --server-args '--request-timeout 4' -- python3 scripts/failover-check.py --request-timeout 4 --promote-after 5
# (--failover seeds those 200 users, as --check does).
#
# `--port 0 --database FILE` is the benchmark's server command line, so
# `scripts/bench.sh --peer 'pg-2=scripts/cluster.sh --instances 2'` measures
# the cluster beside one instance on SQLite (scripts/bench-cluster.sh does).
# Once everything answers, the line `listening on http://127.0.0.1:PORT`
# goes to standard output; everything else to standard error.
#
# Installs what is missing (Debian's postgresql, haproxy, wrk) with apt-get.
# PostgreSQL runs in a temporary directory on a free port (as the `postgres`
# user when run as root: initdb refuses root), fsync on. Traffic goes to
# 127.0.0.1 only. Everything started here is stopped by its PID on exit, and
# the temporary directory removed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

instances=2 engine=postgresql binary="" configuration=release seed_args="" source_db="" lb_port=0 server_args=""
wrk_workload="" duration="" connections=64 threads=1 check=0 keep=0 command=()
standby=0 failover=0
while [ $# -gt 0 ]; do
  case "$1" in
    --instances) instances="$2"; shift 2 ;;
    --binary) binary="$2"; shift 2 ;;
    --debug) configuration=debug; shift ;;
    --engine) engine="$2"; shift 2 ;;
    --synthetic) seed_args="--synthetic --users 1000 --friends 10 --moments 3 --likes 5 --seed 1"; shift ;;
    --seed-args) seed_args="$2"; shift 2 ;;
    --database) source_db="$2"; shift 2 ;;
    --port) lb_port="$2"; shift 2 ;;
    --server-args) server_args="$2"; shift 2 ;;
    --wrk) wrk_workload="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --connections) connections="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --check) check=1; shift ;;
    --standby) standby=1; shift ;;
    --failover) failover=1 standby=1; shift ;;
    --keep) keep=1; shift ;;
    --) shift; command=("$@"); break ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "cluster.sh: unknown option $1 (--help)" >&2; exit 64 ;;
  esac
done
case "$engine" in postgresql|sqlite) ;; *) echo "cluster.sh: --engine is postgresql or sqlite" >&2; exit 64 ;; esac
[ "$check" -eq 0 ] || [ "$engine" = postgresql ] || { echo "cluster.sh: --check reads PostgreSQL (not --engine sqlite)" >&2; exit 64; }
[ "$standby" -eq 0 ] || [ "$engine" = postgresql ] || { echo "cluster.sh: --standby and --failover are PostgreSQL's (not --engine sqlite)" >&2; exit 64; }
[ "$check" -eq 0 ] || [ "$failover" -eq 0 ] || { echo "cluster.sh: --check or --failover, not both" >&2; exit 64; }
[ "$failover" -eq 0 ] || [ ${#command[@]} -eq 0 ] \
  || { echo "cluster.sh: --failover runs scripts/failover-check.py itself; --standby -- python3 scripts/failover-check.py ARGS runs it with others" >&2; exit 64; }
case "$instances" in ''|*[!0-9]*|0) echo "cluster.sh: --instances wants a positive number" >&2; exit 64 ;; esac

say() { echo "cluster: $*" >&2; }

# --- what is missing --------------------------------------------------------
missing=()
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v wrk >/dev/null || missing+=(wrk)
command -v curl >/dev/null || missing+=(curl)
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} (apt-get)"
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq >&2
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
fi
haproxy_bin="$(command -v haproxy || echo /usr/sbin/haproxy)"
pg_bin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"

if [ -z "$binary" ]; then
  # Release: as the image and the benchmark build it (the Swift runtime linked statically).
  static=(); [ "$configuration" = release ] && static=(--static-swift-stdlib)
  (cd "$root" && swift build -c "$configuration" --product moments-bff "${static[@]}" >&2)
  binary="$(cd "$root" && swift build -c "$configuration" --show-bin-path)/moments-bff"
fi
[ -x "$binary" ] || { echo "cluster.sh: no executable at $binary" >&2; exit 1; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

if [ -z "$source_db" ] && [ -z "$seed_args" ]; then
  if [ -n "$wrk_workload" ]; then
    # The workload's own data set, as scripts/bench seeds it.
    seed_args="$(python3 -B "$root/scripts/bench/drive.py" seed-args "$wrk_workload")"
  elif [ "$check" -eq 1 ] || [ "$failover" -eq 1 ]; then
    # More users and pairs than the demo's 11 users and 19 (user, visible moment) pairs.
    seed_args="--synthetic --users 200 --friends 6 --moments 2 --likes 3 --seed 1"
  fi
fi

# The drill holds every answer to the instances' request deadline (plus 1 s): a known one.
request_timeout=""
if [ "$failover" -eq 1 ]; then
  request_timeout="$(printf '%s\n' "$server_args" | sed -n 's/.*--request-timeout[ =]\([0-9][0-9.]*\).*/\1/p')"
  if [ -z "$request_timeout" ]; then request_timeout=4 server_args="--request-timeout 4 $server_args"; fi
fi

# --- clean-up: everything started here, by PID ------------------------------
work="$(mktemp -d "${TMPDIR:-/tmp}/moments-cluster.XXXXXX")"
pids=()          # instances and haproxy, stopped with SIGTERM
pg_started=0
standby_started=0
as_postgres=()
if [ "$(id -u)" -eq 0 ]; then
  as_postgres=(runuser -u postgres --)
  chown postgres: "$work"
fi

cleanup() {
  status=$?
  trap - EXIT INT TERM
  if [ "$status" -ne 0 ] && [ "$status" -ne 130 ] && [ "$status" -ne 143 ]; then
    for log in "$work"/*.log; do
      [ -f "$log" ] || continue
      echo "---- last lines of $(basename "$log")" >&2
      tail -n 15 "$log" >&2 || true
    done
  fi
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$pg_started" -eq 1 ]; then
    "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$work/pg" -m fast -w -t 30 stop >/dev/null 2>&1 || true
  fi
  if [ "$standby_started" -eq 1 ]; then   # promoted or not
    "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$work/standby" -m fast -w -t 30 stop >/dev/null 2>&1 || true
  fi
  if [ "$keep" -eq 1 ]; then say "kept $work"; else rm -rf "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# --- the data ------------------------------------------------------------------
# A copy of the given SQLite file, or seeded (as a SQLite file first, kept
# for like-mix's pairs, then copied).
if [ -z "$source_db" ]; then
  source_db="$work/seed.sqlite"
  # shellcheck disable=SC2086 # seed_args is a list of options
  "$binary" seed --database "$source_db" $seed_args >&2
fi

if [ "$engine" = sqlite ]; then
  # The instances share the SQLite file itself (the same machine only).
  database_url="$source_db"
  database_name="SQLite $source_db"
else
  # --- PostgreSQL --------------------------------------------------------------
  "${as_postgres[@]}" "$pg_bin/initdb" -D "$work/pg" -U postgres --auth=trust --encoding=UTF8 --locale=C >"$work/initdb.out" 2>&1 \
    || { cat "$work/initdb.out" >&2; exit 1; }
  # Starts the cluster in directory $1 (log $2, named $3 in messages) on a free port, printed.
  start_postgres() {
    local attempt port
    for attempt in 1 2 3; do   # a free port may be taken between the probe and the bind
      port="$(free_port)"
      if "${as_postgres[@]}" "$pg_bin/pg_ctl" -D "$1" -l "$2" -w -t 60 \
           -o "-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$work' -c max_connections=200" \
           start >/dev/null; then
        echo "$port"; return 0
      fi
      say "$3 did not start on port $port (attempt $attempt)"
    done
    return 1
  }
  pg_port="$(start_postgres "$work/pg" "$work/postgresql.log" PostgreSQL)" || exit 1
  pg_started=1
  database_url="postgresql://postgres@127.0.0.1:$pg_port/moments"
  "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -d "postgresql://postgres@127.0.0.1:$pg_port/postgres" -c 'CREATE DATABASE moments' >&2
  "$binary" copy --from "$source_db" --to "$database_url" >&2
  database_name="PostgreSQL $("$pg_bin/postgres" --version | sed 's/^[^0-9]*\([0-9][0-9.]*\).*/\1/') at $database_url"

  if [ "$standby" -eq 1 ]; then
    # A standby from a base backup of the primary (-R writes standby.signal and a
    # primary_conninfo naming it standby1), on a port of its own.
    "${as_postgres[@]}" "$pg_bin/pg_basebackup" -d "host=127.0.0.1 port=$pg_port user=postgres application_name=standby1" \
      -D "$work/standby" -R -X stream -c fast >"$work/basebackup.out" 2>&1 \
      || { cat "$work/basebackup.out" >&2; exit 1; }
    grep -q "application_name=standby1" "$work/standby/postgresql.auto.conf" \
      || { say "pg_basebackup -R wrote no application_name=standby1:"; cat "$work/standby/postgresql.auto.conf" >&2; exit 1; }
    standby_port="$(start_postgres "$work/standby" "$work/standby.log" "the standby")" || exit 1
    standby_started=1
    # Synchronous only now: the backup's postgresql.auto.conf (the standby's) must not name a
    # standby, or the promoted standby would wait for one at every commit. (max_connections as
    # started: else the reload reports postgresql.conf's 100 as an error in the log.)
    for setting in "synchronous_standby_names = 'FIRST 1 (standby1)'" "synchronous_commit = on" "max_connections = 200"; do
      "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -d "postgresql://postgres@127.0.0.1:$pg_port/postgres" -c "ALTER SYSTEM SET $setting" >&2
    done
    "$pg_bin/psql" -X -q -v ON_ERROR_STOP=1 -d "postgresql://postgres@127.0.0.1:$pg_port/postgres" -c 'SELECT pg_reload_conf()' >/dev/null
    sync_state=""
    for _ in $(seq 1 300); do   # up to 30 s
      sync_state="$("$pg_bin/psql" -X -A -t -d "postgresql://postgres@127.0.0.1:$pg_port/postgres" \
        -c "SELECT sync_state FROM pg_stat_replication WHERE application_name = 'standby1'" 2>/dev/null || true)"
      [ "$sync_state" = sync ] && break
      sleep 0.1
    done
    [ "$sync_state" = sync ] || { say "standby1 is not a synchronous standby (pg_stat_replication: '$sync_state')"; exit 1; }
    database_url="postgresql://postgres@127.0.0.1:$pg_port,127.0.0.1:$standby_port/moments?target_session_attrs=read-write"
    read_database_url="postgresql://postgres@127.0.0.1:$standby_port,127.0.0.1:$pg_port/moments?target_session_attrs=prefer-standby"
    standby_database_url="postgresql://postgres@127.0.0.1:$standby_port/moments"
    database_name="$database_name, synchronous standby standby1 on port $standby_port; the instances on $database_url"
  fi
fi
say "$database_name, data from $(basename "$source_db")"

# --- the instances -------------------------------------------------------------
read_args=()
if [ "$standby" -eq 1 ]; then
  # Reads from the standby where the server can be told to (--read-database), the primary else.
  serve_help="$("$binary" serve --help 2>&1 || true)"
  case "$serve_help" in
    *--read-database*) read_args=(--read-database "$read_database_url"); say "reads: --read-database $read_database_url" ;;
    *) say "reads: on the primary (this moments-bff has no --read-database)" ;;
  esac
fi
ports=()
for i in $(seq 1 "$instances"); do
  # shellcheck disable=SC2086 # server_args is a list of options
  "$binary" serve --host 127.0.0.1 --port 0 --database "$database_url" "${read_args[@]}" $server_args \
    >"$work/bff$i.out" 2>"$work/bff$i.log" </dev/null &
  pids+=($!)
done
for i in $(seq 1 "$instances"); do
  pid="${pids[$((i - 1))]}" port=""
  for _ in $(seq 1 600); do   # up to 60 s (a debug build seeding caches is slow)
    port="$(sed -n 's/^listening on http:\/\/.*:\([0-9][0-9]*\)$/\1/p' "$work/bff$i.out")"
    [ -n "$port" ] && break
    kill -0 "$pid" 2>/dev/null || { say "instance $i exited before listening"; exit 1; }
    sleep 0.1
  done
  [ -n "$port" ] || { say "instance $i printed no listening line within 60 s"; exit 1; }
  ports+=("$port")
done
say "$instances instance(s) of $(basename "$binary") on ports ${ports[*]}"

# --- haproxy -------------------------------------------------------------------
write_haproxy_config() {
  {
    cat <<EOF
# Written by scripts/cluster.sh; docker/haproxy.cfg is the containers' twin.
global
    maxconn 4096
    log stderr format short local0 notice

defaults
    mode http
    log global
    option dontlognull
    # Subscription streams' events go out as they come, not held to fill a packet.
    option http-no-delay
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-keep-alive 60s
    retries 2

frontend moments
    bind 127.0.0.1:$1
    # 200 once every instance passes its check (this script waits for it).
    monitor-uri /haproxy-ready
    monitor fail if { nbsrv(bff) lt $instances }
    default_backend bff

backend bff
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 1s fall 2 rise 1
    # Which instance answered (the consistency check counts them).
    http-response set-header X-Served-By %s
EOF
    for i in $(seq 1 "$instances"); do
      echo "    server bff$i 127.0.0.1:${ports[$((i - 1))]} check"
    done
  } >"$work/haproxy.cfg"
}

lb_ready=0
for attempt in 1 2 3; do
  port="$lb_port"; [ "$port" = 0 ] && port="$(free_port)"
  write_haproxy_config "$port"
  "$haproxy_bin" -q -db -f "$work/haproxy.cfg" >"$work/haproxy.log" 2>&1 </dev/null &
  haproxy_pid=$!
  pids+=("$haproxy_pid")
  for _ in $(seq 1 300); do   # up to 30 s: every instance's first /readyz check
    if curl -fsS -o /dev/null --max-time 1 "http://127.0.0.1:$port/haproxy-ready" 2>/dev/null; then
      lb_ready=1; break
    fi
    kill -0 "$haproxy_pid" 2>/dev/null || break
    sleep 0.1
  done
  [ "$lb_ready" -eq 1 ] && break
  kill -TERM "$haproxy_pid" 2>/dev/null || true
  wait "$haproxy_pid" 2>/dev/null || true
  [ "$lb_port" = 0 ] || break   # a port we were given: no other to try
  say "haproxy did not come up on port $port (attempt $attempt)"
done
[ "$lb_ready" -eq 1 ] || { say "haproxy never had all $instances instances up"; exit 1; }
url="http://127.0.0.1:$port"
export CLUSTER_URL="$url" CLUSTER_DATABASE_URL="$database_url" CLUSTER_INSTANCES="$instances" CLUSTER_BINARY="$binary"
if [ "$standby" -eq 1 ]; then
  instance_urls=""
  for p in "${ports[@]}"; do instance_urls="$instance_urls${instance_urls:+ }http://127.0.0.1:$p"; done
  export CLUSTER_STANDBY_DATABASE_URL="$standby_database_url" CLUSTER_INSTANCE_URLS="$instance_urls" \
    CLUSTER_PG_BIN="$pg_bin" CLUSTER_PG_USER="$([ ${#as_postgres[@]} -gt 0 ] && echo postgres || true)" \
    CLUSTER_PRIMARY_DATA="$work/pg" CLUSTER_STANDBY_DATA="$work/standby"
fi
say "haproxy $("$haproxy_bin" -v | sed -n '1s/^HAProxy version \([^ ]*\).*/\1/p') on $url: $instances instance(s) behind it, $database_name"
echo "listening on $url"

# --- what to do with it -----------------------------------------------------------
run_in_background() {   # so a SIGTERM reaches the traps while it runs
  "$@" &
  local child=$!
  pids+=("$child")
  local status=0
  wait "$child" || status=$?
  return "$status"
}

if [ "$check" -eq 1 ]; then
  run_in_background python3 -B "$root/scripts/cluster-check.py" --duration "${duration:-20}"
elif [ "$failover" -eq 1 ]; then
  run_in_background python3 -B "$root/scripts/failover-check.py" --request-timeout "$request_timeout"
elif [ -n "$wrk_workload" ]; then
  run_in_background python3 -B "$root/scripts/bench/drive.py" run "$wrk_workload" --binary "$binary" \
    --url "$url" --sqlite "$source_db" --duration "${duration:-10}" --connections "$connections" --threads "$threads"
elif [ ${#command[@]} -gt 0 ]; then
  run_in_background "${command[@]}"
else
  say "Ctrl-C (or SIGTERM) stops it all"
  # Until a signal, or until one of the processes ends (then as a failure).
  wait -n "${pids[@]}" || true
  say "a process of the cluster exited on its own"
  exit 1
fi
