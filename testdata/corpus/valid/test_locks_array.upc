/* One lock per bucket, allocated collectively, freed collectively (UPC 1.3). */
#include <upc.h>
#include <stdio.h>

#define NBUCKETS_PER_THREAD 4
#define NB (NBUCKETS_PER_THREAD * THREADS)
#define ROUNDS 50

upc_lock_t *shared bucket_lock[NBUCKETS_PER_THREAD * THREADS];
shared long bucket[NBUCKETS_PER_THREAD * THREADS];

int main(void)
{
    int i, r;
    upc_lock_t *common = upc_all_lock_alloc();

    upc_forall (i = 0; i < NB; i++; &bucket_lock[i]) {
        bucket_lock[i] = upc_global_lock_alloc();
        bucket[i] = 0;
    }
    upc_barrier;

    for (r = 0; r < ROUNDS; r++) {
        int b = (r * 7 + MYTHREAD) % NB;
        upc_lock_t *l = bucket_lock[b];
        upc_lock(l);
        bucket[b] += 1;
        upc_unlock(l);
    }
    upc_barrier;

    upc_lock(common);
    if (MYTHREAD == 0) {
        long total = 0;
        for (i = 0; i < NB; i++)
            total += bucket[i];
        printf("test_locks_array: %s\n", total == (long)ROUNDS * THREADS ? "passed" : "failed");
    }
    upc_unlock(common);
    upc_barrier;
    upc_forall (i = 0; i < NB; i++; &bucket_lock[i])
        upc_lock_free(bucket_lock[i]);
    upc_all_lock_free(common);
    return 0;
}
