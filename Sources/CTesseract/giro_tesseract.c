#include "giro_tesseract.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// Debian's runtime package name first; the unversioned name only exists with the -dev package.
static const char *const library_names[] = {"libtesseract.so.5", "libtesseract.so"};

#define GIRO_TESS_FUNCTIONS(X) \
    X(TessBaseAPIClear) X(TessBaseAPICreate) X(TessBaseAPIDelete) X(TessBaseAPIEnd) X(TessBaseAPIGetIterator) \
    X(TessBaseAPIInit2) X(TessBaseAPIRecognize) X(TessBaseAPISetImage) X(TessBaseAPISetPageSegMode) \
    X(TessBaseAPISetSourceResolution) X(TessBaseAPISetVariable) X(TessDeleteText) X(TessMonitorCreate) \
    X(TessMonitorDelete) X(TessMonitorSetDeadlineMSecs) X(TessMonitorSetCancelFunc) X(TessMonitorSetCancelThis) \
    X(TessPageIteratorBoundingBox) \
    X(TessResultIteratorConfidence) X(TessResultIteratorDelete) X(TessResultIteratorGetPageIteratorConst) \
    X(TessResultIteratorGetUTF8Text) X(TessResultIteratorNext)

static struct {
#define GIRO_TESS_FIELD(name) __typeof__(&name) name;
    GIRO_TESS_FUNCTIONS(GIRO_TESS_FIELD)
#undef GIRO_TESS_FIELD
} real;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[512];

static void load(void) {
    void *library = NULL;
    for (size_t i = 0; i < sizeof library_names / sizeof *library_names && !library; i++) {
        // RTLD_GLOBAL: libgomp (Tesseract's OpenMP runtime) must be visible to the dlsym(RTLD_DEFAULT) that
        // turns OpenMP parallelism off per thread.
        library = dlopen(library_names[i], RTLD_NOW | RTLD_GLOBAL);
    }
    if (!library) {
        const char *why = dlerror();
        snprintf(load_error, sizeof load_error, "cannot open libtesseract: %s", why ? why : "unknown error");
        return;
    }
#define GIRO_TESS_LOAD(name) \
    *(void **)(&real.name) = dlsym(library, #name); \
    if (!real.name) { snprintf(load_error, sizeof load_error, "libtesseract lacks %s", #name); return; }
    GIRO_TESS_FUNCTIONS(GIRO_TESS_LOAD)
#undef GIRO_TESS_LOAD
    loaded = 1;
}

int giro_tesseract_available(void) {
    pthread_once(&load_once, load);
    return loaded;
}

const char *giro_tesseract_load_error(void) {
    pthread_once(&load_once, load);
    return loaded ? NULL : load_error;
}

// Forwarders. Swift checks giro_tesseract_available() before the first call; the fallbacks below only keep a
// missing library from becoming a jump through a null pointer.
#define READY (giro_tesseract_available())

TessBaseAPI *TessBaseAPICreate(void) { return READY ? real.TessBaseAPICreate() : NULL; }
void TessBaseAPIClear(TessBaseAPI *h) { if (READY) real.TessBaseAPIClear(h); }
void TessBaseAPIDelete(TessBaseAPI *h) { if (READY) real.TessBaseAPIDelete(h); }
void TessBaseAPIEnd(TessBaseAPI *h) { if (READY) real.TessBaseAPIEnd(h); }
TessResultIterator *TessBaseAPIGetIterator(TessBaseAPI *h) { return READY ? real.TessBaseAPIGetIterator(h) : NULL; }
int TessBaseAPIInit2(TessBaseAPI *h, const char *datapath, const char *language, TessOcrEngineMode oem) {
    return READY ? real.TessBaseAPIInit2(h, datapath, language, oem) : -1;
}
int TessBaseAPIRecognize(TessBaseAPI *h, ETEXT_DESC *monitor) { return READY ? real.TessBaseAPIRecognize(h, monitor) : -1; }
void TessBaseAPISetImage(TessBaseAPI *h, const unsigned char *data, int width, int height, int bytes_per_pixel,
                         int bytes_per_line) {
    if (READY) real.TessBaseAPISetImage(h, data, width, height, bytes_per_pixel, bytes_per_line);
}
void TessBaseAPISetPageSegMode(TessBaseAPI *h, TessPageSegMode mode) { if (READY) real.TessBaseAPISetPageSegMode(h, mode); }
void TessBaseAPISetSourceResolution(TessBaseAPI *h, int ppi) { if (READY) real.TessBaseAPISetSourceResolution(h, ppi); }
BOOL TessBaseAPISetVariable(TessBaseAPI *h, const char *name, const char *value) {
    return READY ? real.TessBaseAPISetVariable(h, name, value) : 0;
}
void TessDeleteText(const char *text) { if (READY) real.TessDeleteText(text); }
ETEXT_DESC *TessMonitorCreate(void) { return READY ? real.TessMonitorCreate() : NULL; }
void TessMonitorDelete(ETEXT_DESC *monitor) { if (READY) real.TessMonitorDelete(monitor); }
void TessMonitorSetDeadlineMSecs(ETEXT_DESC *monitor, int deadline) { if (READY) real.TessMonitorSetDeadlineMSecs(monitor, deadline); }
void TessMonitorSetCancelFunc(ETEXT_DESC *monitor, TessCancelFunc cancelFunc) { if (READY) real.TessMonitorSetCancelFunc(monitor, cancelFunc); }
void TessMonitorSetCancelThis(ETEXT_DESC *monitor, void *cancelThis) { if (READY) real.TessMonitorSetCancelThis(monitor, cancelThis); }
BOOL TessPageIteratorBoundingBox(const TessPageIterator *h, TessPageIteratorLevel level, int *left, int *top, int *right,
                                 int *bottom) {
    return READY ? real.TessPageIteratorBoundingBox(h, level, left, top, right, bottom) : 0;
}
float TessResultIteratorConfidence(const TessResultIterator *h, TessPageIteratorLevel level) {
    return READY ? real.TessResultIteratorConfidence(h, level) : 0;
}
void TessResultIteratorDelete(TessResultIterator *h) { if (READY) real.TessResultIteratorDelete(h); }
const TessPageIterator *TessResultIteratorGetPageIteratorConst(const TessResultIterator *h) {
    return READY ? real.TessResultIteratorGetPageIteratorConst(h) : NULL;
}
char *TessResultIteratorGetUTF8Text(const TessResultIterator *h, TessPageIteratorLevel level) {
    return READY ? real.TessResultIteratorGetUTF8Text(h, level) : NULL;
}
BOOL TessResultIteratorNext(TessResultIterator *h, TessPageIteratorLevel level) {
    return READY ? real.TessResultIteratorNext(h, level) : 0;
}
