// upclint-flags: --threads 4
// Under static THREADS the loop that fills a per-thread table runs to the
// number 4: the table is still the same at every index.

#include <upc_relaxed.h>

int levels_of[THREADS];
int owner_of[THREADS];

void grid_setup(int ncols)
{
    int t, i;
    for (t = 0; t < THREADS; t++) {
        i = ncols / 2;
        levels_of[t] = 0;
        while (i > 0) {
            levels_of[t]++;
            i /= 2;
        }
        owner_of[t] = t % ncols;
    }
}

void reduce_over_levels(void)
{
    int i;
    for (i = levels_of[MYTHREAD] - 1; i >= 0; i--)
        upc_barrier;
    for (i = 0; i < owner_of[MYTHREAD]; i++)
        upc_barrier; // want "thread-dependent trip count"
}
