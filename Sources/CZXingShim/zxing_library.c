#include "giro_lazy_library.h"

// Every libZXing function zxing_shim.cpp calls, by its mangled C++ name (the stubs pass the C++ calling
// convention through untouched); scripts/lazy-library-symbols.sh prints this list from the compiled shim. A
// missing entry is a link error (undefined reference), never a run-time surprise.
#define GIRO_ZXING_FUNCTIONS(X) \
    X(_ZN5ZXing11ReadBarcodeERKNS_9ImageViewERKNS_11DecodeHintsE) \
    X(_ZN5ZXing12ReadBarcodesERKNS_9ImageViewERKNS_11DecodeHintsE) \
    X(_ZNK5ZXing6Result4utf8B5cxx11Ev) \
    X(_ZNK5ZXing6Result5bytesEv) \
    X(_ZNK5ZXing6Result6hasECIEv) \
    X(_ZNK5ZXing6Result8bytesECIEv)

GIRO_LAZY_LIBRARY(giro_zxing, "libZXing", GIRO_ZXING_FUNCTIONS, "libZXing.so.2", "libZXing.so")
