// Collective operations that every thread reaches the same number of
// times: nothing here may be reported.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

#define N 64
#define STEPS 10

shared int a[N * THREADS];
shared long part[THREADS];
shared long total;
shared int done;
shared double err;
shared [] char *shared buf;

/* 1: a barrier in each arm of an if on MYTHREAD */
void n1(void)
{
    if (MYTHREAD == 0) {
        printf("root\n");
        upc_barrier;
    } else {
        upc_barrier;
    }
}

/* 2: a constant trip count */
void n2(void)
{
    int i;
    for (i = 0; i < STEPS; i++)
        upc_barrier;
}

/* 3: a trip count depending on THREADS only */
void n3(void)
{
    int r;
    for (r = 1; r < THREADS; r *= 2)
        upc_barrier;
}

/* 4: thread-dependent work, then a barrier everybody reaches */
void n4(void)
{
    int i;
    for (i = MYTHREAD; i < N; i += THREADS)
        a[i] = i;
    upc_barrier;
}

/* 5: a loop variable reused after a thread-dependent loop */
void n5(void)
{
    int k;
    if (MYTHREAD == 0)
        for (k = 0; k < N; k++)
            a[k] = 0;
    for (k = 0; k < STEPS; k++) {
        a[MYTHREAD] += k;
        upc_barrier;
    }
}

/* 6: a uniform early return */
void n6(int n)
{
    if (n <= 0)
        return;
    upc_barrier;
}

/* 7: an error exit on one thread: the program stops */
void n7(void)
{
    if (MYTHREAD == 0 && a[0] < 0) {
        fprintf(stderr, "bad input\n");
        exit(1);
    }
    upc_barrier;
}

/* 8: a convergence loop on a reduced value */
void n8(void)
{
    do {
        part[MYTHREAD] = MYTHREAD;
        upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    } while (total < 0);
}

/* 9: a loop on a shared flag written before the barrier */
void n9(void)
{
    while (!done) {
        if (MYTHREAD == 0)
            done = 1;
        upc_barrier;
    }
}

/* 10: split-phase barrier with equal ids around local work */
void n10(void)
{
    int k, s = 0;
    upc_notify 1;
    for (k = 0; k < N; k++)
        s += k;
    upc_wait 1;
}

/* 11: a collective function called by every thread */
void sync_all(void) { upc_barrier; }

void n11(void)
{
    int i;
    for (i = 0; i < 3; i++)
        sync_all();
}

/* 12: a thread-dependent branch with no collective inside */
void n12(void)
{
    if (MYTHREAD == 0)
        printf("hello\n");
    upc_all_broadcast(a, &a[0], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
}

/* 13: an allocation and free by every thread */
void n13(void)
{
    shared [] char *p = (shared [] char *)upc_all_alloc(THREADS, 32);
    upc_barrier;
    upc_all_free(p);
}

/* 14: a forall, then the barrier after it */
void n14(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i])
        a[i] = 2 * i;
    upc_barrier;
}

/* 15: the same id in both arms */
void n15(void)
{
    if (MYTHREAD % 2 == 0)
        upc_barrier 7;
    else
        upc_barrier 7;
}

/* 16: a switch on a uniform value */
void n16(int mode)
{
    switch (mode) {
    case 0:
        upc_barrier;
        break;
    default:
        upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, 0);
        break;
    }
}

/* 18: one barrier per thread index (a ring hand-off) */
shared int token[THREADS];
void n18(void)
{
    int i;
    for (i = 0; i < THREADS; i++) {
        if (i == MYTHREAD)
            token[i] = 1;
        upc_barrier;
    }
}

/* 19: barriers only when there is more than one thread */
void n19(void)
{
    if (THREADS > 1) {
        a[MYTHREAD] = MYTHREAD;
        upc_barrier;
    }
    upc_barrier;
}

/* 20: a branch on the result of a collective reduction */
void n20(void)
{
    part[MYTHREAD] = MYTHREAD;
    upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    if (total > 0)
        upc_barrier;
}

/* 21: a convergence loop driven by a flag thread 0 sets before a barrier */
void n21(void)
{
    int it = 0;
    do {
        it++;
        if (MYTHREAD == 0)
            done = it >= STEPS;
        upc_barrier;
    } while (!done);
}

/* 22: a helper with a collective, called by every thread in a loop */
static void step(int s)
{
    upc_notify s;
    upc_wait s;
}
void n22(void)
{
    int s, nthreads = THREADS;
    for (s = 0; s < nthreads; s++)
        step(s);
}

/* 23: one thread checks results in a loop and may stop the whole program:
   otherwise every thread goes round to the barrier again */
void n23(void)
{
    int k, bad = 0;
    for (k = 0; k < STEPS; k++) {
        upc_barrier;
        upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        if (MYTHREAD == 0) {
            if (total != k)
                bad = 1;
            if (bad)
                upc_global_exit(1);
        }
    }
}

/* 24: thread 0 validates the arguments and exits on bad input before a
   barrier; a later loop of barriers is reached by every thread that runs */
void n24(int argc)
{
    int k;
    if (MYTHREAD == 0) {
        if (argc < 0)
            exit(1);
        done = 1;
    }
    upc_barrier;
    for (k = 0; k < STEPS; k++)
        upc_barrier;
}

/* 25: start and bound shifted by the same thread-dependent amount: every
   thread runs five iterations */
void n25(void)
{
    int i;
    for (i = MYTHREAD; i < MYTHREAD + 5; i++)
        upc_barrier;
}

/* 26: each thread walks its own block of nb elements (distance nb) */
void n26(int nb)
{
    int i, me = MYTHREAD;
    for (i = me * nb; i < (me + 1) * nb; i += 2)
        upc_barrier;
    for (i = MYTHREAD * nb + 3; i <= MYTHREAD * nb + nb; i++)
        upc_barrier;
}

/* 27: a decreasing loop and THREADS in the distance */
void n27(void)
{
    int i;
    for (i = MYTHREAD + THREADS; i > MYTHREAD; i--)
        upc_barrier;
}

/* 17: main ends with an error check on one thread */
/* while and do loops counting from a value assigned just before them: the
   thread-dependent start and bound cancel, every thread runs 3 iterations. */
void n28(void)
{
    int k = MYTHREAD;
    do {
        upc_barrier;
        k++;
    } while (k < MYTHREAD + 3);
    k = MYTHREAD * 2;
    while (k < MYTHREAD * 2 + 3) {
        upc_barrier;
        k++;
    }
}

int main(void)
{
    int ok;
    n1(); n2(); n3(); n4(); n5(); n6(STEPS); n7(); n8(); n9(); n10();
    n11(); n12(); n13(); n14(); n15(); n16(0);
    n18(); n19(); n20(); n21(); n22(); n23(); n24(STEPS);
    n25(); n26(4); n27(); n28();
    ok = a[MYTHREAD] >= 0;
    if (MYTHREAD == 0) {
        printf("done\n");
        if (!ok)
            return 1;
    }
    upc_barrier;
    return 0;
}

/* 21: a flag every thread reads at the same index */
shared int nflags[THREADS];
void n21(void)
{
    int v = nflags[0];
    if (v)
        upc_all_reduceL(&total, part, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
    int k = nflags[THREADS - 1];
    if (k)
        upc_barrier;
}

/* 22: each thread reads back the element it stored, and every thread
   stored the same value */
shared int tries[2 * THREADS];
void n22(int n)
{
    tries[2 * MYTHREAD + 1] = n;
    upc_barrier;
    if (tries[2 * MYTHREAD + 1] == 0)
        upc_barrier;
}

void n22_call(void) { n22(3); }

/* 23: a wavefront: thread t waits t steps before the sweep and
   THREADS-1-t after it; every thread passes THREADS-1+n+1 barriers */
void n23(int n)
{
    int i, r;
    for (i = 0; i < MYTHREAD; i++)
        upc_barrier;
    for (r = 0; r <= n; r++)
        upc_barrier;
    for (i = MYTHREAD + 1; i < THREADS; i++) {
        upc_notify;
        upc_wait;
    }
}

/* 24: both arms loop over a private global bound read from the command
   line; a barrier in the loop does not change it */
int rounds = 10;
void n24(void)
{
    int i;
    if (MYTHREAD % 2) {
        for (i = 0; i < rounds; i++)
            upc_barrier;
    } else {
        for (i = 0; i < rounds; i++) {
            upc_notify;
            upc_wait;
        }
    }
}

/* 25: a cyclic deal of K*THREADS steps with a barrier per step: K each */
void n25(int k)
{
    int i;
    for (i = MYTHREAD; i < k * THREADS; i += THREADS)
        upc_barrier;
}

/* 26: both arms run rounds barriers in while loops whose counter is set
   before the branch; one arm also stores to a shared array, which cannot
   change the private bound */
void n26(void)
{
    int it = 0;
    if (MYTHREAD == 0) {
        while (it < rounds) {
            a[0] += 1;
            upc_barrier;
            it++;
        }
    } else {
        while (it < rounds) {
            upc_barrier;
            it++;
        }
    }
}
