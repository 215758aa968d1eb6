package finegrain_test

import (
	"strings"
	"testing"
)

// TestSparseBoxShown: thread 0 reading the diagonal of a matrix spans all
// its N*N elements and reads N of them: a copy of the box is shown, not
// applied, and says so. A loop reading whole rows (every column) reads the
// box it spans: fixed.
func TestSparseBoxShown(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define N 32
shared [N] double c[N * THREADS][N];

double trace(void)
{
    int i;
    double t = 0;
    for (i = 0; i < N; i++)
        t += c[i][i];
    return t;
}

double total(void)
{
    int i, j;
    double t = 0;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            t += c[i][j]; /* FIX */
    return t;
}
`
	why := shownWhy(t, src, 10)
	if !strings.Contains(why, "not applied: c[i][i] reads at most 32 of the 1024 elements from the first to the last") {
		t.Errorf("the shown fix does not say why it is not applied: %q", why)
	}
	checkFixMarks(t, src)
}
