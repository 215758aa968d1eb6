package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
)

// TestOneBlockAlloc: the one block of upc_all_alloc(1, n) is thread 0's,
// so thread 0 reads it locally; other threads, or a pointer to several
// blocks, do not.
func TestOneBlockAlloc(t *testing.T) {
	src := `
#include <upc.h>
int g(void) {
	int j, s = 0;
	shared [] int *z = upc_all_alloc(1, sizeof(int) * THREADS);
	shared [] int *w = upc_all_alloc(THREADS, sizeof(int));
	if (!MYTHREAD)
		for (j = 0; j < THREADS; j++)
			s += z[j] + w[j];
	for (j = 0; j < THREADS; j++)
		s += z[j + 1];
	return s;
}`
	u, af := load(t, src, 0)
	f := affinity.Analyze(af, u.Info.StaticThreads)
	want := map[string]affinity.Kind{"z[j]": affinity.Local, "w[j]": affinity.Unknown, "z[j + 1]": affinity.Unknown}
	seen := 0
	for _, a := range af.Accesses {
		k, ok := want[ast.NodeString(a.Expr)]
		if x := f.Of(a); ok && x != nil {
			seen++
			if x.Kind != k {
				t.Errorf("%s: %v (%s), want %v", ast.NodeString(a.Expr), x.Kind, x.Reason, k)
			}
		}
	}
	if seen != len(want) {
		t.Errorf("saw %d of the %d accesses", seen, len(want))
	}
}
