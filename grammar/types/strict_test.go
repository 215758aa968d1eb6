package types_test

import (
	"testing"

	"github.com/upclint/upclint/grammar/ast"
)

// TestStrictByPragma: under <upc_strict.h> (#pragma upc strict) an access to
// shared data qualified neither strict nor relaxed is strict; a relaxed one
// stays relaxed, and #pragma upc relaxed ends it.
func TestStrictByPragma(t *testing.T) {
	u := checkSrc(t, `#include <upc_strict.h>
shared int a[THREADS];
relaxed shared int b[THREADS];
int f(void) { return a[0] + b[0]; }
#pragma upc relaxed
int g(void) { return a[1]; }
int h(void) {
#pragma upc strict
    return a[2];
}
`, 0)
	for _, e := range u.errors() {
		t.Errorf("unexpected error: %s", e)
	}
	want := map[string]bool{"a[0]": true, "b[0]": false, "a[1]": false, "a[2]": true}
	seen := map[string]bool{}
	for _, d := range u.file.Decls {
		ast.InspectCode(d, func(n ast.Node) bool {
			if x, ok := n.(*ast.IndexExpr); ok {
				s := ast.NodeString(x)
				if w, ok := want[s]; ok {
					seen[s] = true
					if got := u.info.StrictAccess(x); got != w {
						t.Errorf("StrictAccess(%s) = %v, want %v", s, got, w)
					}
				}
			}
			return true
		})
	}
	if len(seen) != len(want) {
		t.Errorf("found %v of %v", seen, want)
	}
}
