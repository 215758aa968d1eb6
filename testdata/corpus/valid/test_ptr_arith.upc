/* Pointer-to-shared arithmetic: phase and thread advance per 6.4.2. */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>

#define BLK 4
#define NPER 3

shared [BLK] int x[BLK * NPER * THREADS];
static int failures;

#define CHECK(cond, msg)                                                    \
    do {                                                                    \
        if (!(cond)) {                                                      \
            fprintf(stderr, "%s:%d: thread %d: %s\n", __FILE__, __LINE__,   \
                    MYTHREAD, msg);                                         \
            failures++;                                                     \
        }                                                                   \
    } while (0)

int main(void)
{
    shared [BLK] int *p = &x[0], *q;
    shared int *cyc;
    shared [] int *ind;
    int i;

    for (i = 0; i < BLK * NPER * THREADS; i++) {
        q = p + i;
        CHECK(upc_phaseof(q) == (size_t)(i % BLK), "phase after p + i");
        CHECK(upc_threadof(q) == (size_t)((i / BLK) % THREADS), "thread after p + i");
        CHECK(q - p == i, "difference");
        CHECK(q == &x[i], "equality");
    }

    /* decrement walks backwards across block boundaries */
    q = &x[BLK * NPER * THREADS - 1];
    for (i = BLK * NPER * THREADS - 1; i > 0; i--)
        q--;
    CHECK(q == p, "decrement back to start");

    /* the same storage seen through a cyclic pointer: phase is reset */
    cyc = (shared int *)&x[1];
    CHECK(upc_phaseof(cyc) == 0, "cyclic phase");
    CHECK(upc_threadof(cyc) == 0, "cast keeps thread");

    /* an indefinite pointer never leaves its thread */
    ind = (shared [] int *)&x[BLK * (THREADS - 1)];
    ind += BLK - 1;
    CHECK(upc_threadof(ind) == (size_t)(THREADS - 1), "indefinite stays");

    /* relational operators on pointers into the same array */
    CHECK(&x[2] < &x[3], "less");
    CHECK(!(&x[5] <= &x[4]), "less-equal");

    upc_barrier;
    printf("thread %d: test_ptr_arith %s\n", MYTHREAD, failures ? "failed" : "passed");
    return failures ? EXIT_FAILURE : EXIT_SUCCESS;
}
