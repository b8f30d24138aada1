#include "giro_xml.h"
#include "giro_lazy_library.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

// libxml2's own prototypes (xmlreader.h, parser.h), declared here so that no libxml2 header is needed to build.
typedef struct _xmlTextReader *xmlTextReaderPtr;
typedef void (*xmlTextReaderErrorFunc)(void *arg, const char *msg, int severity, void *locator);
extern void xmlInitParser(void);
extern xmlTextReaderPtr xmlReaderForMemory(const char *buffer, int size, const char *URL, const char *encoding, int options);
extern void xmlFreeTextReader(xmlTextReaderPtr reader);
extern int xmlTextReaderRead(xmlTextReaderPtr reader);
extern int xmlTextReaderNodeType(xmlTextReaderPtr reader);
extern int xmlTextReaderDepth(xmlTextReaderPtr reader);
extern int xmlTextReaderIsEmptyElement(xmlTextReaderPtr reader);
extern const unsigned char *xmlTextReaderConstLocalName(xmlTextReaderPtr reader);
extern const unsigned char *xmlTextReaderConstNamespaceUri(xmlTextReaderPtr reader);
extern const unsigned char *xmlTextReaderConstValue(xmlTextReaderPtr reader);
extern int xmlTextReaderMoveToNextAttribute(xmlTextReaderPtr reader);
extern int xmlTextReaderMoveToElement(xmlTextReaderPtr reader);
extern int xmlTextReaderGetParserLineNumber(xmlTextReaderPtr reader);
extern int xmlTextReaderLocatorLineNumber(void *locator);
extern void xmlTextReaderSetErrorHandler(xmlTextReaderPtr reader, xmlTextReaderErrorFunc f, void *arg);

#define GIRO_LIBXML2_FUNCTIONS(X) \
    X(xmlInitParser) \
    X(xmlReaderForMemory) \
    X(xmlFreeTextReader) \
    X(xmlTextReaderRead) \
    X(xmlTextReaderNodeType) \
    X(xmlTextReaderDepth) \
    X(xmlTextReaderIsEmptyElement) \
    X(xmlTextReaderConstLocalName) \
    X(xmlTextReaderConstNamespaceUri) \
    X(xmlTextReaderConstValue) \
    X(xmlTextReaderMoveToNextAttribute) \
    X(xmlTextReaderMoveToElement) \
    X(xmlTextReaderGetParserLineNumber) \
    X(xmlTextReaderLocatorLineNumber) \
    X(xmlTextReaderSetErrorHandler)

GIRO_LAZY_LIBRARY(giro_libxml2, "libxml2", GIRO_LIBXML2_FUNCTIONS, "libxml2.so.2", "libxml2.so")

// xmlParserOption values: NONET 1<<11, NOCDATA 1<<14 (CDATA as text), COMPACT 1<<16. Deliberately absent:
// NOENT (substitute entities), DTDLOAD, DTDATTR, DTDVALID, XINCLUDE, HUGE (lifts libxml2's own size limits).
enum { GIRO_XML_OPTIONS = (1 << 11) | (1 << 14) | (1 << 16) };

struct gxr_reader {
    xmlTextReaderPtr reader;
    char error[256];
    int errorLine;
};

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static void init_parser(void) { xmlInitParser(); }

// Errors go to the reader, never to stderr; the first one is kept.
static void on_error(void *arg, const char *msg, int severity, void *locator) {
    (void)severity;
    gxr_reader *r = arg;
    if (r->error[0] != 0 || msg == NULL) return;
    strncpy(r->error, msg, sizeof r->error - 1);
    size_t n = strlen(r->error);
    while (n > 0 && (r->error[n - 1] == '\n' || r->error[n - 1] == ' ')) r->error[--n] = 0;
    r->errorLine = locator ? xmlTextReaderLocatorLineNumber(locator) : 0;
}

gxr_reader *gxr_open(const uint8_t *bytes, size_t length, int *status) {
    if (!giro_libxml2_available()) { *status = GXR_UNAVAILABLE; return NULL; }
    if (length > 0x7fffffff) { *status = GXR_FAILED; return NULL; }
    pthread_once(&init_once, init_parser);
    gxr_reader *r = calloc(1, sizeof *r);
    if (r == NULL) { *status = GXR_FAILED; return NULL; }
    r->reader = xmlReaderForMemory((const char *)bytes, (int)length, NULL, NULL, GIRO_XML_OPTIONS);
    if (r->reader == NULL) { free(r); *status = GXR_FAILED; return NULL; }
    xmlTextReaderSetErrorHandler(r->reader, on_error, r);
    *status = GXR_OK;
    return r;
}

void gxr_close(gxr_reader *r) {
    if (r == NULL) return;
    xmlFreeTextReader(r->reader);
    free(r);
}

int gxr_read(gxr_reader *r) {
    int result = xmlTextReaderRead(r->reader);
    if (result == 0 && r->error[0] != 0) return -1;
    return result < 0 ? -1 : result;
}

int gxr_node_type(gxr_reader *r) { return xmlTextReaderNodeType(r->reader); }
int gxr_depth(gxr_reader *r) { return xmlTextReaderDepth(r->reader); }
int gxr_is_empty_element(gxr_reader *r) { return xmlTextReaderIsEmptyElement(r->reader); }
const char *gxr_local_name(gxr_reader *r) { return (const char *)xmlTextReaderConstLocalName(r->reader); }
const char *gxr_namespace_uri(gxr_reader *r) { return (const char *)xmlTextReaderConstNamespaceUri(r->reader); }
const char *gxr_value(gxr_reader *r) { return (const char *)xmlTextReaderConstValue(r->reader); }
int gxr_next_attribute(gxr_reader *r) {
    if (xmlTextReaderMoveToNextAttribute(r->reader) == 1) return 1;
    xmlTextReaderMoveToElement(r->reader);
    return 0;
}
int gxr_line(gxr_reader *r) { return xmlTextReaderGetParserLineNumber(r->reader); }
const char *gxr_error(gxr_reader *r) { return r->error[0] ? r->error : NULL; }
int gxr_error_line(gxr_reader *r) { return r->errorLine; }
