package variance_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

// TestReasonOrigin checks that a chain of reasons keeps where it starts
// (what Weak decides on) and reads as Describe says, whatever the links
// in between.
func TestReasonOrigin(t *testing.T) {
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(`#include <upc.h>
shared int s;
int *p;
int me(void) { return MYTHREAD; }
int rd(void) { return s; }
void f(int *q) {
	int a = MYTHREAD, b = s, c = 0, d = me(), e = rd(), w = 0;
	*q = a;
	if (a) c = 1;
	w = p[0];
	if (a) {}
	if (b) {}
	if (c) {}
	if (d) {}
	if (e) {}
	if (w) {}
	if (upc_threadof(&s)) {}
}
`), nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	in := variance.Analyze(u.File, u.Info, nil)
	f := in.Funcs[len(in.Funcs)-1]
	got := map[string]*variance.Reason{}
	cfg.Inspect(f.Decl.Body, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok {
			got[cfg.NodeString(ifs.Cond)] = f.Variant(ifs.Cond)
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
		{"upc_threadof(&s)", variance.FromLibrary, false, false, "the result of upc_threadof"},
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
	if d := (*variance.Reason)(nil).Describe(); d != "the thread" {
		t.Errorf("nil Describe = %q", d)
	}
}
