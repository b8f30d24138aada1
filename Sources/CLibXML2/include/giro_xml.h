// A bounded pull reader over Debian's libxml2 (libxml2 / libxml2-dev), for e-invoices (Sources/GiroInvoices).
// libxml2 is opened with dlopen on first use, not at process start (Sources/CLazyLibrary/include/giro_lazy_library.h
// says why), so this header declares the few reader functions it needs itself instead of including libxml's headers.
// Safety: the reader is created with XML_PARSE_NONET and without XML_PARSE_NOENT / DTDLOAD / DTDATTR / HUGE, so no
// external entity or DTD is ever fetched and no entity is substituted; the caller also refuses any DOCTYPE node.
#ifndef GIRO_XML_H
#define GIRO_XML_H
#include <stddef.h>
#include <stdint.h>

enum { GXR_OK = 0, GXR_UNAVAILABLE = 1, GXR_FAILED = 2 };

/// 1 when libxml2 could be opened (the first call opens it).
int giro_libxml2_available(void);
/// Why opening libxml2 failed, or NULL (Debian package: libxml2).
const char *giro_libxml2_load_error(void);

typedef struct gxr_reader gxr_reader;

/// A reader over bytes held by the caller (they must outlive the reader). NULL with *status set on failure.
gxr_reader *gxr_open(const uint8_t *bytes, size_t length, int *status);
void gxr_close(gxr_reader *reader);
/// 1: a node was read; 0: end of document; -1: a well-formedness error (gxr_error says which).
int gxr_read(gxr_reader *reader);
/// libxml2's xmlReaderTypes: 1 element, 2 attribute, 3 text, 4 CDATA, 5 entity reference, 7 processing
/// instruction, 8 comment, 10 document type, 13 whitespace, 14 significant whitespace, 15 end element.
int gxr_node_type(gxr_reader *reader);
int gxr_depth(gxr_reader *reader);
int gxr_is_empty_element(gxr_reader *reader);
/// UTF-8, valid until the next gxr_read; NULL when the node has none.
const char *gxr_local_name(gxr_reader *reader);
const char *gxr_namespace_uri(gxr_reader *reader);
const char *gxr_value(gxr_reader *reader);
/// Moves to the element's next attribute (1), or back to the element when there is none left (0).
int gxr_next_attribute(gxr_reader *reader);
int gxr_line(gxr_reader *reader);
/// The first parser error seen, or NULL.
const char *gxr_error(gxr_reader *reader);
int gxr_error_line(gxr_reader *reader);

#endif
