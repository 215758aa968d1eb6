// ptr_blocked_halo.upc - a Jacobi sweep over a grid of NC columns in
// blocks of RB rows: the input was allocated with upc_all_alloc and is
// reached through a blocked pointer-to-shared (shared [RB*NC] double *),
// the output is a declared array laid out alike. Under upc_forall with the
// output row's affinity only the rows above and below a block (the halo)
// are another thread's; each iteration fetches the three rows it reads
// before its column loop, per block, so a thread copies only the halo
// from other threads, never the rows the others sweep.
#include <upc_relaxed.h>
#include <stdio.h>

#define NC 16
#define RB 4

shared [RB * NC] double *in;
shared [RB * NC] double out[RB * THREADS][NC];

void relax(void)
{
    int i, j;
    upc_forall (i = 1; i < RB * THREADS - 1; i++; &out[i][0]) {
        for (j = 0; j < NC; j++)
            out[i][j] = 0.5 * (in[(i - 1) * NC + j] + in[(i + 1) * NC + j]);
    }
}

int main(void)
{
    int i, j;
    double s = 0;
    in = upc_all_alloc(THREADS, RB * NC * sizeof(double));
    upc_forall (i = 0; i < RB * NC * THREADS; i++; &in[i])
        in[i] = (i * 3) % 10;
    upc_barrier;
    relax();
    upc_barrier;
    upc_forall (i = 1; i < RB * THREADS - 1; i++; &out[i][0])
        for (j = 0; j < NC; j++)
            s += out[i][j] * (i + j % 3);
    printf("thread %d: %.1f\n", MYTHREAD, s);
    return 0;
}
