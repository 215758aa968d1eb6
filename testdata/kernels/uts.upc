// uts.upc - work stealing over per-thread shared queues protected by locks,
// a fragment in the style of UTS (unbalanced tree search; seed 001,
// sections 9.3-9.4, Figure 17).
//
// Thread t owns the node queue q[t] in shared memory, guarded by qlock[t]; it
// pops and expands its own nodes and, when dry, steals the older half of
// another queue. As in Figure 17 (UTS steal(): stealStack[i].workAvail,
// .local, .sharedStart read one by one after upc_lock), the thief reads the
// victim's fields and copies the nodes element by element: one remote get
// per node, where one upc_memget of the contiguous range would do (no
// synchronization inside the loop; the lock is taken around it).
//
// The tree is implicit and fixed (root: ROOTKIDS children; any other node
// above MAXDEPTH: NKIDS children when a hash of its id is below PROB/1000),
// so its node count is the same for every THREADS and schedule. `pending`
// counts nodes created and not yet expanded: children are added before they
// become visible, expanded nodes are subtracted when the thread runs dry, so
// it never underestimates and is exact once all threads are idle; a thread
// stops when it reads 0. The work loop's trip count is thread-dependent but
// every thread leaves it once: no collectivity finding after it, and reading
// `pending` in it is no allreduce (not executed collectively).
//
// Run: upcc -o uts uts.upc && upcrun -n 4 ./uts
//      gupc -o uts uts.upc && ./uts -n 4
// Prints "uts: nodes=<count> OK" from thread 0.
//
// expect: finegrain

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#ifndef ROOTKIDS
#define ROOTKIDS 400
#endif
#ifndef PROB
#define PROB 240        /* per mille */
#endif
#define NKIDS 4
#define MAXDEPTH 60
#define QCAP 4096       /* nodes per queue */

typedef struct { uint64_t id; int depth; } node_t;
typedef struct {
    int head, tail;          /* nodes are items[head..tail-1] */
    node_t items[QCAP];
} queue_t;

shared queue_t q[THREADS];
upc_lock_t *shared qlock[THREADS];
shared long pending;
shared long part[THREADS];
shared long total;

static uint64_t mix(uint64_t z)
{
    z = (z ^ (z >> 33)) * 0xFF51AFD7ED558CCDULL;
    z = (z ^ (z >> 33)) * 0xC4CEB9FE1A85EC53ULL;
    return z ^ (z >> 33);
}

static int nchildren(const node_t *n)
{
    if (n->depth == 0)
        return ROOTKIDS;
    return n->depth < MAXDEPTH && mix(n->id) % 1000 < PROB ? NKIDS : 0;
}

static node_t child(const node_t *n, int c)
{
    node_t k = {mix(n->id * 31 + (uint64_t)c + 1), n->depth + 1};
    return k;
}

/* owner side: my queue through a private pointer, under my lock */
static void push(queue_t *myq, upc_lock_t *mylock, const node_t *nodes, int n)
{
    upc_lock(mylock);
    if (myq->tail + n > QCAP && myq->head > 0) {
        memmove(myq->items, myq->items + myq->head, sizeof(node_t) * (myq->tail - myq->head));
        myq->tail -= myq->head;
        myq->head = 0;
    }
    if (myq->tail + n > QCAP)
        abort();   /* queue overflow: raise QCAP */
    memcpy(myq->items + myq->tail, nodes, sizeof(node_t) * n);
    myq->tail += n;
    upc_unlock(mylock);
}

static int pop(queue_t *myq, upc_lock_t *mylock, node_t *out)
{
    int got = 0;
    upc_lock(mylock);
    if (myq->tail > myq->head) {
        *out = myq->items[--myq->tail];
        got = 1;
        if (myq->tail == myq->head)
            myq->head = myq->tail = 0;
    }
    upc_unlock(mylock);
    return got;
}

/* thief side: take the older half of thread v's nodes */
static int steal(int v, node_t *loot)
{
    int k, h, take;
    upc_lock_t *vlock = qlock[v];
    upc_lock(vlock);
    h = q[v].head;
    take = (q[v].tail - h + 1) / 2;
    for (k = 0; k < take; k++)
        loot[k] = q[v].items[h + k]; // want "remote"
    q[v].head = h + take;
    if (q[v].head == q[v].tail)
        q[v].head = q[v].tail = 0;
    upc_unlock(vlock);
    return take;
}

static long count_tree(const node_t *n)   /* sequential recomputation */
{
    long count = 1;
    int c, m = nchildren(n);
    for (c = 0; c < m; c++) {
        node_t k = child(n, c);
        count += count_tree(&k);
    }
    return count;
}

int main(void)
{
    queue_t *myq = (queue_t *)&q[MYTHREAD];
    upc_lock_t *mylock = upc_global_lock_alloc();
    upc_lock_t *plock = upc_all_lock_alloc();
    node_t kids[ROOTKIDS > NKIDS ? ROOTKIDS : NKIDS], *loot = malloc(sizeof(node_t) * QCAP);
    long processed = 0, expanded = 0, left, ref;
    int c, n, k;
    myq->head = myq->tail = 0;
    qlock[MYTHREAD] = mylock;
    if (MYTHREAD == 0) {
        node_t root = {12345, 0};
        pending = 1;
        push(myq, mylock, &root, 1);
    }
    upc_barrier;

    for (;;) {
        node_t nd;
        if (pop(myq, mylock, &nd)) {
            processed++;
            expanded++;
            n = nchildren(&nd);
            for (c = 0; c < n; c++)
                kids[c] = child(&nd, c);
            if (n > 0) {
                upc_lock(plock);
                pending += n;          /* count children before they are visible */
                upc_unlock(plock);
                push(myq, mylock, kids, n);
            }
            continue;
        }
        upc_lock(plock);
        pending -= expanded;           /* my expanded nodes are done */
        left = pending;
        upc_unlock(plock);
        expanded = 0;
        for (k = 1, n = 0; k < THREADS && n == 0; k++)
            n = steal((MYTHREAD + k) % THREADS, loot);
        if (n > 0) {
            push(myq, mylock, loot, n);
            continue;
        }
        if (left == 0)
            break;
    }

    part[MYTHREAD] = processed;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL,
                    UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0) {
        node_t root = {12345, 0};
        processed = total;
        ref = count_tree(&root);
        printf("uts: nodes=%ld %s\n", processed, processed == ref ? "OK" : "FAILED");
        if (processed != ref)
            return 1;
    }
    upc_barrier;
    upc_lock_free(mylock);
    upc_all_lock_free(plock);
    free(loot);
    return 0;
}
