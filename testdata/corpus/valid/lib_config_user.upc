// upclint-flags: -I include -DUSE_FLOAT -DCHUNK=128 -UUSE_DOUBLE
/* A solver compiled with per-build -D choices taken from config.h. */
#include "config.h"
#include <upc_collective.h>
#include <stdio.h>

shared [CHUNK] real_t v[CHUNK * THREADS];
shared real_t partial[THREADS];
shared real_t total;

int main(void)
{
    real_t *mine = (real_t *)&v[MYTHREAD * CHUNK], s = 0;
    int i;

    for (i = 0; i < CHUNK; i++) {
        mine[i] = (real_t)0.5;
        s += mine[i];
    }
    partial[MYTHREAD] = s;
    REAL_REDUCE(&total, partial, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("total " REAL_FMT " (%zu-byte reals)\n", (double)total, sizeof(real_t));
    return 0;
}
