// A small C API over Debian's zxing-cpp 1.4, so Swift never sees C++ (and never sees zxing's API churn).
#ifndef GIRO_ZXING_SHIM_H
#define GIRO_ZXING_SHIM_H
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

enum { ZXS_QR = 1, ZXS_PDF417 = 2, ZXS_CODE128 = 4, ZXS_DATAMATRIX = 8 };
enum { ZXS_TRY_HARDER = 1, ZXS_TRY_ROTATE = 2, ZXS_TRY_DOWNSCALE = 4, ZXS_GLOBAL_HISTOGRAM = 8, ZXS_PURE = 16 };

// QR segment modes whose charset the mode itself fixes (ISO/IEC 18004 Kanji: Shift_JIS; GB/T 18284 Hanzi: GB2312).
enum { ZXS_MODE_KANJI = 1, ZXS_MODE_HANZI = 2 };

typedef struct zxs_results zxs_results;

/// 1 when libZXing could be opened (the first call opens it; zxs_read checks it itself). libZXing is opened with
/// dlopen on first use, not at process start (zxing_library.c; Sources/CLazyLibrary/include/giro_lazy_library.h).
int giro_zxing_available(void);
/// Why opening libZXing failed, or NULL (Debian package: libzxing2).
const char *giro_zxing_load_error(void);

typedef struct {
    int format;            // one ZXS_* symbology bit
    int eci;               // first ECI announced by the symbol, -1 when none
    int x[4], y[4];        // corners: top-left, top-right, bottom-right, bottom-left
    const uint8_t *bytes;  // raw content bytes (no charset conversion); valid until zxs_free
    int length;
    int eciCount;          // distinct ECI designators in the symbol, in order of appearance (at most 8 kept)
    int ecis[8];
    const char *text;      // zxing's text in UTF-8 with every ECI segment transcoded; only when eciCount > 0
    int textLength;        // (NULL/0 without ECI: Giro makes its own charset guess then), or when qrModes is set
    int qrModes;           // QR only: ZXS_MODE_* bits for the charset-bearing modes the symbol's segments used
} zxs_symbol;

/// Reads every symbol of the requested formats in an 8-bit gray image. Returns NULL on failure
/// (error text in err, which may be NULL). The caller guarantees rowStride >= width and a buffer
/// of rowStride * height bytes.
zxs_results *zxs_read(const uint8_t *gray, int width, int height, int rowStride,
                      int formats, int flags, int maxSymbols, char *err, int errCapacity);
int zxs_count(const zxs_results *results);
/// Copies the i-th symbol's fields into out; returns 0 when i is out of range.
int zxs_get(const zxs_results *results, int index, zxs_symbol *out);
void zxs_free(zxs_results *results);

#ifdef __cplusplus
}
#endif
#endif
