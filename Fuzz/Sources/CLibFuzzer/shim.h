// The system SQLite, and the libFuzzer entry point that -sanitize=fuzzer links in.
#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with its command line and the per-input callback.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
