package variance_test

import (
	"fmt"
	gotoken "go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

func TestVariance(t *testing.T) {
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(`#include <upc.h>
#include <stdlib.h>
shared int s;
int g;
int id(int v) { return v; }
int me(void) { return MYTHREAD; }
int h(int p, int q) {
	int a = THREADS * 2 + p, b = s, c = 0, d, e = 0;
	int *pa;
	if (MYTHREAD < 3) c = 1;
	d = id(a) + me();
	pa = upc_all_alloc(4, 4) ? &a : &e;
	e = upc_lock_attempt(0);
	g = q;
	return a + b + c + d + q + atoi("1");
}
void k(void) { h(1, MYTHREAD); }
`), nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	in := variance.Analyze(u.File, u.Info, nil)
	vars := map[string]bool{}
	for v := range in.Vars {
		vars[v.Name()] = true
	}
	for name, want := range map[string]bool{"a": false, "b": true, "c": true, "d": true, "e": true, "pa": false, "p": false, "q": true, "g": true, "v": false} {
		if vars[name] != want {
			t.Errorf("%s variant = %v, want %v", name, vars[name], want)
		}
	}
	res := map[string]bool{}
	for _, f := range in.Funcs {
		res[ast.FuncName(f.Decl)] = f.Result != nil
	}
	if res["id"] || !res["me"] || !res["h"] {
		t.Errorf("results: %v", res)
	}
	// Expressions.
	h := in.Funcs[2]
	ast.InspectCode(h.Decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && ast.CalleeName(c) == "atoi" {
			if h.Variant(c) != nil {
				t.Errorf("atoi(\"1\") variant")
			}
		}
		return true
	})
}

// TestFlowSensitive checks that promotable locals are analysed per
// definition: each uN(x) call's argument has the variance the comment
// after it states.
func TestFlowSensitive(t *testing.T) {
	src := `#include <upc.h>
shared int s;
void u(int x);
int f(int n) {
	int i, j, k = 0, m = 0, a, c = 0, *p, q = 0, w;
	for (i = 0; i < n; i++)
		u(i); // uniform
	if (MYTHREAD == 0) {
		for (i = 0; i < n; i++)
			u(i); // uniform
	}
	u(i); // variant: thread 0 ran the loop
	for (i = 0; i < n; i++) {
		if (MYTHREAD == 1)
			k++;
		u(i); // uniform
	}
	u(k); // variant
	for (j = 0; j < MYTHREAD; j++)
		;
	u(j); // variant: the exit depends on MYTHREAD
	for (j = 0; j < n; j++)
		if (MYTHREAD == 2)
			break;
	u(j); // variant: some threads break early
	i = 0;
	while (i < n) {
		if (s)
			m = 1;
		i++;
	}
	u(i); // uniform
	u(m); // variant
	a = MYTHREAD;
	u(a); // variant
	a = 3;
	u(a); // uniform
	n > 2 && (c = 1);
	u(c); // uniform
	MYTHREAD > 2 && (c = 1);
	u(c); // variant
	p = &w;
	q = MYTHREAD;
	q = q - MYTHREAD + 1;
	u(q); // variant
	n = n + MYTHREAD;
	u(n); // variant
	return i;
}
int g(void) { return f(3); }
`
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(src), nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	lines := strings.Split(src, "\n")
	in := variance.Analyze(u.File, u.Info, nil)
	f := in.Funcs[0]
	fset := u.Fset
	seen := 0
	ast.InspectCode(f.Decl.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok || ast.CalleeName(c) != "u" {
			return true
		}
		seen++
		line := fset.Position(c.Start()).Line
		want := strings.Contains(lines[line-1], "// variant")
		got := f.Variant(c.Args[0])
		if (got != nil) != want {
			t.Errorf("line %d: %s: variant = %v, want %v", line, strings.TrimSpace(lines[line-1]), got != nil, want)
		}
		return true
	})
	if seen != 15 {
		t.Errorf("%d uses checked, want 15", seen)
	}
	if f.Result != nil {
		t.Errorf("f's result variant: %s", f.Result.What)
	}
}

// TestCorpusCounters checks corpus programs that reuse a loop counter
// inside `if (MYTHREAD == 0)`: the counter's other loops, the values
// computed from it, and the collectives' arguments stay single-valued.
func TestCorpusCounters(t *testing.T) {
	for _, name := range []string{"test_coll_broadcast.upc", "test_forall_clauses.upc"} {
		path := filepath.Join("..", "..", "testdata", "corpus", "valid", name)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		u := grammar.Load(gotoken.NewFileSet(), path, src, nil)
		for _, d := range u.Diags {
			t.Fatalf("%v", d)
		}
		in := variance.Analyze(u.File, u.Info, nil)
		checked := 0
		for _, f := range in.Funcs {
			check := func(e ast.Expr) {
				checked++
				if why := f.Variant(e); why != nil {
					t.Errorf("%s: %s is thread-variant: %s", u.Fset.Position(e.Start()), ast.NodeString(e), why.What)
				}
			}
			ast.InspectCode(f.Decl.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.CallExpr:
					if strings.HasPrefix(ast.CalleeName(n), "upc_all_") {
						for _, a := range n.Args {
							check(a)
						}
					}
				case *ast.ForallStmt:
					if n.Cond != nil {
						check(n.Cond)
					}
				}
				return true
			})
		}
		if checked == 0 {
			t.Errorf("%s: nothing checked", name)
		}
	}
}

// TestReasonOrigin checks that a chain of reasons keeps where it starts
// (what Weak decides on) and reads as Describe says, whatever the links
// in between.
func TestReasonOrigin(t *testing.T) {
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(`#include <upc.h>
#include <stdlib.h>
shared int s;
int *p;
shared int *sp;
shared int fl[THREADS];
int me(void) { return MYTHREAD; }
int rd(void) { return s; }
int neg(const int *v) { if (v[0] < 0) return 1; return 0; }
void f(int *q) {
	int a = MYTHREAD, b = s, c = 0, d = me(), e = rd(), w = 0;
	int g = fl[MYTHREAD], h = fl[0], k = fl[b];
	*q = a;
	if (a) c = 1;
	w = p[0];
	if (a) {}
	if (b) {}
	if (c) {}
	if (d) {}
	if (e) {}
	if (w) {}
	if (g) {}
	if (h) {}
	if (k) {}
	if (neg(p)) {}
	if (rand()) {}
	if (upc_threadof(&s)) {}
	if (upc_phaseof(&s)) {}
	if (upc_threadof(sp + MYTHREAD)) {}
}
`), nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	in := variance.Analyze(u.File, u.Info, nil)
	f := in.Funcs[len(in.Funcs)-1]
	got := map[string]*variance.Reason{}
	ast.InspectCode(f.Decl.Body, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok {
			got[ast.NodeString(ifs.Cond)] = f.Variant(ifs.Cond)
		}
		return true
	})
	for _, tc := range []struct {
		cond     string
		origin   variance.Origin
		weak     bool
		control  bool
		describe string
	}{
		{"a", variance.FromMyThread, false, false, "a, which is thread-dependent (MYTHREAD)"},
		{"b", variance.FromShared, true, false, "b, which is thread-dependent (read of shared s)"},
		{"c", variance.FromMyThread, false, true, "c, which is thread-dependent (c assigned under thread-dependent control (a is thread-dependent (MYTHREAD)))"},
		{"d", variance.FromMyThread, false, false, "d, which is thread-dependent (result of me (MYTHREAD))"},
		{"e", variance.FromShared, true, false, "e, which is thread-dependent (result of rd (read of shared s))"},
		{"w", variance.FromPointer, true, false, "w, which is thread-dependent (read through a pointer (a is thread-dependent (MYTHREAD)))"},
		// each thread reads another element: as variant as the index
		{"g", variance.FromMyThread, false, false, "g, which is thread-dependent (read of shared fl[MYTHREAD] at a thread-dependent index (MYTHREAD))"},
		// the same element, or one at an index read from shared data: weak
		{"h", variance.FromShared, true, false, "h, which is thread-dependent (read of shared fl[0])"},
		{"k", variance.FromShared, true, false, "k, which is thread-dependent (read of shared fl[b])"},
		// returned under control that only reads memory: as weak as the read
		{"neg(p)", variance.FromPointer, true, true, "the result of neg (return under thread-dependent control)"},
		{"rand()", variance.FromLibrary, false, false, "the result of rand"},
		{"upc_threadof(sp + MYTHREAD)", variance.FromMyThread, false, false, "the result of upc_threadof (MYTHREAD)"},
	} {
		r := got[tc.cond]
		if r == nil {
			t.Errorf("if (%s): not thread-dependent", tc.cond)
			continue
		}
		if r.Origin != tc.origin || r.Weak() != tc.weak || r.Control != tc.control {
			t.Errorf("if (%s): origin %d weak %v control %v, want %d %v %v (%s)", tc.cond, r.Origin, r.Weak(), r.Control, tc.origin, tc.weak, tc.control, r.What)
		}
		if d := r.Describe(); d != tc.describe {
			t.Errorf("if (%s): Describe = %q, want %q", tc.cond, d, tc.describe)
		}
	}
	// the thread and phase of a single-valued pointer-to-shared are
	// single-valued
	for _, c := range []string{"upc_threadof(&s)", "upc_phaseof(&s)"} {
		if r := got[c]; r != nil {
			t.Errorf("if (%s): thread-dependent: %s", c, r.What)
		}
	}
	if d := (*variance.Reason)(nil).Describe(); d != "the thread" {
		t.Errorf("nil Describe = %q", d)
	}
}

// TestLongChainText: in a chain of calls whose results are thread-dependent
// (f1 returns f0's result, f2 f1's, ...), each reason repeats the text of
// those it wraps only up to a bound: whole, the texts would grow with the
// square of the chain's length.
func TestLongChainText(t *testing.T) {
	const n = 2000
	var b strings.Builder
	b.WriteString("#include <upc.h>\nint f0(void) { return MYTHREAD; }\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "int f%d(void) { return f%d() + 1; }\n", i, i-1)
	}
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(b.String()), nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	in := variance.Analyze(u.File, u.Info, nil)
	if len(in.Funcs) != n+1 {
		t.Fatalf("%d functions", len(in.Funcs))
	}
	total := 0
	for _, f := range in.Funcs {
		if f.Result == nil {
			t.Fatalf("%s: result not thread-dependent", f.Obj.Name())
		}
		total += len(f.Result.What)
	}
	last := in.Funcs[n].Result.What
	if !strings.HasPrefix(last, "result of f"+fmt.Sprint(n-1)) || !strings.Contains(last, "...") {
		t.Errorf("last reason: %.200s", last)
	}
	if total > 3000*(n+1) {
		t.Errorf("the reasons' texts have %d bytes in all, %d a function", total, total/(n+1))
	}
}

// BenchmarkNestedLoops analyses a function of 200 nested loops whose
// innermost body accumulates a shared element: the φs of the sum at
// every loop's head and exit become variant in one round (775 ms an
// analysis when it took a round per loop, 124 ms with the φs reached
// evaluated at once).
func BenchmarkNestedLoops(b *testing.B) {
	const n = 200
	var src strings.Builder
	src.WriteString("#include <upc.h>\nshared int a[THREADS];\nint main(void) {\n\tint s = 0;\n")
	for i := range n {
		fmt.Fprintf(&src, "\tfor (int i%d = 0; i%d < THREADS; i%d++)\n", i, i, i)
	}
	src.WriteString("\t\ts += a[i0];\n\treturn s;\n}\n")
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(src.String()), nil)
	for _, d := range u.Diags {
		b.Fatalf("%v", d)
	}
	for b.Loop() {
		in := variance.Analyze(u.File, u.Info, nil)
		if in.Funcs[0].Result == nil {
			b.Fatal("main's result is not thread-dependent")
		}
	}
}
