// Debian libraries opened with dlopen on first use instead of at process start.
// Linking zbar, poppler-cpp, ZXing, libdmtx, libpng, libjpeg and libwebp made the dynamic loader map and relocate
// about 40 libraries (poppler pulls NSS, fontconfig, freetype …; zbar pulls dbus, X11, v4l2 …) before every
// `giro` command, also those that never read an image (grep, batch, decode of a payload): several ms of a 10 ms
// start. Each library target lists the functions Giro calls (GIRO_LAZY_LIBRARY below); the program links against
// small jump stubs of those names, and the library is opened the first time its availability is asked for.
#ifndef GIRO_LAZY_LIBRARY_H
#define GIRO_LAZY_LIBRARY_H
#include <stddef.h>

typedef struct giro_lazy_library {
    const char *name;             // for messages, e.g. "libzbar"
    const char *const *sonames;   // tried in order, NULL-terminated (Debian's runtime name first)
    const char *const *symbols;   // `count` function names
    void **const *slots;          // where each function's address goes (the stub jumps through it)
    size_t count;
    int state;                    // 0 not tried yet, 1 loaded, -1 failed; written under the loader's lock
    char error[256];
} giro_lazy_library;

/// 1 when the library is open and every listed function was found (the first call opens it); 0 otherwise.
/// Every stub of a library may only be called after this returned 1.
int giro_lazy_library_load(giro_lazy_library *library);
/// Why loading failed (dlerror text or the missing function), or NULL when it did not fail.
const char *giro_lazy_library_error(giro_lazy_library *library);
/// What a stub jumps to before its library is loaded: a bug in Giro (an unchecked call), so it stops loudly.
void giro_lazy_library_unloaded(void);

// A jump stub named `symbol`: one indirect jump through giro_lazy_slot_<symbol>. Hidden, so the static
// stdlib's -export-dynamic never offers it to the library itself (its own calls keep going to its own code).
// The stub is a tail jump, so arguments, return values and C++ conventions (this, sret) pass through untouched.
#if defined(__x86_64__)
#define GIRO_LAZY_JUMP(symbol) \
    ".text\n.p2align 4\n.globl " #symbol "\n.hidden " #symbol "\n.type " #symbol ", @function\n" #symbol ":\n" \
    "\tjmp *giro_lazy_slot_" #symbol "(%rip)\n.size " #symbol ", .-" #symbol "\n"
#elif defined(__aarch64__)
#define GIRO_LAZY_JUMP(symbol) \
    ".text\n.p2align 4\n.globl " #symbol "\n.hidden " #symbol "\n.type " #symbol ", %function\n" #symbol ":\n" \
    "\tadrp x16, giro_lazy_slot_" #symbol "\n\tldr x16, [x16, :lo12:giro_lazy_slot_" #symbol "]\n\tbr x16\n" \
    ".size " #symbol ", .-" #symbol "\n"
#else
#error "lazy library stubs are written for x86_64 and aarch64 only"
#endif

#define GIRO_LAZY_SLOT(symbol) \
    __attribute__((visibility("hidden"))) void *giro_lazy_slot_##symbol = (void *)giro_lazy_library_unloaded; \
    __asm__(GIRO_LAZY_JUMP(symbol));
#define GIRO_LAZY_NAME(symbol) #symbol,
#define GIRO_LAZY_SLOT_ADDRESS(symbol) &giro_lazy_slot_##symbol,

/// Defines the stubs of every function in FUNCTIONS (an X-macro list) and `int <id>_available(void)` /
/// `const char *<id>_load_error(void)`; the remaining arguments are the sonames to try.
#define GIRO_LAZY_LIBRARY(id, display, FUNCTIONS, ...) \
    FUNCTIONS(GIRO_LAZY_SLOT) \
    static const char *const id##_sonames[] = {__VA_ARGS__, NULL}; \
    static const char *const id##_symbols[] = {FUNCTIONS(GIRO_LAZY_NAME)}; \
    static void **const id##_slots[] = {FUNCTIONS(GIRO_LAZY_SLOT_ADDRESS)}; \
    static giro_lazy_library id##_library = { \
        display, id##_sonames, id##_symbols, id##_slots, sizeof id##_symbols / sizeof *id##_symbols, 0, {0}}; \
    int id##_available(void) { return giro_lazy_library_load(&id##_library); } \
    const char *id##_load_error(void) { return giro_lazy_library_error(&id##_library); }
#endif
