// global_call.upc - a global loop variable that a function called from the
// body advances: the iterations are not those of the loop's step alone, so
// the affinity test stays (the strided loop would visit other iterations).
// The same loop calling a function that leaves the variable alone is
// rewritten.
#include <upc_relaxed.h>
#include <stdio.h>

shared int A[7 * THREADS];
int g;
int skip = 7;
long seen;

static void advance(void)
{
    g += skip;
}

static void note(void)
{
    seen += g;
}

static void step_on(void)
{
    advance();
}

int main(void)
{
    upc_forall (g = 0; g < 7 * THREADS; g++; &A[g]) {
        A[g] = g;
        step_on();
    }
    printf("thread %d: g=%d\n", MYTHREAD, g);
    upc_forall (g = 0; g < 7 * THREADS; g++; &A[g])
        note();
    printf("thread %d: g=%d seen=%ld\n", MYTHREAD, g, seen);
    return 0;
}
