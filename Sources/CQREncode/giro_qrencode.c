#include "giro_qrencode.h"
#include "giro_lazy_library.h"

// Every libqrencode function Giro calls (`giro encode --png`); a missing entry is a link error, never a run-time surprise.
#define GIRO_QRENCODE_FUNCTIONS(X) \
    X(QRcode_encodeData) \
    X(QRcode_free)

GIRO_LAZY_LIBRARY(giro_qrencode, "libqrencode", GIRO_QRENCODE_FUNCTIONS, "libqrencode.so.4", "libqrencode.so")
