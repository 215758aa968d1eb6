/* Missing semicolons: the error is reported at the next token, which is on
   the following line. */
#include <upc.h>
#include <stdio.h>

#define N 16

shared int a[N * THREADS];

static void fill(void);

static int report_count = 0          /* missing ';' */
static const int verbose = 1;       // want "expected|unexpected"

static void fill(void)
{
    int i;
    upc_forall (i = 0; i < N * THREADS; i++; &a[i])
        a[i] = i
    upc_barrier;                    // want "expected|unexpected"
}

int main(void)
{
    int total = 0, i;
    fill();
    for (i = 0; i < N * THREADS; i++)
        total += a[i];
    if (MYTHREAD == 0)
        printf("total %d\n", total);
    return 0;
}
