"""Deterministic NDJSON input for the Spark test: the fixture payloads (fixtures/payloads/*/*.txt) in the three
forms of the `giro batch` line contract, with poisoned lines mixed in.

    python3 generate_input.py --lines 100000 --output input.ndjson

Same --lines and --seed, same bytes. Every valid JSON line has a unique id ("p<n>", or the integer n on every
fifth line). Poison, about one line in 200: broken JSON, a 100 KiB line (over giro's 64 KiB line limit), binary
junk (invalid UTF-8 and control bytes), an empty line, a JSON array, a payload that is no payment. Junk never
holds a bare CR: Hadoop's line reader ends a line there, `giro batch` does not.
"""

import argparse
import base64
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, bound):
        return self.next() % bound


def fixture_payloads(root=ROOT):
    return [path.read_bytes() for path in sorted((root / "fixtures" / "payloads").glob("*/*.txt"))]


def poisoned_line(n, rng):
    kind = rng.below(6)
    if kind == 0:
        return b'{"id": "p%d", "payload": "unterminated' % n
    if kind == 1:
        return b'{"id": "p%d", "payload": "' % n + b"A" * (100 * 1024) + b'"}'
    if kind == 2:
        junk = bytes(rng.below(256) for _ in range(1 + rng.below(300)))
        return junk.replace(b"\n", b"\xff").replace(b"\r", b"\xfe")
    if kind == 3:
        return b""
    if kind == 4:
        return b'[1, 2, 3]'
    return b'{"id": "p%d", "payload": "no payment here, just words"}' % n


def valid_line(n, payload, rng):
    ident = n if n % 5 == 0 else f"p{n}"
    if rng.below(2) == 0:
        try:
            return json.dumps({"id": ident, "payload": payload.decode("utf-8")}, ensure_ascii=False).encode("utf-8")
        except UnicodeDecodeError:
            pass  # a payload in a legacy charset travels as base64
    return json.dumps({"id": ident, "payloadBase64": base64.b64encode(payload).decode("ascii")}).encode("utf-8")


def generate(count, seed=20261126, payloads=None):
    payloads = payloads or fixture_payloads()
    rng = SplitMix64(seed)
    for n in range(1, count + 1):
        if rng.below(200) == 0:
            yield poisoned_line(n, rng)
        else:
            yield valid_line(n, payloads[rng.below(len(payloads))], rng)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=20261126)
    parser.add_argument("--output", required=True)
    args = parser.parse_args()
    with open(args.output, "wb") as out:
        for line in generate(args.lines, args.seed):
            out.write(line + b"\n")


if __name__ == "__main__":
    main()
