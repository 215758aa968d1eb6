// member_steal.upc - work queues kept in a shared array of structures, one
// per thread, as in UTS: a thief takes the older half of another thread's
// nodes, items[head .. head + take - 1], under the victim's lock, reading
// them one by one through the queue's array member. The take nodes are
// fetched with one upc_memget instead.
#include <upc_relaxed.h>
#include <stdio.h>

#define QCAP 512

typedef struct {
    long id;
    int depth;
} node_t;

typedef struct {
    int head, tail;
    node_t items[QCAP];
} queue_t;

shared queue_t q[THREADS];
upc_lock_t *shared qlock[THREADS];

/* thief side: take the older half of thread v's nodes */
static int steal(int v, node_t *loot)
{
    int k, h, take;
    upc_lock(qlock[v]);
    h = q[v].head;
    take = (q[v].tail - h + 1) / 2;
    for (k = 0; k < take; k++)
        loot[k] = q[v].items[h + k];
    q[v].head = h + take;
    upc_unlock(qlock[v]);
    return take;
}

int main(void)
{
    static node_t loot[QCAP];
    int k, n, me = MYTHREAD;
    long s = 0;
    qlock[MYTHREAD] = upc_global_lock_alloc();
    q[MYTHREAD].head = 3 + me % 5;
    q[MYTHREAD].tail = 40 + 37 * me % 300;
    for (k = 0; k < QCAP; k++) {
        q[MYTHREAD].items[k].id = me * 1000 + k;
        q[MYTHREAD].items[k].depth = k % 7;
    }
    upc_barrier;
    n = steal((me + 1) % THREADS, loot);
    for (k = 0; k < n; k++)
        s += loot[k].id * (loot[k].depth + 1);
    printf("thread %d: stole %d nodes, s=%ld\n", me, n, s);
    return 0;
}
