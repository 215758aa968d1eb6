package finegrain_test

import (
	"strings"
	"testing"
)

// TestStepGapsShown: a loop stepping by 2 that reads every other element
// of a cyclic array would fetch twice the bytes it reads with a copy of
// the range: the rewrite is shown, not applied, and says so. Reading both
// elements of each step (the real and imaginary parts of interleaved
// complex numbers) reads the whole range: that copy is applied.
func TestStepGapsShown(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define N 64
shared double v[N * THREADS];

double evens(void)
{
    int j;
    double s = 0;
    for (j = 0; j < N * THREADS; j += 2)
        s += v[j];
    return s;
}

double pairs(void)
{
    int j;
    double s = 0;
    for (j = 0; j < N * THREADS; j += 2)
        s += v[j] * v[j + 1]; /* FIX */
    return s;
}
`
	why := shownWhy(t, src, 10)
	if !strings.Contains(why, "not applied: the loop reads 1 of every 2 elements of v, and a copy of the range would move 2 times the bytes it reads") {
		t.Errorf("the shown fix does not say why it is not applied: %q", why)
	}
	checkFixMarks(t, src)
}
