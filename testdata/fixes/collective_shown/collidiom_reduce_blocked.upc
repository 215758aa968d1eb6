// collidiom_reduce_blocked.upc - the sum of the first THREADS elements of a
// blocked array (shared [4]): the reduction passes the block size.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>

shared [4] int a[4 * THREADS];

int main(void)
{
    int i, t, want = 0, s = 5;
    upc_forall (i = 0; i < 4 * THREADS; i++; &a[i])
        a[i] = i * 3 - 1;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++)
            s += a[t];
        for (i = 0; i < THREADS; i++)
            want += i * 3 - 1;
        want += 5;
        printf("s=%d %s\n", s, s == want ? "OK" : "FAILED");
        if (s != want)
            return 1;
    }
    return 0;
}
