/* UTS (Unbalanced Tree Search) style: binomial tree with a hash-based
 * child generator, per-thread shared stacks with locks, work stealing by
 * chunks and a termination barrier built from a shared counter. */

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define MAXSTACKDEPTH 4096
#define CHUNK 8
#define ROOT_CHILDREN 64
#define NONLEAF_PROB 0.2
#define NONLEAF_BF 4
#define MAX_STEAL_TRIES 100

#define SS_WORK 0
#define SS_SEARCH 1
#define SS_IDLE 2
#define SS_NSTATES 3

struct node_t {
    int type;
    int height;
    int numChildren;
    uint32_t state[5];  /* sha1-sized rng state */
};
typedef struct node_t Node;

struct stealStack_t {
    int stackSize;
    int workAvail;
    int sharedStart;
    int local;
    int top;
    int maxStackDepth;
    int nNodes, nLeaves;
    int nAcquire, nRelease, nSteal, nFail;
    Node stack[MAXSTACKDEPTH];
};
typedef struct stealStack_t StealStack;

typedef shared StealStack *SharedStackPtr;

shared StealStack stealStack[THREADS];
upc_lock_t *shared stackLock[THREADS];
shared int cb_count;
upc_lock_t *shared cb_lock;
shared long nodes_th[THREADS], leaves_th[THREADS];
shared long nodes_all, leaves_all;

#define SMEMCPY upc_memget
#define GET_NUM_THREADS THREADS
#define GET_THREAD_NUM MYTHREAD
#define SET_LOCK(l) upc_lock(l)
#define UNSET_LOCK(l) upc_unlock(l)

static uint32_t rng_next(uint32_t s)
{
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

static int uts_numChildren(Node *n)
{
    double p;
    if (n->height == 0)
        return ROOT_CHILDREN;
    p = (rng_next(n->state[0]) % 1000000) / 1000000.0;
    return p < NONLEAF_PROB ? NONLEAF_BF : 0;
}

static void ss_init(StealStack *s, int nelts)
{
    s->stackSize = nelts;
    s->workAvail = s->sharedStart = s->local = s->top = 0;
    s->maxStackDepth = 0;
    s->nNodes = s->nLeaves = 0;
    s->nAcquire = s->nRelease = s->nSteal = s->nFail = 0;
}

static void ss_push(StealStack *s, Node *c)
{
    if (s->top >= s->stackSize) {
        fprintf(stderr, "thread %d: stack overflow\n", MYTHREAD);
        upc_global_exit(1);
    }
    memcpy(&s->stack[s->top], c, sizeof(Node));
    s->top++;
    s->local++;
    if (s->top > s->maxStackDepth)
        s->maxStackDepth = s->top;
}

static Node *ss_top(StealStack *s) { return &s->stack[s->top - 1]; }

static void ss_pop(StealStack *s)
{
    s->top--;
    s->local--;
}

/* move a chunk from the local to the shared part */
static void ss_release(StealStack *s, int k)
{
    SET_LOCK(stackLock[MYTHREAD]);
    s->local -= k;
    s->workAvail += k;
    s->nRelease++;
    UNSET_LOCK(stackLock[MYTHREAD]);
}

/* steal k nodes from victim's shared part into our stack */
static int ss_steal(StealStack *s, int victim, int k)
{
    int victimLocal, victimShared, victimWorkAvail, ok;
    SharedStackPtr vs = &stealStack[victim];
    SET_LOCK(stackLock[victim]);
    victimLocal = vs->local;
    victimShared = vs->sharedStart;
    victimWorkAvail = vs->workAvail;
    ok = victimWorkAvail >= k;
    if (ok) {
        vs->sharedStart = victimShared + k;
        vs->workAvail = victimWorkAvail - k;
    }
    UNSET_LOCK(stackLock[victim]);
    (void)victimLocal;
    if (ok) {
        SMEMCPY(&s->stack[s->top], &vs->stack[victimShared], k * sizeof(Node));
        s->top += k;
        s->local += k;
        s->nSteal++;
    } else {
        s->nFail++;
    }
    return ok;
}

static int findwork(int k)
{
    int i, v;
    for (i = 1; i < GET_NUM_THREADS; i++) {
        v = (GET_THREAD_NUM + i) % GET_NUM_THREADS;
        if (stealStack[v].workAvail >= k)
            return v;
    }
    return -1;
}

/* cancellable barrier: returns 1 when every thread is idle */
static int cbarrier_wait(void)
{
    int done = 0;
    SET_LOCK(cb_lock);
    cb_count++;
    if (cb_count == THREADS)
        done = 1;
    UNSET_LOCK(cb_lock);
    while (!done) {
        if (findwork(CHUNK) >= 0) {
            SET_LOCK(cb_lock);
            cb_count--;
            UNSET_LOCK(cb_lock);
            return 0;
        }
        done = cb_count == THREADS;
    }
    return 1;
}

static void parTreeSearch(StealStack *ss)
{
    Node *parent, child;
    int i, nc, done = 0, victim;
    while (!done) {
        while (ss->local > 0) {
            parent = ss_top(ss);
            ss_pop(ss);
            nc = uts_numChildren(parent);
            ss->nNodes++;
            if (nc == 0)
                ss->nLeaves++;
            for (i = 0; i < nc; i++) {
                child.type = parent->type;
                child.height = parent->height + 1;
                child.numChildren = -1;
                child.state[0] = rng_next(parent->state[0] + i + 1);
                ss_push(ss, &child);
            }
            if (ss->local > 2 * CHUNK)
                ss_release(ss, CHUNK);
        }
        victim = findwork(CHUNK);
        if (victim >= 0 && ss_steal(ss, victim, CHUNK))
            continue;
        done = cbarrier_wait();
    }
}

int main(void)
{
    StealStack *ss;
    Node root;
    ss = (StealStack *)&stealStack[MYTHREAD];
    ss_init(ss, MAXSTACKDEPTH);
    stackLock[MYTHREAD] = upc_global_lock_alloc();
    if (MYTHREAD == 0) {
        cb_lock = upc_global_lock_alloc();
        cb_count = 0;
        memset(&root, 0, sizeof root);
        root.state[0] = 19;
        ss_push(ss, &root);
    }
    upc_barrier;
    parTreeSearch(ss);
    upc_barrier;
    nodes_th[MYTHREAD] = ss->nNodes;
    leaves_th[MYTHREAD] = ss->nLeaves;
    upc_all_reduceL(&nodes_all, nodes_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    upc_all_reduceL(&leaves_all, leaves_th, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        printf("Tree size = %ld, leaves = %ld\n", nodes_all, leaves_all);
    return 0;
}
