// Static shared data with initializers.
// expect-all: ok
#include <upc.h>
#include "check.h"
shared int answer = 42;
shared [] double table[5] = {0.5, 1.5, 2.5};
shared [3] int blocks[3 * THREADS] = {1, 2, 3, 4, 5, 6, 7};
struct cfg { int n; char name[8]; };
shared struct cfg conf = {7, "upc"};
shared int *shared cursor = (shared int *)&blocks[2]; /* a cast: the block sizes differ */
shared [2] int grid[THREADS][2] = {{10, 11}};
int main(void)
{
    static shared int counter = 5;
    int i;
    CHECK_EQ(answer, 42);
    CHECK(table[0] == 0.5 && table[2] == 2.5 && table[3] == 0.0 && table[4] == 0.0);
    for (i = 0; i < 3 * THREADS; i++)
        CHECK_EQ(blocks[i], i < 7 ? i + 1 : 0);
    CHECK_EQ(conf.n, 7);
    CHECK_EQ(conf.name[0], 'u');
    CHECK_EQ(*cursor, 3);
    CHECK_EQ(grid[0][1], 11);
    CHECK_EQ(counter, 5);
    upc_barrier;
    if (MYTHREAD == 0)
        counter += 1;
    upc_barrier;
    CHECK_EQ(counter, 6);
    DONE();
    return 0;
}
