#include "file_system.h"

#if defined(__APPLE__)
#include <sys/mount.h>
#include <sys/param.h>

int gamenight_is_local_file_system(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    return (info.f_flags & MNT_LOCAL) != 0;
}
#else
#include <sys/vfs.h>

int gamenight_is_local_file_system(const char *path) {
    struct statfs info;
    if (statfs(path, &info) != 0) return -1;
    switch ((unsigned long)info.f_type & 0xFFFFFFFFUL) {
    case 0x6969UL:      // NFS
    case 0x517BUL:      // SMB
    case 0xFF534D42UL:  // CIFS
    case 0xFE534D42UL:  // SMB2
    case 0x65735546UL:  // FUSE (sshfs, virtiofs, Docker Desktop's file sharing)
    case 0x01021997UL:  // 9P (WSL, QEMU shares)
    case 0x00C36400UL:  // Ceph
    case 0x5346414FUL:  // AFS
    case 0x73757245UL:  // Coda
    case 0x564CUL:      // NCP
    case 0x7461636FUL:  // OCFS2
    case 0x01161970UL:  // GFS2
    case 0x0BD00BD0UL:  // Lustre
        return 0;
    default:
        return 1;
    }
}
#endif
