// libzbar's C API (zbar.h), opened with dlopen on first use: see CLazyLibrary/include/giro_lazy_library.h.
#ifndef GIRO_ZBAR_H
#define GIRO_ZBAR_H
#include <zbar.h>

/// 1 when libzbar could be opened with every function Giro calls (the first call opens it); check before any call.
int giro_zbar_available(void);
/// Why opening failed, or NULL (Debian package: libzbar0).
const char *giro_zbar_load_error(void);
#endif
