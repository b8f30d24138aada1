#!/bin/sh
# Prints, as X(...) lines for a GIRO_LAZY_LIBRARY list (Sources/CLazyLibrary/include/giro_lazy_library.h), the
# functions of a shared library that the given object files call. Run it when a target starts calling a function
# that is not on its list yet (the link then fails with "undefined reference" to that name), e.g.
#   scripts/lazy-library-symbols.sh /usr/lib/x86_64-linux-gnu/libpoppler-cpp.so.0 \
#       .build/debug/CPopplerShim.build/poppler_shim.cpp.o
# For a module imported by Swift, pass the Swift objects of the module that calls it (.build/debug/GiroImaging.build/*.o).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 <library.so> <object>..." >&2; exit 64; }
library=$1; shift
exported=$(mktemp); trap 'rm -f "$exported"' EXIT
nm -D --defined-only "$library" | awk '$2 ~ /^[TW]$/ {sub(/@.*/, "", $3); print $3}' | sort -u > "$exported"
nm -u "$@" | awk 'NF == 2 {print $2}' | sort -u | comm -12 - "$exported" | sed 's/.*/    X(&) \\/' | sed '$ s/ \\$//'
