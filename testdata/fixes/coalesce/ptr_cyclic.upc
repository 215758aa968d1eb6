// ptr_cyclic.upc - a vector allocated with upc_all_alloc and reached
// through a cyclic pointer-to-shared, as most benchmark and library code
// holds its data: each thread smooths a window of the vector that starts
// at its own offset, reading the elements one by one. The block size comes
// from the pointer's type (1): the window is fetched with one upc_memget
// per owning thread.
#include <upc_relaxed.h>
#include <stdio.h>

#define NPER 24
#define WIN 30

shared double *vec;

double window(int first)
{
    int j;
    double s = 0;
    for (j = 1; j < WIN - 1; j++)
        s += (vec[first + j - 1] + 2 * vec[first + j] + vec[first + j + 1]) * (j % 3 + 1);
    return s;
}

int main(void)
{
    int i;
    vec = upc_all_alloc(NPER * THREADS, sizeof(double));
    upc_forall (i = 0; i < NPER * THREADS; i++; &vec[i])
        vec[i] = (i * 13) % 17 - 8.0;
    upc_barrier;
    printf("thread %d: %.2f\n", MYTHREAD, window(MYTHREAD * 5));
    upc_barrier;
    if (MYTHREAD == 0)
        upc_free(vec);
    return 0;
}
