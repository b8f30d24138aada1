// JPEG → 8-bit gray through libjpeg. A C target rather than a module map because libjpeg reports
// errors by longjmp, which Swift cannot catch; here every error becomes a return code and a message.
#ifndef GIRO_JPEG_H
#define GIRO_JPEG_H
#include <stddef.h>
#include <stdint.h>

/// Reads only the header. Returns 0 on success.
int giro_jpeg_dimensions(const uint8_t *data, size_t length, int *width, int *height,
                         char *err, int errCapacity);

/// Decodes to a gray buffer of width*height bytes allocated with malloc (free it with giro_jpeg_free).
/// Refuses images with more than maxPixels pixels before allocating. Returns 0 on success.
int giro_jpeg_decode_gray(const uint8_t *data, size_t length, long long maxPixels,
                          uint8_t **pixels, int *width, int *height, char *err, int errCapacity);

void giro_jpeg_free(uint8_t *pixels);
#endif
