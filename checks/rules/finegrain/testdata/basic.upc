// finegrain: the patterns of Chen, "Building a Source-to-Source UPC-to-C Translator", §8, and Alvanos et al., "Combining Static and Dynamic Data Coalescing in Unified Parallel C", §2 and §4.
#include <upc_relaxed.h>

#define N 512

shared [] double vec[N];
shared [N] double mat[N * THREADS][N];
shared double A[N * THREADS], B[N * THREADS], C[N * THREADS];

double matvec_row(int i)
{
    int j;
    double sum = 0.0;
    for (j = 0; j < N; j++)
        sum += mat[i][j] * vec[j]; // want "fine-grained remote reads of vec\\[j\\] in this loop: about 512 remote reads per thread per execution .*upc_memget"
    return sum;
}

void shifted(void)
{
    int i;
    for (i = MYTHREAD; i < N - 1; i += THREADS)
        A[i] = B[i + 1] * C[i + 1]; // want "remote reads of B\\[i \\+ 1\\].*511/THREADS" "remote reads of C\\[i \\+ 1\\]"
}
