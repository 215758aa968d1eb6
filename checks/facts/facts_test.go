package facts

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/grammar"
)

func TestCompute(t *testing.T) {
	src := `#include <upc.h>
shared int a[4*THREADS];
void f(void) {
    if (MYTHREAD == 0)
        upc_barrier;
}
int g(void) { return a[MYTHREAD]; }
`
	u := grammar.Load(gotoken.NewFileSet(), "f.upc", []byte(src), nil)
	if len(u.Diags) > 0 {
		t.Fatalf("front end: %v", u.Diags[0].Message)
	}
	f := Compute(u)
	if len(f.Funcs) != 2 {
		t.Fatalf("%d functions, want 2", len(f.Funcs))
	}
	fn := f.Func(f.Funcs[0].Decl)
	if fn != f.Funcs[0] || fn.Graph.Name != "f" {
		t.Fatalf("lookup by decl failed")
	}
	var diverging bool
	for _, op := range fn.Collective().Ops() {
		if op.Fact.Kind == collective.Branch && !op.Fact.OK() {
			diverging = true
		}
	}
	if !diverging {
		t.Error("the barrier under MYTHREAD == 0 is not reported as diverging")
	}
	if accs := f.Funcs[1].Affine(); accs == nil {
		t.Error("no affine facts for g")
	}
	if f.Funcs[1].Affinity() == nil {
		t.Error("no affinity facts for g")
	}
}
