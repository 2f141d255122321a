#ifndef TREE_SCAN_H
#define TREE_SCAN_H

/// Whether the folder `root` holds a symbolic link anywhere below it: 1 if so, 0 if not, -1 when
/// it cannot be read. The published site is reused by hard links only when this is 0: a linked
/// folder could make the new site share files with one outside it.
int gamenight_tree_has_symlink(const char *root);

#endif
