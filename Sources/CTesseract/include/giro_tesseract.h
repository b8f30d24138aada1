// Tesseract's C API (libtesseract-dev headers), loaded on first use instead of at process start.
// Linking libtesseract pulls about 35 libraries (curl, gnutls, krb5, ICU …) into every `giro` start, doubling
// the start-up of commands that never OCR (grep, batch, decode of a payload). The functions Giro calls are
// defined in giro_tesseract.c and forward to the library opened with dlopen the first time one is needed.
#ifndef GIRO_TESSERACT_H
#define GIRO_TESSERACT_H
#include <tesseract/capi.h>

/// 1 when libtesseract could be opened and every function Giro calls was found; the first call loads it.
int giro_tesseract_available(void);
/// Why loading failed (dlerror text or the missing symbol), or NULL when it did not fail.
const char *giro_tesseract_load_error(void);
#endif
