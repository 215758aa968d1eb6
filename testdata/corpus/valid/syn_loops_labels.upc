/* Loop forms around UPC statements: while with barriers, do-while with a
   split-phase barrier, nested labels, and switch inside upc_forall. */
#include <upc.h>
#include <stdio.h>

#define N 20

shared int kind[N * THREADS];
shared int counts[3 * THREADS];

int main(void)
{
    int i, round = 0, c[3] = { 0, 0, 0 };

    upc_forall (i = 0; i < N * THREADS; i++; &kind[i]) {
        switch (i % 6) {
        case 0:
        case 3:
            kind[i] = 0;
            break;
        case 1:
            kind[i] = 1;
            /* fall through */
        case 4:
            c[1] += i % 6 == 4;
            kind[i] = 1;
            break;
        default:
            kind[i] = 2;
        }
    }
    while (round < 2) {
        upc_barrier round;
        round++;
    }
    do {
        upc_notify;
        round--;
        upc_wait;
    } while (round > 0);

    upc_forall (i = 0; i < N * THREADS; i++; &kind[i]) {
        int k = kind[i];
        if (k < 0 || k > 2)
            goto skip;
        c[k]++;
    skip:;
    }
    for (i = 0; i < 3; i++)
        counts[3 * MYTHREAD + i] = c[i];
    upc_barrier;
    if (MYTHREAD == 0) {
        int t, total = 0;
        for (t = 0; t < 3 * THREADS; t++)
            total += counts[t];
        printf("syn_loops_labels: %d classified\n", total);
    }
    return 0;
}
