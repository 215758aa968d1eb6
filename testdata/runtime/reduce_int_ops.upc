// upc_all_reduceT for every integer type with every built-in operator.
// expect-all: ok
#include <upc.h>
#include <upc_collective.h>
#include "check.h"
#define N 3
#define F (UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC)
#define DEF(SUF, T) shared T s##SUF[N * THREADS]; shared T r##SUF;
DEF(C, signed char) DEF(UC, unsigned char) DEF(S, short) DEF(US, unsigned short)
DEF(I, int) DEF(UI, unsigned int) DEF(L, long) DEF(UL, unsigned long)
static long ref(int op, int n)
{
    long acc = 0;
    int i;
    for (i = 0; i < n; i++) {
        long v = (i % 7) + 1;
        if (i == 0) { acc = op == UPC_LOGAND || op == UPC_LOGOR ? v != 0 : v; continue; }
        switch (op) {
        case UPC_ADD: acc += v; break;
        case UPC_MULT: acc = (acc * v) % 1000003; break;
        case UPC_AND: acc &= v; break;
        case UPC_OR: acc |= v; break;
        case UPC_XOR: acc ^= v; break;
        case UPC_LOGAND: acc = acc && v; break;
        case UPC_LOGOR: acc = acc || v; break;
        case UPC_MIN: acc = v < acc ? v : acc; break;
        case UPC_MAX: acc = v > acc ? v : acc; break;
        }
    }
    return acc;
}
#define RUN(SUF, T)                                                          \
    upc_forall (i = 0; i < N * THREADS; i++; &s##SUF[i]) s##SUF[i] = (T)((i % 7) + 1); \
    upc_all_reduce##SUF(&r##SUF, s##SUF, ops[k], N * THREADS, 1, NULL, F);  \
    if (ops[k] != UPC_MULT) CHECK_EQ(r##SUF, (T)ref(ops[k], N * THREADS));
int main(void)
{
    static const int ops[] = {UPC_ADD, UPC_MULT, UPC_AND, UPC_OR, UPC_XOR, UPC_LOGAND, UPC_LOGOR, UPC_MIN, UPC_MAX};
    int i, k;
    for (k = 0; k < 9; k++) {
        RUN(C, signed char) RUN(UC, unsigned char) RUN(S, short) RUN(US, unsigned short)
        RUN(I, int) RUN(UI, unsigned int) RUN(L, long) RUN(UL, unsigned long)
    }
    DONE();
    return 0;
}
