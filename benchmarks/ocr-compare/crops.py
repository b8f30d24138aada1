"""Zone crops with their truth: words of a words file grouped into lines, each line cut from its image.

Sources: the development sample (/work/shared/slips-dev or $GIRO_SLIPS_DEV: <class>/{clean.png,scan.jpg,photo.jpg}
with `.words.json` and the truth `.json`) and Giro's own renders (fixtures/slips/<class>/<case>-{scan,skew,photo}
with `.words`, images from `fixtures/slips/generate.py --images`, truth from `cases.json` fills).

A line is a value when its text is (part of) a printed value of the truth, else a label. Field kinds of values:
iban, amount, digits (accounts, references, coding lines, dates: no letter), code (a reference with a few letters:
`SI00 …`, `HR01 …`, `RF…`), text (names, addresses, purposes); labels are kept as their own kind.
"""
import json, math, os, re, unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TARGET_HEIGHT = 38          # px of a line's box after scaling: a 3.2 mm fill at 300 dpi, the zone resolution Giro reads at
KIND_ORDER = ["iban", "amount", "digits", "code", "text", "label"]


def norm(s):
    return " ".join(unicodedata.normalize("NFC", s).split()).casefold()


def field_kind(text, is_value):
    if not is_value:
        return "label"
    compact = text.replace(" ", "").strip("=*#")
    if re.fullmatch(r"[A-Z]{2}\d{2}[A-Z0-9]{11,30}", compact) and not compact.startswith("RF"):
        return "iban"
    if re.fullmatch(r"[*#]*\d{1,3}([.' ]?\d{3})*[.,]\d{2}[*#]*|[*#]*\d+[.,]\d{2}[*#]*", compact):
        return "amount"
    letters = sum(c.isalpha() for c in compact)
    digits = sum(c.isdigit() for c in compact)
    if digits and not letters:
        return "digits"
    if digits and letters <= 4 and digits >= 2 * letters:
        return "code"
    return "text"


def group_lines(words):
    """Words → lines: each word joins the line whose last word it overlaps vertically (≥ 0.6 of the smaller
    height) at a gap under 1.2 × the height."""
    lines = []
    for w in sorted(words, key=lambda w: (w["x"])):
        if not w["text"].strip():
            continue
        best = None
        for line in lines:
            last = line["boxes"][-1]   # the rightmost word so far: a tilted line drifts, its union box grows
            top, bottom = max(last["y"], w["y"]), min(last["y"] + last["h"], w["y"] + w["h"])
            if bottom - top < 0.6 * min(last["h"], w["h"]):
                continue
            gap = w["x"] - (last["x"] + last["w"])
            if -0.5 * w["h"] <= gap <= 1.2 * max(last["h"], w["h"]):
                best = line
                break
        if best is None:
            lines.append({"x": w["x"], "y": w["y"], "w": w["w"], "h": w["h"], "words": [w["text"]], "boxes": [w]})
        else:
            x0, y0 = min(best["x"], w["x"]), min(best["y"], w["y"])
            x1, y1 = max(best["x"] + best["w"], w["x"] + w["w"]), max(best["y"] + best["h"], w["y"] + w["h"])
            best.update(x=x0, y=y0, w=x1 - x0, h=y1 - y0)
            best["words"].append(w["text"])
            best["boxes"].append(w)
    for line in lines:
        line["text"] = " ".join(line["words"])
    return lines


def truth_strings(obj):
    if isinstance(obj, str):
        return [obj]
    if isinstance(obj, dict):
        return [s for v in obj.values() for s in truth_strings(v)]
    if isinstance(obj, list):
        return [s for v in obj for s in truth_strings(v)]
    return []


def alnum(s):
    return re.sub(r"[\W_]", "", s)


def is_value(text, values):
    """Part of a printed value, compared as text and as letters and digits only (`HR80 2360…`, `=29,43`)."""
    t, a = norm(text), alnum(norm(text))
    if len(t) < 2:
        return False
    if any(t in v or (len(v) >= 4 and v in t) for v in values):
        return True
    return len(a) >= 4 and any(a in alnum(v) for v in values)


def dev_sample(folder):
    for cls in sorted(os.listdir(folder)):
        for image, kind in (("clean.png", "clean"), ("scan.jpg", "scan"), ("photo.jpg", "photo")):
            path = os.path.join(folder, cls, image)
            if not os.path.isfile(path + ".words.json"):
                continue
            with open(path + ".json", encoding="utf-8") as f:
                truth = json.load(f)
            values = {norm(s) for s in truth_strings({k: truth.get(k) for k in ("expected_stated", "printed_other")})}
            with open(path + ".words.json", encoding="utf-8") as f:
                words = json.load(f)["words"]
            yield "dev", cls, kind, path, words, values


def own_renders(folder, cases_per_class=1):
    for cls in sorted(os.listdir(folder)):
        cases_path = os.path.join(folder, cls, "cases.json")
        if not os.path.isfile(cases_path):
            continue
        with open(cases_path, encoding="utf-8") as f:
            cases = json.load(f)["cases"][:cases_per_class]
        for case in cases:
            values = {norm(s) for s in truth_strings(case["fills"])}
            for kind, ext in (("scan", "png"), ("photo", "jpg")):
                words_path = os.path.join(folder, cls, f"{case['case']}-{kind}.words")
                image = os.path.join(folder, cls, f"{case['case']}-{kind}.{ext}")
                if not (os.path.isfile(words_path) and os.path.isfile(image)):
                    continue
                with open(words_path, encoding="utf-8") as f:
                    words = json.load(f)["words"]
                yield "own", cls, kind, image, words, values


def slope(line):
    """The line's direction from its words' centres (least squares), nil for one word or a short span."""
    boxes = line["boxes"]
    xs = [b["x"] + b["w"] / 2 for b in boxes]
    ys = [b["y"] + b["h"] / 2 for b in boxes]
    if len(boxes) < 2 or max(xs) - min(xs) < 2 * line["h"]:
        return None
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else None


def geometry(line, angle):
    """Centre, length along the line, text height (a rotated word's box is taller than its text)."""
    cos, sin = math.cos(angle), abs(math.sin(angle))
    heights = sorted(max(0.5 * b["h"], (b["h"] - b["w"] * sin) / cos) for b in line["boxes"])
    height = heights[len(heights) // 2]
    length = max(line["w"] - height * sin, (line["w"] - line["h"] * sin) / max(cos, 0.5))
    return (line["x"] + line["w"] / 2, line["y"] + line["h"] / 2), length, height


def crops(dev_folder, own_folder, labels=True):
    """Every line as {source, class, input, kind, truth, image, centre, angle, length, height}: a zone crop is
    cut upright along the line (angle from the words' centres; the page's median for a single word), as Giro
    rectifies a zone before reading it."""
    out = []
    for gen in (dev_sample(dev_folder) if dev_folder and os.path.isdir(dev_folder) else (),
                own_renders(own_folder) if own_folder and os.path.isdir(own_folder) else ()):
        for source, cls, kind, image, words, values in gen:
            lines = group_lines(words)
            slopes = sorted(s for s in map(slope, lines) if s is not None)
            page = math.atan(slopes[len(slopes) // 2]) if slopes else 0.0
            for line in lines:
                fk = field_kind(line["text"], is_value(line["text"], values))
                if fk == "label" and not labels:
                    continue
                s = slope(line)
                angle = math.atan(s) if s is not None else page
                centre, length, height = geometry(line, angle)
                out.append({"source": source, "class": cls, "input": kind, "kind": fk, "truth": line["text"],
                            "image": image, "centre": centre, "angle": angle, "length": length, "height": height})
    return out


def cut(images, crop):
    """The crop as gray uint8, upright, scaled so the text is TARGET_HEIGHT pixels high, with a margin of half
    the height at the ends and a fifth above and below (what lies there on the form: box lines, cells, labels)."""
    import numpy as np
    from PIL import Image
    img = images.get(crop["image"])
    if img is None:
        img = Image.open(crop["image"]).convert("L")
        images.clear()
        images[crop["image"]] = img
    h = crop["height"]
    w, hh = crop["length"] + h, 1.4 * h
    s = TARGET_HEIGHT / max(1.0, h)
    cos, sin = math.cos(crop["angle"]), math.sin(crop["angle"])
    cx, cy = crop["centre"]
    size = (max(4, round(w * s)), max(4, round(hh * s)))
    data = (cos / s, -sin / s, cx - cos * w / 2 + sin * hh / 2, sin / s, cos / s, cy - sin * w / 2 - cos * hh / 2)
    out = img.transform(size, Image.AFFINE, data, resample=Image.BICUBIC, fillcolor=255)
    return np.asarray(out, dtype=np.uint8)
