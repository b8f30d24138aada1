#!/usr/bin/env bash
# Builds a harness's seed corpus from the repository's fixtures, at fuzz time (nothing large is committed).
# Usage: fuzz/make-seeds.sh <FuzzTarget> <output directory>
# Seeds are named by content hash (as libFuzzer names its own), so reruns add nothing twice.
set -euo pipefail
cd "$(dirname "$0")/.."
target=$1
out=$2
mkdir -p "$out"

# One seed from stdin.
seed() {
  local tmp
  tmp=$(mktemp)
  cat >"$tmp"
  mv "$tmp" "$out/$(sha1sum "$tmp" | cut -c1-40)"
}

payload_files() {
  ls fixtures/payloads/*/*.txt fixtures/images/payloads/*.txt
  ls fixtures/samples/*.txt
}

# Regex corpus lines `pattern:`, `flags:`, `haystack:` → option byte, pattern, 0x00, haystack.
regex_seeds() {
  local pattern="" flags=0 line
  for file in Tests/GiroRegexTests/Corpus/*.txt; do
    while IFS= read -r line; do
      case $line in
        "pattern: "*) pattern=${line#pattern: }; flags=0 ;;
        "flags: "*)
          local f=${line#flags: } bits=0
          [[ $f == *i* ]] && bits=$((bits | 1)); [[ $f == *m* ]] && bits=$((bits | 2))
          [[ $f == *s* ]] && bits=$((bits | 4)); [[ $f == *x* ]] && bits=$((bits | 8))
          [[ $f == *U* ]] && bits=$((bits | 16)); [[ $f == *u* ]] && bits=$((bits | 32))
          flags=$bits ;;
        "haystack: "*)
          { printf "\\x$(printf %02x "$flags")"; printf '%s' "$pattern"; printf '\0'; printf '%s' "${line#haystack: }"; } | seed ;;
      esac
    done <"$file"
  done
}

case $target in
  FuzzDecode | FuzzJSON)
    for f in $(payload_files); do seed <"$f"; done ;;
  FuzzBatch)
    while IFS= read -r line; do printf '%s' "$line" | seed; done <fixtures/samples/batch.ndjson
    n=0
    for f in $(payload_files); do
      n=$((n + 1))
      printf '{"id":%d,"payloadBase64":"%s"}' "$n" "$(base64 -w0 "$f")" | seed
      # The payload as plain text: only its first line survives as one batch line.
      head -n1 "$f" | tr -d '\n' | seed
    done ;;
  FuzzRegex)
    regex_seeds ;;
  FuzzParsers)
    # Option byte 0: no context; the corpus input is the text after the last ` | `.
    for f in fixtures/ocr/*.txt; do { printf '\0'; cat "$f"; } | seed; done
    for f in Tests/GiroParsersTests/Corpus/*.txt; do
      grep -v '^#' "$f" | head -n 200 | while IFS= read -r line; do
        { printf '\0'; printf '%s' "${line##* | }"; } | seed
      done
    done ;;
  FuzzImage)
    # The generated fixtures, shrunk under the harness's 160×160 pixel limit, in each file format.
    for f in fixtures/images/generated/*.png fixtures/images/generated/*.jpg; do
      for format in png jpg webp; do
        convert "$f" -resize '150x150>' -strip "$format:-" 2>/dev/null | seed || true
      done
    done ;;
  FuzzOCR)
    # Format byte 0: detect by content. The caller-OCR fixtures (real Tesseract output, other engines' shapes,
    # invalid files) and the slip words files.
    for f in $(find fixtures/ocr-inputs -type f ! -name '*.sh' ! -name '*.png' | sort) $(ls fixtures/slips/*/*.words | head -n 24); do
      { printf '\0'; cat "$f"; } | seed
    done ;;
  *)
    echo "make-seeds: unknown target $target" >&2; exit 2 ;;
esac
# Small hand-written seeds committed next to the harness, if any.
if [ -d "fuzz/seeds/$target" ]; then cp fuzz/seeds/"$target"/* "$out"/ 2>/dev/null || true; fi
echo "make-seeds: $target: $(ls "$out" | wc -l) seeds in $out"
