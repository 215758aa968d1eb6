// upc_localsizeof, upc_blocksizeof, upc_elemsizeof and sizeof of shared types.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared [5] int a[10 * THREADS];
shared [] double ind[7];
shared long cyc[3 * THREADS];
shared [2] short m[4][2 * THREADS];
struct s { int x; char c[3]; };
shared struct s rs[THREADS];
int main(void)
{
    CHECK_EQ(upc_blocksizeof(a), 5);
    CHECK_EQ(upc_blocksizeof(ind), 0);
    CHECK_EQ(upc_blocksizeof(cyc), 1);
    CHECK_EQ(upc_blocksizeof(m), 2);
    CHECK_EQ(upc_blocksizeof(shared [9] int), 9);
    CHECK_EQ(upc_elemsizeof(a), sizeof(int));
    CHECK_EQ(upc_elemsizeof(m), sizeof(short));
    CHECK_EQ(upc_elemsizeof(rs), sizeof(struct s));
    CHECK_EQ(upc_localsizeof(a), 10 * sizeof(int));
    CHECK_EQ(upc_localsizeof(ind), 7 * sizeof(double));
    CHECK_EQ(upc_localsizeof(cyc), 3 * sizeof(long));
    CHECK_EQ(upc_localsizeof(m), 8 * sizeof(short));
    CHECK_EQ(sizeof(a), 10 * THREADS * sizeof(int));
    CHECK_EQ(sizeof(ind), 7 * sizeof(double));
    CHECK_EQ(sizeof(a[0]), sizeof(int));
    CHECK_EQ(sizeof(shared int *), 16);
    CHECK_EQ(sizeof(&a[3]), 16);
    CHECK_EQ(sizeof(rs[0]), sizeof(struct s));
    CHECK_EQ(sizeof(m) / sizeof(m[0]), 4);
    DONE();
    return 0;
}
