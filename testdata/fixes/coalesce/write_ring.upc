// write_ring.upc - a ring shift: every thread writes its buffer into the
// block of the next thread (shared [LEN], one block per thread). The
// block's owner is computed from MYTHREAD, so every element written is
// remote (THREADS > 1): one upc_memput of the block after the loop.
#include <upc_relaxed.h>
#include <stdio.h>

#define LEN 200

shared [LEN] int ring[LEN * THREADS];

int main(void)
{
    int buf[LEN];
    int j, t;
    int peer = (MYTHREAD + 1) % THREADS;
    for (j = 0; j < LEN; j++)
        buf[j] = (MYTHREAD * 31 + j * 7) % 101;
    for (j = 0; j < LEN; j++)
        ring[peer * LEN + j] = buf[j];
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++) {
            long s = 0;
            for (j = 0; j < LEN; j++)
                s += ring[t * LEN + j] * (j + 1);
            printf("block %d: %ld\n", t, s);
        }
    }
    return 0;
}
