// decreasing loop with integer affinity i
// Self-checking: every iteration must run exactly once, on the thread the
// affinity names; each thread prints what it ran, thread 0 the verdict.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 37

shared int hit[(N + 8) * THREADS];  /* 1 + the thread that ran iteration i */

static int ran;                   /* iterations this thread ran */
static long sum;                  /* and the sum of their numbers */

void kernel(void)
{
    int i;
    upc_forall (i = N - 1; i >= 0; i--; i) {
        hit[i] += MYTHREAD + 1;
        ran++;
        sum += i * (ran + 1); /* order matters */
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
        printf("downward: %s\n", bad ? "FAILED" : "OK");
    }
    return bad != 0;
}
