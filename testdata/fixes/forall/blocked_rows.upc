// 2-D array blocked by whole rows: affinity &rows[i][0], 3 rows per block
// Self-checking: every iteration must run exactly once, on the thread the
// affinity names; each thread prints what it ran, thread 0 the verdict.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 37

shared int hit[(N + 8) * THREADS];  /* 1 + the thread that ran iteration i */
#define M 5
shared [3 * M] int rows[N * THREADS][M];
static int ran;                   /* iterations this thread ran */
static long sum;                  /* and the sum of their numbers */

void kernel(void)
{
    int i, j;
    upc_forall (i = 0; i < N; i++; &rows[i][0]) {
        for (j = 0; j < M; j++)
            rows[i][j] = i + j;
        hit[i] += MYTHREAD + 1;
        ran++;
        sum += i;
    }
}

int main(void)
{
    int i, bad = 0;
    kernel();
    upc_barrier;
    printf("thread %d: %d iterations, sum %ld\n", MYTHREAD, ran, sum);
    if (MYTHREAD == 0) {
        for (i = 0; i < N + 8; i++) {
            int want = i < N ? (i / 3) % THREADS + 1 : 0;
            if (hit[i] != want) {
                if (bad++ < 3)
                    printf("iteration %d: ran on %d, want %d\n", i, hit[i] - 1, want - 1);
            }
        }
        printf("blocked_rows: %s\n", bad ? "FAILED" : "OK");
    }
    return bad != 0;
}
