#!/usr/bin/env bash
# Builds docker/Dockerfile's image with podman on a machine with no access to
# a container registry, then runs it and checks what the image promises:
#
#   1. base images made here: `debootstrap --variant=minbase` of the host's
#      Debian release from the host's apt mirror, trimmed as the registry's
#      debian:*-slim is (no docs, man pages, locales, apt lists)
#      -> localhost/moments-base:CODENAME-slim; the same plus the Swift
#      toolchain's build dependencies and the host's toolchain (/opt/swift/usr
#      copied to /usr, as the official swift image has it)
#      -> localhost/moments-swift:CODENAME. Where GitHub is reached through
#      a local mirror (git's url.*.insteadOf in the host's /etc/gitconfig),
#      the builder gets that mirror and setting too, so `swift package
#      resolve` in the Dockerfile works unchanged;
#   2. `podman build -f docker/Dockerfile` with BUILDER_IMAGE and
#      RUNTIME_IMAGE naming those -> localhost/moments-bff:local (docker
#      format, so HEALTHCHECK and STOPSIGNAL are kept); its size;
#   3. runs it as docs/operations.md ("Container") tells users to: without
#      an auth secret it refuses to start (protected mode: HOST=0.0.0.0);
#      with a random 48-byte secret in a file mounted read-only
#      (-v FILE:/run/secrets/auth_secret:ro, AUTH_SECRET_FILE) and a named
#      volume on /data, on a free port: the HEALTHCHECK passes (`podman
#      healthcheck run`: no systemd timers here), /graphql without a token
#      is refused (401), and every other request carries a token made by the
#      image's own `moments-bff token --user ID` (Authorization: Bearer);
#      user 0's demo timeline is served, user 100 likes a moment, the
#      container is stopped (SIGTERM: exit status 0, "received signal 15" in
#      its log) and started again, the like is still there (same token) and
#      the database file is on the volume; stopped again, exit 0;
#   4. as docker/compose.yaml runs it: two containers of the image on one
#      PostgreSQL (scripts/cluster.sh's, with the image's own binary),
#      DATABASE_PATH empty, DATABASE_URL set and the same secret file: both
#      ready, a like through one is read through the other (a token for
#      user 100), SIGTERM exits 0 (--no-postgres skips it).
#
#   docker/build-local.sh              # all of it (about 9 minutes the first time on 2 cores, installing podman
#                                      # included; about 5 after a source change, seconds if nothing changed)
#   docker/build-local.sh --keep       # keep the container's volume and the images' work directory
#   docker/build-local.sh --rebuild-bases
#
# Needs root (debootstrap, podman). Installs debootstrap, podman and runc
# with apt-get when missing. What this sandbox needs that a normal machine
# does not (each passed explicitly below): runc instead of crun (crun refuses
# the host's hybrid cgroup v1/v2 layout), explicit --ulimit values no higher
# than the sandbox allows (podman's defaults raise RLIMIT_NOFILE and
# RLIMIT_NPROC, which the sandbox forbids), host networking for the build's
# apt-get (no bridge needed). Traffic goes to 127.0.0.1 only; everything
# started here is removed at exit, the secret file too (the images stay).
# CI (.ci/run) runs it as root on a fresh machine: everything above is made
# there, nothing is pulled from a registry.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${MOMENTS_IMAGE_WORK:-/var/tmp/moments-image}"
keep=0 rebuild_bases=0 postgres=1 mode=all
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1; shift ;;
    --no-postgres) postgres=0; shift ;;
    --replicas-on-postgres) mode=replicas; shift ;;   # step 4's inside, run by scripts/cluster.sh
    --rebuild-bases) rebuild_bases=1; shift ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "build-local.sh: unknown option $1" >&2; exit 64 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || { echo "build-local.sh: run as root (debootstrap, podman)" >&2; exit 1; }
say() { echo "== $*" >&2; }

missing=()
command -v debootstrap >/dev/null || missing+=(debootstrap)
command -v podman >/dev/null || missing+=(podman)
command -v runc >/dev/null || missing+=(runc)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
fi

# The sandbox's limits (see the header): the hard limits we have, NPROC capped.
nofile="$(ulimit -Hn)"; [ "$nofile" = unlimited ] && nofile=1048576
nproc="$(ulimit -Hu)"; { [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ]; } && nproc=32768
engine=(podman --runtime runc)
# podman run/start/stop try to set up systemd timers for the HEALTHCHECK and
# log an error each time where there is no systemd; those lines are dropped.
without_systemd_noise() {
  { "$@" 2>&1 1>&3 3>&- | { grep -v -e 'systemd connection' || true; } >&2; } 3>&1
}
limits=(--ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
graphql() {   # graphql URL TOKEN BODY: as an authenticated client (Authorization: Bearer TOKEN)
  curl -fsS "$1/graphql" -H 'Content-Type: application/json' -H 'x-app-platform: iOS' \
    -H 'x-app-version: 1.0.0' -H 'x-os-version: 17.0' -H "Authorization: Bearer $2" -d "$3"
}
# The auth secret as docs/operations.md mounts it: a file, read-only, named by AUTH_SECRET_FILE.
secret_in_container=/run/secrets/auth_secret
secret_opts=()
use_secret() {   # use_secret FILE: secret_opts becomes podman run's options for it
  secret_opts=(-v "$1:$secret_in_container:ro" -e "AUTH_SECRET_FILE=$secret_in_container")
}
token_for() {   # token_for IMAGE USER: a bearer token from the image's own `moments-bff token`, signed with use_secret's file
  local t
  t="$(without_systemd_noise "${engine[@]}" run --rm "${limits[@]}" --network none "${secret_opts[@]}" "$1" token --user "$2")" \
    || { echo "FAIL: moments-bff token --user $2 failed" >&2; return 1; }
  case "$t" in *.*.*) printf '%s' "$t" ;; *) echo "FAIL: moments-bff token printed no token: $t" >&2; return 1 ;; esac
}
stop_expecting_zero() {   # stop_expecting_zero NAME: SIGTERM, then exit status 0
  without_systemd_noise podman stop -t 15 "$1" >/dev/null
  code="$(podman inspect --format '{{.State.ExitCode}}' "$1")"
  [ "$code" -eq 0 ] || { echo "FAIL: $1 exited $code after SIGTERM" >&2; podman logs "$1" >&2; exit 1; }
}

if [ "$mode" = replicas ]; then
  # Step 4, inside scripts/cluster.sh (CLUSTER_DATABASE_URL): two replicas of the image,
  # authenticated as compose's are (the secret file of step 3: MOMENTS_CHECK_AUTH_SECRET_FILE).
  image="localhost/moments-bff:local"
  secret_file="${MOMENTS_CHECK_AUTH_SECRET_FILE:?build-local.sh --replicas-on-postgres: no MOMENTS_CHECK_AUTH_SECRET_FILE}"
  names=("moments-bff-replica1-$$" "moments-bff-replica2-$$") urls=()
  trap 'podman rm -f -v -t 0 "${names[@]}" >/dev/null 2>&1 || true' EXIT
  use_secret "$secret_file"
  token_100="$(token_for "$image" 100)"
  for n in "${names[@]}"; do
    p="$(free_port)"
    without_systemd_noise "${engine[@]}" run -d --name "$n" "${limits[@]}" --network host --health-interval disable \
      "${secret_opts[@]}" -e PORT="$p" -e DATABASE_PATH= -e DATABASE_URL="$CLUSTER_DATABASE_URL" "$image" >/dev/null
    urls+=("http://127.0.0.1:$p")
  done
  for i in 0 1; do
    ready=0
    for _ in $(seq 1 100); do
      if podman healthcheck run "${names[$i]}" >/dev/null 2>&1 && curl -fsS -o /dev/null "${urls[$i]}/readyz" 2>/dev/null; then ready=1; break; fi
      sleep 0.2
    done
    [ "$ready" -eq 1 ] || { echo "FAIL: replica $((i + 1)) never ready" >&2; podman logs "${names[$i]}" >&2; exit 1; }
  done
  say "two replicas of the image on $CLUSTER_DATABASE_URL, authenticated: healthy, /readyz 200"
  read_100='{"query":"{ getMomentsDetailsByUserID(userID: \"100\") { moments { id isLiked } } }"}'
  before="$(graphql "${urls[1]}" "$token_100" "$read_100")"   # cached by replica 2 now
  case "$before" in *'"isLiked":false'*) ;; *) echo "FAIL: unexpected first read: $before" >&2; exit 1 ;; esac
  graphql "${urls[0]}" "$token_100" '{"query":"mutation { updateMomentLike(momentID: \"4\", userID: \"100\", isLiked: true) { moments { id isLiked } } }"}' >/dev/null
  seen=0
  for _ in $(seq 1 50); do   # the staleness window is 1 s at most; poll up to 5 s
    case "$(graphql "${urls[1]}" "$token_100" "$read_100")" in *'"isLiked":true'*) seen=1; break ;; esac
    sleep 0.1
  done
  [ "$seen" -eq 1 ] || { echo "FAIL: replica 2 never showed replica 1's like" >&2; exit 1; }
  say "a like through replica 1 is read through replica 2"
  for n in "${names[@]}"; do stop_expecting_zero "$n"; done
  say "both replicas stopped by SIGTERM with exit status 0"
  exit 0
fi

# The host's release and apt mirror.
. /etc/os-release
codename="$VERSION_CODENAME"
mirror=""
for f in /etc/apt/sources.list.d/*.sources; do
  [ -f "$f" ] || continue
  mirror="$(awk '$1 == "URIs:" && $2 !~ /security/ && found == "" { found = $2 } END { print found }' "$f")"
  [ -n "$mirror" ] && break
done
if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
  mirror="$(awk '$1 == "deb" && $2 !~ /security/ && found == "" { found = $2 } END { print found }' /etc/apt/sources.list)"
fi
[ -n "$mirror" ] || { echo "build-local.sh: no Debian mirror in /etc/apt/sources.list*" >&2; exit 1; }

base_image="localhost/moments-base:$codename-slim"
builder_image="localhost/moments-swift:$codename"
image="localhost/moments-bff:local"
mkdir -p "$work"

# --- 1. the base images ----------------------------------------------------------
has_image() { podman image exists "$1"; }
if [ "$rebuild_bases" -eq 1 ] || ! has_image "$base_image"; then
  say "debootstrap $codename (minbase) from $mirror"
  rm -rf "$work/rootfs"
  debootstrap --variant=minbase "$codename" "$work/rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 \
    || { tail -n 20 "$work/debootstrap.log" >&2; exit 1; }
  r="$work/rootfs"
  # As the registry's slim images: no documentation, manuals or translations
  # now or in any package installed later; apt's caches and lists emptied.
  cat >"$r/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
EOF
  cat >"$r/etc/apt/apt.conf.d/slim" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
Acquire::Languages "none";
Acquire::GzipIndexes "true";
APT::AutoRemove::SuggestsImportant "false";
EOF
  # The host's sources and apt settings (its mirror may need them, e.g. a snapshot's Check-Valid-Until).
  rm -f "$r/etc/apt/sources.list"
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] || continue
    grep -q -E 'debian' "$f" || continue
    install -D -m 644 "$f" "$r$f"
  done
  for f in /etc/apt/apt.conf.d/*; do
    if grep -q -E 'Check-Valid-Until|Check-Date' "$f" 2>/dev/null; then
      install -m 644 "$f" "$r/etc/apt/apt.conf.d/$(basename "$f")"
    fi
  done
  find "$r/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
  rm -rf "$r/usr/share/man"/* "$r/usr/share/info"/* "$r/usr/share/locale"/* "$r/usr/share/lintian"/* \
         "$r/var/cache/apt"/*.bin "$r/var/cache/apt/archives"/*.deb "$r/var/lib/apt/lists"/* \
         "$r/var/log"/*.log "$r/var/log/apt"/* "$r/tmp"/* "$r/root"/.[!.]* 2>/dev/null || true
  rm -f "$r/etc/hostname" "$r/etc/resolv.conf"
  say "importing $base_image ($(du -sh "$r" | cut -f1))"
  tar --numeric-owner -C "$r" -c . | podman import --quiet --change 'CMD ["bash"]' - "$base_image" >/dev/null
  rm -rf "$r"
fi

if [ "$rebuild_bases" -eq 1 ] || ! has_image "$builder_image"; then
  swift_root="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift)")")")")"   # /opt/swift
  say "making $builder_image: $base_image + build dependencies + the toolchain in $swift_root/usr"
  ctx="$work/builder-context"
  rm -rf "$ctx"; mkdir -p "$ctx"
  # Hard links where /var/tmp and the toolchain share a file system, copies elsewhere.
  cp -al "$swift_root/usr" "$ctx/swift-usr" 2>/dev/null || cp -a "$swift_root/usr" "$ctx/swift-usr"
  mirror_dir="$(git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null | awk '$2 == "https://github.com/" { sub(/^url\./, "", $1); sub(/\.insteadof$/, "", $1); sub(/\/$/, "", $1); print $1 }')"
  mkdir -p "$ctx/git-mirror"
  if [ -n "$mirror_dir" ] && [ -d "$mirror_dir" ]; then
    cp -al "$mirror_dir/." "$ctx/git-mirror/" 2>/dev/null || cp -a "$mirror_dir/." "$ctx/git-mirror/"
    echo "$mirror_dir" >"$ctx/git-mirror.path"
  else
    : >"$ctx/git-mirror.path"
  fi
  cat >"$ctx/Containerfile" <<EOF
FROM $base_image
# What the official swift:*-$codename image installs for building (not lldb's Python).
RUN apt-get update \\
 && apt-get install -y --no-install-recommends binutils git libc6-dev libcurl4-openssl-dev libedit2 \\
      libgcc-12-dev libsqlite3-0 libstdc++-12-dev libxml2-dev libncurses-dev pkg-config tzdata zlib1g-dev \\
      ca-certificates \\
 && rm -rf /var/lib/apt/lists/*
COPY swift-usr/ /usr/
COPY git-mirror/ /var/local/git-mirror/
COPY git-mirror.path /var/local/
# This machine reaches GitHub through a local mirror: so does the builder.
RUN mirror="\$(cat /var/local/git-mirror.path)"; \\
    if [ -n "\$mirror" ]; then mkdir -p "\$(dirname "\$mirror")" && mv /var/local/git-mirror "\$mirror" \\
      && git config --system url."\$mirror/".insteadOf https://github.com/; \\
    else rm -rf /var/local/git-mirror; fi; rm /var/local/git-mirror.path; swift --version
EOF
  "${engine[@]}" build "${limits[@]}" --network host --format docker -t "$builder_image" "$ctx" >"$work/builder-build.log" 2>&1 \
    || { tail -n 30 "$work/builder-build.log" >&2; exit 1; }
  rm -rf "$ctx"
fi

# --- 2. the image --------------------------------------------------------------------
say "podman build -f docker/Dockerfile (BUILDER_IMAGE=$builder_image RUNTIME_IMAGE=$base_image)"
started=$(date +%s)
"${engine[@]}" build "${limits[@]}" --network host --format docker \
  --build-arg BUILDER_IMAGE="$builder_image" --build-arg RUNTIME_IMAGE="$base_image" \
  -f "$root/docker/Dockerfile" -t "$image" "$root" >"$work/image-build.log" 2>&1 \
  || { tail -n 40 "$work/image-build.log" >&2; exit 1; }
size="$(podman image inspect --format '{{.Size}}' "$image")"
base_size="$(podman image inspect --format '{{.Size}}' "$base_image")"
binary_size="$(without_systemd_noise podman run --rm "${limits[@]}" --runtime runc --network none --entrypoint stat "$image" -c %s /usr/local/bin/moments-bff)"
say "built $image in $(( $(date +%s) - started )) s: $(( size / 1000000 )) MB ($(( base_size / 1000000 )) MB base, $(( binary_size / 1000000 )) MB moments-bff)"

# --- 3. run it ---------------------------------------------------------------------------
name="moments-bff-check-$$"
refused="moments-bff-refused-$$"
volume="moments-bff-check-$$"
secret_dir=""
cleanup() {
  status=$?
  podman rm -f -v -t 0 "$name" "$refused" >/dev/null 2>&1 || true
  if [ "$keep" -eq 1 ]; then say "kept volume $volume"; else podman volume rm -f "$volume" >/dev/null 2>&1 || true; fi
  [ -z "$secret_dir" ] || rm -rf "$secret_dir"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Protected mode: as the image is (HOST=0.0.0.0), without a secret it refuses to start, exit status 1.
without_systemd_noise "${engine[@]}" run -d --name "$refused" "${limits[@]}" --network none --health-interval disable "$image" >/dev/null
for _ in $(seq 1 100); do   # up to about 20 s
  [ "$(podman inspect --format '{{.State.Running}}' "$refused")" = true ] || break
  sleep 0.2
done
code="$(podman inspect --format '{{.State.Running}} {{.State.ExitCode}}' "$refused")"
refusal="$(podman logs "$refused" 2>&1)"
[ "$code" = "false 1" ] && grep -q -- '--allow-anonymous' <<<"$refusal" \
  || { echo "FAIL: without an auth secret the image did not refuse to start (running, exit status: $code; want: false 1)" >&2; echo "$refusal" >&2; exit 1; }
without_systemd_noise podman rm -f -v "$refused" >/dev/null
say "without an auth secret: refused to start, exit status 1 ($(head -n 1 <<<"$refusal" | cut -c 1-70)...)"

# The secret as docs/operations.md makes it, in a directory only root reads;
# the file itself readable by the image's user (uid 10001), mounted read-only.
secret_dir="$(mktemp -d "$work/auth-secret.XXXXXX")"
secret_file="$secret_dir/auth_secret"
(umask 022 && head -c 48 /dev/urandom | base64 -w0 >"$secret_file")
use_secret "$secret_file"
token_0="$(token_for "$image" 0)"
token_100="$(token_for "$image" 100)"
say "tokens for users 0 and 100 from the image's moments-bff token (AUTH_SECRET_FILE=$secret_in_container)"

podman volume create "$volume" >/dev/null
port="$(free_port)"
# Host networking (the sandbox has no bridge): the server's PORT is the free port.
# No systemd here to time the HEALTHCHECK: its interval is off and this script
# runs it (`podman healthcheck run`), which is what the timer would do.
without_systemd_noise "${engine[@]}" run -d --name "$name" "${limits[@]}" --network host -e PORT="$port" \
  --health-interval disable -v "$volume:/data" "${secret_opts[@]}" "$image" >/dev/null
url="http://127.0.0.1:$port"

wait_healthy() {
  for _ in $(seq 1 100); do    # up to about 20 s
    if podman healthcheck run "$name" >/dev/null 2>&1; then return 0; fi
    [ "$(podman inspect --format '{{.State.Running}}' "$name")" = true ] || { podman logs "$name" >&2; return 1; }
    sleep 0.2
  done
  podman logs "$name" >&2
  return 1
}
stops=0
stop_and_check() {
  without_systemd_noise podman stop -t 15 "$name" >/dev/null
  stops=$((stops + 1))
  code="$(podman inspect --format '{{.State.ExitCode}}' "$name")"
  # The log of every run so far, read whole (grep -q on a pipe would end it early: SIGPIPE under pipefail).
  logs="$(podman logs "$name" 2>&1)"
  signals="$(grep -c 'received signal 15' <<<"$logs" || true)"
  [ "$signals" -eq "$stops" ] || { echo "FAIL: $signals 'received signal 15' lines in the log after $stops stops" >&2; exit 1; }
  [ "$code" -eq 0 ] || { echo "FAIL: exit status $code after SIGTERM" >&2; podman logs "$name" >&2; exit 1; }
  say "SIGTERM (podman stop): exit status 0"
}
timeline='{"query":"{ getMomentsDetailsByUserID(userID: \"100\") { userDetails { name } moments { id isLiked likes { id } } } }"}'

wait_healthy || { echo "FAIL: the HEALTHCHECK never passed" >&2; exit 1; }
say "HEALTHCHECK passes ($(podman inspect --format '{{.Config.Healthcheck.Test}}' "$name"))"
podman exec "$name" id
status="$(curl -sS -o /dev/null -w '%{http_code}' "$url/graphql" -H 'Content-Type: application/json' \
  -d '{"query":"{ getMomentsDetailsByUserID(userID: \"0\") { userDetails { name } } }"}')"
[ "$status" = 401 ] || { echo "FAIL: /graphql without a token answered $status, not 401" >&2; exit 1; }
say "/graphql without a token: 401"
demo="$(graphql "$url" "$token_0" '{"query":"{ getMomentsDetailsByUserID(userID: \"0\") { userDetails { name } moments { id } } }"}')"
echo "$demo"
case "$demo" in *'"name":"Jake Lin"'*'"id":"4"'*) say "the demo timeline is served" ;; *) echo "FAIL: not the demo timeline" >&2; exit 1 ;; esac
like="$(graphql "$url" "$token_100" '{"query":"mutation { updateMomentLike(momentID: \"4\", userID: \"100\", isLiked: true) { moments { id isLiked } } }"}')"
case "$like" in *'"isLiked":true'*) ;; *) echo "FAIL: the like was not taken: $like" >&2; exit 1 ;; esac
say "user 100 likes moment 4"
stop_and_check
without_systemd_noise "${engine[@]}" start "$name" >/dev/null
wait_healthy || { echo "FAIL: unhealthy after the restart" >&2; exit 1; }
after="$(graphql "$url" "$token_100" "$timeline")"
echo "$after"
case "$after" in *'"isLiked":true'*) say "after a restart the like is still there: the database is on the volume" ;;
  *) echo "FAIL: the like did not survive the restart" >&2; exit 1 ;; esac
mountpoint="$(podman volume inspect --format '{{.Mountpoint}}' "$volume")"
ls -ln "$mountpoint"
[ -s "$mountpoint/moments.sqlite" ] || { echo "FAIL: no moments.sqlite on the volume" >&2; exit 1; }
stop_and_check

# --- 4. replicas on PostgreSQL, as compose runs them ----------------------------------------
if [ "$postgres" -eq 1 ]; then
  # scripts/cluster.sh's PostgreSQL (seeded by the image's own binary, which runs on this host).
  extracted="$work/moments-bff"
  without_systemd_noise podman cp "$name:/usr/local/bin/moments-bff" "$extracted"
  MOMENTS_CHECK_AUTH_SECRET_FILE="$secret_file" \
    "$root/scripts/cluster.sh" --binary "$extracted" --instances 1 -- bash "$0" --replicas-on-postgres >"$work/replicas.log" 2>&1 \
    || { cat "$work/replicas.log" >&2; exit 1; }
  grep '^==' "$work/replicas.log" >&2 || true
  rm -f "$extracted" "$work/replicas.log"
fi
say "image $image: $(( size / 1000000 )) MB; every check passed"
