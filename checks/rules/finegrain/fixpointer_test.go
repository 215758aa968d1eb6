package finegrain_test

import "testing"

// TestPointerNoFix: reads through cyclic and indefinite pointers-to-shared
// are coalesced as reads of named arrays are; a loop that reads beyond the
// elements every iteration reads, under a guard that may be what keeps the
// read inside the object, keeps its finding without a fix.
func TestPointerNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
shared double *cv;
shared [] double *iv;

double cyclic(int b)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++)
        s += cv[b + j]; /* FIX */
    return s;
}

double indefinite(int b, int n)
{
    int j;
    double s = 0;
    for (j = 0; j < n; j++)
        s += iv[b + j]; /* FIX */
    return s;
}

double guarded(int b)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++) {
        s += iv[b + j]; /* NOFIX */
        if (j + 50 < 60)
            s += iv[b + j + 50];
    }
    return s;
}
`
	checkFixMarks(t, src)
}

// TestAddrNoFix: reads through an element's address, (&A[i])[j],
// *(&A[i] + j), (&M[r][0])[c] and *(A + i + j), are coalesced as A[i + j];
// an address made by a macro (the rewrite would edit its expansion) or one
// that calls a function keeps its finding without a fix.
func TestAddrNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define ROW(r) (&M[r][0])
shared double A[64 * THREADS];
shared double M[8 * THREADS][16];
int pick(int);

double index_form(int i)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++)
        s += (&A[i])[j]; /* FIX */
    return s;
}

double deref_form(int i)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++)
        s += *(&A[i] + j); /* FIX */
    return s;
}

double row_form(int r)
{
    int c;
    double s = 0;
    for (c = 0; c < 16; c++)
        s += (&M[r][0])[c]; /* FIX */
    return s;
}

double sum_form(int i)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++)
        s += *(A + i + j); /* FIX */
    return s;
}

double macro_row(int r)
{
    int c;
    double s = 0;
    for (c = 0; c < 16; c++)
        s += ROW(r)[c]; /* NOFIX */
    return s;
}
`
	checkFixMarks(t, src)
}
