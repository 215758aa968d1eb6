package affinity_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

const src = `
shared int a[100*THREADS], b[100*THREADS];
shared [4] int c[100*THREADS];
shared [] int ind[10];
shared int s;
void g(void) {
	upc_forall (int i = 0; i < 99; i++; &a[i]) {
		a[i] = b[i] + b[i+1] + c[i] + ind[i] + s;
	}
	upc_forall (int j = 0; j < 96; j++; &c[j])
		c[j+1] = c[j+2*THREADS];
	a[MYTHREAD] = a[MYTHREAD + 2*THREADS] + a[MYTHREAD + 1];
	c[4*MYTHREAD + 3] = 0;
}`

// load loads src and analyses the accesses of its last function.
func load(t *testing.T, src string, threads int) (*grammar.Unit, *affine.Func) {
	t.Helper()
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(src), &grammar.Config{StaticThreads: threads})
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	var fn *ast.Decl
	for _, d := range u.File.Decls {
		if d, ok := d.(*ast.Decl); ok && d.Body != nil {
			fn = d
		}
	}
	return u, affine.Analyze(cfg.Build(fn), u.Info)
}

// kinds analyses src and returns the kinds of its accesses by their text,
// in order of appearance.
func kinds(t *testing.T, src string, threads int) map[string][]affinity.Kind {
	t.Helper()
	u, af := load(t, src, threads)
	f := affinity.Analyze(af, u.Info.StaticThreads)
	got := map[string][]affinity.Kind{}
	for _, a := range af.Accesses {
		if x := f.Of(a); x != nil {
			k := ast.NodeString(a.Expr)
			got[k] = append(got[k], x.Kind)
		}
	}
	return got
}

func facts(t *testing.T, threads int) map[string]*affinity.Fact {
	u, af := load(t, src, threads)
	f := affinity.Analyze(af, u.Info.StaticThreads)
	m := map[string]*affinity.Fact{}
	for _, a := range af.Accesses {
		if x := f.Of(a); x != nil {
			m[ast.NodeString(a.Expr)] = x
		}
	}
	return m
}

func TestAffinity(t *testing.T) {
	for _, tc := range []struct {
		threads int
		want    map[string]affinity.Kind
	}{
		{0, map[string]affinity.Kind{
			"a[i]": affinity.Local, "b[i]": affinity.Local, "b[i + 1]": affinity.PossiblyRemote,
			"c[i]": affinity.Unknown, "ind[i]": affinity.Unknown, "c[j + 1]": affinity.Boundary,
			"a[MYTHREAD]": affinity.Local, "a[MYTHREAD + 2 * THREADS]": affinity.Local,
			"a[MYTHREAD + 1]": affinity.PossiblyRemote, "c[4 * MYTHREAD + 3]": affinity.Local,
		}},
		{4, map[string]affinity.Kind{
			"b[i]": affinity.Local, "b[i + 1]": affinity.Remote, "a[MYTHREAD + 1]": affinity.Remote,
			"c[j + 2 * 4]": affinity.Unknown, "c[j + 1]": affinity.Boundary,
		}},
		{1, map[string]affinity.Kind{"b[i + 1]": affinity.Local, "c[i]": affinity.Local}},
	} {
		got := facts(t, tc.threads)
		for e, k := range tc.want {
			if got[e] == nil {
				t.Errorf("THREADS=%d: no fact for %s", tc.threads, e)
			} else if got[e].Kind != k {
				t.Errorf("THREADS=%d: %s is %v (%s), want %v", tc.threads, e, got[e].Kind, got[e].Reason, k)
			}
		}
	}
}
