package finegrain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/fixes/fixtest"
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
	fix := func(src string) string {
		t.Helper()
		path := filepath.Join(t.TempDir(), "strips.upc")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		got, _ := fixtest.FixFile(t, path, "finegrain")
		return string(got)
	}
	if got := fix(src); strings.Contains(got, "do {") || !strings.Contains(got, "i = lo, j = 0") {
		t.Errorf("a loop whose init sets j too was strip-mined:\n%s", got)
	}
	control := strings.NewReplacer("i = lo, j = 0", "i = lo", "++i, ++j", "++i", "A[i] * j", "A[i] * i", "B[i] = j", "B[i] = i").Replace(src)
	if got := fix(control); strings.Count(got, "do {") != 2 {
		t.Errorf("the loops without j were not strip-mined:\n%s", got)
	}
}
