#ifndef WRITE_FAULTS_H
#define WRITE_FAULTS_H

#include <stdatomic.h>
#include <sys/types.h>

// Test-only fault injection, SQLite-style: a test arms it to make the n-th write under one
// folder fail as a full disk (or a read-only folder) would, for every n in turn. Nothing but a
// test arms it: no flag, variable or file does. Disarmed, a write costs one relaxed load more.
// The writes that consult it: creating a file or folder, each write(2) of a file's bytes, the
// exchange that publishes a site (`SitePublisher.swapIn`, on the output's path) and the renames
// standing in for it (on their destination), and the kept folder's fchmod (on its path).

/// How many folders are armed. Read through `gamenight_fault`.
extern _Atomic int gamenight_faults_armed;

/// Arms: from now on the operations on paths under `folder` are counted, and the `nth` fails
/// with `error` (ENOSPC, EACCES, ...); with `persistent`, every later one fails too, as on a
/// disk that stays full. Tests running at once arm folders of their own (up to 16). Returns 0,
/// or -1 when every slot is taken.
int gamenight_faults_arm(const char *folder, long nth, int error, int persistent);

/// Disarms `folder`; returns how many operations were counted there (the fault fired if that
/// is >= nth), or -1 when it was not armed.
long gamenight_faults_disarm(const char *folder);

long gamenight_fault_slow(const char *path);

/// 0, or -1 with errno set when the armed fault fails this operation on `path`.
static inline int gamenight_fault(const char *path) {
    if (!atomic_load_explicit(&gamenight_faults_armed, memory_order_relaxed)) return 0;
    return (int)gamenight_fault_slow(path);
}

/// write(2), unless the armed fault fails it: then half the bytes are written first, as when a
/// disk fills during a write, and -1 is returned with errno set.
ssize_t gamenight_write(int descriptor, const char *path, const void *bytes, size_t count);

#endif
