#!/usr/bin/env python3
"""Writes the soak's request bodies into DIR and prints the wrk manifest (scripts/serve/requests.lua):
valid and invalid fixture payloads in every accepted form, junk bytes, oversized bodies, images and broken
images, batches with poisoned lines, OCR text, validator input, and requests the router must refuse.
Deterministic: the same files every run.

    python3 soak_requests.py DIR > requests.tsv
"""

import base64
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main():
    out = Path(sys.argv[1])
    rng = random.Random(20261126)
    rows = []

    def add(method, path, content_type, body=None, name=None):
        body_file = "-"
        if body is not None:
            body_file = str(out / f"body-{len(rows):04d}-{name or 'x'}")
            Path(body_file).write_bytes(body)
        rows.append(f"{method}\t{path}\t{content_type}\t{body_file}")

    payloads = sorted((ROOT / "fixtures" / "payloads").glob("*/*.txt"))
    for index, path in enumerate(payloads):
        data = path.read_bytes()
        form = index % 3
        if form == 0:
            add("POST", "/v1/decode", "text/plain", data, path.stem)
        elif form == 1:
            add("POST", "/v1/decode", "application/octet-stream", data, path.stem)
        else:
            add("POST", "/v1/decode", "application/json",
                json.dumps({"payloadBase64": base64.b64encode(data).decode()}).encode(), path.stem)
    for size in (1, 17, 300, 5000, 9000, 70000):
        add("POST", "/v1/decode", "application/octet-stream", bytes(rng.randrange(256) for _ in range(size)), "junk")
    add("POST", "/v1/decode", "application/json", b'{"payload": ', "broken-json")
    add("POST", "/v1/decode", "application/json", b'{"payload": 42}', "wrong-type")
    add("POST", "/v1/decode", "image/gif", b"GIF89a", "wrong-media")
    add("POST", "/v1/decode", "text/plain", b"", "empty")

    photos = sorted((ROOT / "fixtures" / "images" / "generated").glob("*-photo.jpg"))[:3]
    for photo in photos:
        add("POST", "/v1/images", "image/jpeg", photo.read_bytes(), photo.stem)
    page = (ROOT / "fixtures" / "images" / "generated" / "epc-qr-pure.png").read_bytes()
    add("POST", "/v1/images", "image/png", page, "png")
    add("POST", "/v1/images", "image/png", page[: len(page) // 2], "truncated-png")
    add("POST", "/v1/images", "image/jpeg", bytes(rng.randrange(256) for _ in range(4096)), "junk-jpeg")
    boundary = "soakboundary"
    multipart = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"p.png\"\r\n"
                 f"Content-Type: image/png\r\n\r\n").encode() + page + f"\r\n--{boundary}--\r\n".encode()
    add("POST", "/v1/images", f"multipart/form-data;boundary={boundary}", multipart, "multipart")

    sample = (ROOT / "fixtures" / "samples" / "batch.ndjson").read_bytes()
    add("POST", "/v1/batch", "application/x-ndjson", sample * 20, "batch")
    poisoned = sample + b"\x00\xff\xfe junk\n" + b'{"id": 1, "payload": "' + b"A" * 70000 + b'"}\n' + b"[1,2]\n"
    add("POST", "/v1/batch", "application/x-ndjson", poisoned * 3, "batch-poisoned")

    for text in sorted((ROOT / "fixtures" / "ocr").glob("*.txt")):
        add("POST", "/v1/parse", "text/plain", text.read_bytes(), text.stem)
    add("POST", "/v1/parse?country=ZZ", "text/plain", b"IBAN HR12 1001 0051 8630 0016 0", "bad-country")
    add("POST", "/v1/check/iban", "application/json",
        json.dumps({"values": ["CH9300762011623852957", "DE02120300000000202051", "XX00", ""]}).encode(), "ibans")
    add("POST", "/v1/check/iban", "text/plain", b"GB82WEST12345698765432\nnot an iban\n", "iban-lines")
    add("POST", "/v1/check/no-such-kind", "application/json", b'{"value": "1"}', "unknown-kind")

    add("GET", "/v1/formats", "-")
    add("GET", "/healthz", "-")
    add("GET", "/readyz", "-")
    add("GET", "/v1/no-such-route", "-")
    add("DELETE", "/v1/decode", "-")
    rows_in_order = rows[:]
    rng.shuffle(rows_in_order)
    print("\n".join(rows_in_order))


if __name__ == "__main__":
    main()
