// A small C API over Debian's poppler-cpp (libpoppler-cpp-dev), so Swift never sees C++.
// Every call is serialised by one lock inside the shim: poppler's error callback is process-wide.
// poppler-cpp (and the ~25 libraries it needs) is opened with dlopen by the first gps_open, not at process start
// (poppler_library.c; Sources/CLazyLibrary/include/giro_lazy_library.h says why).
#ifndef GIRO_POPPLER_SHIM_H
#define GIRO_POPPLER_SHIM_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

enum { GPS_OK = 0, GPS_INVALID = 1, GPS_ENCRYPTED = 2, GPS_FAILED = 3, GPS_UNAVAILABLE = 4 };

/// 1 when libpoppler-cpp could be opened (the first call opens it); gps_open checks it itself.
int giro_poppler_available(void);
/// Why opening libpoppler-cpp failed, or NULL (Debian package: libpoppler-cpp0v5).
const char *giro_poppler_load_error(void);

typedef struct gps_document gps_document;
typedef struct gps_words gps_words;

/// Opens a PDF held in memory (the shim keeps its own copy). NULL with *status set on failure (GPS_UNAVAILABLE:
/// libpoppler-cpp cannot be opened, see giro_poppler_load_error).
gps_document *gps_open(const uint8_t *bytes, size_t length, int *status);
void gps_close(gps_document *doc);
int gps_page_count(gps_document *doc);
/// Size of the page as rendered (crop box, page rotation applied), in points. Returns 0 when the page is unusable.
int gps_page_size(gps_document *doc, int index, double *width, double *height);
/// Renders a page as 8-bit gray at dpi into out (width * height bytes, rows without padding; white where the
/// rendered image is smaller). Returns 1 on success.
int gps_render_gray(gps_document *doc, int index, double dpi, uint8_t *out, int width, int height);
/// The words of a page with boxes in points (top-left origin, page rotation applied). NULL when unreadable.
gps_words *gps_words_read(gps_document *doc, int index);
int gps_words_count(const gps_words *words);
/// The i-th word: UTF-8 text (valid until gps_words_free) and its box. Returns 0 when i is out of range.
int gps_words_get(const gps_words *words, int i, const char **text, int *length,
                  double *x, double *y, double *w, double *h);
void gps_words_free(gps_words *words);
/// Library messages (syntax errors, repairs) seen on this document so far, and the n-th of the first few kept.
int gps_message_count(const gps_document *doc);
const char *gps_message(const gps_document *doc, int index);

typedef struct gps_attachments gps_attachments;
/// The document's embedded files (PDF/A-3 attachments: Factur-X, ZUGFeRD, XRechnung invoices), at most max_count,
/// each read only when its declared size (/Params /Size) is at most max_bytes, or, with read_undeclared, when it
/// declares none (poppler then inflates the whole stream: the caller allows it for small documents only); read data
/// over max_bytes is dropped. Files not read are listed without data. NULL when the document has none.
gps_attachments *gps_attachments_read(gps_document *doc, int max_count, int max_bytes, int read_undeclared);
int gps_attachments_count(const gps_attachments *list);
/// The i-th file: name as the PDF string's bytes (PDFDocEncoding, or UTF-16BE after a FE FF mark, so it may hold
/// NUL bytes: name_length counts them), MIME type (valid until gps_attachments_free; empty when not given), its
/// bytes (NULL when skipped as too large or unreadable) and declared size. Returns 0 when i is out of range.
int gps_attachments_get(const gps_attachments *list, int i, const char **name, int *name_length, const char **mime,
                        const uint8_t **data, int *length, int *declared_size);
void gps_attachments_free(gps_attachments *list);

#ifdef __cplusplus
}
#endif
#endif
