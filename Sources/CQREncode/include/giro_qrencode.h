// libqrencode's C API (qrencode.h), opened with dlopen on first use: see CLazyLibrary/include/giro_lazy_library.h.
#ifndef GIRO_QRENCODE_H
#define GIRO_QRENCODE_H
#include <qrencode.h>

/// 1 when libqrencode could be opened with every function Giro calls (the first call opens it); check before any call.
int giro_qrencode_available(void);
/// Why opening failed, or NULL (Debian package: libqrencode4).
const char *giro_qrencode_load_error(void);
#endif
