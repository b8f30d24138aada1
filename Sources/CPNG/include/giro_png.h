// libpng's C API (png.h), opened with dlopen on first use: see CLazyLibrary/include/giro_lazy_library.h.
#ifndef GIRO_PNG_H
#define GIRO_PNG_H
#include <png.h>

/// 1 when libpng could be opened with every function Giro calls (the first call opens it); check before any call.
int giro_png_available(void);
/// Why opening failed, or NULL (Debian package: libpng16-16).
const char *giro_png_load_error(void);
#endif
