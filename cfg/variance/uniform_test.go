package variance_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

// TestLoopUniform: loops whose trip count is the same on every thread
// although their counter depends on it: the same distance from start to
// bound, or a cyclic deal of K*THREADS iterations (K each).
func TestLoopUniform(t *testing.T) {
	const src = `#include <upc.h>
#define N 16
int n = 8, nb = 4;
void f(void) {
	int i, me = MYTHREAD;
	for (i = MYTHREAD; i < N*THREADS; i += THREADS) upc_barrier;
	for (i = MYTHREAD; i < n*THREADS; i = i + THREADS) upc_barrier;
	for (i = MYTHREAD + 1; i <= n*THREADS; i += THREADS) upc_barrier;
	for (i = MYTHREAD; i < 2*n*THREADS; i += THREADS) upc_barrier;
	for (i = MYTHREAD*nb; i < (MYTHREAD+1)*nb; i++) upc_barrier;
	for (i = MYTHREAD; i < N; i += THREADS) upc_barrier;
	for (i = MYTHREAD; i <= N*THREADS; i += THREADS) upc_barrier;
	for (i = MYTHREAD; i < me*THREADS; i += THREADS) upc_barrier;
	for (i = MYTHREAD; i < N*THREADS; i += 2*THREADS) upc_barrier;
	for (i = MYTHREAD; i < N*THREADS + 1; i += THREADS) upc_barrier;
}
`
	want := []bool{true, true, true, true, true, false, false, false, false, false}
	fset := gotoken.NewFileSet()
	u := grammar.Load(fset, "t.upc", []byte(src), nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	in := variance.Analyze(u.File, u.Info, nil)
	var f *variance.Func
	for _, x := range in.Funcs {
		if ast.FuncName(x.Decl) == "f" {
			f = x
		}
	}
	un := &variance.Uniformity{V: f, Types: u.Info, Unit: in}
	loops := f.Graph.Loops().Loops
	if len(loops) != len(want) {
		t.Fatalf("%d loops, want %d", len(loops), len(want))
	}
	for i, l := range loops {
		if len(l.Exits) != 1 {
			t.Fatalf("loop %d: %d exits", i, len(l.Exits))
		}
		if got := un.LoopUniform(l, l.Exits[0].From); got != want[i] {
			t.Errorf("line %d: LoopUniform = %v, want %v", fset.Position(l.Stmt.Start()).Line, got, want[i])
		}
	}
}
