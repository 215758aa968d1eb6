// block-cyclic loops with bounds given at run time: empty and one-element
// ranges, a start after the end, ranges that are not a multiple of the
// block or of THREADS, increasing and decreasing, the variable read after
// Self-checking: every iteration must run exactly once, on the thread the
// affinity names; each thread prints what it ran, thread 0 the verdict.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 37

shared int hit[(N + 8) * THREADS];  /* 1 + the thread that ran iteration i */
shared [3] int ab[(N + 8) * THREADS];
static int ran;                   /* iterations this thread ran */
static long sum;                  /* and the sum of their numbers */

int up(int lo, int hi)
{
    int i;
    upc_forall (i = lo; i < hi; i++; &ab[i + 1]) {
        hit[i] += MYTHREAD + 1;
        ran++;
        sum += i * (ran + 1);
    }
    return i;
}

void down(int lo, int hi)
{
    int i;
    upc_forall (i = hi; i >= lo; i--; &ab[i]) {
        hit[i] += MYTHREAD + 1;
        ran++;
        sum += i * (ran + 1);
    }
}

int main(void)
{
    int c[][2] = {{0, 0}, {5, 3}, {0, 1}, {3, 17}, {2, 2}, {1, N}, {7, 8}, {4, 5}};
    int k, i, bad = 0, last = 0;
    for (k = 0; k < 8; k++) {
        int lo = c[k][0], hi = c[k][1];
        upc_barrier;
        if (MYTHREAD == 0)
            for (i = 0; i < N + 8; i++)
                hit[i] = 0;
        upc_barrier;
        if (k % 2 == 0)
            last = up(lo, hi);
        else
            down(lo, hi - 1);
        upc_barrier;
        printf("thread %d case %d: %d iterations, sum %ld, last %d\n", MYTHREAD, k, ran, sum, last);
        if (MYTHREAD == 0) {
            for (i = 0; i < N + 8; i++) {
                int owner = k % 2 == 0 ? ((i + 1) / 3) % THREADS : (i / 3) % THREADS;
                int want = i >= lo && i < hi ? owner + 1 : 0;
                if (hit[i] != want) {
                    if (bad++ < 3)
                        printf("case %d iteration %d: ran on %d, want %d\n", k, i, hit[i] - 1, want - 1);
                }
            }
        }
    }
    if (MYTHREAD == 0)
        printf("blocked_bounds: %s\n", bad ? "FAILED" : "OK");
    return bad != 0;
}
