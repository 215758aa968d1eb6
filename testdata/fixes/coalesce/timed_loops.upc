// Timings taken inside loops: a wall-clock helper of the unit (gettimeofday
// into a local, perror and abort on failure), clock_gettime into a local,
// and a table of times written row by row (NAS FT's report loop).
// A clock reaches no shared data, so the loops are coalesced all the same.
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sys/time.h>

#define N 64
#define NT 7

shared int a[N * THREADS];
shared double steps[NT * THREADS];

double wall(void)
{
    struct timeval tv;
    if (gettimeofday(&tv, NULL)) {
        perror("gettimeofday");
        abort();
    }
    return tv.tv_sec + tv.tv_usec * 1e-6;
}

int main(void)
{
    int i, j;
    long s = 0, s2 = 0;
    double spent = 0, t0;
    struct timespec ts;
    for (i = MYTHREAD; i < N * THREADS; i += THREADS)
        a[i] = i * 3 + 1;
    upc_barrier;
    t0 = wall();
    for (i = 0; i < N; i++) {
        s += a[i + 1];
        spent += wall() - t0;
    }
    for (i = 0; i < N; i++) {
        clock_gettime(CLOCK_MONOTONIC, &ts);
        s2 += a[i] * (long)(ts.tv_nsec >= 0);
    }
    for (j = 0; j < NT; j++)
        steps[MYTHREAD * NT + j] = wall() - t0 + j;
    upc_barrier;
    printf("thread %d: s=%ld s2=%ld\n", MYTHREAD, s, s2);
    printf("time = %f seconds\n", spent);
    if (MYTHREAD == 0) {
        int ok = 1;
        for (i = 0; i < NT * THREADS; i++)
            ok = ok && steps[i] >= i % NT;
        printf("steps recorded: %s\n", ok ? "yes" : "no");
    }
    return 0;
}
