#!/usr/bin/env bash
# Builds the libFuzzer targets of Fuzz/ and runs one (or all) for a number of seconds.
#
#   scripts/fuzz.sh TARGET SECONDS     TARGET: http-request, chunked, accept-encoding, json, graphql-parser,
#   scripts/fuzz.sh all SECONDS                graphql-validation, bearer-token, toggles, toggle-weights, or several
#                                              joined by commas
#
# Each run starts from the seeds Fuzz/seeds.py takes from the test tables, plus the corpus
# earlier runs grew in .build/fuzz/corpus/TARGET, and stops after SECONDS. An input that
# crashes, breaks an invariant, leaks, takes longer than 5 s (the issue is about bounded cost)
# or needs more than 2 GB is a finding: it is saved in .build/fuzz/findings/ and the script
# exits non-zero.
#
#   scripts/fuzz.sh TARGET FILE...     replays saved inputs (a finding, a corpus file) once,
#                                      printing what broke; exits non-zero if one still fails
#
# The build is separate from the normal one (its own package and --scratch-path), so the
# fuzzer and address-sanitizer flags never reach `swift build` or `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(http-request chunked accept-encoding json graphql-parser graphql-validation bearer-token toggles toggle-weights)
usage() { echo "usage: $0 {$(IFS='|'; echo "${targets[*]}")|all} SECONDS | $0 TARGET FILE..." >&2; exit 2; }
[ $# -ge 2 ] || usage
replay=()
if [[ "$2" =~ ^[0-9]+$ ]] && [ $# -eq 2 ]; then
  seconds=$2
else
  [ "$1" != all ] || usage
  replay=("${@:2}")
fi
if [ "$1" = all ]; then
  selected=("${targets[@]}")
else
  IFS=, read -r -a selected <<<"$1"
  for target in "${selected[@]}"; do
    [[ " ${targets[*]} " == *" $target "* ]] || usage
  done
  [ ${#replay[@]} -eq 0 ] || [ ${#selected[@]} -eq 1 ] || usage
fi

scratch=.build/fuzz
echo "== building ${selected[*]} (release, -sanitize=fuzzer,address)"
mkdir -p "$scratch"
build_status=0
: >"$scratch/build.log"
# One product at a time: a plain `swift build` would also build the root package's
# executables, whose top-level code -parse-as-library rejects.
for target in "${selected[@]}"; do
  swift build -c release --package-path Fuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing \
    -Xswiftc -use-ld=lld --product "fuzz-$target" >>"$scratch/build.log" 2>&1 || { build_status=$?; break; }
done
# Progress lines are noise. (lld, because gold warns about an ASan symbol it cannot export.)
grep -v -e '^\[' "$scratch/build.log" || true
[ "$build_status" -eq 0 ] || exit "$build_status"
bin=$(swift build -c release --package-path Fuzz --scratch-path "$scratch" --show-bin-path)

rm -rf "$scratch/seeds"
python3 Fuzz/seeds.py "$scratch/seeds"
mkdir -p "$scratch/findings" "$scratch/logs"

# The Swift runtime's own crash handler would take the signal from libFuzzer's; global
# initialisers' allocations are not leaks (scripts/lsan-suppressions.txt says why).
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"

if [ ${#replay[@]} -gt 0 ]; then
  exec "$bin/fuzz-$1" -timeout=5 -rss_limit_mb=2048 "${replay[@]}"
fi

failed=()
summary=()
for target in "${selected[@]}"; do
  corpus="$scratch/corpus/$target"
  log="$scratch/logs/$target.log"
  dict=Fuzz/Dictionaries/$target.dict
  [[ $target == graphql-* ]] && dict=Fuzz/Dictionaries/graphql.dict
  # Binary inputs (toggle-weights) have no dictionary.
  dict_option=()
  [ -f "$dict" ] && dict_option=(-dict="$dict")
  mkdir -p "$corpus"
  before=$(ls "$scratch/findings" | wc -l)
  echo "== fuzz-$target for ${seconds} s (corpus $corpus)"
  status=0
  "$bin/fuzz-$target" "$corpus" "$scratch/seeds/$target" \
    -max_total_time="$seconds" -max_len=4096 -timeout=5 -rss_limit_mb=2048 \
    "${dict_option[@]}" -artifact_prefix="$scratch/findings/$target-" -print_final_stats=1 \
    >"$log" 2>&1 || status=$?
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 || true)
  findings=$(ls "$scratch/findings" | wc -l)
  line="fuzz-$target: ${executions:-?} executions, ${rate:-?} exec/s, ${coverage:-cov: ?}, corpus $(ls "$corpus" | wc -l) files"
  if [ "$status" -ne 0 ]; then
    line="$line, FAILED (exit $status)"
    failed+=("$target")
    grep -E -m 5 'invariant broken|ERROR: libFuzzer|ERROR: AddressSanitizer|ERROR: LeakSanitizer|SUMMARY' "$log" || true
    echo "   log: $log"
  fi
  if [ "$findings" -gt "$before" ]; then
    line="$line, $((findings - before)) new finding(s)"
    ls -t "$scratch/findings" | head -n $((findings - before)) | sed "s|^|   $scratch/findings/|"
  fi
  echo "$line"
  summary+=("$line")
done

echo "== summary"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "findings in: ${failed[*]} (inputs in $scratch/findings/)"
  exit 1
fi
