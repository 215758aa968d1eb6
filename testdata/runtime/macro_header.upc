// The system macros a user header invokes are printed with the header's own
// text, not with text of the main file at the same offsets.
// expect-all: ok 1
#define BLOCK 4
#define N BLOCK*THREADS
#include "macro_header.h"
#include <stdio.h>
shared [BLOCK] int a[N];
int main(void)
{
    int i, bad = 0;
    double f = frac();
    upc_forall (i = 0; i < N; i++; &a[i])
        a[i] = i;
    upc_barrier;
    for (i = 0; i < N; i++)
        if (a[i] != i)
            bad++;
    printf("%s %d\n", bad == 0 && f >= 0 && f <= 1 ? "ok" : "FAILED", rand_ok());
    return 0;
}
