#!/usr/bin/env python3
"""Reliability table of the per-field confidence (`provenance`, docs/record.md): for each confidence bucket, how many
fields were reported and what share of them is exact against the truth.

    scripts/provenance-reliability.py GIRO [--own] [--dev DIR] [--images]

--own     the own renders' words files (fixtures/slips/<class>/<case>-<degradation>.words; truth: cases.json fills)
--dev DIR a development sample laid out as <class>/<image>.words.json with <image>.json (`expected_stated`)
--images  also the own rendered images under fixtures/slips/samples (OCR by Giro: slow)
--dev-images  with --dev: the sample's images instead of its words (clean, scan, photo; OCR by Giro: minutes)

The calibration target: among fields at 0.9 or more, at least 99 % exact. Fields without a truth to compare with
(addresses of the dev sample, dates …) are left out and counted apart.
"""
import json, os, subprocess, sys, unicodedata
from decimal import Decimal, InvalidOperation

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUCKETS = [(0.0, 0.5), (0.5, 0.7), (0.7, 0.8), (0.8, 0.9), (0.9, 0.95), (0.95, 0.99), (0.99, 1.01)]


def flat(s):
    return " ".join(str(s).split())


def alnum(s):
    return "".join(ch for ch in unicodedata.normalize("NFC", str(s)).upper() if ch.isalnum())


def digits_trimmed(s):
    d = "".join(ch for ch in str(s) if ch.isdigit()).lstrip("0")
    return d.rstrip("0") or "0"


def records(giro, args):
    out = subprocess.run([giro, "decode", *args, "--format", "json"], capture_output=True, text=True)
    recs = []
    for line in out.stdout.splitlines():
        try:
            j = json.loads(line)
        except ValueError:
            continue
        for item in (j if isinstance(j, list) else [j]):
            if isinstance(item, dict):
                rec = item.get("record") if isinstance(item.get("record"), dict) else item if "schema" in item else None
                if rec:
                    recs.append(rec)
    return recs


def value(rec, path):
    node = rec
    for part in path.split("."):
        if path.startswith("extras."):
            return (rec.get("extras") or {}).get(path[7:])
        if not isinstance(node, dict):
            return None
        node = node.get(part)
    return node


# ---- truth of the own renders: the fills the generator printed ----

def own_truth(fills):
    t = {}
    def j(k):
        return flat(" ".join(fills[k])) if k in fills else None
    for party in ("creditor", "debtor"):
        if f"{party}.name" in fills:
            t[f"{party}.name"] = ("text", j(f"{party}.name"))
        if f"{party}.address" in fills:
            t[f"{party}.address"] = ("lines", [flat(x) for x in fills[f"{party}.address"]])
        for k in ("iban", "number"):
            if f"{party}.account.{k}" in fills:
                t[f"{party}.account.{k}"] = ("alnum", j(f"{party}.account.{k}"))
    if "amount" in fills:
        t["amount"] = ("amount", j("amount"))
    if "reference" in fills:
        t["reference"] = ("reference", (j("reference.model") or "") + " " + j("reference"))
    if "remittanceInformation" in fills:
        t["remittanceInformation"] = ("text", j("remittanceInformation"))
    if "purpose" in fills:
        t["purpose"] = ("alnum", j("purpose"))
    for k in ("symbols.variable", "symbols.constant", "symbols.specific"):
        if k in fills:
            t[k] = ("alnum", j(k))
    if "codingLine" in fills:
        t["codingLine"] = ("raw", j("codingLine"))
    return t


def dev_truth(stated, other):
    t = {}
    # Also printed (`printed_other`): truth for the fields a reader may return besides the stated ones.
    for k, path in (("creditor_address", "creditor.address"), ("debtor_address", "debtor.address")):
        if isinstance(other.get(k), list):
            t[path] = ("lines", [flat(x) for x in other[k]])
    for k, path in (("purpose_code", "purpose"), ("variable_symbol", "symbols.variable"), ("constant_symbol", "symbols.constant"),
                    ("specific_symbol", "symbols.specific"), ("debtor_iban", "debtor.account.iban"), ("bic", "creditor.account.bic")):
        if isinstance(other.get(k), str):
            t[path] = ("alnum", other[k])
    if isinstance(other.get("execution_date"), str):
        t["dueDate"] = ("raw", other["execution_date"])
    if stated.get("iban"):
        t["creditor.account.iban"] = ("alnum", stated["iban"])
        t["creditor.account.number"] = ("alnum", stated["iban"])
    if stated.get("amount"):
        t["amount"] = ("decimal", stated["amount"])
    if stated.get("reference"):
        t["reference"] = ("reference", stated["reference"])
    for k, path in (("creditor_name", "creditor.name"), ("debtor_name", "debtor.name"), ("remittance", "remittanceInformation")):
        if stated.get(k):
            t[path] = ("fold", stated[k])
    return t


def exact(rec, path, truth):
    kind, want = truth
    got = value(rec, path)
    if path == "reference" and isinstance(got, dict):
        got_ref = alnum((got.get("model") or "") + (got.get("value") or ""))
        w = alnum(want)
        # A model the truth names but the record keeps apart (or a reference without its model) is the same reference.
        return got_ref == w or alnum(got.get("value") or "") == w
    if path == "amount" and isinstance(got, dict):
        try:
            # The dev truth is a plain decimal; the own fills are as printed (`1.234,50`, `250 00` in boxes).
            return Decimal(got["value"]) == Decimal(want) if kind == "decimal" else digits_trimmed(got["value"]) == digits_trimmed(want)
        except (InvalidOperation, KeyError):
            return False
    if path.endswith(".account.iban") and got is not None and not alnum(want)[:2].isalpha():
        # A national account as printed, kept as its IBAN: every digit group of the print is in the IBAN's BBAN.
        bban = "".join(ch for ch in alnum(got)[4:] if ch.isdigit())
        groups = [g.lstrip("0") for g in "".join(ch if ch.isdigit() else " " for ch in want).split()]
        return all(g in bban for g in groups if g) and any(groups)
    if kind == "lines":
        return isinstance(got, dict) and [flat(x) for x in got.get("lines") or []] == want
    if kind == "alnum":
        return got is not None and alnum(got) == alnum(want)
    if kind == "fold":
        return got is not None and flat(got).casefold() == flat(want).casefold()
    return got is not None and flat(got) == flat(want)


def score(rec, truth, table, stats):
    for p in rec.get("provenance") or []:
        t = truth.get(p["field"])
        if t is None:
            stats["no truth"] += 1
            continue
        ok = exact(rec, p["field"], t)
        for lo, hi in BUCKETS:
            if lo <= p["confidence"] < hi:
                table[(lo, hi)][0] += 1
                table[(lo, hi)][1] += ok
                if not ok and p["confidence"] >= 0.9:
                    stats["wrong at >= 0.9"].append((stats["where"], p["field"], p["confidence"], value(rec, p["field"])))
                break


def print_table(title, table, stats):
    print(f"\n{title}")
    print("| confidence | fields | exact | share exact |")
    print("|---|---|---|---|")
    hi_n = hi_k = 0
    for (lo, hi), (n, k) in table.items():
        label = f"{lo:.2f}–{min(hi, 1):.2f}" + (")" if hi < 1 else "]")
        print(f"| {label} | {n} | {k} | {(100 * k / n):.1f} % |" if n else f"| {label} | 0 | 0 | – |")
        if lo >= 0.9:
            hi_n, hi_k = hi_n + n, hi_k + k
    print(f"| **≥ 0.90** | {hi_n} | {hi_k} | {(100 * hi_k / hi_n) if hi_n else 0:.1f} % |")
    print(f"(fields without truth: {stats['no truth']}; records: {stats['records']})")
    for w in stats["wrong at >= 0.9"]:
        print("  wrong at >= 0.9:", *w)


def fresh():
    return {b: [0, 0] for b in BUCKETS}, {"no truth": 0, "wrong at >= 0.9": [], "records": 0, "where": ""}


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    giro, args = sys.argv[1], sys.argv[2:]
    if "--own" in args or "--images" in args:
        table, stats = fresh()
        folder = os.path.join(ROOT, "fixtures/slips")
        for cls in sorted(os.listdir(folder)):
            cases_path = os.path.join(folder, cls, "cases.json")
            if not os.path.isfile(cases_path):
                continue
            cases = {c["case"]: c["fills"] for c in json.load(open(cases_path))["cases"]}
            for f in sorted(os.listdir(os.path.join(folder, cls))):
                if not f.endswith(".words") or "--own" not in args:
                    continue
                name = f[:-6].rsplit("-", 1)[0]
                if name not in cases:
                    continue
                stats["where"] = f"{cls}/{f}"
                for rec in records(giro, ["--ocr", os.path.join(folder, cls, f)])[:1]:
                    stats["records"] += 1
                    score(rec, own_truth(cases[name]), table, stats)
            if "--images" in args:
                samples = os.path.join(folder, "samples")
                for img in sorted(os.listdir(samples)):
                    if not img.startswith(cls + "-"):
                        continue
                    name = img[len(cls) + 1:].rsplit("-", 1)[0]
                    if name not in cases:
                        continue
                    stats["where"] = f"samples/{img}"
                    for rec in [r for r in records(giro, [os.path.join(samples, img)]) if r.get("format") == cls][:1]:
                        stats["records"] += 1
                        score(rec, own_truth(cases[name]), table, stats)
        print_table("Own renders" + (" (words)" if "--own" in args else "") + (" (+ images)" if "--images" in args else ""), table, stats)
    if "--dev" in args:
        root = args[args.index("--dev") + 1]
        table, stats = fresh()
        for cls in sorted(os.listdir(root)):
            d = os.path.join(root, cls)
            if not os.path.isdir(d):
                continue
            for f in sorted(os.listdir(d)):
                if f.endswith(".words.json") and "--dev-images" not in args:
                    truth_file, call = f[: -len(".words.json")] + ".json", ["--ocr", os.path.join(d, f)]
                elif "--dev-images" in args and f.endswith((".png", ".jpg")):
                    truth_file, call = f + ".json", [os.path.join(d, f)]
                else:
                    continue
                truth_json = json.load(open(os.path.join(d, truth_file)))
                stats["where"] = f"{cls}/{f}"
                for rec in records(giro, call)[:1]:
                    stats["records"] += 1
                    score(rec, dev_truth(truth_json["expected_stated"], truth_json.get("printed_other") or {}), table, stats)
        print_table(f"Development sample {'images' if '--dev-images' in args else 'words'} ({root})", table, stats)


if __name__ == "__main__":
    main()
