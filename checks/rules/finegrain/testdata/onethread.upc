// upclint-flags: --threads 1
// With one thread every access is local.
#include <upc_relaxed.h>

#define N 256

shared [] double vec[N];

double sum(void)
{
    int j;
    double s = 0.0;
    for (j = 0; j < N; j++)
        s += vec[j];
    return s;
}
