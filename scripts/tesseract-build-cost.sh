#!/usr/bin/env bash
# What two costs of a Tesseract 5 build that Giro never uses take of `giro decode IMAGE` on one core.
#
# Measurement only: each cost is skipped in the giro process by a small preloaded library built here, as a
# Tesseract built without them would skip it. Nothing of this is used by Giro itself.
#   ambigs: every language of every engine loads the legacy engine's universal ambiguity table at init
#           (UnicharAmbigs::LoadUniversal; skipped by a build with --disable-legacy, DISABLED_LEGACY_ENGINE).
#           Giro recognises with the LSTM engine only (OEM_LSTM_ONLY), which does not read that table.
#   png:    every word image the LSTM recognises is stored PNG-compressed and decoded again
#           (ImageData::SetPixInternal; a build with TESSERACT_IMAGEDATA_AS_PIX keeps the image). Here it is
#           stored in Leptonica's uncompressed format instead: the same pixels.
# Prints, per image, the process CPU time (user + sys, ms) as installed, without each cost and without both, and
# whether the JSON answer is the same byte for byte.
#
# Usage: scripts/tesseract-build-cost.sh [GIRO_BINARY] IMAGE...   (default binary: .build/release/giro)
set -euo pipefail
giro=.build/release/giro
if [[ $# -gt 0 && -x "$1" && "$1" != *.jpg && "$1" != *.png ]]; then giro=$1; shift; fi
[[ $# -gt 0 ]] || { echo "usage: $0 [GIRO_BINARY] IMAGE..." >&2; exit 64; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/noambigs.cpp" <<'CPP'
namespace tesseract {
class UNICHARSET;
class UnicharAmbigs { public: void LoadUniversal(const UNICHARSET &, UNICHARSET *); };
void UnicharAmbigs::LoadUniversal(const UNICHARSET &, UNICHARSET *) {}
}
CPP
cat > "$work/nopng.c" <<'C'
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
typedef int (*write_fn)(uint8_t **, size_t *, void *, int);
enum { IFF_PNG = 3, IFF_SPIX = 19 };
int pixWriteMem(uint8_t **data, size_t *size, void *pix, int format) {
    static write_fn real;
    if (!real) real = (write_fn)dlsym(RTLD_NEXT, "pixWriteMem");
    return real(data, size, pix, format == IFF_PNG ? IFF_SPIX : format);
}
C
g++ -shared -fPIC -O2 -o "$work/noambigs.so" "$work/noambigs.cpp"
gcc -shared -fPIC -O2 -o "$work/nopng.so" "$work/nopng.c" -ldl
run() {  # preload, image -> CPU ms; the answer in $work/out
    LD_PRELOAD=$1 /usr/bin/time -f "%U %S" -o "$work/time" taskset -c 1 "$giro" decode "$2" --format json > "$work/out" 2>/dev/null || true
    tail -1 "$work/time" | awk '{ printf "%d", ($1 + $2) * 1000 }'
}
printf "%-40s %9s %9s %9s %9s  %s\n" image installed -ambigs -png -both same
for image in "$@"; do
    a=$(run "" "$image"); cp "$work/out" "$work/base"
    b=$(run "$work/noambigs.so" "$image"); cmp -s "$work/out" "$work/base" && s1=y || s1=n
    c=$(run "$work/nopng.so" "$image"); cmp -s "$work/out" "$work/base" && s2=y || s2=n
    d=$(run "$work/noambigs.so:$work/nopng.so" "$image"); cmp -s "$work/out" "$work/base" && s3=y || s3=n
    printf "%-40s %9s %9s %9s %9s  %s\n" "$(basename "$(dirname "$image")")/$(basename "$image")" "$a" "$b" "$c" "$d" "$s1$s2$s3"
done
