package ssa_test

import (
	gotoken "go/token"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/ssa"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
)

func parse(t testing.TB, name string, src []byte) (*gotoken.FileSet, *ast.File, int) {
	t.Helper()
	fset := gotoken.NewFileSet()
	pp := cpp.Preprocess(fset, name, src, &cpp.Config{Bundled: headers.FS})
	f, diags := parser.ParseFile(fset, name, pp.Tokens)
	return fset, f, len(pp.Diags) + len(diags)
}

// build parses src and returns the SSA form of every function in it.
func build(t testing.TB, src string) map[string]*ssa.Function {
	t.Helper()
	_, f, errs := parse(t, "test.upc", []byte(src))
	if errs > 0 {
		t.Fatalf("syntax errors")
	}
	out := map[string]*ssa.Function{}
	for _, d := range f.Decls {
		if d, ok := d.(*ast.Decl); ok && d.Body != nil {
			fn := ssa.Build(cfg.Build(d), &ssa.Config{File: f})
			for _, err := range ssa.Sanity(fn) {
				t.Errorf("%v", err)
			}
			out[fn.Name] = fn
		}
	}
	return out
}
