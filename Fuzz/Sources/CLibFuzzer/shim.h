#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry point for programs with a main of their own (compiler-rt
// FuzzerInterface.h). The library comes with -sanitize=fuzzer; no link here.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
