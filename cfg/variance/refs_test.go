package variance_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

// TestReferenced: a function the unit calls or whose address it takes is
// referenced; one only its own body names (recursion), or none, is not.
func TestReferenced(t *testing.T) {
	u := grammar.Load(gotoken.NewFileSet(), "t.upc", []byte(`#include <upc.h>
int called(void) { return 1; }
int handler(void) { return 2; }
int (*table[])(void) = { handler };
int recursive(int n) { return n ? recursive(n - 1) : 0; }
void unused(void);
void unused(void) { }
int main(void) { return called(); }
`), nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	in := variance.Analyze(u.File, u.Info, nil)
	want := map[string]bool{"called": true, "handler": true, "recursive": false, "unused": false, "main": false}
	for _, f := range in.Funcs {
		name := ast.FuncName(f.Decl)
		if got := in.Referenced(f); got != want[name] {
			t.Errorf("Referenced(%s) = %v, want %v", name, got, want[name])
		}
	}
	if m := in.Main(); m == nil || ast.FuncName(m.Decl) != "main" {
		t.Errorf("Main() = %v", m)
	}
}
