// nftw with FTW_PHYS: one lstat per entry, no symbolic link followed, stopping at the first one.
#define _XOPEN_SOURCE 700
#include "file_system.h"
#include <ftw.h>

static int stop_at_symlink(const char *path, const struct stat *info, int type, struct FTW *walk) {
    (void)path; (void)info; (void)walk;
    return type == FTW_SL || type == FTW_SLN ? 1 : 0;
}

int gamenight_tree_has_symlink(const char *root) {
    return nftw(root, stop_at_symlink, 32, FTW_PHYS);
}
