#include "giro_zbar.h"
#include "giro_lazy_library.h"

// Every libzbar function Giro calls; a missing entry is a link error (undefined reference), never a run-time surprise.
#define GIRO_ZBAR_FUNCTIONS(X) \
    X(zbar_image_create) \
    X(zbar_image_destroy) \
    X(zbar_image_first_symbol) \
    X(zbar_image_scanner_create) \
    X(zbar_image_scanner_destroy) \
    X(zbar_image_scanner_set_config) \
    X(zbar_image_set_data) \
    X(zbar_image_set_format) \
    X(zbar_image_set_size) \
    X(zbar_scan_image) \
    X(zbar_symbol_get_data) \
    X(zbar_symbol_get_data_length) \
    X(zbar_symbol_get_loc_size) \
    X(zbar_symbol_get_loc_x) \
    X(zbar_symbol_get_loc_y) \
    X(zbar_symbol_get_type) \
    X(zbar_symbol_next)

GIRO_LAZY_LIBRARY(giro_zbar, "libzbar", GIRO_ZBAR_FUNCTIONS, "libzbar.so.0", "libzbar.so")
