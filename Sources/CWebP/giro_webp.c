#include "giro_webp.h"
#include "giro_lazy_library.h"

// Every libwebp function Giro calls; a missing entry is a link error (undefined reference), never a run-time surprise.
#define GIRO_WEBP_FUNCTIONS(X) \
    X(WebPDecodeRGBAInto) \
    X(WebPGetInfo)

GIRO_LAZY_LIBRARY(giro_webp, "libwebp", GIRO_WEBP_FUNCTIONS, "libwebp.so.7", "libwebp.so")
