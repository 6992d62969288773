#!/usr/bin/env bash
# Builds one micro-benchmark of Benchmarks/ (release) and runs it with the arguments given.
#
#   scripts/microbench.sh storage-bench [--seconds S] [--only PREFIX] [--large PATH]
#   scripts/microbench.sh graphql-bench [--seconds S] [--ops N] [--only PREFIX] [--dump DIR]
#   scripts/microbench.sh metrics-bench
#   scripts/microbench.sh compression-bench [--seconds S] FILE...   (scripts/compression-levels.sh gives it the app's answers)
#   scripts/microbench.sh --path NAME    builds it and prints the binary's path (for valgrind, perf)
#
# Benchmarks/ is a package of its own, so that the root package's `swift build` and
# `swift test` never build these executables. They reach the modules' `package` symbols
# through @testable import, so the build adds -enable-testing (as scripts/fuzz.sh does) in
# its own scratch folder, which leaves the normal release build untouched.
set -euo pipefail
cd "$(dirname "$0")/.."

benchmarks=(storage-bench graphql-bench metrics-bench compression-bench)
usage() { echo "usage: $0 [--path] {$(IFS='|'; echo "${benchmarks[*]}")} [ARGS...]" >&2; exit 2; }
print_path=false
if [ "${1:-}" = --path ]; then print_path=true; shift; fi
[ $# -ge 1 ] || usage
[[ " ${benchmarks[*]} " == *" $1 "* ]] || usage
name=$1
shift

build=(swift build -c release --package-path Benchmarks --scratch-path .build/benchmarks -Xswiftc -enable-testing)
"${build[@]}" --product "$name" >&2
binary="$("${build[@]}" --show-bin-path)/$name"
if $print_path; then
  echo "$binary"
else
  exec "$binary" "$@"
fi
