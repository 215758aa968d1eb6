// uts.upc - unbalanced tree search with work stealing, after UTS as seed 001
// shows it (sections 9.3-9.4, Figure 17: steal(), stealStack[i].workAvail
// read before the lock, .local, .sharedStart, .workAvail after upc_lock).
//
// Thread t owns the stack stealStack[t]. Its nodes are stack[sharedStart ..
// local-1], the shared part that thieves may take under stackLock, and
// stack[local .. top-1], the local part, which only t touches, through a
// private pointer and without a lock: expanding a node (pop it, push its
// children) communicates nothing. When the local part holds more than
// 2*CHUNK nodes, t releases its CHUNK oldest local nodes to the shared part
// (under its own lock); when the local part is empty, it takes back up to
// CHUNK nodes of its shared part. With none left, it steals: it reads each
// victim's workAvail without the lock (Figure 17's obsAvail) and locks only
// a victim seen with a whole chunk, checks again under the lock and copies
// the CHUNK nodes of stack[sharedStart ..] one by one: one remote get per
// node, where one upc_memget of the contiguous range would do (no
// synchronization inside the loop; the lock is taken around it).
//
// A thread that finds no work waits in a cancelable barrier (UTS's
// cbarrier): under cb_lock it adds itself to the waiters (cb_count,
// cb_waiters) and spins on its own flag cb_flag[MYTHREAD] (strict, local:
// waiting communicates nothing, where UTS polls a flag on thread 0). A
// release cancels one wait (one chunk, one thief): it reads cb_count, and
// if someone waits it pops a waiter under cb_lock and writes the releasing
// thread's number into its flag, so the woken thread scans that victim
// first (UTS cancels every wait; here the other waiters, who would find
// nothing, wait on). The thread that finds the other THREADS-1 waiting
// (cb_count + 1 == THREADS) ends the search: it writes CB_DONE into thread
// 0's flag, and every thread that learns it writes it into the flags of
// threads 2t+1 and 2t+2 (the ender also into its own children's).
//
// Termination is correct: a thread joins the waiters only with an empty
// stack (no local part, and workAvail 0 under its own lock), and while it
// waits nobody adds to its stack (thieves only take). Nodes live only in
// stacks and in the hands of a running thread (a popped node, a chunk being
// copied under the victim's lock into the thief's own empty stack). A woken
// thread has left the waiters (the cancel popped it under cb_lock), so when
// the last thread finds cb_count + 1 == THREADS under cb_lock, which every
// join and cancel takes, every other thread waits with an empty stack and
// no node is left anywhere. A release may miss a waiter (cb_count is read
// without the lock); the work is not lost: its owner takes it back when its
// local part runs dry. Every thread that does not wait expands nodes or
// joins the waiters, and the tree is finite, so the last thread to run out
// of work ends the search.
//
// The tree is implicit and fixed (root: ROOTKIDS children; any other node
// above MAXDEPTH: NKIDS children when a hash of its id is below PROB/1000;
// a child's id is GRAIN rounds of the hash, the work per node that UTS
// spends on SHA-1), so its node count is the same for every THREADS and
// schedule (129705 with the default sizes). The work loop's trip count is
// thread-dependent but every thread leaves it once: no collectivity finding
// after it.
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
#define ROOTKIDS 2000
#endif
#ifndef PROB
#define PROB 248        /* per mille */
#endif
#ifndef CHUNK
#define CHUNK 20        /* steal granularity: nodes per release and steal */
#endif
#ifndef GRAIN
#define GRAIN 64        /* hash rounds per child */
#endif
#ifndef MAXDEPTH
#define MAXDEPTH 100
#endif
#define NKIDS 4
#define STACKCAP 4096   /* nodes per stack */

#define CB_WAITING (-1) /* cb_flag: still waiting */
#define CB_DONE (-2)    /* cb_flag: no work is left; >= 0: a victim to try */

typedef struct { uint64_t id; int depth; } node_t;
typedef struct {
    int workAvail;           /* nodes in the shared part */
    int sharedStart;         /* the shared part: stack[sharedStart..local-1] */
    int local;               /* the local part: stack[local..top-1] */
    int top;
    upc_lock_t *stackLock;   /* guards the shared part and the three indices */
    node_t stack[STACKCAP];
} stealstack_t;

shared stealstack_t stealStack[THREADS];
shared int cb_count;            /* threads waiting in the cancelable barrier */
shared int cb_waiters[THREADS]; /* their numbers: cb_waiters[0 .. cb_count-1] */
strict shared int cb_flag[THREADS];
shared long part[THREADS];
shared long total;

static upc_lock_t *cb_lock;

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

/* a child's id: GRAIN rounds of the hash (UTS's compute granularity: the
   work per node, here the stand-in for UTS's SHA-1 of the parent's id) */
static node_t child(const node_t *n, int c)
{
    uint64_t z = n->id * 31 + (uint64_t)c + 1;
    int g;
    for (g = 0; g < GRAIN; g++)
        z = mix(z);
    node_t k = {z, n->depth + 1};
    return k;
}

/* owner side: room for n more nodes at the top, moving the live nodes down
   to stack[0] when stolen chunks left a gap below them */
static void make_room(stealstack_t *me, int n)
{
    if (me->top + n <= STACKCAP)
        return;
    upc_lock(me->stackLock);
    memmove(me->stack, me->stack + me->sharedStart, sizeof(node_t) * (me->top - me->sharedStart));
    me->local -= me->sharedStart;
    me->top -= me->sharedStart;
    me->sharedStart = 0;
    upc_unlock(me->stackLock);
    if (me->top + n > STACKCAP) {
        fprintf(stderr, "uts: thread %d: stack overflow: raise STACKCAP\n", MYTHREAD);
        abort();
    }
}

/* owner side: the CHUNK oldest local nodes become the shared part's newest */
static void release(stealstack_t *me)
{
    upc_lock(me->stackLock);
    me->local += CHUNK;
    me->workAvail += CHUNK;
    upc_unlock(me->stackLock);
}

/* owner side, local part empty: take back up to CHUNK nodes of the shared
   part; with none left the stack is empty and starts again at stack[0] */
static int acquire(stealstack_t *me)
{
    int k;
    upc_lock(me->stackLock);
    k = me->workAvail < CHUNK ? me->workAvail : CHUNK;
    me->local -= k;
    me->workAvail -= k;
    if (k == 0)
        me->sharedStart = me->local = me->top = 0;
    upc_unlock(me->stackLock);
    return k;
}

/* thief side: copy a chunk of thread v's shared part into loot */
static int steal(int v, node_t *loot)
{
    int k, h, take = 0;
    upc_lock_t *vlock;
    if (stealStack[v].workAvail < CHUNK)   /* observed without the lock */
        return 0;
    vlock = stealStack[v].stackLock;
    upc_lock(vlock);
    if (stealStack[v].workAvail >= CHUNK) {
        h = stealStack[v].sharedStart;
        for (k = 0; k < CHUNK; k++)
            loot[k] = stealStack[v].stack[h + k]; // want "remote"
        stealStack[v].sharedStart = h + CHUNK;
        stealStack[v].workAvail -= CHUNK;
        take = CHUNK;
    }
    upc_unlock(vlock);
    return take;
}

/* cancel one wait, after a release: the waiter scans this thread first */
static void cb_cancel(void)
{
    int n;
    if (cb_count == 0)   /* read without the lock: a waiter may be missed */
        return;
    upc_lock(cb_lock);
    n = cb_count;
    if (n > 0) {
        cb_count = n - 1;
        cb_flag[cb_waiters[n - 1]] = MYTHREAD;
    }
    upc_unlock(cb_lock);
}

/* the search is over: pass it on down the tree of threads rooted at 0 */
static void cb_finish(void)
{
    if (2 * MYTHREAD + 1 < THREADS)
        cb_flag[2 * MYTHREAD + 1] = CB_DONE;
    if (2 * MYTHREAD + 2 < THREADS)
        cb_flag[2 * MYTHREAD + 2] = CB_DONE;
}

/* wait for work with an empty stack: the victim to try first, or CB_DONE */
static int cb_wait(void)
{
    int n, f;
    cb_flag[MYTHREAD] = CB_WAITING;
    upc_lock(cb_lock);
    n = cb_count;
    if (n + 1 < THREADS) {
        cb_waiters[n] = MYTHREAD;
        cb_count = n + 1;
    }
    upc_unlock(cb_lock);
    if (n + 1 == THREADS) {   /* everyone else waits: no node is left */
        if (MYTHREAD != 0)
            cb_flag[0] = CB_DONE;
        cb_finish();
        return CB_DONE;
    }
    while ((f = cb_flag[MYTHREAD]) == CB_WAITING)
        ;
    if (f == CB_DONE)
        cb_finish();
    return f;
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
    stealstack_t *me = (stealstack_t *)&stealStack[MYTHREAD];
    long processed = 0, ref;
    int c, n, k, first = MYTHREAD;
    cb_lock = upc_all_lock_alloc();
    me->stackLock = upc_global_lock_alloc();
    me->workAvail = me->sharedStart = me->local = me->top = 0;
    cb_flag[MYTHREAD] = CB_WAITING;
    if (MYTHREAD == 0) {
        node_t root = {12345, 0};
        cb_count = 0;
        me->stack[me->top++] = root;
    }
    upc_barrier;

    for (;;) {
        if (me->top > me->local) {   /* expand my newest node */
            node_t nd = me->stack[--me->top];
            processed++;
            n = nchildren(&nd);
            make_room(me, n);
            for (c = 0; c < n; c++)
                me->stack[me->top++] = child(&nd, c);
            if (me->top - me->local > 2 * CHUNK) {
                release(me);
                cb_cancel();
            }
            continue;
        }
        if (acquire(me) > 0)
            continue;
        for (k = 0, n = 0; k < THREADS && n == 0; k++)
            if ((first + k) % THREADS != MYTHREAD)
                n = steal((first + k) % THREADS, me->stack + me->top);
        if (n > 0) {
            me->top += n;
            continue;
        }
        first = cb_wait();
        if (first == CB_DONE)
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
    upc_lock_free(me->stackLock);
    upc_all_lock_free(cb_lock);
    return 0;
}
