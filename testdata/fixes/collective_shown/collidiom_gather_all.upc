// collidiom_gather_all.upc - every thread copies x[t] for every thread t
// into a private array (THREADS x THREADS remote reads); the fix gathers
// x into a shared temporary with upc_all_gather_all and copies the
// thread's own block. The private array has another type than x's
// elements (the loop keeps the conversion), and the function is called
// several times (the temporary is allocated once).

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

shared int x[THREADS];

/* the sum of everyone's value, weighted by the position, and the maximum */
long gather_sum(long *all, int *maxp)
{
    int t, k;
    long s = 0;
    for (t = 0; t < THREADS; t++)
        all[t] = x[t];
    *maxp = 0;
    for (k = 0; k < THREADS; k++) {
        s += all[k] * (k + 1);
        if (all[k] > *maxp)
            *maxp = (int)all[k];
    }
    return s;
}

int main(void)
{
    long *all = malloc(sizeof(long) * THREADS);
    int iter, bad = 0, m, t;
    long s, want;
    for (iter = 0; iter < 4; iter++) {
        x[MYTHREAD] = (MYTHREAD + 1) * (iter + 3) % 7 + MYTHREAD;
        upc_barrier;
        s = gather_sum(all, &m);
        want = 0;
        for (t = 0; t < THREADS; t++)
            want += (long)((t + 1) * (iter + 3) % 7 + t) * (t + 1);
        bad += s != want;
        upc_barrier;
    }
    printf("thread %d: s=%ld max=%d %s\n", MYTHREAD, s, m, bad ? "FAILED" : "OK");
    free(all);
    return bad != 0;
}
