// upclint-flags: --threads 8 -DLOGN=12
/* Bitonic sort of 2^LOGN keys; compare-exchange partners across threads. */
#include <upc.h>
#include <stdio.h>

#ifndef LOGN
#define LOGN 10
#endif
#define NKEYS (1 << LOGN)

shared [NKEYS / THREADS] unsigned keys[NKEYS];

static void cmpx(int i, int j, int up)
{
    unsigned a = keys[i], b = keys[j];
    if ((a > b) == up) {
        keys[i] = b;
        keys[j] = a;
    }
}

int main(void)
{
    int i, k, j, ok = 1;

    upc_forall (i = 0; i < NKEYS; i++; &keys[i])
        keys[i] = (unsigned)((i * 2654435761u) >> 7) % 100000u;
    upc_barrier;
    for (k = 2; k <= NKEYS; k <<= 1)
        for (j = k >> 1; j > 0; j >>= 1) {
            upc_forall (i = 0; i < NKEYS; i++; &keys[i]) {
                int partner = i ^ j;
                if (partner > i)
                    cmpx(i, partner, (i & k) == 0);
            }
            upc_barrier;
        }
    if (MYTHREAD == 0) {
        for (i = 1; i < NKEYS; i++)
            if (keys[i - 1] > keys[i])
                ok = 0;
        printf("st_bitonic: %s\n", ok ? "passed" : "failed");
    }
    return 0;
}
