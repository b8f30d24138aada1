#!/usr/bin/env bash
# Builds the libFuzzer harnesses (release, ASan) into .build-fuzz and runs each one for a while.
# Usage: fuzz/run.sh [--smoke] SECONDS [TARGET …]   targets: decode json batch regex parsers image ocr (default: all)
#   --smoke  fresh corpus from the fixtures each time (CI); otherwise the corpus grows in .build-fuzz/corpus.
# Exits non-zero if any harness crashes, leaks, times out or runs out of memory; the input that did it is in
# .build-fuzz/crashes/<target>/ — turn it into fuzz/regressions/<target>/<what-it-found> (fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v swift >/dev/null 2>&1 && [ -x /opt/swift/usr/bin/swift ]; then export PATH="/opt/swift/usr/bin:$PATH"; fi
SWIFT=${SWIFT:-swift}

smoke=0
if [ "${1:-}" = --smoke ]; then smoke=1; shift; fi
seconds=${1:?usage: fuzz/run.sh [--smoke] SECONDS [TARGET …]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(decode json batch regex parsers image ocr)

product() {
  case $1 in
    decode) echo FuzzDecode ;; json) echo FuzzJSON ;; batch) echo FuzzBatch ;;
    regex) echo FuzzRegex ;; parsers) echo FuzzParsers ;; image) echo FuzzImage ;; ocr) echo FuzzOCR ;;
    *) echo "fuzz: unknown target $1 (decode json batch regex parsers image ocr)" >&2; exit 2 ;;
  esac
}
dictionary() {
  case $1 in
    decode | json) cat fuzz/dictionaries/payloads.dict ;;
    batch) cat fuzz/dictionaries/batch.dict fuzz/dictionaries/payloads.dict ;;
    regex) cat fuzz/dictionaries/regex.dict ;; parsers) cat fuzz/dictionaries/ocr.dict ;; image) cat fuzz/dictionaries/image.dict ;;
    ocr) cat fuzz/dictionaries/ocr-inputs.dict fuzz/dictionaries/ocr.dict ;;
  esac
}
max_len() {
  case $1 in regex) echo 512 ;; image | ocr) echo 65536 ;; *) echo 4096 ;; esac
}

scratch=.build-fuzz
for t in "${targets[@]}"; do
  p=$(product "$t")
  echo "fuzz: building $p" >&2
  GIRO_FUZZ=1 $SWIFT build -c release --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address --product "$p"
done

failed=()
for t in "${targets[@]}"; do
  p=$(product "$t")
  if [ $smoke = 1 ]; then corpus=$scratch/smoke-corpus/$t; rm -rf "$corpus"; else corpus=$scratch/corpus/$t; fi
  artifacts=$scratch/crashes/$t
  mkdir -p "$corpus" "$artifacts" "$scratch/dictionaries" "fuzz/regressions/$t"
  fuzz/make-seeds.sh "$p" "$corpus" >&2
  dictionary "$t" >"$scratch/dictionaries/$t.dict"
  log=$scratch/logs/$t.log
  mkdir -p "$(dirname "$log")"
  echo "fuzz: running $t for ${seconds}s (log $log)" >&2
  # The first corpus directory receives new inputs; the regression directory is only replayed.
  set +e
  "$scratch/release/$p" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="$(max_len "$t")" \
    -dict="$scratch/dictionaries/$t.dict" -artifact_prefix="$artifacts/" -print_final_stats=1 \
    "$corpus" "fuzz/regressions/$t" >"$log" 2>&1
  status=$?
  set -e
  stat() { grep -o "stat::$1: *[0-9]*" "$log" | grep -o '[0-9]*$' || echo "?"; }
  runs=$(stat number_of_executed_units)
  rate=$(stat average_exec_per_sec)
  echo "fuzz: $t: exit $status, $runs executions, $rate/s, corpus $(ls "$corpus" | wc -l) inputs"
  if [ $status -ne 0 ]; then
    failed+=("$t")
    grep -m1 -A25 'ERROR: \|fuzz property violated\|Fatal error' "$log" >&2 || tail -n 40 "$log" >&2
    ls -t "$artifacts" | head -n 3 | sed "s|^|fuzz:   artifact $artifacts/|" >&2
  fi
done
if [ ${#failed[@]} -gt 0 ]; then echo "fuzz: FAILED: ${failed[*]}" >&2; exit 1; fi
echo "fuzz: all ${#targets[@]} targets ran ${seconds}s without a crash"
