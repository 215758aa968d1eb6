package grammar

import (
	"fmt"
	gotoken "go/token"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
	"github.com/upclint/upclint/grammar/token"
	"github.com/upclint/upclint/grammar/types"
)

// TestLazyLibraryDecls checks that setting library declarations aside
// (types.Config.Lazy) gives, for every corpus program, the diagnostics and
// the facts about every remaining node that checking everything gives, and
// keeps every declaration outside the library headers.
func TestLazyLibraryDecls(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("..", "testdata", "corpus", "*", "*.upc"))
	if len(paths) == 0 {
		t.Skip("no corpus")
	}
	extra := []string{
		// the unit redeclares, shadows and completes library names
		"#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <time.h>\n" +
			"size_t strlen(const char *);\nstruct tm;\nint f(void) { int printf = 1; struct tm *t = 0; return printf + (t != 0); }\n" +
			"void *malloc(int);\nint main(void) { typedef int FILE; FILE x = 0; return (int)strlen(\"a\") + x + f(); }\n",
		"#include <math.h>\n#include <stdio.h>\nstatic double sqrt(double x) { return x; }\nint g(void) { extern int errno; return errno + (int)sqrt(2.0) + EOF; }\n",
		// the unit uses names a header's macro declares with others at one place
		"#include <math.h>\n#include <complex.h>\n#include <upc_collective.h>\nshared long a[THREADS];\n" +
			"int main(void) { float f = sqrtf(2.0f); long double _Complex z = cexpl(0);\n" +
			"upc_all_reduceL(a, a, UPC_ADD, THREADS, 1, NULL, 0); return (int)(f + creall(z) + lroundl(1.0L)); }\n",
		// the unit declares library names before including their header
		"long abs(long);\nstruct tm { int x; };\n#include <stdlib.h>\n#include <time.h>\nint main(void) { return 0; }\n",
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		extra = append(extra, string(src))
	}
	for i, src := range extra {
		eager, eagerDiags := loadWith(src, false)
		lazy, lazyDiags := loadWith(src, true)
		name := fmt.Sprint("program ", i)
		if i >= len(extra)-len(paths) {
			name = paths[i-(len(extra)-len(paths))]
		}
		if !reflect.DeepEqual(eagerDiags, lazyDiags) {
			t.Errorf("%s: diagnostics differ:\neager: %v\nlazy:  %v", name, eagerDiags, lazyDiags)
		}
		want := facts(eager, true)
		got := facts(lazy, false)
		for k, g := range got {
			if w := want[k]; w != g {
				t.Errorf("%s: %v: eager %q, lazy %q", name, k, w, g)
			}
		}
		for k, w := range want {
			if _, ok := got[k]; !ok && k.user {
				t.Errorf("%s: %v (%s) missing with lazy checking", name, k, w)
			}
		}
	}
}

type loaded struct {
	fset *gotoken.FileSet
	file *ast.File
	info *types.Info
	lib  func(*ast.Decl) bool
}

func loadWith(src string, lazy bool) (loaded, []string) {
	fset := gotoken.NewFileSet()
	pp := cpp.Preprocess(fset, "t.upc", []byte(src), &cpp.Config{Bundled: headers.FS})
	lib := libraryDecl(fset)
	f, pd := parser.ParseFile(fset, "t.upc", pp.Tokens)
	conf := &types.Config{}
	if lazy {
		// as Load does: library declarations are parsed and checked on demand
		f, pd = parser.ParseFileDeferring(fset, "t.upc", pp.Tokens, func(t *token.Token) bool { return lib.at(t.SitePos()) })
		conf.Lazy = lib.decl
	}
	info, td := types.Check(fset, f, conf)
	var ds []string
	for _, l := range []diag.List{pp.Diags, pd, td} {
		for _, d := range l {
			ds = append(ds, fmt.Sprintf("%d %s", d.Pos, d.Message))
		}
	}
	return loaded{fset, f, info, lib.decl}, ds
}

type factKey struct {
	start, end gotoken.Pos
	kind       string
	decl       string
	user       bool // outside the library headers
}

// facts describes what Info records for every node: types of expressions,
// objects of names and declarators, tags, typedef uses, type names.
func facts(l loaded, eager bool) map[factKey]string {
	obj := func(o types.Object) string {
		if o == nil {
			return "<nil>"
		}
		return fmt.Sprintf("%T %s %d %s", o, o.Name(), o.Pos(), o.Type())
	}
	out := map[factKey]string{}
	for _, d := range l.file.Decls {
		fd, isDecl := d.(*ast.Decl)
		user := !isDecl || fd.Body != nil || !l.lib(fd)
		// A macro may declare several names at one place (the per-type
		// prototypes of <math.h>), so a node is also known by the first
		// name its declaration declares.
		var first string
		ast.Inspect(d, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && first == "" {
				first = id.Name
			}
			return first == ""
		})
		ast.Inspect(d, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			k := factKey{n.Start(), n.End(), fmt.Sprintf("%T", n), first, user}
			var s string
			switch n := n.(type) {
			case *ast.Name:
				s = obj(l.info.Uses[n])
			case *ast.Ident:
				s = obj(l.info.Defs[n])
				if t := l.info.Tags[n]; t != nil {
					s += fmt.Sprintf(" tag %s %d %s", t.Name, t.Pos, t.Type)
				}
			case *ast.TypedefName:
				if tn := l.info.TypedefUses[n]; tn != nil {
					s = obj(tn)
				} else {
					s = obj(nil)
				}
			case *ast.TypeName:
				s = fmt.Sprint(l.info.TypeNames[n])
			}
			if e, ok := n.(ast.Expr); ok {
				if tv, ok := l.info.Types[e]; ok {
					s += fmt.Sprintf(" %s %v %v", tv.Mode, tv.Type, tv.Value)
				}
			}
			if s != "" {
				out[k] += s + ";"
			}
			return true
		})
	}
	return out
}
