#!/usr/bin/env python3
"""Giro's combined strategy against zxing-cpp 3.1.1 (the PyPI wheel) on the zxing-cpp sample corpus.

Usage: zxingcpp-compare.py CORPUS_DIR GIRO_JSONL
GIRO_JSONL is `giro-image-bench --corpus=CORPUS_DIR` output (one line per image: folder, file, ms, symbols).
This script reads the same files with zxingcpp.read_barcodes (default options: all formats, try_rotate,
try_downscale, try_invert; Plain text mode, as the corpus baseline `_pypi_zxingcpp_3x_results.json`), 3 runs per
image, median; decoding the file and converting it to 8-bit gray are not timed, as on Giro's side. Run both
pinned to one core (`taskset -c 0`, make bench-images does).

An image passes when a symbol's bytes equal `<stem>.bin`, or its text equals `<stem>.txt` (zxing-cpp: its Plain
text; Giro: its ECI-aware text, or the bytes read as UTF-8, ISO-8859-1 or Shift_JIS, like the sample ratchet).
In falsepositives-* an image passes when nothing is found. Images without an expectation (structured-append parts,
multi-1) are counted and timed, not scored.
"""
import json
import os
import sys
import time

import zxingcpp
from PIL import Image

IMAGE_EXTENSIONS = {".png", ".jpg", ".jpeg", ".webp"}


def expectation(path):
    stem = os.path.splitext(path)[0]
    txt = bin_ = None
    if os.path.exists(stem + ".txt"):
        with open(stem + ".txt", encoding="utf-8", newline="") as f:
            txt = f.read()
    if os.path.exists(stem + ".bin"):
        with open(stem + ".bin", "rb") as f:
            bin_ = f.read()
    return txt, bin_


def giro_match(symbol, txt, bin_):
    data = bytes.fromhex(symbol["hex"])
    if bin_ is not None:
        return data == bin_
    if symbol.get("text") == txt:
        return True
    for charset in ("utf-8", "iso-8859-1", "shift_jis"):
        try:
            if data.decode(charset) == txt:
                return True
        except UnicodeDecodeError:
            pass
    return False


def zxing_match(barcode, txt, bin_):
    if bin_ is not None:
        return bytes(barcode.bytes) == bin_
    return barcode.text == txt


def main():
    corpus, giro_path = sys.argv[1], sys.argv[2]
    giro = {}
    with open(giro_path, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            giro[(row["folder"], row["file"])] = row
    print(f"zxing-cpp {zxingcpp.__version__ if hasattr(zxingcpp, '__version__') else '3.1.1'} vs Giro combined strategy,"
          " ms per image = median of 3 reads of the decoded gray image, one core")
    header = "| folder | images | scored | Giro found | zxing-cpp found | Giro ms/image | zxing-cpp ms/image | ratio Giro/zxing-cpp |"
    print(header)
    print("|---|---|---|---|---|---|---|---|")
    totals = [0, 0, 0, 0, 0.0, 0.0]
    both_giro_ms = both_zxing_ms = 0.0
    both = 0
    for folder in sorted(os.listdir(corpus)):
        path = os.path.join(corpus, folder)
        if folder.startswith(("_", ".")) or not os.path.isdir(path):
            continue
        false_positives = folder.startswith("falsepositives-")
        images = scored = giro_found = zxing_found = 0
        giro_ms = zxing_ms = 0.0
        for file in sorted(os.listdir(path)):
            if os.path.splitext(file)[1].lower() not in IMAGE_EXTENSIONS:
                continue
            image_path = os.path.join(path, file)
            images += 1
            with Image.open(image_path) as img:
                gray = img.convert("L")
                gray.load()
            runs = []
            for _ in range(3):
                t0 = time.perf_counter()
                barcodes = zxingcpp.read_barcodes(gray, text_mode=zxingcpp.TextMode.Plain)
                runs.append((time.perf_counter() - t0) * 1000)
            zxing_ms += sorted(runs)[1]
            row = giro.get((folder, file), {})
            giro_ms += row.get("ms", 0.0)
            symbols = row.get("symbols", [])
            if false_positives:
                scored += 1
                giro_found += not symbols
                zxing_found += not barcodes
                continue
            txt, bin_ = expectation(image_path)
            if txt is None and bin_ is None:
                continue
            scored += 1
            giro_ok = any(giro_match(s, txt, bin_) for s in symbols)
            zxing_ok = any(zxing_match(b, txt, bin_) for b in barcodes)
            giro_found += giro_ok
            zxing_found += zxing_ok
            if giro_ok and zxing_ok:
                both += 1
                both_giro_ms += row.get("ms", 0.0)
                both_zxing_ms += sorted(runs)[1]
        if images == 0:
            continue
        for i, v in enumerate((images, scored, giro_found, zxing_found, giro_ms, zxing_ms)):
            totals[i] += v
        ratio = giro_ms / zxing_ms if zxing_ms > 0 else float("nan")
        print(f"| {folder} | {images} | {scored} | {giro_found} | {zxing_found} | {giro_ms / images:.1f} | {zxing_ms / images:.1f} | {ratio:.2f}× |")
    images, scored, giro_found, zxing_found, giro_ms, zxing_ms = totals
    print(f"| **total** | {images} | {scored} | **{giro_found}** | **{zxing_found}** | {giro_ms / images:.1f} | {zxing_ms / images:.1f} | {giro_ms / zxing_ms:.2f}× |")
    print("(falsepositives-*: found = images where nothing was read)")
    if both:
        print(f"images both read correctly: {both}; Giro {both_giro_ms / both:.1f} ms/image, zxing-cpp"
              f" {both_zxing_ms / both:.1f} ms/image, ratio {both_giro_ms / both_zxing_ms:.2f}×")


if __name__ == "__main__":
    main()
