package irregular

// helper is the aggregation helper the update rewrite adds to the file
// once, after its #include lines: plain UPC 1.3 (upc_alloc, upc_memput,
// upc_barrier), readable, and documented in its leading comment.
const helper = `/* upclint_agg: commutative updates of a shared array aggregated by owner
 * thread (the inspector-executor of Alvanos et al., "Combining Static and
 * Dynamic Data Coalescing in Unified Parallel C", sections 4-5). In a loop
 * that every thread executes, upclint_agg_add queues each update in a
 * private bucket per owner thread (an update of the thread's own element is
 * applied at once). When a thread has UPCLINT_AGG_CAP updates queued, or its
 * loop ends, upclint_agg_go exchanges the buckets of all threads: one
 * upc_memput per owner with updates, a barrier, and each owner applies what
 * it received. A thread whose loop has ended takes part in the exchanges
 * until every thread's has; then all meet at a barrier, after which every
 * update is visible. Memory per thread: 3 * THREADS segments of
 * UPCLINT_AGG_CAP updates. Element indices travel as 32-bit values. */
#ifndef UPCLINT_AGG_CAP
#define UPCLINT_AGG_CAP 1024
#endif
typedef struct upclint_agg {
    void (*apply)(unsigned int ix, const void *v); /* one update, run by the owner */
    unsigned int vsize;       /* bytes of an update's value */
    unsigned long seg;        /* bytes of one segment: count, values, indices */
    unsigned int n, round;    /* updates queued; exchanges done */
    unsigned int *cnt;        /* [THREADS] updates queued per owner */
    char *out;                /* [THREADS] segments being filled */
    char *in;                 /* [2][THREADS] this thread's landing segments */
    shared [] char **dir;     /* [THREADS] landing segments, read on first use */
} upclint_agg_t;
shared [] char *shared upclint_agg_dir[THREADS];
shared int upclint_agg_live0[THREADS], upclint_agg_live1[THREADS];

static void upclint_agg_copy(char *d, const char *s, unsigned long n)
{
    while (n--)
        *d++ = *s++;
}

/* Queues the update of element ix, owned by thread owner, by the value *v. */
static void upclint_agg_add(upclint_agg_t *q, int owner, unsigned long ix, const void *v)
{
    unsigned int i32 = (unsigned int)ix, k;
    char *s;
    if (owner == MYTHREAD) {
        q->apply(i32, v);
        return;
    }
    s = q->out + owner * q->seg;
    k = q->cnt[owner]++;
    upclint_agg_copy(s + 8 + k * q->vsize, (const char *)v, q->vsize);
    upclint_agg_copy(s + 8 + UPCLINT_AGG_CAP * q->vsize + k * 4, (const char *)&i32, 4);
    q->n++;
}

/* Allocates the queue's buffers and publishes this thread's landing
 * segments; called by every thread at the start of the first loop. */
static void upclint_agg_init(upclint_agg_t *q)
{
    int t;
    q->seg = (8 + UPCLINT_AGG_CAP * (q->vsize + 4) + 7) & ~7UL;
    q->out = (char *)upc_alloc(THREADS * q->seg);
    q->cnt = (unsigned int *)upc_alloc(THREADS * sizeof(unsigned int));
    q->dir = (shared [] char **)upc_alloc(THREADS * sizeof(shared [] char *));
    upclint_agg_dir[MYTHREAD] = (shared [] char *)upc_alloc(2 * THREADS * q->seg);
    q->in = (char *)upclint_agg_dir[MYTHREAD];
    for (t = 0; t < THREADS; t++) {
        q->cnt[t] = 0;
        q->dir[t] = NULL;
        *(unsigned int *)(q->in + t * q->seg) = 0;
        *(unsigned int *)(q->in + (THREADS + t) * q->seg) = 0;
    }
    upc_barrier;
}

/* Thread t's landing segments, read from the directory on first use. */
static shared [] char *upclint_agg_peer(upclint_agg_t *q, int t)
{
    if (!q->dir[t])
        q->dir[t] = upclint_agg_dir[t];
    return q->dir[t];
}

/* One exchange of every thread's buckets; more says whether this thread's
 * loop goes on. Returns whether any thread's does. */
static int upclint_agg_exchange(upclint_agg_t *q, int more)
{
    int t, any = 0, p = q->round & 1;
    shared int *live = p ? upclint_agg_live1 : upclint_agg_live0;
    unsigned int k, n, ix;
    char *s;
    for (t = 0; t < THREADS; t++) {
        if (!(n = q->cnt[t]))
            continue;
        s = q->out + t * q->seg;
        *(unsigned int *)s = n;
        upclint_agg_copy(s + 8 + n * q->vsize, s + 8 + UPCLINT_AGG_CAP * q->vsize, n * 4);
        upc_memput(upclint_agg_peer(q, t) + (p * THREADS + MYTHREAD) * q->seg, s, 8 + n * (q->vsize + 4));
        q->cnt[t] = 0;
    }
    q->n = 0;
    live[MYTHREAD] = more;
    upc_barrier;
    for (t = 0; t < THREADS && !any; t++)
        any = live[t];
    for (t = 0; t < THREADS; t++) {
        s = q->in + (p * THREADS + t) * q->seg;
        n = *(unsigned int *)s;
        for (k = 0; k < n; k++) {
            upclint_agg_copy((char *)&ix, s + 8 + n * q->vsize + k * 4, 4);
            q->apply(ix, s + 8 + k * q->vsize);
        }
        *(unsigned int *)s = 0;
    }
    q->round++;
    return any;
}

/* The condition of an aggregated loop: more, the loop's own condition. A
 * thread exchanges when its buckets are full or its loop ends; once no
 * thread's loop goes on, all meet at a barrier and the loop ends. */
static int upclint_agg_go(upclint_agg_t *q, int more)
{
    if (!q->out)
        upclint_agg_init(q);
    if (more && q->n < UPCLINT_AGG_CAP)
        return 1;
    /* upclint:ignore collectivity a thread whose loop ended exchanges until no thread's goes on */
    while (upclint_agg_exchange(q, more) && !more)
        ;
    if (!more)
        /* upclint:ignore collectivity every thread ends its loop in the same exchange */
        upc_barrier;
    return more;
}`

// helperMark identifies the helper in a file that has it already.
const helperMark = "static int upclint_agg_go(upclint_agg_t *q, int more)"

// helperNames are the file-scope names the helper declares.
var helperNames = []string{"upclint_agg_t", "upclint_agg", "upclint_agg_dir", "upclint_agg_live0", "upclint_agg_live1",
	"upclint_agg_copy", "upclint_agg_add", "upclint_agg_init", "upclint_agg_peer", "upclint_agg_exchange", "upclint_agg_go", "UPCLINT_AGG_CAP"}
