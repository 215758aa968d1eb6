package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
)

// TestEnumerated: rows dealt to the threads by k*THREADS/(N+2) are the rows
// of each thread's block of a grid blocked (N+2)*(N+2)/THREADS: local,
// decided by enumerating the iterations under static THREADS; shifted by
// one thread, or with a bound the enumeration does not know, they are not.
func TestEnumerated(t *testing.T) {
	src := `
#define N 30
shared [(N+2)*(N+2)/THREADS] double grid[N+2][N+2], next[N+2][N+2];
void g(int n) {
	int k, l;
	upc_forall (k = 0; k < N+2; k++; k*THREADS/(N+2))
		for (l = 0; l < N+2; l++)
			grid[k][l] = next[k][l];
	upc_forall (k = 0; k < N+2; k++; k*THREADS/(N+2) + 1)
		for (l = 0; l < N+2; l++)
			grid[k][l] = 0;
	upc_forall (k = 0; k < N+2; k++; k*THREADS/(N+2))
		for (l = 0; l < n; l++)
			next[k][l] = 0;
}`
	u, af := load(t, src, 4)
	f := affinity.Analyze(af, u.Info.StaticThreads)
	var got []string
	for _, a := range af.Accesses {
		if x := f.Of(a); x != nil {
			got = append(got, ast.NodeString(a.Expr)+" "+x.Kind.String())
		}
	}
	want := []string{"grid[k][l] local", "next[k][l] local", "grid[k][l] unknown", "next[k][l] unknown"}
	if len(got) != len(want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("access %d: got %q, want %q", i, got[i], want[i])
		}
	}
}
