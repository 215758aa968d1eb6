// Collective operations that not every thread reaches: each is a deadlock
// or a mismatched barrier sequence with THREADS > 1.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64

shared int a[N * THREADS];
shared long part[THREADS];
shared long total;
shared [] char *shared buf;
upc_lock_t *lk;

/* 1: the classic barrier under "if (MYTHREAD == 0)" */
void p1(void)
{
    if (MYTHREAD == 0)
        upc_barrier; // want "upc_barrier is not reached by every thread: it is under a thread-dependent condition \\(it depends on MYTHREAD\\)"
}

/* 2: a thread-dependent variable */
void p2(void)
{
    int me = MYTHREAD;
    if (me % 2)
        upc_barrier; // want "depends on me, which is thread-dependent \\(MYTHREAD\\)"
}

/* 3: the else arm only */
void p3(void)
{
    if (MYTHREAD != 0)
        printf("worker\n");
    else
        upc_barrier 3; // want "not reached by every thread"
}

/* 4: a collective library call on one thread */
void p4(void)
{
    if (MYTHREAD == THREADS - 1)
        upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); // want "upc_all_reduceL\\(\\) is not reached by every thread"
}

/* 5: a collective allocation on thread 0 only */
void p5(void)
{
    if (!MYTHREAD)
        buf = upc_all_alloc(THREADS, 16); // want "upc_all_alloc\\(\\) is not reached"
}

/* 6: a loop whose trip count depends on the thread */
void p6(void)
{
    int i;
    for (i = 0; i < MYTHREAD; i++)
        upc_barrier; // want "not executed the same number of times by every thread: it is in a loop with a thread-dependent trip count"
}

/* 7: a while loop over thread-dependent work */
void p7(void)
{
    int left = MYTHREAD + 3;
    while (left > 0) {
        left--;
        upc_barrier; // want "thread-dependent trip count"
    }
}

/* 8: a thread-dependent early return */
void p8(void)
{
    if (MYTHREAD >= THREADS / 2)
        return;
    upc_barrier; // want "after a thread-dependent exit"
}

/* 9: a thread-dependent break leaves the loop early */
void p9(int steps)
{
    int s;
    for (s = 0; s < steps; s++) {
        if (s == MYTHREAD)
            break;
        upc_barrier; // want "not reached by every thread|not executed the same number of times"
    }
}

/* 10: a barrier inside a upc_forall body */
void p10(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i]) {
        a[i] = i;
        upc_barrier; // want "inside the body of a upc_forall: .*; the affinity test lets each thread run only its own iterations"
    }
}

/* 11: a collective in a forall with continue affinity */
void p11(void)
{
    int i;
    upc_forall (i = 0; i < 4; i++; continue) {
        upc_all_broadcast(a, &a[0], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); // want "upc_all_broadcast\\(\\) is inside the body of a upc_forall: .*; although every thread runs every iteration here"
    }
}

/* 12: notify and wait on one thread only */
void p12(void)
{
    if (MYTHREAD == 0) {
        upc_notify; // want "upc_notify is not reached"
        upc_wait; // want "upc_wait is not reached"
    }
}

/* 13: a call of a function that executes a barrier */
void sync_all(void)
{
    upc_barrier;
}

void p13(void)
{
    if (MYTHREAD == 1)
        sync_all(); // want "this call of sync_all \\(which executes a collective operation\\) is not reached"
}

/* 14: the result of upc_threadof of a thread-dependent address decides */
void p14(void)
{
    if (upc_threadof(&a[MYTHREAD + 1]) == 0)
        upc_all_free(buf); // want "depends on the result of upc_threadof"
}

/* 15: a lock attempt decides who synchronises */
void p15(void)
{
    if (upc_lock_attempt(lk)) {
        upc_unlock(lk);
        upc_barrier; // want "upc_lock_attempt"
    }
}

/* 16: a thread-dependent switch */
void p16(void)
{
    switch (MYTHREAD) {
    case 0:
        upc_barrier; // want "not reached by every thread"
        break;
    default:
        break;
    }
}

/* 17: a parameter that a caller passes as MYTHREAD */
void step_n(int n)
{
    int k;
    for (k = 0; k < n; k++)
        upc_barrier; // want "thread-dependent trip count"
}

void p17(void) { step_n(MYTHREAD); }

/* 18: a lock freed collectively by some threads */
void p18(upc_lock_t *l)
{
    if (MYTHREAD < 2)
        upc_all_lock_free(l); // want "upc_all_lock_free\\(\\) is not reached"
}

/* 19: the barrier after a thread-dependent continue in a do loop */
void p19(void)
{
    int r = 0;
    do {
        r++;
        if (r > MYTHREAD)
            continue;
        upc_barrier; // want "not reached by every thread"
    } while (r < 4);
}

/* 20: a barrier after one arm's early return, the other arm's barrier notwithstanding */
int p20(int x)
{
    if (MYTHREAD == 0) {
        upc_barrier; // want "not reached by every thread"
        return x;
    }
    return x + 1;
}

/* 21: a barrier on one thread only, after that thread's error check */
void p21(int err)
{
    if (MYTHREAD == 0) {
        if (err)
            upc_global_exit(1);
        upc_barrier; // want "not reached by every thread"
    }
}

/* 22: a thread-dependent loop exit next to an error exit */
void p22(void)
{
    int k;
    for (k = 0; k < 4; k++) {
        if (k == MYTHREAD)
            break;
        if (a[k] < 0)
            exit(1);
        upc_barrier; // want "not executed the same number of times|not reached by every thread"
    }
}

/* 23: start and bound both depend on the thread, by different amounts */
void p23(void)
{
    int i;
    for (i = MYTHREAD; i < 2 * MYTHREAD + 5; i++)
        upc_barrier; // want "thread-dependent trip count"
}

/* 24: the same distance but a thread-dependent step */
void p24(void)
{
    int i;
    for (i = MYTHREAD; i < MYTHREAD + 8; i += MYTHREAD + 1)
        upc_barrier; // want "thread-dependent trip count"
}

/* 25: the bound changes in the loop */
void p25(void)
{
    int i, hi = MYTHREAD + 4;
    for (i = MYTHREAD; i < hi; i++) {
        hi += i % 2;
        upc_barrier; // want "thread-dependent trip count"
    }
}

/* 26: a block of thread-dependent length (distance nb * MYTHREAD) */
void p26(int nb)
{
    int i;
    for (i = nb; i < (MYTHREAD + 1) * nb; i++)
        upc_barrier; // want "thread-dependent trip count"
}

/* 27: a flag read at the thread's own index: each thread reads its own */
shared int flags[THREADS];
void p27(void)
{
    int v = flags[MYTHREAD];
    if (v)
        upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); // want "depends on v, which is thread-dependent \\(read of shared flags\\[MYTHREAD\\] at a thread-dependent index \\(MYTHREAD\\)\\)"
}

/* 28: the neighbour's element */
void p28(void)
{
    int peer = (MYTHREAD + 1) % THREADS;
    if (a[peer * N] > 0)
        upc_barrier; // want "depends on a read of shared a\\[peer \\* 64\\] at a thread-dependent index"
}

/* 29: two loops of barriers whose counts depend on the thread, one not
   linear in MYTHREAD: the totals may or may not match, the message says so */
void p29(void)
{
    int i;
    for (i = 0; i < MYTHREAD * MYTHREAD; i++)
        upc_barrier; // want "executed a thread-dependent number of times: .* is not known here"
    for (i = MYTHREAD; i < THREADS; i++)
        upc_barrier; // want "is not known here: if they do not, the barriers pair up wrongly"
}

/* 30: the counts are linear but do not add up (MYTHREAD + MYTHREAD) */
void p30(void)
{
    int i;
    for (i = 0; i < MYTHREAD; i++)
        upc_barrier; // want "not executed the same number of times by every thread"
    for (i = 0; i < MYTHREAD; i++)
        upc_barrier; // want "not executed the same number of times by every thread"
}
