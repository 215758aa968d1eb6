// upclint-flags: -DBLK=8
/* Vector addition with a blocked layout: each thread owns contiguous chunks. */
#include <upc.h>
#include <stdio.h>

#ifndef BLK
#define BLK 4
#endif
#define NBLOCKS 16

shared [BLK] float a[NBLOCKS * BLK * THREADS];
shared [BLK] float b[NBLOCKS * BLK * THREADS];
shared [BLK] float c[NBLOCKS * BLK * THREADS];

int main(void)
{
    int i;
    const int n = NBLOCKS * BLK * THREADS;

    upc_forall (i = 0; i < n; i++; &a[i]) {
        a[i] = (float)i;
        b[i] = 1.0f;
    }
    upc_barrier;

    /* the local part of each array is contiguous: walk it with a private pointer */
    {
        float *la = (float *)&a[MYTHREAD * BLK];
        float *lb = (float *)&b[MYTHREAD * BLK];
        float *lc = (float *)&c[MYTHREAD * BLK];
        size_t nloc = upc_localsizeof(a) / sizeof(float);
        size_t k;
        for (k = 0; k < nloc; k++)
            lc[k] = la[k] + lb[k];
    }
    upc_barrier;

    if (MYTHREAD == THREADS - 1) {
        int bad = 0;
        for (i = 0; i < n; i++)
            if (c[i] != (float)i + 1.0f)
                bad++;
        puts(bad == 0 ? "passed" : "failed");
    }
    return 0;
}
