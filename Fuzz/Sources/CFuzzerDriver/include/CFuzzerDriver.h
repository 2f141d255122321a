#ifndef GAMENIGHT_FUZZER_DRIVER_H
#define GAMENIGHT_FUZZER_DRIVER_H

/// Runs libFuzzer's driver (command-line flags, corpus, mutation loop) over
/// `LLVMFuzzerTestOneInput`, and returns its exit status.
int gamenight_fuzzer_main(int argc, char **argv);

/// LeakSanitizer's switches (in the ASan runtime): objects allocated between them are never
/// reported. Swift packs enum tags into spare pointer bits, so LSan cannot see that the
/// templates, parsed once into a global, are still referenced.
void __lsan_disable(void);
void __lsan_enable(void);

#endif
