// write_strips.upc - writes of a range that is not known (or is larger
// than 4096 elements): the loop runs in strips of 4096 iterations, each
// writing a private buffer that is put after the strip, so the buffer
// stays on the stack. The induction variable ends with the loop's value.
#include <upc_relaxed.h>
#include <stdio.h>

#define CAP 5000

shared [] float F[CAP];
shared long W[CAP * THREADS];

int scale_into(int lo, int n, float c)
{
    int k;
    for (k = lo; k < n; k++)
        F[k] = c * k;
    return k;
}

int ramp(int from, int to)
{
    int j;
    for (j = from; j <= to; j++) {
        long v = (long)j * j;
        W[j + 1] = v % 1000 + MYTHREAD;
    }
    return j;
}

int main(void)
{
    int j, r1 = 0, r2, r3, r4;
    double s = 0.0;
    long t = 0;
    if (MYTHREAD == 0) {
        r1 = scale_into(0, CAP, 0.5f);
        r1 += scale_into(10, 3, 1.0f); /* empty: k ends at 10 */
    }
    r2 = ramp(MYTHREAD * CAP, MYTHREAD * CAP + CAP - 2);
    r3 = ramp(7, 3);                   /* empty: j ends at 7 */
    r4 = ramp(MYTHREAD * CAP + 4096, MYTHREAD * CAP + 4095); /* empty */
    upc_barrier;
    if (MYTHREAD == 0) {
        float *f = (float *)F; /* F is all on thread 0 */
        for (j = 0; j < CAP; j++)
            s += f[j] * (j % 3);
    }
    upc_forall (j = 0; j < CAP * THREADS; j++; &W[j]) /* my elements */
        t += W[j] * (j % 7);
    printf("thread %d: %d %d %d %d s=%.1f t=%ld\n", MYTHREAD, r1, r2, r3, r4, s, t);
    return 0;
}
