package collective_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/grammar/ast"

	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar"
)

func load(t *testing.T, src string) (*gotoken.FileSet, *variance.Info) {
	t.Helper()
	fset := gotoken.NewFileSet()
	u := grammar.Load(fset, "t.upc", []byte(src), nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	return fset, variance.Analyze(u.File, u.Info, nil)
}

func fn(t *testing.T, in *variance.Info, name string) *variance.Func {
	for _, f := range in.Funcs {
		if ast.FuncName(f.Decl) == name {
			return f
		}
	}
	t.Fatalf("no function %s", name)
	return nil
}

// barriers returns the facts of the collective operations of fn.
func ops(t *testing.T, in *variance.Info, name string) []*collective.Op {
	return collective.Analyze(in, fn(t, in, name)).Ops()
}

func TestCollectivity(t *testing.T) {
	fset, in := load(t, `#include <upc.h>
shared int s;
void a(void) {
	int x = MYTHREAD;
	if (x == 0)
		upc_barrier;
	upc_barrier;
}
void b(void) {
	int i;
	for (i = 0; i < MYTHREAD; i++)
		upc_barrier;
}
void c(void) {
	if (MYTHREAD)
		return;
	upc_barrier;
}
void d(int n) {
	if (MYTHREAD == 0) {
		s = 1;
		upc_barrier;
	} else {
		upc_barrier;
	}
	if (n > 2)
		upc_barrier 3;
}
void e(void) { upc_barrier; }
void f(void) {
	upc_forall (int i = 0; i < 10; i++; i) { e(); }
	if (s) e();
}
`)
	line := func(r *collective.Op) int { return fset.Position(r.Fact.Reason.Node.Start()).Line }
	// a: the first barrier diverges at the if (line 5); the second is fine.
	as := ops(t, in, "a")
	if len(as) != 2 || as[0].Fact.Kind != collective.Branch || as[0].Fact.OK() || line(as[0]) != 5 || !as[1].Fact.OK() {
		t.Errorf("a: %+v %+v", as[0].Fact, as[1].Fact)
	}
	if w := as[0].Fact.Reason.What; w != "x is thread-dependent (MYTHREAD)" {
		t.Errorf("a: reason %q", w)
	}
	bs := ops(t, in, "b")
	if len(bs) != 1 || bs[0].Fact.Kind != collective.Loop || bs[0].Fact.Loop == nil || line(bs[0]) != 11 {
		t.Errorf("b: %+v", bs[0].Fact)
	}
	cs := ops(t, in, "c")
	if len(cs) != 1 || cs[0].Fact.Kind != collective.EarlyExit || line(cs[0]) != 15 || cs[0].Fact.OK() {
		t.Errorf("c: %+v", cs[0].Fact)
	}
	ds := ops(t, in, "d")
	if len(ds) != 3 || !ds[0].Fact.Aligned || !ds[1].Fact.Aligned || !ds[0].Fact.OK() || ds[2].Fact.Kind != collective.Collective {
		t.Errorf("d: %+v %+v %+v", ds[0].Fact, ds[1].Fact, ds[2].Fact)
	}
	if fn(t, in, "e").Collective == nil || fn(t, in, "f").Collective == nil || fn(t, in, "c").Collective == nil {
		t.Errorf("collective summaries missing")
	}
	fs := ops(t, in, "f")
	if len(fs) != 3 || fs[0].Kind != "upc_forall" || fs[1].Kind != "call of e" || fs[1].Fact.Forall == nil || fs[1].Fact.Kind != collective.Forall || fs[1].Fact.OK() {
		t.Fatalf("f: %d ops", len(fs))
	}
	if fs[2].Fact.Kind != collective.Branch || fs[2].Fact.Reason.What != "read of shared s" {
		t.Errorf("f: call under if (s): %+v", fs[2].Fact)
	}
}
