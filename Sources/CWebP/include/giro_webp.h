// libwebp's C API (webp/decode.h), opened with dlopen on first use: see CLazyLibrary/include/giro_lazy_library.h.
#ifndef GIRO_WEBP_H
#define GIRO_WEBP_H
#include <webp/decode.h>

/// 1 when libwebp could be opened with every function Giro calls (the first call opens it); check before any call.
int giro_webp_available(void);
/// Why opening failed, or NULL (Debian package: libwebp7).
const char *giro_webp_load_error(void);
#endif
