#include "giro_lazy_library.h"

// Every libjpeg function giro_jpeg.c calls; a missing entry is a link error (undefined reference).
#define GIRO_LIBJPEG_FUNCTIONS(X) \
    X(jpeg_CreateDecompress) \
    X(jpeg_destroy_decompress) \
    X(jpeg_finish_decompress) \
    X(jpeg_mem_src) \
    X(jpeg_read_header) \
    X(jpeg_read_scanlines) \
    X(jpeg_start_decompress) \
    X(jpeg_std_error)

GIRO_LAZY_LIBRARY(giro_libjpeg, "libjpeg", GIRO_LIBJPEG_FUNCTIONS, "libjpeg.so.62", "libjpeg.so")
