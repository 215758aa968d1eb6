// Berkeley semaphores: post/wait, postN/waitN, try/tryN, boolean semaphores.
// expect-all: ok
#include <upc.h>
#include <bupc_extensions.h>
#include "check.h"
bupc_sem_t *shared sem[THREADS];
bupc_sem_t *shared bsem[THREADS];
int main(void)
{
    int right = (MYTHREAD + 1) % THREADS;
    sem[MYTHREAD] = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_MPRODUCER | BUPC_SEM_SCONSUMER);
    bsem[MYTHREAD] = bupc_sem_alloc(BUPC_SEM_BOOLEAN | BUPC_SEM_SPRODUCER | BUPC_SEM_SCONSUMER);
    upc_barrier;
    CHECK_EQ(bupc_sem_try(sem[MYTHREAD]), 0);
    upc_barrier;
    bupc_sem_postN(sem[right], 3);
    bupc_sem_post(sem[right]);
    bupc_sem_waitN(sem[MYTHREAD], 2);
    bupc_sem_wait(sem[MYTHREAD]);
    while (!bupc_sem_try(sem[MYTHREAD]))
        ;
    CHECK_EQ(bupc_sem_tryN(sem[MYTHREAD], 1), 0);
    bupc_sem_post(bsem[right]);
    bupc_sem_wait(bsem[MYTHREAD]);
    CHECK_EQ(bupc_sem_try(bsem[MYTHREAD]), 0);
    upc_barrier;
    bupc_sem_free(sem[MYTHREAD]);
    bupc_sem_free(bsem[MYTHREAD]);
    DONE();
    return 0;
}
