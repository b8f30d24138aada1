#include "giro_png.h"
#include "giro_lazy_library.h"

// Every libpng function Giro calls; a missing entry is a link error (undefined reference), never a run-time surprise.
#define GIRO_PNG_FUNCTIONS(X) \
    X(png_image_begin_read_from_memory) \
    X(png_image_finish_read) \
    X(png_image_free) \
    X(png_image_write_to_memory)

GIRO_LAZY_LIBRARY(giro_png, "libpng", GIRO_PNG_FUNCTIONS, "libpng16.so.16", "libpng16.so")
