/* The compute kernel of kernel_plain.c written with shared arrays: the
 * benchmark of translated shared accesses (runtime/bench_test.go
 * translates it with runtime/translate). Times CPU time, so a busy
 * machine does not distort the figure. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#define N 4096
shared [*] double a[N*THREADS], b[N*THREADS];
int main(int argc, char **argv) {
    int reps = atoi(argv[1]), r, i;
    upc_forall (i = 0; i < N*THREADS; i++; &a[i]) { a[i] = i % 7; b[i] = 0; }
    upc_barrier;
    struct timespec t0, t1;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t0);
    for (r = 0; r < reps; r++) {
        for (i = 1; i < N - 1; i++)
            b[i] = 0.25 * (a[i-1] + 2.0 * a[i] + a[i+1]) + 1e-9 * r;
        for (i = 1; i < N - 1; i++)
            a[i] = 0.25 * (b[i-1] + 2.0 * b[i] + b[i+1]);
    }
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t1);
    double ns = (t1.tv_sec - t0.tv_sec) * 1e9 + (t1.tv_nsec - t0.tv_nsec);
    if (MYTHREAD == 0) printf("%.3f ns/point check %.6f\n", ns / ((double)reps * 2 * (N - 2)), a[N/2]);
    return 0;
}
