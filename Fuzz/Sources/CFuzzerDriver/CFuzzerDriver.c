// libFuzzer normally brings its own `main`, but SwiftPM links every executable, including the
// build-tool plugin's, with the same flags, so the fuzzer links libFuzzer without `main`
// (libclang_rt.fuzzer_no_main) and starts the driver from Swift's `@main` through this call.
#include <stddef.h>
#include <stdint.h>
#include "CFuzzerDriver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int gamenight_fuzzer_main(int argc, char **argv) {
    return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
