// Shared reads that are not hidden broadcasts: nothing here may be
// reported.

#include <upc_relaxed.h>
#include <upc_collective.h>

#define N 64

shared long lsrc[THREADS];
shared long lsum;
shared double a[N * THREADS];
shared [] double *shared bufp;
shared int flag;

/* 1: only thread 0 reads the result (the library pattern) */
long sum_all(long v)
{
    long r = 0;
    lsrc[MYTHREAD] = v;
    upc_all_reduceL(&lsum, lsrc, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (MYTHREAD == 0)
        r = lsum;
    return r;
}

/* 2: each thread reads its own element */
long mine(void)
{
    long x = lsrc[MYTHREAD];
    return x;
}

/* 3: a loop over all elements: a gather, not one owner */
double sum_all_elems(void)
{
    int i;
    double s = 0, t;
    for (i = 0; i < N; i++) {
        t = a[i];
        s += t;
    }
    return s;
}

/* 4: a write, not a read */
void set_sum(long v)
{
    if (MYTHREAD == 0)
        lsum = v;
}

/* 5: shared to shared copy */
void copy_sum(void)
{
    if (MYTHREAD == 1)
        lsrc[1] = lsum;
}

/* 6: a read in a condition only */
int ready(void)
{
    if (flag)
        return 1;
    return 0;
}

/* 7: inside a upc_forall: each iteration runs on one thread */
void scale(void)
{
    int i;
    double f;
    upc_forall (i = 0; i < N; i++; &a[i]) {
        f = a[0];
        a[i] *= f;
    }
}

/* 8: the neighbour's element */
long neighbour(void)
{
    long x;
    x = lsrc[(MYTHREAD + 1) % THREADS];
    return x;
}

/* 9: an address, not a read */
shared long *where(void)
{
    shared long *p = &lsum;
    return p;
}

/* 10: a private value */
long twice(long v)
{
    long w = v * 2;
    return w;
}

/* 11: called only by thread 0 */
long peek(void)
{
    return lsum;
}

/* 12: through a pointer-to-shared: the owner depends on the pointer */
double head(shared double *p)
{
    double x = *p;
    return x;
}

/* 13: an index that changes with the loop */
double stride(void)
{
    int k;
    double s = 0, v;
    for (k = 0; k < THREADS; k++) {
        v = a[k * N];
        s += v;
    }
    return s;
}

/* 14: an array row's address, not a scalar */
void rows(void)
{
    shared double *r = a;
    (void)r;
}

/* 15: a local read through a private pointer */
long local_sum(void)
{
    long *p = (long *)&lsrc[MYTHREAD];
    long x = *p;
    return x;
}

/* 16: a ticket counter that every thread takes and advances under a
   lock: each thread reads a different value, not a broadcast */
upc_lock_t *tlock;
shared long ticket;
long take_ticket(void)
{
    long mine;
    upc_lock(tlock);
    mine = ticket;
    ticket++;
    upc_unlock(tlock);
    return mine;
}

int take_ticket2(void);
int next_victim(void);

shared long *sum_addr(void);
int sum_size(void);

int main(void)
{
    long t = sum_all(1) + mine() + neighbour() + twice(3) + local_sum() + sum_size();
    double d = sum_all_elems() + stride();
    set_sum(t);
    copy_sum();
    scale();
    rows();
    t += take_ticket() + take_ticket2() + next_victim();
    (void)where();
    (void)sum_addr();
    if (MYTHREAD == 0)
        t += peek();
    if (MYTHREAD == 0)
        d += head(&a[0]);
    return ready() & 0 & (int)d & (int)t;
}

/* a counter taken under a lock with a plain assignment: each thread reads
   the value the previous one left, then stores the next one */
shared int next_ticket;
upc_lock_t *ticket_lock;
int take_ticket2(void)
{
    int mine;
    upc_lock(ticket_lock);
    mine = next_ticket;
    next_ticket = mine + 1;
    upc_unlock(ticket_lock);
    return mine;
}

/* a round-robin target: every thread reads it and advances it modulo THREADS */
shared int rr_target;
int next_victim(void)
{
    int from;
    upc_lock(ticket_lock);
    from = rr_target;
    rr_target = (rr_target + 1) % THREADS;
    upc_unlock(ticket_lock);
    return from;
}

/* a function the program never calls (its callers commented out): no
   thread runs the read; in a unit without main it would be reported */
shared int rows_total;
int print_rows(void)
{
    int n = rows_total;
    return n;
}

/* the scalar's address or size is no read of it */
shared long *sum_addr(void)
{
    shared long *p = &lsum + 0;
    return p;
}

int sum_size(void)
{
    int n = (int)sizeof(lsum) * 2;
    return n;
}
