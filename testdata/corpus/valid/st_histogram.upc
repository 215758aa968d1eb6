// upclint-flags: --threads 16
/* Byte histogram with per-thread private counts merged under locks. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#define NBINS 256
#define TEXT_PER_THREAD 4096

shared int hist[NBINS];                       /* cyclic: fine without THREADS when static */
shared [TEXT_PER_THREAD] unsigned char text[TEXT_PER_THREAD * THREADS];
upc_lock_t *bin_lock[NBINS];

int main(void)
{
    int mine[NBINS];
    unsigned char *lt = (unsigned char *)&text[MYTHREAD * TEXT_PER_THREAD];
    int i;

    for (i = 0; i < NBINS; i++)
        bin_lock[i] = upc_all_lock_alloc();
    for (i = 0; i < TEXT_PER_THREAD; i++)
        lt[i] = (unsigned char)((i * 7 + MYTHREAD) & 0xff);
    upc_forall (i = 0; i < NBINS; i++; &hist[i])
        hist[i] = 0;
    memset(mine, 0, sizeof mine);
    upc_barrier;

    for (i = 0; i < TEXT_PER_THREAD; i++)
        mine[lt[i]]++;
    for (i = 0; i < NBINS; i++) {
        int b = (i + MYTHREAD * (NBINS / THREADS)) % NBINS;   /* stagger to spread contention */
        if (mine[b] == 0)
            continue;
        upc_lock(bin_lock[b]);
        hist[b] += mine[b];
        upc_unlock(bin_lock[b]);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        long total = 0;
        for (i = 0; i < NBINS; i++)
            total += hist[i];
        printf("st_histogram: %s\n", total == (long)TEXT_PER_THREAD * THREADS ? "passed" : "failed");
    }
    upc_barrier;
    if (MYTHREAD == 0)
        for (i = 0; i < NBINS; i++)
            upc_lock_free(bin_lock[i]);
    return 0;
}
