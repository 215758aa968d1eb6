/* Berkeley UPC extensions: timers, async copies, semaphores, allv collectives,
   thread distance and pointer conversions. Guarded the way portable code does. */
#include <upc.h>
#include <stdio.h>
#include <string.h>

#include <bupc_extensions.h>
#include <bupc_collectivev.h>
#ifdef __BERKELEY_UPC__
#  define IMPL_NAME "Berkeley UPC"
#else
#  define IMPL_NAME "another implementation"
#endif

#define LEN 64

shared [LEN] int src[LEN * THREADS];
shared [LEN] int dst[LEN * THREADS];
bupc_sem_t *shared sems[THREADS];

int main(void)
{
    int buf[LEN], i, ok = 1;
    bupc_tick_t t0 = bupc_ticks_now();
    bupc_handle_t h;
    int right = (MYTHREAD + 1) % THREADS;
    int sum, maxv;

    for (i = 0; i < LEN; i++)
        buf[i] = MYTHREAD * LEN + i;
    sems[MYTHREAD] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_MPRODUCER | BUPC_SEM_SCONSUMER);
    upc_barrier;

    /* signaling put: data to the right neighbour, then one post of its semaphore */
    bupc_memput_signal(&src[right * LEN], buf, sizeof buf, sems[right], 1);
    bupc_sem_wait(sems[MYTHREAD]);

    h = bupc_memcpy_async(&dst[MYTHREAD * LEN], &src[MYTHREAD * LEN], LEN * sizeof(int));
    while (!bupc_trysync(h))
        bupc_poll();
    bupc_memget_asynci(buf, &dst[MYTHREAD * LEN], sizeof buf);
    bupc_waitsynci();
    for (i = 0; i < LEN; i++)
        if (buf[i] != ((MYTHREAD + THREADS - 1) % THREADS) * LEN + i)
            ok = 0;

    sum = bupc_allv_reduce_all(int, ok, UPC_ADD);
    maxv = bupc_allv_reduce(int, MYTHREAD, 0, UPC_MAX);
    if (MYTHREAD == 0 && maxv != THREADS - 1)
        ok = 0;

    if (bupc_thread_distance(MYTHREAD, right) <= BUPC_THREADS_NEAR && bupc_castable(&src[right * LEN])) {
        int *direct = bupc_cast(&src[right * LEN]);
        (void)direct;
    }
    {
        char desc[128];
        bupc_dump_shared(&dst[0], desc, sizeof desc);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("test_bupc_ext: %s in %llu us (%s)\n",
               sum == THREADS && ok ? "passed" : "failed",
               (unsigned long long)bupc_ticks_to_us(bupc_ticks_now() - t0), IMPL_NAME);
    bupc_sem_free(sems[MYTHREAD]);
    return 0;
}
