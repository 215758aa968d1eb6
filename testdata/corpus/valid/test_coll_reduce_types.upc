/* Every typed upc_all_reduce variant, built by one macro per type; plus UPC_FUNC. */
#include <upc.h>
#include <upc_collective.h>
#include <stdio.h>

#define PER 5
#define N (PER * THREADS)

#define DECLARE(T, S)                         \
    shared T src_##S[PER * THREADS];          \
    shared T res_##S;

DECLARE(signed char, C)
DECLARE(unsigned char, UC)
DECLARE(short, S)
DECLARE(unsigned short, US)
DECLARE(int, I)
DECLARE(unsigned int, UI)
DECLARE(long, L)
DECLARE(unsigned long, UL)
DECLARE(float, F)
DECLARE(double, D)
DECLARE(long double, LD)

shared int failures;

#define RUN(T, S, OP, EXPECT)                                                   \
    do {                                                                        \
        int i_;                                                                 \
        upc_forall (i_ = 0; i_ < N; i_++; &src_##S[i_])                         \
            src_##S[i_] = (T)(i_ % 3 + 1);                                      \
        upc_all_reduce##S(&res_##S, src_##S, OP, N, 1, NULL,                    \
                          UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);                    \
        if (MYTHREAD == 0 && res_##S != (T)(EXPECT)) {                          \
            printf("reduce" #S " " #OP ": got %g\n", (double)res_##S);          \
            failures = failures + 1;                                            \
        }                                                                       \
    } while (0)

static long long sum_expect(void)
{
    long long s = 0;
    int i;
    for (i = 0; i < N; i++)
        s += i % 3 + 1;
    return s;
}

static int imax3(int a, int b) { return a > b ? a : b; }
static double dmin_func(double a, double b) { return a < b ? a : b; }

int main(void)
{
    long long sum = sum_expect();

    if (MYTHREAD == 0)
        failures = 0;
    RUN(signed char, C, UPC_MAX, 3);
    RUN(unsigned char, UC, UPC_MIN, 1);
    RUN(short, S, UPC_ADD, sum);
    RUN(unsigned short, US, UPC_OR, 3);
    RUN(int, I, UPC_ADD, sum);
    RUN(unsigned int, UI, UPC_MAX, 3u);
    RUN(long, L, UPC_LOGAND, 1);
    RUN(unsigned long, UL, UPC_LOGOR, 1);
    RUN(float, F, UPC_ADD, sum);
    RUN(double, D, UPC_MIN, 1.0);
    RUN(long double, LD, UPC_MAX, 3);

    /* user functions */
    upc_all_reduceI(&res_I, src_I, UPC_FUNC, N, 1, imax3, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceD(&res_D, src_D, UPC_NONCOMM_FUNC, N, 1, &dmin_func, 0);
    upc_barrier;
    if (MYTHREAD == 0) {
        if (res_I != 3 || res_D != 1.0)
            failures = failures + 1;
        printf("test_coll_reduce_types: %s\n", failures ? "failed" : "passed");
    }
    return 0;
}
