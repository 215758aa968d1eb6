// upclint-flags: --threads 4
/* Static THREADS relaxes the array-size rule but not the others. */
#include <upc.h>
#include <stdio.h>

#define N 100

shared [N / THREADS] int a[N];                 /* fine with static THREADS */
shared int b[N];                               /* fine with static THREADS */
shared [*] int star[N];                        /* fine */
shared [*] int *sp;                            // want `\[\*\].*pointer`
shared [-2] int neg[N];                        // want "block size"

int main(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i])
        a[i] = b[i] = star[i] = i;
    THREADS = 8;                               // want "cannot assign"
    upc_barrier;
    if (MYTHREAD == 0)
        printf("%d\n", a[N - 1]);
    return 0;
}
