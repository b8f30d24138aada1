#ifndef GIRO_CFUZZERDRIVER_H
#define GIRO_CFUZZERDRIVER_H
#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (in the runtime linked by -sanitize=fuzzer): runs the fuzzing loop with `callback`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
