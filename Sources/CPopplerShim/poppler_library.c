#include "giro_lazy_library.h"

// Every poppler-cpp function poppler_shim.cpp calls, by its mangled C++ name (the stubs pass the C++ calling
// convention through untouched); scripts/lazy-library-symbols.sh prints this list from the compiled shim. A
// missing entry is a link error (undefined reference), never a run-time surprise.
#define GIRO_POPPLER_FUNCTIONS(X) \
    X(_ZN7poppler13page_renderer16set_image_formatENS_5image11format_enumE) \
    X(_ZN7poppler13page_renderer16set_render_hintsEj) \
    X(_ZN7poppler13page_rendererC1Ev) \
    X(_ZN7poppler13page_rendererD1Ev) \
    X(_ZN7poppler24set_debug_error_functionEPFvRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEPvES8_) \
    X(_ZN7poppler4pageD1Ev) \
    X(_ZN7poppler5imageD1Ev) \
    X(_ZN7poppler7ustringD1Ev) \
    X(_ZN7poppler8document18load_from_raw_dataEPKciRKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEESA_) \
    X(_ZN7poppler8documentD1Ev) \
    X(_ZN7poppler8text_boxD1Ev) \
    X(_ZNK7poppler13page_renderer11render_pageEPKNS_4pageEddiiiiNS_13rotation_enumE) \
    X(_ZNK7poppler4page11orientationEv) \
    X(_ZNK7poppler4page9page_rectENS_13page_box_enumE) \
    X(_ZNK7poppler4page9text_listEv) \
    X(_ZNK7poppler5image10const_dataEv) \
    X(_ZNK7poppler5image13bytes_per_rowEv) \
    X(_ZNK7poppler5image5widthEv) \
    X(_ZNK7poppler5image6formatEv) \
    X(_ZNK7poppler5image6heightEv) \
    X(_ZNK7poppler5image8is_validEv) \
    X(_ZNK7poppler7ustring7to_utf8Ev) \
    X(_ZNK7poppler8document11create_pageEi) \
    X(_ZNK7poppler8document5pagesEv) \
    X(_ZNK7poppler8document9is_lockedEv) \
    X(_ZNK7poppler8text_box4bboxEv) \
    X(_ZNK7poppler8text_box4textEv) \
    X(_ZNK7poppler13embedded_file4dataEv) \
    X(_ZNK7poppler13embedded_file4nameB5cxx11Ev) \
    X(_ZNK7poppler13embedded_file4sizeEv) \
    X(_ZNK7poppler13embedded_file8is_validEv) \
    X(_ZNK7poppler13embedded_file9mime_typeB5cxx11Ev) \
    X(_ZNK7poppler8document14embedded_filesEv) \
    X(_ZNK7poppler8document18has_embedded_filesEv)

GIRO_LAZY_LIBRARY(giro_poppler, "libpoppler-cpp", GIRO_POPPLER_FUNCTIONS, "libpoppler-cpp.so.0", "libpoppler-cpp.so")
