package edit_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

// TestSideEffects checks the one side-effect test that the fix editors and
// the translator share. A statement expression counts as a side effect
// even when it only declares (the forall fix and the translator's loop
// versions said so; edit.SideEffects did not before they were merged);
// sizeof's operand counts too, conservatively.
func TestSideEffects(t *testing.T) {
	src := []byte(`int g(int);
void f(int a, int *p) {
	a + p[a] * 2;
	a = 2;
	a += 1;
	a++;
	--a;
	-a;
	g(a);
	({ int y = a; y; });
	sizeof(a++);
	*p;
}
`)
	u := grammar.Load(gotoken.NewFileSet(), "t.c", src, nil)
	for _, d := range u.Diags {
		t.Fatalf("%v", d)
	}
	want := []bool{false, true, true, true, true, false, true, true, true, false}
	var got []bool
	for _, d := range u.File.Decls {
		ast.InspectCode(d, func(n ast.Node) bool {
			if s, ok := n.(*ast.ExprStmt); ok && s.X != nil {
				got = append(got, ast.SideEffects(s.X))
				return false
			}
			return true
		})
	}
	if len(got) != len(want) {
		t.Fatalf("%d expression statements, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("statement %d: SideEffects = %v, want %v", i+1, got[i], want[i])
		}
	}
}
