// upclint-flags: -DHT_BUCKETS_PER_THREAD=64
/* A distributed hash table of int keys: buckets are spread cyclically, each
   bucket is a chain of entries allocated with upc_alloc on the inserting
   thread, and one lock per bucket protects the chain head. */
#include <upc.h>
#include <stdio.h>
#include <stdint.h>
#include <stdbool.h>

#ifndef HT_BUCKETS_PER_THREAD
#define HT_BUCKETS_PER_THREAD 16
#endif
#define NBUCKETS (HT_BUCKETS_PER_THREAD * THREADS)

typedef struct entry {
    int64_t key;
    int64_t value;
    shared struct entry *next;
} entry_t;

shared struct entry *shared heads[HT_BUCKETS_PER_THREAD * THREADS];
upc_lock_t *shared bucket_locks[HT_BUCKETS_PER_THREAD * THREADS];

static inline uint64_t hash64(int64_t k)
{
    uint64_t x = (uint64_t)k;
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    return x;
}

static void ht_init(void)
{
    int b;
    upc_forall (b = 0; b < NBUCKETS; b++; &heads[b]) {
        heads[b] = NULL;
        bucket_locks[b] = upc_global_lock_alloc();
    }
    upc_barrier;
}

static void ht_insert(int64_t key, int64_t value)
{
    int b = (int)(hash64(key) % (uint64_t)NBUCKETS);
    shared entry_t *e = (shared entry_t *)upc_alloc(sizeof(entry_t));
    entry_t tmp = { key, value, NULL };

    upc_lock(bucket_locks[b]);
    tmp.next = heads[b];
    *e = tmp;
    heads[b] = e;
    upc_unlock(bucket_locks[b]);
}

static bool ht_lookup(int64_t key, int64_t *value)
{
    int b = (int)(hash64(key) % (uint64_t)NBUCKETS);
    shared entry_t *e;
    for (e = heads[b]; e != NULL; e = e->next)
        if (e->key == key) {
            *value = e->value;
            return true;
        }
    return false;
}

int main(void)
{
    int64_t i, v, found = 0;
    const int64_t per = 100;

    ht_init();
    for (i = 0; i < per; i++)
        ht_insert(MYTHREAD * per + i, (MYTHREAD * per + i) * 10);
    upc_barrier;
    for (i = 0; i < per * THREADS; i += 3)
        if (ht_lookup(i, &v) && v == i * 10)
            found++;
    printf("thread %d: found %lld of %lld\n", MYTHREAD, (long long)found,
           (long long)((per * THREADS + 2) / 3));
    return 0;
}
