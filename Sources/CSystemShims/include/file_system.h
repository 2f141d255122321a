#ifndef FILE_SYSTEM_H
#define FILE_SYSTEM_H

// The file-system calls the publisher makes that Swift cannot make directly.

/// Atomically exchanges two paths (both must exist), so a published site is replaced by the new
/// one in a single step: readers see the old site or the new one, never a half-written or missing
/// one. Returns 0, or -1 with errno set (ENOSYS/EINVAL where the file system cannot do it).
int gamenight_exchange_paths(const char *first, const char *second);

/// Whether the folder `root` holds a symbolic link anywhere below it: 1 if so, 0 if not, -1 when
/// it cannot be read. The published site is reused by hard links only when this is 0: a linked
/// folder could make the new site share files with one outside it.
int gamenight_tree_has_symlink(const char *root);

/// Whether `path` is on a local file system, whose `lstat` answers are exact: 1 if so, 0 for
/// network and FUSE file systems (NFS, SMB, sshfs, Docker Desktop's file sharing), which answer from a
/// cache of attributes, and -1 when it cannot be told. The build cache trusts a game file's
/// status only on a local file system.
int gamenight_is_local_file_system(const char *path);

/// Takes the exclusive flock(2) lock of the file at `path`, making the file if missing, unless
/// another open file holds it (another process, or another build of this one: flock locks of two
/// opens conflict). Returns the descriptor holding the lock, with this process's id written in
/// the file; -1 with errno EWOULDBLOCK when it is held, or with another errno when the file
/// cannot be opened. A killed holder's lock goes with its descriptors, so it is never stuck.
int gamenight_try_lock(const char *path);

/// The process id the holder of the lock file at `path` wrote, or 0 when it cannot be read.
int gamenight_lock_holder(const char *path);

/// Removes the lock file and releases its lock (`gamenight_try_lock`'s descriptor).
void gamenight_unlock(int descriptor, const char *path);

#endif
