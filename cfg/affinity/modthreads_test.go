package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
)

// TestModThreadsAffinity: the integer affinity j % THREADS selects the
// same thread as j, so a[j] of a cyclic array (or of a pointer aligned on
// upc_all_alloc's first element) is local under it, a[j+1] is not, and a
// modulus other than THREADS stays undecided.
func TestModThreadsAffinity(t *testing.T) {
	src := `
#include <upc.h>
shared long a[100*THREADS];
shared long *p;
void init(void) { p = (shared long *) upc_all_alloc(100*THREADS, sizeof(long)); }
void g(void) {
	long j, x = 0;
	upc_forall (j = 0; j < 100*THREADS; j++; j % THREADS)
		x += a[j] + p[j];
	upc_forall (j = 0; j < 100*THREADS - 1; j++; j % THREADS)
		x += a[j + 1];
	upc_forall (j = 0; j < 100*THREADS; j++; j % 2)
		x += a[j];
	a[0] = x;
}`
	u, af := load(t, src, 0)
	f := affinity.AnalyzeAligned(af, 0, affinity.AlignedPointers(u.File, u.Info))
	var got []string
	for _, a := range af.Accesses {
		if x := f.Of(a); x != nil {
			got = append(got, ast.NodeString(a.Expr)+" "+x.Kind.String())
		}
	}
	want := []string{"a[j] local", "p[j] local", "a[j + 1] possibly remote", "a[j] unknown", "a[0] unknown"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("#%d: got %q, want %q", i, got[i], want[i])
		}
	}
}
