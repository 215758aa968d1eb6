package variance_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/cfg"
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
		res[cfg.FuncName(f.Decl)] = f.Result != nil
	}
	if res["id"] || !res["me"] || !res["h"] {
		t.Errorf("results: %v", res)
	}
	// Expressions.
	h := in.Funcs[2]
	cfg.Inspect(h.Decl.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && cfg.CalleeName(c) == "atoi" {
			if h.Variant(c) != nil {
				t.Errorf("atoi(\"1\") variant")
			}
		}
		return true
	})
}
