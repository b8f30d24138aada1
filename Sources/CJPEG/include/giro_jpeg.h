// JPEG → 8-bit gray through libjpeg. A C target rather than a module map because libjpeg reports
// errors by longjmp, which Swift cannot catch; here every error becomes a return code and a message.
#ifndef GIRO_JPEG_H
#define GIRO_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// 1 when libjpeg could be opened (the first call opens it); libjpeg is opened with dlopen on first use, not at
/// process start (giro_jpeg_library.c; Sources/CLazyLibrary/include/giro_lazy_library.h). The functions below
/// check it themselves and return 3 with the reason in err when it cannot be opened.
int giro_libjpeg_available(void);
/// Why opening libjpeg failed, or NULL (Debian package: libjpeg62-turbo).
const char *giro_libjpeg_load_error(void);

/// Reads only the header. Returns 0 on success.
int giro_jpeg_dimensions(const uint8_t *data, size_t length, int *width, int *height,
                         char *err, int errCapacity);

/// Decodes to a gray buffer of width*height bytes allocated with malloc (free it with giro_jpeg_free).
/// Refuses images with more than maxPixels pixels before allocating. Returns 0 on success.
int giro_jpeg_decode_gray(const uint8_t *data, size_t length, long long maxPixels,
                          uint8_t **pixels, int *width, int *height, char *err, int errCapacity);

/// As giro_jpeg_decode_gray, but a colour file (YCbCr, RGB, CMYK) comes out as RGB, 3 bytes a pixel
/// (*components = 3); a gray file as gray (*components = 1).
int giro_jpeg_decode_color(const uint8_t *data, size_t length, long long maxPixels,
                           uint8_t **pixels, int *width, int *height, int *components, char *err, int errCapacity);

void giro_jpeg_free(uint8_t *pixels);
#endif
