#include "file_system.h"
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

int gamenight_try_lock(const char *path) {
    for (;;) {
        int descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (descriptor < 0) return -1;
        if (flock(descriptor, LOCK_EX | LOCK_NB) != 0) {
            int error = errno;
            close(descriptor);
            errno = error == EINTR ? EWOULDBLOCK : error;
            return -1;
        }
        // The holder removes the file before it lets go: a lock taken on a file no longer at
        // `path` guards nothing, and the file there now is tried instead.
        struct stat held, named;
        if (fstat(descriptor, &held) == 0 && stat(path, &named) == 0 && held.st_dev == named.st_dev && held.st_ino == named.st_ino) {
            char text[16];
            int length = snprintf(text, sizeof text, "%d\n", (int)getpid());
            if (ftruncate(descriptor, 0) == 0 && length > 0) (void)pwrite(descriptor, text, (size_t)length, 0);
            return descriptor;
        }
        close(descriptor);
    }
}

int gamenight_lock_holder(const char *path) {
    int descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (descriptor < 0) return 0;
    char text[16] = {0};
    ssize_t length = pread(descriptor, text, sizeof text - 1, 0);
    close(descriptor);
    if (length <= 0) return 0;
    long process = strtol(text, NULL, 10);
    return process > 0 && process < 1 << 30 ? (int)process : 0;
}

void gamenight_unlock(int descriptor, const char *path) {
    // Only the file this lock is on: one made by another after someone removed it is theirs.
    struct stat held, named;
    if (fstat(descriptor, &held) == 0 && stat(path, &named) == 0 && held.st_dev == named.st_dev && held.st_ino == named.st_ino) unlink(path);
    close(descriptor);
}
