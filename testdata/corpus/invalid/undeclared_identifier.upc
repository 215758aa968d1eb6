/* Misspelled and missing names, directly and through a macro. */
#include <upc.h>
#include <stdio.h>

#define N 16
#define LOCAL_INDEX(i) ((i) * THREADS + MYTHREED)

shared double temperature[N * THREADS];

static double average(void)
{
    double sum = 0.0;
    int i;
    for (i = 0; i < N; i++)
        sum += temperature[LOCAL_INDEX(i)];    // want "undeclared identifier"
    return sum / N;
}

int main(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &temperature[i])
        temprature[i] = 20.0;                  // want "undeclared identifier"
    upc_barrier;
    printf("%d: %f\n", MYTHREAD, average() + offset);   // want "undeclared identifier"
    return 0;
}
