#include "malloc_tuning.h"

#include <stdlib.h> /* defines __GLIBC__ on glibc */
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void gamenight_tune_malloc(void) {
#if defined(__GLIBC__)
    if (getenv("MALLOC_TRIM_THRESHOLD_") == NULL) {
        mallopt(M_TRIM_THRESHOLD, 128 * 1024);
    }
#endif
}
