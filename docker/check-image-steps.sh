#!/usr/bin/env bash
# Runs the Dockerfile's steps without a container engine (quick, and where
# podman cannot run; docker/build-local.sh builds and runs the real image
# with podman, and CI runs both): the same release build with a static
# Swift runtime, stripped of its debug information as in the image, the
# runtime libraries the image installs, the same environment, a fresh
# /data-like volume directory, the HEALTHCHECK command, and a SIGTERM stop
# that must exit 0. Traffic goes to 127.0.0.1 only. Keep it in step with
# docker/Dockerfile.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v strip >/dev/null || { apt-get update -qq && apt-get install -y -qq binutils; }
swift build -c release --product moments-bff --static-swift-stdlib
built="$(swift build -c release --show-bin-path)/moments-bff"
data="$(mktemp -d)"
log="$data/server.log"
trap 'if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; fi; rm -rf "$data"' EXIT
# As the image's build stage: the binary without its DWARF debug information.
binary="$data/moments-bff"
install "$built" "$binary"
strip --strip-debug "$binary"
echo "== moments-bff: $(( $(stat -c %s "$built") / 1000000 )) MB built, $(( $(stat -c %s "$binary") / 1000000 )) MB stripped of debug information"

echo "== runtime libraries the image must provide (ldd):"
ldd "$binary" | grep -v -E 'linux-vdso|ld-linux' || true
# The runtime stage installs exactly these (libc, libm, libgcc_s and zlib's libz come with the base
# image; libbrotli1 holds libbrotlienc and the libbrotlicommon it links).
unexpected="$(ldd "$binary" | awk '{print $1}' | grep -v -E '^(linux-vdso|/lib64/ld-linux|libc\.so|libm\.so|libgcc_s\.so|libstdc\+\+\.so|libsqlite3\.so|libpthread\.so|libdl\.so|libz\.so|libbrotlienc\.so|libbrotlicommon\.so)' || true)"
if [ -n "$unexpected" ]; then
  echo "FAIL: the runtime image lacks: $unexpected" >&2; exit 1
fi
# libpq and libcurl are loaded with dlopen, only when a postgres:// database or
# --toggles-url is configured (Sources/CPostgreSQL, Sources/CCurl): the binary
# must not link them, and the image installs them (libpq5, libcurl4) by soname.
if ldd "$binary" | grep -E 'libpq\.so|libcurl\.so' >/dev/null; then
  echo "FAIL: the binary links libpq or libcurl; they are meant to be loaded on demand" >&2; exit 1
fi
for soname in libpq.so.5 libcurl.so.4; do
  ldconfig -p | grep -F "$soname" >/dev/null || { echo "FAIL: $soname is not installed (the image installs libpq5 and libcurl4)" >&2; exit 1; }
done

# Protected mode: the image listens on 0.0.0.0, so without an auth secret it must refuse to start.
if HOST=0.0.0.0 PORT=0 DATABASE_PATH="$data/refused.sqlite" "$binary" serve >"$data/refused.out" 2>"$data/refused.err"; then
  echo "FAIL: the image's environment served without an auth secret" >&2; exit 1
fi
grep -q -- '--allow-anonymous' "$data/refused.err" || { echo "FAIL: the refusal does not name --allow-anonymous" >&2; cat "$data/refused.err"; exit 1; }
echo "== without a secret: refused to start ($(head -c 60 "$data/refused.err")...)"

# As compose runs it: HOST=0.0.0.0, the database on the volume, the secret
# from a file (compose's auth-secret service writes it). A free port
# instead of 4000, so the check never collides with a running server.
head -c 48 /dev/urandom | base64 -w0 >"$data/auth_secret"
export AUTH_SECRET_FILE="$data/auth_secret"
HOST=0.0.0.0 PORT=0 DATABASE_PATH="$data/moments.sqlite" "$binary" serve >"$data/stdout" 2>"$log" &
pid=$!
for _ in $(seq 1 100); do
  grep -q '^listening on ' "$data/stdout" 2>/dev/null && break
  kill -0 "$pid" 2>/dev/null || { cat "$log"; exit 1; }
  sleep 0.1
done
port="$(sed -n 's/^listening on http:\/\/.*:\([0-9]*\)$/\1/p' "$data/stdout")"
[ -n "$port" ] || { echo "FAIL: no listening line" >&2; cat "$log"; exit 1; }
echo "== listening on port $port"

# The HEALTHCHECK command.
curl -fsS "http://127.0.0.1:${port}/healthz" >/dev/null && echo "== healthcheck ok"
# A client without a token is refused; with one from `moments-bff token` (as the README's container section shows) it is served.
status="$(curl -sS -o /dev/null -w '%{http_code}' "http://127.0.0.1:${port}/graphql" -H 'Content-Type: application/json' \
  -d '{"query":"{ getMomentsDetailsByUserID(userID: \"0\") { userDetails { name } } }"}')"
[ "$status" = 401 ] || { echo "FAIL: a request without a token got $status" >&2; exit 1; }
token="$("$binary" token --user 0)"
curl -fsS "http://127.0.0.1:${port}/graphql" -H 'Content-Type: application/json' -H "Authorization: Bearer $token" \
  -d '{"query":"{ getMomentsDetailsByUserID(userID: \"0\") { userDetails { name } } }"}'
echo
[ -s "$data/moments.sqlite" ] && echo "== database created on the volume"

# docker stop: SIGTERM, then the exit status must be 0.
kill -TERM "$pid"
status=0; wait "$pid" || status=$?
[ "$status" -eq 0 ] || { echo "FAIL: exit status $status after SIGTERM" >&2; exit 1; }
echo "== stopped cleanly (exit 0)"
