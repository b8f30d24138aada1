#!/usr/bin/env bash
# make bench-ocr: a venv under .build/ with RapidOCR + onnxruntime (pinned, hashed), the pinned Tesseract models in
# .build/ocr-models, then compare.py over the zone crops (arguments passed on, e.g. --only rapidocr --labels 0).
# Needs the slip images: fixtures/slips/generate.py --images (make bench-ocr runs it).
set -euo pipefail
cd "$(dirname "$0")/../.."
VENV=.build/ocr-venv
HERE=benchmarks/ocr-compare
if [ ! -f "$VENV/.installed" ] || ! cmp -s "$HERE/requirements.txt" "$VENV/.installed"; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --no-deps --require-hashes -r "$HERE/requirements.txt"
  cp "$HERE/requirements.txt" "$VENV/.installed"
fi
"$VENV/bin/python" "$HERE/fetch-models.py" --pip "$VENV/bin/pip"
"$VENV/bin/python" - <<'PY'
import hashlib, os, rapidocr_onnxruntime
m = os.path.join(os.path.dirname(rapidocr_onnxruntime.__file__), "models", "ch_PP-OCRv4_rec_infer.onnx")
print(f"bench-ocr: {os.path.basename(m)} sha256 {hashlib.sha256(open(m, 'rb').read()).hexdigest()}")
PY
OMP_THREAD_LIMIT=1 "$VENV/bin/python" "$HERE/compare.py" "$@"
