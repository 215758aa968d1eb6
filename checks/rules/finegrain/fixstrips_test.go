package finegrain_test

import (
	"strings"
	"testing"
)

// TestStripsKeepOtherVariables: a strip loop runs the loop's init clause
// once per strip, so a loop whose init also sets another variable (the
// failure report of collectives' try_prefix, for (i=offsetA, j=offsetB;
// ...; ++i, ++j)) is not strip-mined: j would restart at each strip. The
// same loops without j are, as the control.
func TestStripsKeepOtherVariables(t *testing.T) {
	const src = `#include <upc_relaxed.h>
#include <stdio.h>
shared [4] double A[16 * THREADS];
shared [4] double B[16 * THREADS];

double reads(int lo, int n)
{
    int i, j;
    double s = 0;
    for (i = lo, j = 0; i < lo + n; ++i, ++j)
        s += A[i] * j;
    return s;
}

void writes(int lo, int n)
{
    int i, j;
    for (i = lo, j = 0; i < lo + n; ++i, ++j)
        B[i] = j;
}
`
	if got := fixedText(t, "strips.upc", src, "i = lo, j = 0"); strings.Contains(got, "do {") {
		t.Errorf("a loop whose init sets j too was strip-mined:\n%s", got)
	}
	control := strings.NewReplacer("i = lo, j = 0", "i = lo", "++i, ++j", "++i", "A[i] * j", "A[i] * i", "B[i] = j", "B[i] = i").Replace(src)
	if got := fixedText(t, "strips.upc", control); strings.Count(got, "do {") != 2 {
		t.Errorf("the loops without j were not strip-mined:\n%s", got)
	}
}
