#include <lzma.h>

// The filter ids are built with the function-like LZMA_VLI_C() macro, which Swift cannot import.
static const lzma_vli CLZMA_FILTER_LZMA1 = LZMA_FILTER_LZMA1;
static const lzma_vli CLZMA_FILTER_LZMA1EXT = LZMA_FILTER_LZMA1EXT;
static const lzma_vli CLZMA_VLI_UNKNOWN = LZMA_VLI_UNKNOWN;
static const uint32_t CLZMA_LZMA1EXT_ALLOW_EOPM = LZMA_LZMA1EXT_ALLOW_EOPM;
