#!/usr/bin/env python3
"""OCR engines and settings on zone crops of slips (`make bench-ocr`; benchmarks/README.md, "OCR engines").

    compare.py [--models DIR] [--dev DIR] [--own DIR] [--labels N] [--single-words] [--only NAME,…] [--jobs N] [--out FILE]

Every configuration reads the same crops (crops.py) one at a time; per input kind and per field kind it prints
character accuracy (1 − edit distance / truth length, summed over lines), the share of lines read exactly (spaces
collapsed) and the mean milliseconds per zone (one recognition call, engine already loaded). Configurations whose
models are missing (fetch-models.py could not get them) are listed as not run.
"""
import argparse, collections, json, multiprocessing, os, sys, time, unicodedata

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import crops as cropping
import engines

DEBIAN_TESSDATA = "/usr/share/tesseract-ocr/5/tessdata"
# The development sample's classes → the Tesseract language of the form (own renders use their template's list).
DEV_LANGS = {"at": "deu", "be": "fra+nld", "ch": "deu+fra", "cz": "ces", "de": "deu", "hr": "hrv", "hu": "hun",
             "rs": "srp_latn", "si": "slv", "sk": "slk", "uk": "eng"}
# Per field kind, what a template's parser allows (SlipParserKind.defaultWhitelist; digits: a reference or code
# line also carries the coding line's `>` and `+`).
WHITELISTS = {"iban": "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ", "amount": "0123456789.,'- *=",
              "digits": "0123456789 -/+>."}


def template_langs(own_folder):
    out = {}
    for cls in os.listdir(own_folder):
        path = os.path.join(own_folder, cls, "cases.json")
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as f:
                template = json.load(f)["template"]
            with open(os.path.join(cropping.ROOT, "Countries", template), encoding="utf-8") as f:
                langs = json.load(f).get("languages", ["eng"])
            out[cls] = "+".join(l.replace("-", "_") for l in langs)
    return out


def configs(models):
    """(name, factory(lang) → engine, language policy: 'form' = the form's languages + eng, or a fixed code)."""
    fast, legacy, best = (os.path.join(models, s) for s in ("fast", "legacy", "best"))
    t = lambda path, oem, psm, wl=False: (lambda lang: engines.Tesseract(path, lang, oem, psm, WHITELISTS if wl else None))
    out = []
    for psm in (6, 7, 8, 13):
        out.append((f"tesseract debian(fast) lstm psm{psm}", t(DEBIAN_TESSDATA, 1, psm), "form"))
    out.append(("tesseract debian(fast) lstm psm7 +whitelist", t(DEBIAN_TESSDATA, 1, 7, True), "form"))
    # Models compared on one language, the only one every set has here (eng), psm 7.
    out.append(("tesseract fast eng lstm psm7", t(DEBIAN_TESSDATA, 1, 7), "eng"))
    out.append(("tesseract tessdata eng lstm psm7", t(legacy, 1, 7), "eng"))
    out.append(("tesseract tessdata eng legacy psm7", t(legacy, 0, 7), "eng"))
    out.append(("tesseract tessdata eng legacy+lstm psm7", t(legacy, 2, 7), "eng"))
    out.append(("tesseract best eng lstm psm7", t(best, 1, 7), "eng"))
    out.append(("tesseract fast fra lstm psm7", t(DEBIAN_TESSDATA, 1, 7), "fra"))
    out.append(("tesseract best fra lstm psm7", t(best, 1, 7), "fra"))
    out.append(("rapidocr pp-ocrv4 rec (onnx)", lambda lang: engines.RapidRec(), "none"))
    return out


def distance(a, b):
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


CROPS, PIXELS, JOBS = [], [], []


def fold(s):
    """Without diacritics (č → c, ß kept): separates a recogniser's missing letters from misreadings."""
    return "".join(c for c in unicodedata.normalize("NFD", s) if not unicodedata.combining(c)).replace("đ", "d").replace("Đ", "D")


def run(shard):
    """Crops shard, shard + jobs, … through every configuration in turn: each crop is read by all of them within
    a moment, so a busy machine slows every configuration alike."""
    index, jobs = shard
    made, rows, errors = {}, collections.defaultdict(list), {}
    try:
        for crop, gray in zip(CROPS[index::jobs], PIXELS[index::jobs]):
            truth = " ".join(crop["truth"].split())
            for name, factory, policy, lang_of in JOBS:
                if name in errors:
                    continue
                lang = policy
                if policy == "form":
                    form = lang_of.get(crop["class"], "eng")
                    lang = form if "eng" in form.split("+") else f"{form}+eng"
                key = (name, lang)
                try:
                    if key not in made:
                        made[key] = factory(lang)
                except (RuntimeError, OSError) as e:
                    errors[name] = str(e)
                    continue
                start = time.perf_counter()
                text = made[key].read(gray, crop["kind"])
                ms = (time.perf_counter() - start) * 1000
                bare = cropping.alnum(truth)
                rows[name].append((crop["source"], crop["input"], crop["kind"], len(truth), distance(text, truth), text == truth, ms,
                                   distance(fold(text), fold(truth)), len(bare), distance(cropping.alnum(text), bare)))
    finally:
        for e in made.values():
            e.close()
    return dict(rows), errors


def summarise(rows, key):
    groups = collections.defaultdict(lambda: [0, 0, 0, 0, 0.0, 0, 0, 0])
    for r in rows:
        for k in (key(r), "all"):
            g = groups[k]
            g[0] += r[3]; g[1] += r[4]; g[2] += r[5]; g[3] += 1; g[4] += r[6]; g[5] += r[7]; g[6] += r[8]; g[7] += r[9]
    return {k: {"char_accuracy": round(100 * max(0.0, 1 - g[1] / max(1, g[0])), 1), "exact": round(100 * g[2] / g[3], 1),
                "ms": round(g[4] / g[3], 1), "lines": g[3],
                "char_accuracy_no_diacritics": round(100 * max(0.0, 1 - g[5] / max(1, g[0])), 1),
                # letters and digits only: what a reading would score once cell ticks no longer come out as punctuation
                "char_accuracy_alnum": round(100 * max(0.0, 1 - g[7] / max(1, g[6])), 1)} for k, g in groups.items()}


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--models", default=os.path.join(cropping.ROOT, ".build", "ocr-models"))
    p.add_argument("--dev", default=os.environ.get("GIRO_SLIPS_DEV", os.path.join(os.path.dirname(cropping.ROOT), "shared", "slips-dev")))
    p.add_argument("--own", default=os.path.join(cropping.ROOT, "fixtures", "slips"))
    p.add_argument("--labels", type=int, default=8, help="keep every Nth label line (0: none)")
    p.add_argument("--single-words", action="store_true", help="only lines of one word (short codes, amounts, IBANs without spaces)")
    p.add_argument("--only", default="", help="comma-separated substrings of configuration names")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default=os.path.join(cropping.ROOT, ".build", "ocr-compare", "results.json"))
    a = p.parse_args()
    dev = a.dev if os.path.isdir(a.dev) else None
    if not dev:
        print(f"bench-ocr: no development sample at {a.dev}: own renders only", file=sys.stderr)
    all_crops = cropping.crops(dev, a.own)
    seen = collections.Counter()
    for c in all_crops:
        if a.single_words and " " in c["truth"].strip():
            continue
        if c["kind"] == "label":
            seen[c["source"]] += 1
            if not a.labels or seen[c["source"]] % a.labels:
                continue
        CROPS.append(c)
    images = {}
    for c in CROPS:
        PIXELS.append(cropping.cut(images, c))
    lang_of = template_langs(a.own) if os.path.isdir(a.own) else {}
    lang_of.update({cls: DEV_LANGS.get(cls[:2], "eng") for cls in {c["class"] for c in CROPS if c["source"] == "dev"}})
    print(f"{len(CROPS)} crops: " + ", ".join(f"{k} {v}" for k, v in sorted(collections.Counter(
        (c["source"], c["input"]) for c in CROPS).items())), file=sys.stderr)
    JOBS.extend((n, f, pol, lang_of) for n, f, pol in configs(a.models) if not a.only or any(s in n for s in a.only.split(",")))
    rows, errors = collections.defaultdict(list), {}
    with multiprocessing.get_context("fork").Pool(max(1, a.jobs)) as pool:
        for part, errs in pool.imap(run, [(i, max(1, a.jobs)) for i in range(max(1, a.jobs))]):
            for name, r in part.items():
                rows[name].extend(r)
            errors.update(errs)
    results = {}
    for name, _f, _p, _l in JOBS:
        if name in errors or not rows.get(name):
            results[name] = {"error": errors.get(name, "no crops")}
            print(f"not run: {name}: {results[name]['error']}", file=sys.stderr)
            continue
        results[name] = {"by_input": summarise(rows[name], lambda r: f"{r[0]}/{r[1]}"),
                         "by_kind": summarise(rows[name], lambda r: f"{r[0]}/{r[2]}")}
    os.makedirs(os.path.dirname(a.out), exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as f:
        json.dump({"crops": len(CROPS), "results": results}, f, indent=1, ensure_ascii=False)
    print_tables(results)


def print_tables(results):
    for axis, title in (("by_input", "input kind"), ("by_kind", "field kind")):
        cols = sorted({k for r in results.values() if "error" not in r for k in r[axis]} - {"all"}) + ["all"]
        print(f"\n### Per {title}: char accuracy % / exact lines % / ms per zone\n")
        print("| engine / config | " + " | ".join(cols) + " |")
        print("|---" * (len(cols) + 1) + "|")
        for name, r in results.items():
            if "error" in r:
                print(f"| {name} | " + " | ".join("not run" for _ in cols) + " |")
                continue
            cells = [f"{r[axis][c]['char_accuracy']} / {r[axis][c]['exact']} / {r[axis][c]['ms']:.0f}" if c in r[axis] else "–" for c in cols]
            print(f"| {name} | " + " | ".join(cells) + " |")
        lines = next((r[axis] for r in results.values() if "error" not in r), {})
        print("\nlines per column: " + ", ".join(f"{c} {lines[c]['lines']}" for c in cols if c in lines))


if __name__ == "__main__":
    main()
