/* Sample sort: local sort, splitters chosen by thread 0 from samples, keys
   exchanged with upc_memput into per-destination slots of fixed capacity. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NLOC 1024
#define SAMPLES 8
#define CAP (4 * NLOC)

typedef shared [] int *bucket_t;

shared int samples[SAMPLES * THREADS];
shared [] int splitters[1024];                /* THREADS - 1 used */
shared bucket_t inbox[THREADS];               /* each thread's receive area */
shared int incount[THREADS];
upc_lock_t *inlock[1024];

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int main(void)
{
    int keys[NLOC], i, t;
    unsigned s = 12345u + (unsigned)MYTHREAD;

    if (THREADS > 1024)
        upc_global_exit(2);
    for (t = 0; t < THREADS; t++)
        inlock[t] = upc_all_lock_alloc();
    inbox[MYTHREAD] = (bucket_t)upc_alloc(CAP * sizeof(int));
    incount[MYTHREAD] = 0;
    for (i = 0; i < NLOC; i++) {
        s = s * 1664525u + 1013904223u;
        keys[i] = (int)(s >> 8);
    }
    qsort(keys, NLOC, sizeof(int), cmp_int);
    for (i = 0; i < SAMPLES; i++)
        samples[MYTHREAD * SAMPLES + i] = keys[(i * NLOC) / SAMPLES];
    upc_barrier;
    if (MYTHREAD == 0) {
        int *all = malloc(SAMPLES * THREADS * sizeof(int));
        for (i = 0; i < SAMPLES * THREADS; i++)
            all[i] = samples[i];
        qsort(all, SAMPLES * THREADS, sizeof(int), cmp_int);
        for (t = 1; t < THREADS; t++)
            splitters[t - 1] = all[t * SAMPLES];
        free(all);
    }
    upc_barrier;
    for (i = 0, t = 0; t < THREADS; t++) {
        int start = i, n, pos;
        while (i < NLOC && (t == THREADS - 1 || keys[i] < splitters[t]))
            i++;
        n = i - start;
        if (n == 0)
            continue;
        upc_lock(inlock[t]);
        pos = incount[t];
        incount[t] = pos + n;
        upc_unlock(inlock[t]);
        if (pos + n <= CAP)
            upc_memput(inbox[t] + pos, keys + start, n * sizeof(int));
    }
    upc_barrier;
    {
        int n = incount[MYTHREAD] < CAP ? incount[MYTHREAD] : CAP;
        int *mine = (int *)inbox[MYTHREAD];
        qsort(mine, (size_t)n, sizeof(int), cmp_int);
        printf("thread %d holds %d keys\n", MYTHREAD, n);
    }
    upc_barrier;
    upc_free(inbox[MYTHREAD]);
    return 0;
}
