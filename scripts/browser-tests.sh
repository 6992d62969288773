#!/usr/bin/env bash
# The explorer (GET /graphql) and the internal page (/internal) in headless
# Chromium: builds moments-bff, installs Debian's chromium and chromium-driver
# and Selenium when missing, then runs Tests/Browser/test_pages.py, which
# starts the real server on port 0. Screenshots (phone 390x844, desktop
# 1280x800) go to $ARTIFACTS_DIR, by default a new temp dir (printed).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium >/dev/null || missing+=(chromium)
command -v chromedriver >/dev/null || missing+=(chromium-driver)
command -v python3 >/dev/null || missing+=(python3)
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"  # with recommends (fonts): about 30 s
fi
if ! python3 -c 'import selenium' 2>/dev/null; then
  # --break-system-packages: Debian's own python3 refuses pip installs without it (PEP 668).
  python3 -m pip install -q 'selenium==4.*' 2>/dev/null || python3 -m pip install -q --break-system-packages 'selenium==4.*'
fi

swift build --product moments-bff
export MOMENTS_BFF_BINARY="$(swift build --show-bin-path)/moments-bff"
export ARTIFACTS_DIR="${ARTIFACTS_DIR:-$(mktemp -d -t moments-browser-artifacts-XXXXXX)}"
python3 Tests/Browser/test_pages.py
