// The arms of a thread-dependent branch compared as sequences of
// collective operations: the same sequence in both arms (through macros
// with error checks that stop the program, and under a single-valued flag
// tested again in each arm) is matched; a real difference is reported with
// both sequences.

#include <upc_relaxed.h>
#include <upc_collective.h>
#include <stdio.h>
#include <stdlib.h>

shared int src[THREADS];
shared int dst[THREADS];

#define MUST(call) do { if ((call) != 0) { printf("failed on %d\n", MYTHREAD); upc_global_exit(1); } } while (0)
#define NOTE(x) do { if ((x) < 0) fprintf(stderr, "odd value on %d\n", MYTHREAD); } while (0)

int step(int n) { upc_barrier; return n; }

/* both arms: the same collectives, the writer with data, the others with
   none, each checked by a macro that ends the program on error */
void same_in_both_arms(int writer, int twice)
{
    int got;
    if (MYTHREAD == writer) {
        MUST(step(1) - 1);
        if (twice) {
            upc_all_broadcast(dst, &src[writer], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
            upc_all_broadcast(dst, &src[writer], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        } else {
            upc_all_broadcast(dst, &src[writer], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        }
        got = 1;
    } else {
        MUST(step(0));
        if (twice) {
            upc_all_broadcast(dst, &src[writer], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
            upc_all_broadcast(dst, &src[writer], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        } else {
            upc_all_broadcast(dst, &src[writer], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
        }
        got = 0;
    }
    NOTE(got);
}

/* the writer broadcasts once more than the others */
void one_more_in_one_arm(int writer)
{
    if (MYTHREAD == writer) {
        upc_barrier; // want "whose arms execute different collective operations"
        upc_all_broadcast(dst, &src[writer], sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC); // want "upc_all_broadcast\\(\\) is not reached by every thread: .* whose arms execute different collective operations \\(upc_barrier on one path, upc_barrier; upc_all_broadcast on another\\)"
    } else {
        upc_barrier; // want "upc_barrier is not reached by every thread"
    }
}

/* the flag is changed in one arm: the second test is not the same */
void flag_changed(int writer, int again)
{
    if (MYTHREAD == writer) {
        again = 0;
        if (again)
            upc_barrier; // want "whose arms execute different collective operations"
    } else {
        if (again)
            upc_barrier; // want "not reached by every thread"
    }
}

int main(void)
{
    same_in_both_arms(0, 1);
    same_in_both_arms(THREADS - 1, 0);
    return 0;
}

/* a function whose only collective is a upc_forall: a thread that skips
   the call blocks nobody */
void clear_mine(void)
{
    int i;
    upc_forall (i = 0; i < THREADS; i++; &dst[i])
        dst[i] = 0;
}

/* the same with a barrier after the loop: the others wait for ever */
void clear_and_wait(void)
{
    int i;
    upc_forall (i = 0; i < THREADS; i++; &dst[i])
        dst[i] = 0;
    upc_barrier;
}

void clear_on_one_thread(void)
{
    if (MYTHREAD == 0)
        clear_mine();
    if (MYTHREAD == 0)
        clear_and_wait(); // want "this call of clear_and_wait \\(which executes a collective operation\\) is not reached by every thread"
}

/* parameters one thread reads from a file, then every thread's copy from
   shared memory: the value thread 0 read is overwritten alike everywhere */
shared int sh_iters;
int levels;
void params_overwritten(void)
{
    int iters, it;
    if (MYTHREAD == 0) {
        FILE *fp = fopen("params.in", "r");
        if (fp) {
            fscanf(fp, "%d %d", &iters, &levels);
            fclose(fp);
        } else {
            iters = 4;
            levels = 2;
        }
        sh_iters = iters * 100 + levels;
    }
    upc_barrier;
    iters = sh_iters / 100;
    levels = sh_iters % 100;
    for (it = 0; it < iters; it++)
        upc_barrier;
    for (it = levels; it > 0; it--)
        upc_barrier;
}

/* the same, but a copy is taken before the overwrite */
void params_copied_too_early(void)
{
    int iters, it, copy;
    if (MYTHREAD == 0)
        iters = 4;
    copy = iters;
    iters = sh_iters;
    for (it = 0; it < copy; it++)
        upc_barrier; // want "thread-dependent trip count"
}

/* a barrier is a notify followed by a wait */
void barrier_or_split_phase(int coin)
{
    if (MYTHREAD % 2 == 0) {
        upc_barrier;
    } else {
        upc_notify;
        upc_wait;
    }
}

/* a debugging switch turned off: MYTHREAD == 0 && 0 is 0 on every thread */
#define DEBUGGING 0
static int debugging(void) { return MYTHREAD == 0 && DEBUGGING; }
static int verbose(void) { return MYTHREAD == 0 && 1; }
void run_unless_debugging(void)
{
    if (debugging())
        return;
    upc_barrier;
    if (verbose())
        return;
    upc_barrier; // want "after a thread-dependent exit"
}

/* a table every thread fills for all threads (NAS CG's process grid): the
   number of levels does not depend on the element, the owner does */
int levels_of[64];
int owner_of[64];
void grid_setup(int ncols)
{
    int t, i;
    for (t = 0; t < THREADS; t++) {
        i = ncols / 2;
        levels_of[t] = 0;
        while (i > 0) {
            levels_of[t]++;
            i /= 2;
        }
        owner_of[t] = t % ncols;
    }
}

void reduce_over_levels(void)
{
    int i, my_levels = levels_of[MYTHREAD];
    for (i = 0; i < my_levels; i++)
        upc_barrier;
}

void wait_by_owner(void)
{
    int i, mine = owner_of[MYTHREAD];
    for (i = 0; i < mine; i++)
        upc_barrier; // want "thread-dependent trip count"
}

/* the same counted loop of barriers in both arms, written as barriers in
   one and as notify/wait pairs in the other */
void loops_in_both_arms(int iters)
{
    int i;
    if (MYTHREAD % 2 == 0) {
        for (i = 0; i < iters; i++)
            upc_barrier i;
    } else {
        for (i = 0; i < iters; i++) {
            upc_notify;
            upc_wait;
        }
    }
}

/* one more iteration in one arm */
void loops_of_different_counts(int iters)
{
    int i;
    if (MYTHREAD % 2 == 0) {
        for (i = 0; i < iters; i++)
            upc_barrier; // want "whose arms execute different collective operations \\(for \\(i = 0; i <=? iters; i\\+\\+\\) \\{ upc_barrier \\} on one path, for \\(i = 0; i <=? iters; i\\+\\+\\) \\{ upc_barrier \\} on another\\)"
    } else {
        for (i = 0; i <= iters; i++)
            upc_barrier; // want "not reached by every thread"
    }
}

/* a shared table, each element filled by its owner with the same value
   (NAS CG's O0 variant): every thread reads the same count back */
shared int levels_sh[THREADS];
shared int rank_sh[THREADS];
void grid_setup_shared(int ncols)
{
    int t, i;
    upc_forall (t = 0; t < THREADS; t++; t) {
        i = ncols / 2;
        levels_sh[t] = 0;
        while (i > 0) {
            levels_sh[t]++;
            i /= 2;
        }
        rank_sh[t] = t;
    }
    upc_barrier;
}

void reduce_over_shared_levels(void)
{
    int i, mine = levels_sh[MYTHREAD];
    for (i = 0; i < mine; i++)
        upc_barrier;
    mine = rank_sh[MYTHREAD];
    for (i = 0; i < mine; i++)
        upc_barrier; // want "thread-dependent trip count"
}
