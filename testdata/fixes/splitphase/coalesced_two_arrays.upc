// coalesced_two_arrays.upc (finegrain's coalescing of two_arrays.upc) - one loop reading an indefinite array and a cyclic one:
// each gets its own buffer (one upc_memget, and one per thread).
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdlib.h>

#define L 120

shared [] long coef[L];
shared long data[L * THREADS];

long dot(void)
{
    int j;
    long s = 0;
    /* upclint: the elements of coef this loop reads, fetched before it */
    long _upclint_coef[120];
    upc_memget(_upclint_coef, &coef[0], 120 * sizeof *_upclint_coef);
    /* upclint: the elements of data this loop reads, fetched before it */
    long _upclint_data[120];
    {
        /* one upc_memget per thread: its elements are THREADS apart here, adjacent there */
        size_t _upclint_t, _upclint_c, _upclint_k;
        long *_upclint_g = malloc((120 + THREADS - 1) / THREADS * sizeof *_upclint_g);
        if (_upclint_g == NULL)
            upc_global_exit(1);
        for (_upclint_t = 0; _upclint_t < THREADS && _upclint_t < 120; _upclint_t++) {
            _upclint_c = (120 - _upclint_t + THREADS - 1) / THREADS;
            upc_memget(_upclint_g, &data[0] + (_upclint_t), _upclint_c * sizeof *_upclint_g);
            for (_upclint_k = 0; _upclint_k < _upclint_c; _upclint_k++)
                _upclint_data[_upclint_t + _upclint_k * THREADS] = _upclint_g[_upclint_k];
        }
        free(_upclint_g);
    }
    for (j = 0; j < L; j++)
        s += _upclint_coef[j] * _upclint_data[j];
    return s;
}

int main(void)
{
    int j;
    if (MYTHREAD == 0) {
        long *c = (long *)coef;
        for (j = 0; j < L; j++)
            c[j] = j * 3 % 7;
    }
    upc_forall (j = 0; j < L * THREADS; j++; &data[j])
        data[j] = j % 11;
    upc_barrier;
    printf("thread %d: dot=%ld\n", MYTHREAD, dot() * (MYTHREAD + 1));
    return 0;
}
