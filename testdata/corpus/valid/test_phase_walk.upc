/* Walk a block-cyclic array with pointers of several block sizes and compare
   the thread/phase sequence with the formula, for B = 1, 2, 5 and []. */
#include <upc.h>
#include <stdio.h>

#define LEN 60

shared [1] int c1[LEN * THREADS];
shared [2] int c2[LEN * THREADS];
shared [5] int c5[LEN * THREADS];

#define WALK(arr, B, errs)                                                  \
    do {                                                                    \
        shared [B] int *p_ = &arr[0];                                       \
        int k_;                                                             \
        for (k_ = 0; k_ < LEN * THREADS; k_++, p_++) {                      \
            if (upc_threadof(p_) != (size_t)((k_ / (B)) % THREADS))         \
                (errs)++;                                                   \
            if (upc_phaseof(p_) != (size_t)(k_ % (B)))                      \
                (errs)++;                                                   \
        }                                                                   \
    } while (0)

shared int errs_by_thread[THREADS];

int main(void)
{
    int errs = 0;
    shared [] int *ind;
    int k;

    WALK(c1, 1, errs);
    WALK(c2, 2, errs);
    WALK(c5, 5, errs);

    ind = (shared [] int *)&c5[5 * MYTHREAD];
    for (k = 0; k < 5; k++, ind++)
        if (upc_threadof(ind) != (size_t)MYTHREAD || upc_phaseof(ind) != 0)
            errs++;
    errs_by_thread[MYTHREAD] = errs;
    upc_barrier;
    if (MYTHREAD == 0) {
        for (k = 1; k < THREADS; k++)
            errs += errs_by_thread[k];
        printf("test_phase_walk: %s\n", errs ? "failed" : "passed");
    }
    return 0;
}
