#!/usr/bin/env python3
"""Renders the images the comparison reads from Giro's own slips: the first case of each class, scan and photo,
with fixtures/slips/generate.py's own code (its words files are already in the tree). Existing images are kept;
`make fixtures-slips IMAGES=1` renders them all."""
import os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "fixtures", "slips"))
import generate  # noqa: E402

done = set()
for cls, t, paper, case, fills, expect, ocrb in generate.load_cases():
    if cls in done:
        continue
    done.add(cls)
    words = generate.layout(t, fills, ocrb)
    canvases = generate.degradations(t)
    for kind, ext in (("scan", "png"), ("photo", "jpg")):
        path = os.path.join(generate.OUT, cls, f"{case}-{kind}.{ext}")
        if not os.path.isfile(path):
            generate.render(paper, t, words, canvases[kind], path, kind)
