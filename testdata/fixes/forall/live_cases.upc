// the loop variable's final value is restored only where a read can see it
// Self-checking: every iteration must run exactly once, on the thread the
// affinity names; each thread prints what it ran and the values read after
// the loops, thread 0 the verdict.
#include <upc_relaxed.h>
#include <stdio.h>

#define N 23

shared int hit[N * THREADS];      /* 1 + the thread that ran iteration i */
shared int a[N * THREADS];
static int ran;                   /* iterations this thread ran */
static long sum;                  /* and the sum of their numbers */
int g;                            /* a global loop variable: always restored */

static void mark(int i)
{
    hit[i] += MYTHREAD + 1;
    ran++;
    sum += i;
}

static void set(int *p, int v)
{
    *p = v;
}

/* assigned again after the loop: no restore */
int reassigned(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i])
        mark(i);
    i = 7;
    return i;
}

/* only the next loop's header assigns it: no restore */
void next_loop(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; i)
        mark(i);
    for (i = 0; i < 3; i++)
        sum += i;
}

/* the function returns right after the loop: no restore */
void returns(int lo, int hi)
{
    int i;
    upc_forall (i = lo; i < hi; i++; &a[i])
        mark(i);
}

/* declared in the header, not visible after the loop: no restore */
void in_header(void)
{
    upc_forall (int i = 0; i < N; i++; &a[i])
        mark(i);
}

/* printed after the loop: restored */
void printed(int hi)
{
    int i;
    upc_forall (i = 0; i < hi; i++; &a[i])
        mark(i);
    printf("thread %d: printed %d\n", MYTHREAD, i);
}

/* read by a condition after the loop, on one path only: restored */
int condition(int lo, int hi, int reset)
{
    int i;
    upc_forall (i = lo; i < hi; i++; i)
        mark(i);
    if (reset)
        i = 0;
    if (i > 10)
        return 1;
    return 0;
}

/* its address is taken after the loop: restored */
int address(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i])
        mark(i);
    set(&i, i + 1);
    return i;
}

/* a global: restored */
void global(void)
{
    upc_forall (g = 0; g < N; g++; &a[g])
        mark(g);
}

/* runs at least once, <= bound: restored to the bound plus one */
int upto(void)
{
    int i;
    upc_forall (i = 1; i <= N - 1; i++; &a[i])
        mark(i);
    return i;
}

/* runs at least once, downwards to a literal bound */
int downto(void)
{
    int i;
    upc_forall (i = N - 1; i >= 0; i--; i)
        mark(i);
    return i;
}

int main(void)
{
    int i, bad = 0, r = 0;
    r += reassigned();
    next_loop();
    returns(3, N);
    returns(5, 2);
    in_header();
    printed(N);
    printed(0);
    r += condition(0, N, 0) + 10 * condition(4, N, 1) + 100 * condition(20, 3, 0);
    r += address();
    global();
    r += 1000 * upto() + 100000 * downto();
    upc_barrier;
    printf("thread %d: %d iterations, sum %ld, r %d, g %d\n", MYTHREAD, ran, sum, r, g);
    upc_barrier;
    if (MYTHREAD == 0) {
        for (i = 0; i < N; i++) {
            /* reassigned, next_loop, in_header, printed, condition, address, global, downto
               on every i; upto from 1, returns(3, ...) from 3, condition(4, ...) from 4 */
            int want = (8 + (i >= 1) + (i >= 3) + (i >= 4)) * (i % THREADS + 1);
            if (hit[i] != want) {
                if (bad++ < 3)
                    printf("iteration %d: %d, want %d\n", i, hit[i], want);
            }
        }
        printf("live_cases: %s\n", bad ? "FAILED" : "OK");
    }
    return bad != 0;
}
