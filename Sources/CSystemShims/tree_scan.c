// A walk by directory entries: their type comes with the name (d_type), so most file systems
// need no lstat per entry; one that does not say is asked. No symbolic link is followed.
#define _GNU_SOURCE
#include "file_system.h"
#include <dirent.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

// Deeper than any site: a folder nested further is treated as unsafe rather than walked.
#define MAX_DEPTH 64

static int scan(int folder, int depth) {
    if (depth > MAX_DEPTH) {
        close(folder);
        return 1;
    }
    DIR *stream = fdopendir(folder);
    if (stream == NULL) {
        close(folder);
        return -1;
    }
    int result = 0;
    struct dirent *entry;
    while (result == 0 && (entry = readdir(stream)) != NULL) {
        const char *name = entry->d_name;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
        unsigned char type = entry->d_type;
        if (type == DT_UNKNOWN) {
            struct stat info;
            if (fstatat(dirfd(stream), name, &info, AT_SYMLINK_NOFOLLOW) != 0) {
                result = -1;
                break;
            }
            type = S_ISLNK(info.st_mode) ? DT_LNK : S_ISDIR(info.st_mode) ? DT_DIR : DT_REG;
        }
        if (type == DT_LNK) {
            result = 1;
        } else if (type == DT_DIR) {
            int child = openat(dirfd(stream), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
            result = child < 0 ? -1 : scan(child, depth + 1);
        }
    }
    closedir(stream);
    return result;
}

int gamenight_tree_has_symlink(const char *root) {
    // O_NOFOLLOW: a root that is itself a link is not walked (-1, as for any unreadable root).
    int folder = open(root, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    return folder < 0 ? -1 : scan(folder, 0);
}
