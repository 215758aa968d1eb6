// ptr_blocked_forall.upc - a Jacobi sweep whose input and output grids
// (NC columns in blocks of RB rows) were each allocated with their own
// upc_all_alloc and are reached through blocked pointers-to-shared, as
// NAS-style codes hold a, b and c. The upc_forall runs each row on the
// owner of the output row (affinity &out[i*NC]); the writes are local,
// the rows above and below a block are another thread's. The two pointers
// never hold the same allocation, so the writes through out cannot change
// what in reads: each iteration fetches the three rows it reads, per
// block, before its column loop.
#include <upc_relaxed.h>
#include <stdio.h>

#define NC 8
#define RB 3

shared [RB * NC] double *in;
shared [RB * NC] double *out;

void relax(void)
{
    int i, j;
    upc_forall (i = 1; i < RB * THREADS - 1; i++; &out[i * NC]) {
        for (j = 0; j < NC; j++)
            out[i * NC + j] = 0.5 * (in[(i - 1) * NC + j] + in[(i + 1) * NC + j]) + 0.25 * in[i * NC + j];
    }
}

int main(void)
{
    int k;
    double s = 0;
    in = upc_all_alloc(THREADS, RB * NC * sizeof(double));
    out = upc_all_alloc(THREADS, RB * NC * sizeof(double));
    upc_forall (k = 0; k < RB * NC * THREADS; k++; &in[k]) {
        in[k] = (k * 5) % 9;
        out[k] = 0;
    }
    upc_barrier;
    relax();
    upc_barrier;
    upc_forall (k = 0; k < RB * NC * THREADS; k++; &out[k])
        s += out[k] * (k % 4 + 1);
    printf("thread %d: %.2f\n", MYTHREAD, s);
    upc_barrier;
    if (MYTHREAD == 0) {
        upc_free(in);
        upc_free(out);
    }
    return 0;
}
