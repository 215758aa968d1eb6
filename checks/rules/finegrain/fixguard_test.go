package finegrain_test

import "testing"

// TestOwnerGuardNoFix: the owner-guard rewrite fetches, per offset, the
// elements of a cyclic array that the thread's iterations read; it is
// not made where a read runs only in some of those iterations (a nested
// if, &&), where the guard has an else or another statement beside it,
// where the loop may skip a read (continue), or where the array is
// blocked (the offsets' elements are then not adjacent on one thread).
func TestOwnerGuardNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define PER 40
shared int A[PER * THREADS];
shared [4] int B[PER * THREADS];
int sink;

long plain(void)
{
    int i;
    long s = 0;
    for (i = 1; i < PER * THREADS; i++)
        if (i % THREADS == MYTHREAD)
            s += A[i - 1]; /* FIX */
    return s;
}

long nested_if(void)
{
    int i;
    long s = 0;
    for (i = 1; i < PER * THREADS; i++)
        if (i % THREADS == MYTHREAD) {
            if (s < 100)
                s += A[i - 1]; /* NOFIX */
        }
    return s;
}

long and_read(void)
{
    int i;
    long s = 0;
    for (i = 1; i < PER * THREADS; i++)
        if (MYTHREAD == i % THREADS)
            s += s > 5 && A[i - 1] > 2; /* NOFIX */
    return s;
}

long with_else(void)
{
    int i;
    long s = 0;
    for (i = 1; i < PER * THREADS; i++)
        if (i % THREADS == MYTHREAD)
            s += A[i - 1]; /* NOFIX */
        else
            s++;
    return s;
}

long beside(void)
{
    int i;
    long s = 0;
    for (i = 1; i < PER * THREADS; i++) {
        sink = i;
        if (i % THREADS == MYTHREAD)
            s += A[i - 1]; /* NOFIX */
    }
    return s;
}

long skips(void)
{
    int i;
    long s = 0;
    for (i = 1; i < PER * THREADS; i++)
        if (i % THREADS == MYTHREAD) {
            if (i == 7)
                continue;
            s += A[i - 1]; /* NOFIX */
        }
    return s;
}

long blocked(void)
{
    int i;
    long s = 0;
    for (i = 1; i < PER * THREADS; i++)
        if (i % THREADS == MYTHREAD)
            s += B[i - 1]; /* NOFIX */
    return s;
}
`
	checkFixMarks(t, src)
}

// TestUnbracedIfBody: a loop that is the whole then-branch of an if,
// without braces, is rewritten with braces added around it, at the if's
// indentation however wide a level is (two spaces); not the else
// branch (no line ends with the if's ")" there), nor a branch whose if
// line ends with a comment, where " {" would go into the comment.
func TestUnbracedIfBody(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define PER 40
shared int A[PER * THREADS];

long then_branch(int k)
{
    int j;
    long s = 0;
    if (MYTHREAD == 0)
        for (j = 0; j < 30; j++)
            s += A[k + j]; /* FIX */
    return s;
}

long else_branch(int k)
{
    int j;
    long s = 0;
    if (MYTHREAD == 0)
        s = 1;
    else
        for (j = 0; j < 30; j++)
            s += A[k + j]; /* NOFIX */
    return s;
}

long two_spaces(int k)
{
  int j;
  long s = 0;
  if (MYTHREAD == 0)
    for (j = 0; j < 30; j++)
      s += A[k + j]; /* FIX */
  return s;
}

long commented(int k)
{
    int j;
    long s = 0;
    if (MYTHREAD == 0) // thread 0 sums
        for (j = 0; j < 30; j++)
            s += A[k + j]; /* NOFIX */
    return s;
}
`
	checkFixMarks(t, src)
	fixedText(t, "if_then.upc", src, "    if (MYTHREAD == 0) {\n        /* the elements of A this loop reads */",
		"  if (MYTHREAD == 0) {\n    /* the elements of A this loop reads */", "      s += A_local2[j]; /* FIX */\n  }\n  return s;")
}
