/* Block-cyclic layout: check the affinity and phase formulas for B = 3. */
#include <upc.h>
#include <stdio.h>

#define B 3
#define NB 5

shared [B] long arr[B * NB * THREADS];
shared [B] long *p;
shared int failures = 0;

static void fail(const char *what, int i)
{
    printf("thread %d: %s wrong at %d\n", MYTHREAD, what, i);
    failures = 1;
}

int main(void)
{
    int i;

    for (i = 0; i < B * NB * THREADS; i++) {
        size_t want_thread = (size_t)(i / B) % THREADS;
        size_t want_phase = (size_t)(i % B);
        if (upc_threadof(&arr[i]) != want_thread)
            fail("threadof", i);
        if (upc_phaseof(&arr[i]) != want_phase)
            fail("phaseof", i);
    }

    p = &arr[0];
    for (i = 0; i < B * NB * THREADS; i++, p++)
        if (p != &arr[i])
            fail("increment", i);

    upc_forall (i = 0; i < B * NB * THREADS; i++; &arr[i])
        arr[i] = i;
    upc_barrier;
    {
        long *mine = (long *)&arr[MYTHREAD * B];
        for (i = 0; i < B; i++)
            if (mine[i] != MYTHREAD * B + i)
                fail("local view", i);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("test_layout_blocked: %s\n", failures ? "failed" : "passed");
    return 0;
}
