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
# The recogniser the wheel ships, pinned (det and cls, unused here: d2a7720d…49da9, e47acedf…6215c).
"$VENV/bin/python" - <<'PY'
import hashlib, os, sys, rapidocr_onnxruntime
m = os.path.join(os.path.dirname(rapidocr_onnxruntime.__file__), "models", "ch_PP-OCRv4_rec_infer.onnx")
got = hashlib.sha256(open(m, "rb").read()).hexdigest()
if got != "48fc40f24f6d2a207a2b1091d3437eb3cc3eb6b676dc3ef9c37384005483683b":
    sys.exit(f"bench-ocr: {m} has SHA-256 {got}, not the pinned model")
PY
OMP_THREAD_LIMIT=1 "$VENV/bin/python" "$HERE/compare.py" "$@"
