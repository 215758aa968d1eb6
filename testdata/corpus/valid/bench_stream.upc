// upclint-flags: -DSTREAM_ARRAY_SIZE=65536 -DNTIMES=5
/*
 * STREAM for UPC: copy, scale, add, triad over blocked shared vectors.
 * Each thread works on its own block through a private pointer.
 */
#include <upc_relaxed.h>
#include <stdio.h>
#include <float.h>
#include <math.h>
#include <sys/time.h>

#ifndef STREAM_ARRAY_SIZE
#define STREAM_ARRAY_SIZE 10000000
#endif
#ifndef NTIMES
#define NTIMES 10
#endif
#define STREAM_TYPE double

shared [STREAM_ARRAY_SIZE] STREAM_TYPE a[STREAM_ARRAY_SIZE * THREADS];
shared [STREAM_ARRAY_SIZE] STREAM_TYPE b[STREAM_ARRAY_SIZE * THREADS];
shared [STREAM_ARRAY_SIZE] STREAM_TYPE c[STREAM_ARRAY_SIZE * THREADS];

static double avgtime[4] = {0}, maxtime[4] = {0},
              mintime[4] = {FLT_MAX, FLT_MAX, FLT_MAX, FLT_MAX};
static const char *label[4] = {"Copy:      ", "Scale:     ", "Add:       ", "Triad:     "};
static const double bytes[4] = {
    2 * sizeof(STREAM_TYPE) * STREAM_ARRAY_SIZE,
    2 * sizeof(STREAM_TYPE) * STREAM_ARRAY_SIZE,
    3 * sizeof(STREAM_TYPE) * STREAM_ARRAY_SIZE,
    3 * sizeof(STREAM_TYPE) * STREAM_ARRAY_SIZE
};

static double mysecond(void)
{
    struct timeval tp;
    gettimeofday(&tp, NULL);
    return (double)tp.tv_sec + (double)tp.tv_usec * 1.e-6;
}

int main(void)
{
    STREAM_TYPE *restrict la = (STREAM_TYPE *)&a[MYTHREAD * STREAM_ARRAY_SIZE];
    STREAM_TYPE *restrict lb = (STREAM_TYPE *)&b[MYTHREAD * STREAM_ARRAY_SIZE];
    STREAM_TYPE *restrict lc = (STREAM_TYPE *)&c[MYTHREAD * STREAM_ARRAY_SIZE];
    const STREAM_TYPE scalar = 3.0;
    double times[4][NTIMES];
    long j;
    int k;

    for (j = 0; j < STREAM_ARRAY_SIZE; j++) {
        la[j] = 1.0;
        lb[j] = 2.0;
        lc[j] = 0.0;
    }
    upc_barrier;

    for (k = 0; k < NTIMES; k++) {
        upc_barrier;
        times[0][k] = mysecond();
        for (j = 0; j < STREAM_ARRAY_SIZE; j++)
            lc[j] = la[j];
        upc_barrier;
        times[0][k] = mysecond() - times[0][k];

        times[1][k] = mysecond();
        for (j = 0; j < STREAM_ARRAY_SIZE; j++)
            lb[j] = scalar * lc[j];
        upc_barrier;
        times[1][k] = mysecond() - times[1][k];

        times[2][k] = mysecond();
        for (j = 0; j < STREAM_ARRAY_SIZE; j++)
            lc[j] = la[j] + lb[j];
        upc_barrier;
        times[2][k] = mysecond() - times[2][k];

        times[3][k] = mysecond();
        for (j = 0; j < STREAM_ARRAY_SIZE; j++)
            la[j] = lb[j] + scalar * lc[j];
        upc_barrier;
        times[3][k] = mysecond() - times[3][k];
    }

    for (k = 1; k < NTIMES; k++) {
        int m;
        for (m = 0; m < 4; m++) {
            avgtime[m] += times[m][k];
            mintime[m] = fmin(mintime[m], times[m][k]);
            maxtime[m] = fmax(maxtime[m], times[m][k]);
        }
    }

    if (MYTHREAD == 0) {
        printf("Function    Best Rate MB/s  Avg time     Min time     Max time\n");
        for (k = 0; k < 4; k++) {
            avgtime[k] /= (double)(NTIMES - 1);
            printf("%s%12.1f  %11.6f  %11.6f  %11.6f\n", label[k],
                   1.0E-06 * bytes[k] * THREADS / mintime[k],
                   avgtime[k], mintime[k], maxtime[k]);
        }
    }
    return 0;
}
