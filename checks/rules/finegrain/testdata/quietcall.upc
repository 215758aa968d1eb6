// A function of the unit that only computes on its arguments does not
// stop the coalescing; one that reads shared data does.
#include <upc_relaxed.h>

#define N 64

shared [4] int A[N * THREADS];
shared int flag;

static int addneg(int i, int j)
{
    if (i > 0)
        return j > 0 ? -i - j : -i + j;
    return j > 0 ? i - j : i + j;
}

static int peek(int i) { return i + flag; }

int pure_call(void)
{
    int i, s = 0;
    if (MYTHREAD == 0)
        for (i = 0; i < N * THREADS; i++)
            s = addneg(s, A[i]); // want "fine-grained remote reads of A\\[i\\] in this loop: about .*; coalesce with upc_memget"
    return s;
}

int shared_call(void)
{
    int i, s = 0;
    if (MYTHREAD == 0)
        for (i = 0; i < N * THREADS; i++)
            s += peek(A[i]); // want "not coalescible here: the loop body calls peek"
    return s;
}
