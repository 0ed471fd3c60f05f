// The libFuzzer entry point, from the no-main libFuzzer archive scripts/fuzz links in.
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with its command line and the per-input callback.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
