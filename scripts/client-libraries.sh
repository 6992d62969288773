#!/usr/bin/env bash
# Makes the virtual environment of the third-party client libraries that
# LiveClientLibraryTests run: Python's gql 4.4 (its AIOHTTPTransport reads
# Apollo's multipart subscriptions; it needs graphql-core 3.3, while
# scripts/check-sdl.py pins 3.2, hence an environment of its own) and
# httpx-sse; and opentelemetry-proto, the official OTLP definitions that
# Tests/TestSupport/otlp-receiver.py decodes the server's trace exports with.
# In .build/client-libraries (or the folder given), from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-.build/client-libraries}"
if ! "$target/bin/python" -c 'import gql, httpx_sse, opentelemetry.proto' 2>/dev/null; then
  python3 -m venv "$target" 2>/dev/null || {
    apt-get install -y -qq python3-venv >/dev/null
    python3 -m venv "$target"
  }
  "$target/bin/pip" install -q 'gql[aiohttp]==4.4.*' 'httpx-sse==0.4.*' 'httpx==0.28.*' \
    'opentelemetry-proto==1.*'
fi
"$target/bin/python" -c 'import gql, httpx_sse, opentelemetry.proto; print("client libraries: gql", gql.__version__)'
