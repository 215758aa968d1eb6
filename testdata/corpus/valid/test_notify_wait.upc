/* Split-phase barriers: local work between notify and wait overlaps the barrier. */
#include <upc.h>
#include <stdio.h>

#define N 64

shared int published[N * THREADS];
static int scratch[N];

static int local_work(int seed)
{
    int i, s = 0;
    for (i = 0; i < N; i++) {
        scratch[i] = (seed + i) * 3;
        s += scratch[i];
    }
    return s;
}

int main(void)
{
    int i, round, ok = 1, junk = 0;

    for (round = 0; round < 3; round++) {
        upc_forall (i = 0; i < N * THREADS; i++; &published[i])
            published[i] = round;
        upc_notify;                 /* my writes are done */
        junk += local_work(round);  /* purely private work */
        upc_wait;                   /* everybody's writes are done */
        for (i = 0; i < N * THREADS; i += THREADS + 1)
            if (published[i] != round)
                ok = 0;
        upc_notify round;           /* ids on both halves */
        upc_wait round;
    }
    upc_notify 7;
    upc_wait;                       /* a wait without id matches any notify id */
    upc_notify;
    upc_wait 8 - 1;
    printf("thread %d: test_notify_wait %s (%d)\n", MYTHREAD, ok ? "passed" : "failed", junk > 0);
    return 0;
}
