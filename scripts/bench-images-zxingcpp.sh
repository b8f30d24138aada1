#!/usr/bin/env bash
# Second half of `make bench-images`: Giro's combined strategy and zxing-cpp 3.1.1 (PyPI wheel, in a venv under
# .build/) on the zxing-cpp sample corpus, the same files, one core each (taskset -c 0), in one run.
# Prints per folder: images, found by each, ms per image by each, and the time ratio (benchmarks/zxingcpp-compare.py).
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS="${GIRO_ZXING_SAMPLES:-../shared/corpora/zxing-cpp-samples}"
VENV=.build/zxingcpp-venv
BENCH=.build/release/giro-image-bench
[ -d "$CORPUS" ] || { echo "missing sample corpus: $CORPUS" >&2; exit 1; }
if ! "$VENV/bin/python" -c 'import zxingcpp, PIL' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet 'zxing-cpp==3.1.1' pillow
fi
PIN=()
command -v taskset >/dev/null && PIN=(taskset -c 0)
OUT="$(mktemp)"
trap 'rm -f "$OUT"' EXIT
"${PIN[@]}" "$BENCH" --corpus="$CORPUS" > "$OUT"
"${PIN[@]}" "$VENV/bin/python" benchmarks/zxingcpp-compare.py "$CORPUS" "$OUT"
