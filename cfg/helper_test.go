package cfg_test

import (
	gotoken "go/token"
	"strings"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
)

// parse preprocesses and parses src, failing the test on a syntax error.
func parse(t testing.TB, src string) (*gotoken.FileSet, *ast.File) {
	t.Helper()
	fset := gotoken.NewFileSet()
	pp := cpp.Preprocess(fset, "test.upc", []byte(src), &cpp.Config{Bundled: headers.FS})
	f, diags := parser.ParseFile(fset, "test.upc", pp.Tokens)
	for _, d := range append(pp.Diags, diags...) {
		t.Fatalf("%v", d)
	}
	return fset, f
}

// funcs returns the function definitions of f by name.
func funcs(f *ast.File) map[string]*ast.Decl {
	m := map[string]*ast.Decl{}
	for _, d := range f.Decls {
		if d, ok := d.(*ast.Decl); ok && d.Body != nil {
			m[ast.FuncName(d)] = d
		}
	}
	return m
}

// build parses src and builds the graph of its function fn.
func build(t testing.TB, src, fn string) *cfg.Graph {
	t.Helper()
	_, f := parse(t, src)
	d := funcs(f)[fn]
	if d == nil {
		t.Fatalf("no function %s", fn)
	}
	return cfg.Build(d)
}

// edges lists the live graph's edges as "b0->b2:true" strings.
func edges(g *cfg.Graph) string {
	var parts []string
	for _, b := range g.Blocks {
		for i, s := range b.Succs {
			parts = append(parts, fmtEdge(b, s, b.Edges[i]))
		}
	}
	return strings.Join(parts, " ")
}

func fmtEdge(b, s *cfg.Block, e cfg.Edge) string {
	return "b" + itoa(b.Index) + "->b" + itoa(s.Index) + ":" + e.Kind.String()
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}

// blockByKind returns the n-th (from 0) block of the given kind.
func blockByKind(t testing.TB, g *cfg.Graph, kind string, n int) *cfg.Block {
	t.Helper()
	for _, b := range g.Blocks {
		if b.Kind == kind {
			if n == 0 {
				return b
			}
			n--
		}
	}
	t.Fatalf("no block %s #%d in\n%s", kind, n, g)
	return nil
}
