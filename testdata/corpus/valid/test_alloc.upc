/* Dynamic allocation: global (non-collective), all (collective), local; affinity checks. */
#include <upc.h>
#include <stdio.h>

#define NB 4
#define BYTES 24

shared int *shared global_from_zero;
shared int failures = 0;

static void fail(int line) { printf("thread %d: check at line %d failed\n", MYTHREAD, line); failures = 1; }
#define EXPECT(c) do { if (!(c)) fail(__LINE__); } while (0)

int main(void)
{
    shared [BYTES] char *all, *mine_g;
    shared [] double *local_chunk;
    size_t t;

    all = (shared [BYTES] char *)upc_all_alloc(NB * THREADS, BYTES);
    for (t = 0; t < (size_t)(NB * THREADS); t++)
        EXPECT(upc_threadof(all + t * BYTES) == t % THREADS);

    mine_g = (shared [BYTES] char *)upc_global_alloc(THREADS, BYTES);
    EXPECT(upc_threadof(mine_g) == 0);   /* like shared [BYTES] char[THREADS*BYTES] */

    local_chunk = (shared [] double *)upc_alloc(10 * sizeof(double));
    EXPECT(upc_threadof(local_chunk) == (size_t)MYTHREAD);
    local_chunk[9] = 9.0;
    EXPECT(((double *)local_chunk)[9] == 9.0);

    if (MYTHREAD == 0)
        global_from_zero = (shared int *)upc_global_alloc(THREADS, sizeof(int));
    upc_barrier;
    global_from_zero[MYTHREAD] = MYTHREAD;
    EXPECT(upc_affinitysize(NB * THREADS * BYTES, BYTES, MYTHREAD) == NB * BYTES);
    EXPECT(upc_alloc(0) == NULL);
    upc_barrier;

    upc_free(local_chunk);
    upc_free(mine_g);
    if (MYTHREAD == 0)
        upc_free(global_from_zero);
    upc_all_free(all);
    if (MYTHREAD == 0)
        printf("test_alloc: %s\n", failures ? "failed" : "passed");
    return 0;
}
