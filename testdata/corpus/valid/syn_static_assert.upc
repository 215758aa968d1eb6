/* C11 static assertions, which GCC accepts in gnu99 mode and UPC code uses to
   pin down layouts: at file scope, among struct members, in blocks, with
   __extension__, through a macro and with static THREADS-free constants. */
#include <upc.h>
#include <stdio.h>
#include <stddef.h>

#define STATIC_CHECK(cond, what) __extension__ _Static_assert(cond, what)
#define BLK 4

typedef struct {
    int id;
    double w;
    _Static_assert(sizeof(int) <= sizeof(double), "member assertion");
    __extension__ _Static_assert(BLK > 0, "block size " "is positive");
    char tag[BLK];
} item_t;

_Static_assert(sizeof(long) >= 4, "long holds 32 bits");
_Static_assert(offsetof(item_t, w) >= sizeof(int), "w follows id");
STATIC_CHECK(sizeof(item_t) % sizeof(double) == 0, "item_t is padded");

enum { NBUCKETS = 8 };
_Static_assert((NBUCKETS & (NBUCKETS - 1)) == 0, "NBUCKETS is a power of two");

shared [BLK] item_t items[BLK * THREADS];

static int fill(int base)
{
    int i, sum = 0;
    _Static_assert(BLK * 2 == 8, "two blocks make eight");
    for (i = 0; i < BLK; i++) {
        STATIC_CHECK(sizeof i == sizeof(int), "loop index");
        sum += base + i;
    }
    return sum;
}

int main(void)
{
    int i, ok = 1;
    _Static_assert(sizeof(shared int *) > 0, "pointers to shared have a size");
    upc_forall (i = 0; i < BLK * THREADS; i++; &items[i]) {
        items[i].id = i;
        items[i].w = 0.5 * i;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < BLK * THREADS; i++)
            ok &= items[i].id == i;
        ok &= fill(1) == 10;
        printf("syn_static_assert: %s\n", ok ? "passed" : "failed");
    }
    return 0;
}
