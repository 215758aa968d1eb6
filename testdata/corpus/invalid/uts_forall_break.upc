/* Work distribution with upc_forall that tries to stop early when the
   shared budget is exhausted. */
#include <upc.h>
#include <stdio.h>

#define NODES 256

shared int budget;
shared int visited[NODES * THREADS];
upc_lock_t *budget_lock;

static int take_one(void)
{
    int ok;
    upc_lock(budget_lock);
    ok = budget > 0;
    if (ok)
        budget = budget - 1;
    upc_unlock(budget_lock);
    return ok;
}

int main(void)
{
    int i;

    budget_lock = upc_all_lock_alloc();
    if (MYTHREAD == 0)
        budget = NODES;
    upc_barrier;
    upc_forall (i = 0; i < NODES * THREADS; i++; &visited[i]) {
        if (!take_one())
            break;                             // want "break.*upc_forall"
        visited[i] = 1;
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("budget left %d\n", budget);
    return 0;
}
