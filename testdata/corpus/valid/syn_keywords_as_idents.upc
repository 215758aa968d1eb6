/* Words that look like UPC but are ordinary C identifiers: struct members and
   labels named wait, notify, barrier, fence, forall, shared_count; only the
   upc_-prefixed words, shared, strict, relaxed, THREADS and MYTHREAD are keywords.
   <upc.h> is not included: as with Berkeley UPC and GNU UPC, it defines barrier,
   barrier_notify, barrier_wait, fence and forall as the UPC 1.0 names of the
   synchronization statements. */
#include <stdio.h>

struct sync_stats {
    long wait;
    long notify;
    long barrier;
    long fence;
    long forall;
    long shared_count;
    long blocksize;
    long threads;       /* lower case: not THREADS */
    long mythread;
};

typedef enum { lock, unlock, single, all } mode_t_;   /* plain enumerators */

shared struct sync_stats stats[THREADS];

static long wait(long n)          /* a function named wait: fine in UPC */
{
    long i, s = 0;
    for (i = 0; i < n; i++)
        s += i;
    return s;
}

int main(void)
{
    struct sync_stats mine = { 0 };
    mode_t_ mode = single;
    int barrier = 0, notify = 1, fence = 2;   /* locals named like the statements */
    int threads = THREADS, mythread = MYTHREAD;

    mine.wait = wait(4);
    mine.notify = notify;
    mine.barrier = barrier;
    mine.fence = fence;
    mine.forall = mode == single;
    mine.threads = threads;
    mine.mythread = mythread;
    upc_notify;
    mine.shared_count = mine.wait + 1;
    upc_wait;
    stats[MYTHREAD] = mine;
    if (mode == all)
        goto shared_count;
shared_count:
    upc_barrier;
    if (MYTHREAD == 0) {
        struct sync_stats s = stats[THREADS - 1];
        printf("syn_keywords_as_idents: %s\n",
               s.wait == 6 && s.shared_count == 7 && s.mythread == THREADS - 1 ? "passed" : "failed");
    }
    (void)lock;
    (void)unlock;
    return 0;
}
