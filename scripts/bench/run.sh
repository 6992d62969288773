#!/usr/bin/env bash
# What scripts/bench.sh and scripts/bench-http.sh share: installs wrk, nginx
# and the build's libraries when missing (Debian packages, apt-get), builds
# PRODUCT in release mode, then runs the driver, bench.py SUITE, with the
# built binary and the options given.
#
#   scripts/bench/run.sh PRODUCT SUITE [bench.py options]
#
# --binary PATH among the options measures that executable instead, without
# building (e.g. a copy built from another commit, for before/after runs).
# A br workload among the options (--workloads feed-br,...) also wants the
# brotli program (to decode the answers) and nginx's brotli filter module
# (Debian's libnginx-mod-http-brotli-filter: the on-the-fly ceiling, left out
# when it cannot be installed).
set -euo pipefail
product="$1" suite="$2"; shift 2
root="$(cd "$(dirname "$0")/../.." && pwd)"

builds=yes
case " $* " in *" --binary "*|*" --binary="*) builds=no ;; esac

missing=()
[ "$builds" = no ] || read -r -a missing <<<"$("$root/scripts/build-packages.sh")"
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v python3 >/dev/null || missing+=(python3)
brotli_module="${NGINX_BROTLI_MODULE:-/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so}"
optional=()
case " $* " in
  *-br" "*|*-br,*)
    command -v brotli >/dev/null || missing+=(brotli)
    [ -e "$brotli_module" ] || optional+=(libnginx-mod-http-brotli-filter) ;;
esac
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]} (apt-get)" >&2
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  "${sudo[@]}" apt-get update -qq >&2
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
fi
if [ ${#optional[@]} -gt 0 ]; then
  echo "installing ${optional[*]} (apt-get)" >&2
  sudo=(); [ "$(id -u)" -eq 0 ] || sudo=(sudo)
  [ ${#missing[@]} -gt 0 ] || "${sudo[@]}" apt-get update -qq >&2 || true
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${optional[@]}" >&2 \
    || echo "could not install ${optional[*]}: the br workloads run without nginx-br" >&2
fi

binary=()
if [ "$builds" = yes ]; then
  # Built as the container image builds it (docker/Dockerfile): the Swift
  # runtime linked statically, so the figures are those of what ships.
  (cd "$root" && swift build -c release --product "$product" --static-swift-stdlib >&2)
  binary=(--binary "$(cd "$root" && swift build -c release --show-bin-path)/$product")
fi
# The driver stops every server it started, also on Ctrl-C and SIGTERM; a
# server whose driver is killed outright gets SIGTERM from the kernel.
exec python3 -B "$root/scripts/bench/bench.py" "$suite" "${binary[@]}" "$@"
