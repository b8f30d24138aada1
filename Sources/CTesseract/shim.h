// Tesseract's C API (libtesseract-dev). Leptonica's `struct Pix` stays opaque: Giro hands Tesseract raw gray bytes.
#include <tesseract/capi.h>
