#!/usr/bin/env bash
# Prints, space-separated, the Debian packages the build still needs (the
# README's prerequisites): the headers of SQLite, libcurl, libpq, zlib and
# brotli (HTTPCompression's gzip and br), found through pkg-config, and the
# brotli program, which HTTPCompressionTests decode br with (gzip is always
# there). A fresh machine has SQLite's headers, and zlib's with the Swift
# toolchain's build dependencies; the others may be missing.
# Used by .ci/run and the benchmark scripts before they build.
missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
pkg-config --exists sqlite3 2>/dev/null || missing+=(libsqlite3-dev)
pkg-config --exists libcurl 2>/dev/null || missing+=(libcurl4-openssl-dev)
pkg-config --exists libpq 2>/dev/null || missing+=(libpq-dev)
pkg-config --exists zlib 2>/dev/null || missing+=(zlib1g-dev)
pkg-config --exists libbrotlienc 2>/dev/null || missing+=(libbrotli-dev)
command -v brotli >/dev/null || missing+=(brotli)
echo "${missing[*]}"
