/* Vector addition, cyclic layout, owner computes through upc_forall. */
#include <upc_relaxed.h>
#include <stdio.h>

#define N 100

shared int v1[N * THREADS], v2[N * THREADS], v1plusv2[N * THREADS];

int main(void)
{
    int i;

    upc_forall (i = 0; i < N * THREADS; i++; i) {
        v1[i] = i;
        v2[i] = 2 * i;
    }
    upc_barrier;

    upc_forall (i = 0; i < N * THREADS; i++; &v1plusv2[i])
        v1plusv2[i] = v1[i] + v2[i];
    upc_barrier;

    if (MYTHREAD == 0) {
        int errors = 0;
        for (i = 0; i < N * THREADS; i++)
            if (v1plusv2[i] != 3 * i)
                errors++;
        printf("vector add: %s (%d errors)\n", errors ? "failed" : "passed", errors);
    }
    return 0;
}
