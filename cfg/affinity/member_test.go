package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
)

// TestMemberAndThreadZero: a member array of a structure element the
// upc_forall runs on its owner is local (s[i].a[j] under affinity i), and
// so is thread 0's indefinite array under affinity 0; under affinity 1 it
// is not.
func TestMemberAndThreadZero(t *testing.T) {
	src := `
struct foo { char No; int a[100]; };
shared struct foo s[THREADS];
shared [] int ind[10];
void g(void) {
	int i, j;
	upc_forall (i = 0; i < THREADS; i++; i)
		for (j = 0; j < 100; j++)
			s[i].a[j] = j;
	upc_forall (i = 0; i < 10; i++; 0)
		ind[i] = i;
	upc_forall (i = 0; i < 10; i++; 1)
		ind[i] = 0;
}`
	u, af := load(t, src, 0)
	f := affinity.Analyze(af, u.Info.StaticThreads)
	var got []string
	for _, a := range af.Accesses {
		if x := f.Of(a); x != nil && ast.NodeString(a.Expr) != "s[i]" {
			got = append(got, ast.NodeString(a.Expr)+" "+x.Kind.String())
		}
	}
	want := []string{"s[i].a[j] local", "ind[i] local", "ind[i] unknown"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("access %d: got %q, want %q", i, got[i], want[i])
		}
	}
}
