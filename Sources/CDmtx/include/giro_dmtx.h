// libdmtx's C API (dmtx.h), opened with dlopen on first use: see CLazyLibrary/include/giro_lazy_library.h.
#ifndef GIRO_DMTX_H
#define GIRO_DMTX_H
#include <dmtx.h>

/// 1 when libdmtx could be opened with every function Giro calls (the first call opens it); check before any call.
int giro_dmtx_available(void);
/// Why opening failed, or NULL (Debian package: libdmtx0b).
const char *giro_dmtx_load_error(void);
#endif
