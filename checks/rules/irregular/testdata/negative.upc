// Accesses the rule must not report.
#include <upc_relaxed.h>

#define B 16

shared [B] double A[B * THREADS];
shared long C[THREADS];

/* The index is the same in every iteration of the timing loop. */
double timing_loop(void)
{
    int t, j;
    double x = 0;
    for (t = 0; t < 100; t++) {
        j = MYTHREAD * B;
        x += A[j];
    }
    return x;
}

/* Affine indices are the finegrain rule's. */
double affine_reads(void)
{
    int i;
    double x = 0;
    for (i = 0; i < B * THREADS; i++)
        x += A[i];
    return x;
}

/* Two fields of one element are statically coalesced by finegrain. */
struct pt { long x, y; };
shared struct pt P[THREADS];
long two_fields(const int *idx)
{
    int i;
    long s = 0;
    for (i = 0; i < 10; i++)
        s += P[idx[i]].x * P[idx[i]].y;
    return s;
}

/* Outside a loop. */
long single(int k)
{
    return C[k * k % THREADS];
}

/* A counter the affine analysis has no bound for (the forall fix's blocked
   loop over this thread's blocks): strided, not irregular. */
double blocked_counter(int blk)
{
    int i;
    double s = 0;
    for (i = blk; i < B * THREADS && i < blk + B; i++)
        s += A[i];
    return s;
}

int main(void)
{
    int idx[10] = {0};
    return (int)(timing_loop() + affine_reads()) + (int)two_fields(idx) + (int)single(1) + (int)blocked_counter(0);
}
