package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
)

// TestOwnerGuarded: an access that only its owner runs is local: a cyclic
// element under j % THREADS == MYTHREAD or j == MYTHREAD, thread 0's
// indefinite array under !MYTHREAD; under another test it is not.
func TestOwnerGuarded(t *testing.T) {
	src := `
shared double b[16*THREADS], x[16*THREADS];
shared [] int ind[100];
double g(void) {
	int j;
	double s = 0;
	for (j = 0; j < 16*THREADS; j++)
		if (j % THREADS == MYTHREAD)
			s += b[j];
	for (j = 0; j < 16*THREADS; j++)
		if (j % 2 == MYTHREAD)
			s += x[j];
	if (!MYTHREAD)
		for (j = 0; j < 100; j++)
			s += ind[j];
	if (MYTHREAD == 1)
		for (j = 0; j < 100; j++)
			s += ind[j + 0];
	return s;
}`
	for _, threads := range []int{0, 4} {
		u, af := load(t, src, threads)
		f := affinity.Analyze(af, u.Info.StaticThreads)
		want := map[string]bool{"b[j]": true, "x[j]": false, "ind[j]": true, "ind[j + 0]": false}
		for _, a := range af.Accesses {
			k := ast.NodeString(a.Expr)
			w, ok := want[k]
			x := f.Of(a)
			if !ok || x == nil {
				continue
			}
			if (x.Kind == affinity.Local) != w {
				t.Errorf("THREADS %d: %s: %v (%s), want local %v", threads, k, x.Kind, x.Reason, w)
			}
			delete(want, k)
		}
		if len(want) != 0 {
			t.Errorf("THREADS %d: accesses not seen: %v", threads, want)
		}
	}
}
