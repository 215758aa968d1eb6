// two_fixes.upc - a right forall fix (main) and an unsafe one that is
// wrong here: f's integer affinity i + 5 is negative for the first
// iterations, so the strided loop gives them to other threads.
#include <upc_relaxed.h>
#include <stdio.h>
#define N 16
shared int a[N*THREADS];
void f(int lo, int hi)
{
    int i;
    upc_forall (i = lo; i < hi; i++; i + 5)
        printf("thread %d: i=%d\n", MYTHREAD, i);
}
int main(void)
{
    int i;
    upc_forall (i = 0; i < N*THREADS; i++; &a[i])
        a[i] = i;
    upc_barrier;
    f(-7, 3);
    if (MYTHREAD == 0)
        printf("a[5]=%d\n", a[5]);
    return 0;
}
