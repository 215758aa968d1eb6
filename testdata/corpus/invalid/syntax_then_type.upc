/* One function with a syntax error and another with a type error: both are
   reported. */
#include <upc.h>
#include <stdio.h>

typedef struct {
    int count;
    double sum;
} stat_t;

shared stat_t stats[THREADS];

static void record(double x);

static void record(double x)
{
    stats[MYTHREAD].count++;
    stats[MYTHREAD].sum += (x * 2.0;           // want "expected|unexpected"
}

static double mean(int t)
{
    return stats[t].sum / stats[t].cnt;        // want "no member named"
}

int main(void)
{
    record(1.0);
    upc_barrier;
    printf("%f\n", mean(0));
    return 0;
}
