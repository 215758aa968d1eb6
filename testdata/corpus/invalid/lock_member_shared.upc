/* A record that wants its lock pointer to be shared: members cannot be
   shared-qualified, even pointers themselves. */
#include <upc.h>

typedef struct account {
    long balance;
    upc_lock_t *lock;                          /* fine: a private pointer to a lock */
    upc_lock_t *shared audit_lock;             // want "member.*shared"
} account_t;

shared account_t accounts[THREADS];

int main(void)
{
    accounts[MYTHREAD].lock = upc_global_lock_alloc();
    accounts[MYTHREAD].balance = 100;
    upc_barrier;
    return 0;
}
