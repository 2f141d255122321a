#ifndef GAMENIGHT_FUZZER_DRIVER_H
#define GAMENIGHT_FUZZER_DRIVER_H

/// Runs libFuzzer's driver (command-line flags, corpus, mutation loop) over
/// `LLVMFuzzerTestOneInput`, and returns its exit status.
int gamenight_fuzzer_main(int argc, char **argv);

#endif
