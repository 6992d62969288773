#!/usr/bin/env bash
# Prints, space-separated, the Debian packages the build still needs (the
# README's prerequisites): SQLite's, libcurl's and libpq's headers, found
# through pkg-config. A fresh machine has SQLite's but neither of the others.
# Used by .ci/run and the benchmark scripts before they build.
missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
pkg-config --exists libcurl 2>/dev/null || missing+=(libcurl4-openssl-dev)
pkg-config --exists libpq 2>/dev/null || missing+=(libpq-dev)
echo "${missing[*]}"
