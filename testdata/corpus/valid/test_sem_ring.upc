/* A pipeline ring with Berkeley semaphores and signaling puts. */
#include <upc.h>
#include <bupc_extensions.h>
#include <stdio.h>

#define MSGS 10

shared [MSGS] int box[MSGS * THREADS];
bupc_sem_t *shared arrived[THREADS];

int main(void)
{
    int k, right = (MYTHREAD + 1) % THREADS, ok = 1;

    arrived[MYTHREAD] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER | BUPC_SEM_SCONSUMER);
    upc_barrier;
    for (k = 0; k < MSGS; k++) {
        int v = MYTHREAD * 100 + k;
        bupc_memput_signal(&box[right * MSGS + k], &v, sizeof v, arrived[right], 1);
    }
    bupc_sem_waitN(arrived[MYTHREAD], MSGS);
    for (k = 0; k < MSGS; k++)
        if (box[MYTHREAD * MSGS + k] != ((MYTHREAD + THREADS - 1) % THREADS) * 100 + k)
            ok = 0;
    upc_barrier;
    printf("thread %d: test_sem_ring %s\n", MYTHREAD, ok ? "passed" : "failed");
    bupc_sem_free(arrived[MYTHREAD]);
    return 0;
}
