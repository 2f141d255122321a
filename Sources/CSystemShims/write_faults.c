// The slow half of `gamenight_fault`, taken only while a test has armed it (write_faults.h).
#include "write_faults.h"
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

_Atomic int gamenight_faults_armed = 0;

// One slot per armed folder: tests running at once each arm their own.
enum { slot_count = 16 };
static struct {
    char *root;
    size_t length;
    long nth, counted;
    int error, persistent;
} slots[slot_count];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

int gamenight_faults_arm(const char *folder, long nth, int error, int persistent) {
    pthread_mutex_lock(&lock);
    int armed = -1;
    for (int i = 0; i < slot_count && armed < 0; i++) {
        if (slots[i].root != NULL || (slots[i].root = strdup(folder)) == NULL) continue;
        slots[i].length = strlen(folder);
        slots[i].nth = nth;
        slots[i].counted = 0;
        slots[i].error = error;
        slots[i].persistent = persistent;
        atomic_fetch_add(&gamenight_faults_armed, 1);
        armed = 0;
    }
    pthread_mutex_unlock(&lock);
    return armed;
}

long gamenight_faults_disarm(const char *folder) {
    pthread_mutex_lock(&lock);
    long counted = -1;
    for (int i = 0; i < slot_count; i++) {
        if (slots[i].root == NULL || strcmp(slots[i].root, folder) != 0) continue;
        counted = slots[i].counted;
        free(slots[i].root);
        slots[i].root = NULL;
        atomic_fetch_sub(&gamenight_faults_armed, 1);
        break;
    }
    pthread_mutex_unlock(&lock);
    return counted;
}

long gamenight_fault_slow(const char *path) {
    pthread_mutex_lock(&lock);
    int error = 0;
    for (int i = 0; i < slot_count; i++) {
        // Only paths under an armed folder count: tests running beside it write elsewhere.
        if (slots[i].root == NULL || strncmp(path, slots[i].root, slots[i].length) != 0
            || (path[slots[i].length] != '/' && path[slots[i].length] != 0)) continue;
        slots[i].counted += 1;
        if (slots[i].counted == slots[i].nth || (slots[i].persistent && slots[i].counted > slots[i].nth)) error = slots[i].error;
        break;
    }
    pthread_mutex_unlock(&lock);
    if (error == 0) return 0;
    errno = error;
    return -1;
}

ssize_t gamenight_write(int descriptor, const char *path, const void *bytes, size_t count) {
    if (gamenight_fault(path) == 0) return write(descriptor, bytes, count);
    int error = errno;
    if (count > 1) (void)!write(descriptor, bytes, count / 2);
    errno = error;
    return -1;
}
