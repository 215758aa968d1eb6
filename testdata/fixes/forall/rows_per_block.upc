// 2-D array blocked by single rows (the grid of a row-distributed
// stencil): affinity &grid[r][0], one iteration per block, which a
// person writes as one loop stepping by THREADS.
// Self-checking: every iteration must run exactly once, on the thread the
// affinity names; each thread prints what it ran, thread 0 the verdict.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 37
#define M 6

shared int hit[(N + 8) * THREADS];  /* 1 + the thread that ran iteration r */
shared [M] int grid[N * THREADS][M];
static int ran;                   /* iterations this thread ran */
static long sum;                  /* and the sum of their numbers */

void kernel(void)
{
    int r, c;
    upc_forall (r = 0; r < N; r++; &grid[r][0]) {
        for (c = 0; c < M; c++)
            grid[r][c] = r * M + c;
        hit[r] += MYTHREAD + 1;
        ran++;
        sum += r;
    }
    upc_forall (r = 2; r < N; r++; &grid[r][0]) {
        for (c = 0; c < M; c++)
            grid[r][c] += grid[r][M - 1 - c];
        ran++;
        sum += grid[r][0];
    }
    upc_forall (r = N - 1; r >= 0; r--; &grid[r][0]) {
        for (c = 0; c < M; c++)
            grid[r][c] -= c;
        sum -= grid[r][M - 1];
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
            int want = i < N ? i % THREADS + 1 : 0;
            if (hit[i] != want) {
                if (bad++ < 3)
                    printf("iteration %d: ran on %d, want %d\n", i, hit[i] - 1, want - 1);
            }
        }
        printf("rows_per_block: %s\n", bad ? "FAILED" : "OK");
    }
    return bad != 0;
}
