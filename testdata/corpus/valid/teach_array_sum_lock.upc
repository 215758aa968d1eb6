/* Array sum with a lock-protected global accumulator. */
#include <upc.h>
#include <stdio.h>

#define SIZE 256

shared int array[SIZE * THREADS];
shared long total;
upc_lock_t *total_lock;

int main(void)
{
    int i;
    long mine = 0;

    total_lock = upc_all_lock_alloc();
    upc_forall (i = 0; i < SIZE * THREADS; i++; &array[i])
        array[i] = i % 10;
    if (MYTHREAD == 0)
        total = 0;
    upc_barrier;

    upc_forall (i = 0; i < SIZE * THREADS; i++; &array[i])
        mine += array[i];
    upc_lock(total_lock);
    total += mine;
    upc_unlock(total_lock);
    upc_barrier;

    if (MYTHREAD == 0) {
        printf("sum = %ld\n", total);
        upc_lock_free(total_lock);
    }
    return 0;
}
