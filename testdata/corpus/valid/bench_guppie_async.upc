// upclint-flags: -DLOCAL_LOG=12 -DBATCH=32
/* Guppie-style random updates in batches: remote words are fetched with
   asynchronous gets, updated privately, and written back with puts. */
#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>
#include <stdint.h>

#ifndef LOCAL_LOG
#define LOCAL_LOG 10
#endif
#ifndef BATCH
#define BATCH 16
#endif
#define LOCAL_SIZE (1 << LOCAL_LOG)

shared uint64_t table[LOCAL_SIZE * THREADS];

int main(void)
{
    uint64_t ran = 0x123456789ULL + (uint64_t)MYTHREAD, vals[BATCH];
    uint64_t idx[BATCH];
    bupc_handle_t h[BATCH];
    const uint64_t n = (uint64_t)LOCAL_SIZE * THREADS;
    uint64_t i;
    int b, rounds;

    upc_forall (i = 0; i < n; i++; &table[i])
        table[i] = i;
    upc_barrier;
    for (rounds = 0; rounds < 64; rounds++) {
        for (b = 0; b < BATCH; b++) {
            ran = ran * 6364136223846793005ULL + 1ULL;
            idx[b] = (ran >> 11) % n;
            h[b] = bupc_memget_async(&vals[b], &table[idx[b]], sizeof(uint64_t));
        }
        bupc_waitsync_all(h, BATCH);
        for (b = 0; b < BATCH; b++) {
            vals[b] ^= ran;
            bupc_memput_asynci(&table[idx[b]], &vals[b], sizeof(uint64_t));
        }
        bupc_waitsynci();
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("guppie: table[0] = %llu\n", (unsigned long long)table[0]);
    return 0;
}
