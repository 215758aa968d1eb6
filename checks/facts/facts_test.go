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

func TestComputeParallel(t *testing.T) {
	src := `#include <upc.h>
shared int a[4*THREADS];
int helper(int x) { return x + MYTHREAD; }
void f(int n) {
    for (int i = 0; i < n; i++)
        a[i] = helper(i);
    if (helper(n) > 0)
        upc_barrier;
}
int g(void) { int s = 0; upc_forall (int i = 0; i < 4*THREADS; i++; &a[i]) s += a[i]; return s; }
`
	load := func() *grammar.Unit {
		u := grammar.Load(gotoken.NewFileSet(), "f.upc", []byte(src), nil)
		if len(u.Diags) > 0 {
			t.Fatalf("front end: %v", u.Diags[0].Message)
		}
		return u
	}
	seq, par := Compute(load()), ComputeParallel(load(), 4)
	if len(par.Funcs) != len(seq.Funcs) || len(par.Funcs) != 3 {
		t.Fatalf("%d functions in parallel, %d sequentially, want 3", len(par.Funcs), len(seq.Funcs))
	}
	for i, fn := range par.Funcs {
		s := seq.Funcs[i]
		if par.Func(fn.Decl) != fn || fn.Variance != par.Variance.Func(fn.Decl) || fn.Graph != fn.Variance.Graph {
			t.Errorf("%s: facts not linked", fn.Graph.Name)
		}
		if fn.Graph.String() != s.Graph.String() {
			t.Errorf("%s: graphs differ:\n%s\n%s", fn.Graph.Name, fn.Graph, s.Graph)
		}
		if (fn.Variance.Result == nil) != (s.Variance.Result == nil) {
			t.Errorf("%s: result variance differs", fn.Graph.Name)
		}
		if len(fn.Affine().Accesses) != len(s.Affine().Accesses) {
			t.Errorf("%s: %d affine accesses in parallel, %d sequentially", fn.Graph.Name, len(fn.Affine().Accesses), len(s.Affine().Accesses))
		}
	}
}

// TestMentions: a function mentions the words its own tokens spell, also
// through a macro, and not those of another function.
func TestMentions(t *testing.T) {
	src := `#include <upc.h>
#define NOTIFY upc_notify
void split(void) {
    NOTIFY;
    upc_wait;
}
void whole(void) { upc_barrier; }
`
	u := grammar.Load(gotoken.NewFileSet(), "m.upc", []byte(src), nil)
	if len(u.Diags) > 0 {
		t.Fatalf("front end: %v", u.Diags[0].Message)
	}
	f := Compute(u)
	if len(f.Funcs) != 2 {
		t.Fatalf("%d functions, want 2", len(f.Funcs))
	}
	split, whole := f.Funcs[0], f.Funcs[1]
	for _, c := range []struct {
		fn    *Func
		words []string
		want  bool
	}{
		{split, []string{"upc_notify"}, true},
		{split, []string{"upc_wait"}, true},
		{split, []string{"upc_barrier"}, false},
		{whole, []string{"upc_notify", "upc_wait"}, false},
		{whole, []string{"upc_barrier"}, true},
	} {
		if got := c.fn.Mentions(c.words...); got != c.want {
			t.Errorf("%s mentions %v = %v, want %v", c.fn.Graph.Name, c.words, got, c.want)
		}
	}
}
