#ifndef DIRECTORY_SWAP_H
#define DIRECTORY_SWAP_H

/// Atomically exchanges two paths (both must exist), so a published site is replaced by the new
/// one in a single step: readers see the old site or the new one, never a half-written or missing
/// one. Returns 0, or -1 with errno set (ENOSYS/EINVAL where the file system cannot do it).
int gamenight_exchange_paths(const char *first, const char *second);

#endif
