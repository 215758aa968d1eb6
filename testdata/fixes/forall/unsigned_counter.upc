// An unsigned counter (GUPS's uint64_t i) counting up from a constant is
// rewritten (TestFixUnsigned: counting down, or up from an expression, it
// is left alone).
// Self-checking: every iteration must run exactly once, on the thread the
// affinity names.
#include <upc_relaxed.h>
#include <stdio.h>
#include <stdint.h>

#define N 37

shared int hit[(N + 8) * THREADS];  /* 1 + the thread that ran iteration i */
shared int a[N * THREADS];

void up(void)
{
    uint64_t i;
    upc_forall (i = 0; i < N; i++; &a[i])
        hit[i] += MYTHREAD + 1;
}

int main(void)
{
    int i, bad = 0;
    up();
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < N + 8; i++) {
            int want = i < N ? i % THREADS + 1 : 0;
            if (hit[i] != want) {
                if (bad++ < 3)
                    printf("iteration %d: hit %d, want %d\n", i, hit[i], want);
            }
        }
        printf("unsigned_counter: %s\n", bad ? "FAILED" : "OK");
    }
    return bad != 0;
}
