/* Shared pointers to shared data, and a directory of per-thread buffers. */
#include <upc.h>
#include <stdio.h>

#define CHUNK 16

shared int *shared sp;                 /* a shared pointer to shared int (lives on thread 0) */
shared [] int *shared dir[THREADS];    /* per-thread pointers, each to a local chunk */
shared int data[CHUNK * THREADS];
int *shared lp_on_zero;                /* a shared pointer to private int: legal to declare */
shared int result[THREADS];

int main(void)
{
    int i, sum = 0;

    if (MYTHREAD == 0) {
        sp = &data[0];
        lp_on_zero = 0;
    }
    dir[MYTHREAD] = (shared [] int *)upc_alloc(CHUNK * sizeof(int));
    upc_forall (i = 0; i < CHUNK * THREADS; i++; &data[i])
        data[i] = 1;
    {
        int *mine = (int *)dir[MYTHREAD];
        for (i = 0; i < CHUNK; i++)
            mine[i] = MYTHREAD;
    }
    upc_barrier;

    /* read the neighbour's chunk through the directory */
    {
        shared [] int *theirs = dir[(MYTHREAD + 1) % THREADS];
        for (i = 0; i < CHUNK; i++)
            sum += theirs[i];
    }
    sum += sp[MYTHREAD];               /* every thread reads through the shared pointer */
    result[MYTHREAD] = sum;
    upc_barrier;
    if (result[MYTHREAD] != CHUNK * ((MYTHREAD + 1) % THREADS) + 1)
        printf("thread %d: failed\n", MYTHREAD);
    else if (MYTHREAD == 0)
        printf("test_shared_ptr_to_shared: passed\n");
    upc_barrier;
    upc_free(dir[MYTHREAD]);
    return 0;
}
