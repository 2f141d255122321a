// Swift cannot call the variadic syscall(2), and glibc's renameat2 wrapper is not imported.
#define _GNU_SOURCE
#include "file_system.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#if defined(__linux__)
#include <sys/syscall.h>
#include <linux/fs.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
int gamenight_exchange_paths(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}
#elif defined(__APPLE__)
int gamenight_exchange_paths(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}
#else
int gamenight_exchange_paths(const char *first, const char *second) {
    (void)first; (void)second;
    errno = ENOSYS;
    return -1;
}
#endif
