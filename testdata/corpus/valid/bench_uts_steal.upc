/*
 * Unbalanced tree search, simplified: every thread keeps a stack of nodes in
 * shared memory; the part below `local` can be stolen by others under a lock.
 */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXSTACK 4096
#define CHUNK 8
#define ROOT_CHILDREN 64
#define MAX_DEPTH 9

typedef struct node {
    int depth;
    unsigned int state;
} node_t;

typedef struct stealstack {
    int top;          /* next free slot */
    int local;        /* first slot that belongs to the owner only */
    int work_avail;   /* count visible to thieves */
    int nvisited;
    int nsteals;
    node_t stack[MAXSTACK];
} stealstack_t;

shared stealstack_t ss[THREADS];
upc_lock_t *shared stack_lock[THREADS];
shared int idle_count;
upc_lock_t *idle_lock;

static unsigned int next_state(unsigned int s, int child)
{
    return s * 1664525u + 1013904223u + (unsigned int)child;
}

static int num_children(const node_t *n)
{
    if (n->depth >= MAX_DEPTH)
        return 0;
    if (n->depth == 0)
        return ROOT_CHILDREN;
    return (n->state >> 16) % 4 == 0 ? 4 : 0;
}

static stealstack_t *my_stack(void)
{
    return (stealstack_t *)&ss[MYTHREAD];
}

static void push(stealstack_t *s, node_t n)
{
    if (s->top >= MAXSTACK) {
        fprintf(stderr, "thread %d: stack overflow\n", MYTHREAD);
        upc_global_exit(1);
    }
    s->stack[s->top++] = n;
}

/* move CHUNK nodes into the shared (stealable) region when there are many */
static void release(stealstack_t *s)
{
    if (s->top - s->local > 2 * CHUNK) {
        upc_lock(stack_lock[MYTHREAD]);
        s->local += CHUNK;
        s->work_avail += CHUNK;
        upc_unlock(stack_lock[MYTHREAD]);
    }
}

/* take back a chunk from the shared region when the local part is empty */
static int acquire(stealstack_t *s)
{
    int got = 0;
    upc_lock(stack_lock[MYTHREAD]);
    if (s->work_avail >= CHUNK) {
        s->local -= CHUNK;
        s->work_avail -= CHUNK;
        got = 1;
    }
    upc_unlock(stack_lock[MYTHREAD]);
    return got;
}

static int steal_from(stealstack_t *mine, int victim)
{
    node_t buf[CHUNK];
    int ok = 0, base = 0;

    upc_lock(stack_lock[victim]);
    if (ss[victim].work_avail >= CHUNK) {
        base = ss[victim].local - ss[victim].work_avail;
        ss[victim].work_avail -= CHUNK;
        ok = 1;
    }
    upc_unlock(stack_lock[victim]);
    if (!ok)
        return 0;
    /* the stolen slots are ours now; copy them out with one bulk get */
    upc_memget(buf, &ss[victim].stack[base], sizeof buf);
    for (ok = 0; ok < CHUNK; ok++)
        push(mine, buf[ok]);
    mine->nsteals++;
    return 1;
}

static void explore(stealstack_t *s)
{
    for (;;) {
        while (s->top > s->local) {
            node_t n = s->stack[--s->top];
            int c, k = num_children(&n);
            s->nvisited++;
            for (c = 0; c < k; c++) {
                node_t child = { n.depth + 1, next_state(n.state, c) };
                push(s, child);
            }
            release(s);
        }
        if (acquire(s))
            continue;
        {
            int v, stolen = 0;
            for (v = 1; v < THREADS && !stolen; v++)
                stolen = steal_from(s, (MYTHREAD + v) % THREADS);
            if (!stolen)
                break;
        }
    }
}

int main(void)
{
    stealstack_t *s = my_stack();
    int t, total = 0, steals = 0;

    stack_lock[MYTHREAD] = upc_global_lock_alloc();
    idle_lock = upc_all_lock_alloc();
    memset(s, 0, sizeof *s);
    if (MYTHREAD == 0) {
        node_t root = { 0, 559u };
        push(s, root);
        idle_count = 0;
    }
    upc_barrier;

    explore(s);

    upc_lock(idle_lock);
    idle_count++;
    upc_unlock(idle_lock);
    upc_barrier;

    if (MYTHREAD == 0) {
        for (t = 0; t < THREADS; t++) {
            total += ss[t].nvisited;
            steals += ss[t].nsteals;
        }
        printf("visited %d nodes, %d steals, %d threads idle\n", total, steals, idle_count);
        upc_lock_free(idle_lock);
    }
    upc_barrier;
    upc_lock_free(stack_lock[MYTHREAD]);
    return 0;
}
