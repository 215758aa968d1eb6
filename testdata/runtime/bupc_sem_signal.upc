// Signaling puts: data arrives before the semaphore is posted (sync and async forms).
// expect-all: ok
#include <upc.h>
#include <bupc_extensions.h>
#include "check.h"
#define N 16
shared [N] int box[N * THREADS];
bupc_sem_t *shared arrived[THREADS];
int main(void)
{
    int i, k, right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
    int buf[N];
    arrived[MYTHREAD] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER | BUPC_SEM_SCONSUMER);
    upc_barrier;
    for (k = 0; k < 3; k++) {
        for (i = 0; i < N; i++)
            buf[i] = MYTHREAD * 1000 + k * 100 + i;
        if (k % 2)
            bupc_memput_signal_async(&box[right * N], buf, sizeof buf, arrived[right], 1);
        else
            bupc_memput_signal(&box[right * N], buf, sizeof buf, arrived[right], 1);
        bupc_sem_wait(arrived[MYTHREAD]);
        for (i = 0; i < N; i++)
            CHECK_EQ(box[MYTHREAD * N + i], left * 1000 + k * 100 + i);
        upc_barrier;
    }
    bupc_sem_free(arrived[MYTHREAD]);
    DONE();
    return 0;
}
