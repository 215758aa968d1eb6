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
