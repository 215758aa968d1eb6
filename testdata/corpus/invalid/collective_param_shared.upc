/* A helper meant to write into shared memory takes the result by value:
   parameters cannot be shared. */
#include <upc.h>
#include <upc_collective.h>

shared double partial[THREADS];
shared double global_sum;

static void reduce_into(shared double result, double mine)   // want "parameter.*shared"
{
    partial[MYTHREAD] = mine;
    upc_all_reduceD(&global_sum, partial, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

int main(void)
{
    reduce_into(global_sum, 1.0);
    return 0;
}
