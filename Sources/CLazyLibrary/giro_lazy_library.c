#include "giro_lazy_library.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// One lock for all libraries: loading happens once per library and process, never on a hot path.
static pthread_mutex_t loader_lock = PTHREAD_MUTEX_INITIALIZER;

static void load_locked(giro_lazy_library *library) {
    void *handle = NULL;
    for (const char *const *name = library->sonames; *name && !handle; name++) {
        // RTLD_LOCAL: the library's names stay out of the global scope; each function is taken with dlsym.
        handle = dlopen(*name, RTLD_NOW | RTLD_LOCAL);
    }
    if (!handle) {
        const char *why = dlerror();
        snprintf(library->error, sizeof library->error, "cannot open %s: %s", library->name, why ? why : "unknown error");
        __atomic_store_n(&library->state, -1, __ATOMIC_RELEASE);
        return;
    }
    for (size_t i = 0; i < library->count; i++) {
        void *function = dlsym(handle, library->symbols[i]);
        if (!function) {
            snprintf(library->error, sizeof library->error, "%s lacks %s", library->name, library->symbols[i]);
            __atomic_store_n(&library->state, -1, __ATOMIC_RELEASE);
            return;
        }
        __atomic_store_n(library->slots[i], function, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&library->state, 1, __ATOMIC_RELEASE);
}

int giro_lazy_library_load(giro_lazy_library *library) {
    int state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    if (state == 0) {
        pthread_mutex_lock(&loader_lock);
        if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) == 0) load_locked(library);
        pthread_mutex_unlock(&loader_lock);
        state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    }
    return state == 1;
}

const char *giro_lazy_library_error(giro_lazy_library *library) {
    return giro_lazy_library_load(library) ? NULL : library->error;
}

void giro_lazy_library_unloaded(void) {
    fputs("giro: a library function was called before its library was loaded (giro_lazy_library_load)\n", stderr);
    abort();
}
