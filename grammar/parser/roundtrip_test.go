package parser

import (
	gotoken "go/token"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
)

// stripPositions zeroes every Range (and BinaryExpr.OpPos) in the tree so
// that trees can be compared structurally.
func stripPositions(n ast.Node) {
	ast.Inspect(n, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if b, ok := n.(*ast.BinaryExpr); ok {
			b.OpPos = 0
		}
		if f := reflect.ValueOf(n).Elem().FieldByName("Range"); f.IsValid() {
			f.Set(reflect.Zero(f.Type()))
		}
		return true
	})
}

func parseString(t testing.TB, name, src string) (*ast.File, *gotoken.FileSet) {
	t.Helper()
	fset := gotoken.NewFileSet()
	f, diags := ParseFile(fset, name, tokenize(fset, name, src))
	for _, d := range diags {
		t.Errorf("%s: %s", fset.Position(d.Pos), d.Message)
	}
	return f, fset
}

// roundTrip checks print(parse(src)) is a fixed point and that reparsing
// the printed text gives the same tree.
func roundTrip(t *testing.T, name string, f1 *ast.File) {
	t.Helper()
	out1 := ast.String(f1)
	f2, _ := parseString(t, name+".printed", out1)
	out2 := ast.String(f2)
	if out1 != out2 {
		t.Errorf("%s: printing is not stable:\n%s", name, firstDiff(out1, out2))
	}
	stripPositions(f1)
	stripPositions(f2)
	if !reflect.DeepEqual(f1.Decls, f2.Decls) {
		for i := range f1.Decls {
			if i >= len(f2.Decls) || !reflect.DeepEqual(f1.Decls[i], f2.Decls[i]) {
				t.Errorf("%s: tree differs after printing, at declaration %d:\n%s", name, i, ast.String(f1.Decls[i]))
				break
			}
		}
	}
}

func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := 0; i < len(la) && i < len(lb); i++ {
		if la[i] != lb[i] {
			return "line " + strconv.Itoa(i+1) + ":\n  " + la[i] + "\n  " + lb[i]
		}
	}
	return "lengths differ"
}

func TestRoundTrip(t *testing.T) {
	for _, path := range upcFiles(t) {
		if strings.Contains(path, "invalid") {
			continue
		}
		fset := gotoken.NewFileSet()
		f, diags := ParseFile(fset, path, preprocess(t, fset, path))
		for _, d := range diags {
			t.Errorf("%s: %s", fset.Position(d.Pos), d.Message)
		}
		roundTrip(t, path, f)
	}
}

// TestRoundTripGNU: the C11 and GNU expressions and attribute positions
// print as they parse.
func TestRoundTripGNU(t *testing.T) {
	src := `typedef void *(__attribute__((malloc)) *alloc_fn)(unsigned long);
enum e { E0, E1 __attribute__((deprecated)) = 1 };
double _Complex z;
int f(int x) {
	int a = _Generic(x, int: 1, char *: 2, default: 3) + __builtin_types_compatible_p(int, const int);
	__real__ z = -__imag__ z;
	return a + (int)__real__ z;
}
`
	f, _ := parseString(t, "gnu.c", src)
	out := ast.String(f)
	for _, want := range []string{"__attribute__((malloc)) *alloc_fn", "E1 __attribute__((deprecated)) = 1"} {
		if !strings.Contains(out, want) {
			t.Errorf("printed text lacks %q:\n%s", want, out)
		}
	}
	roundTrip(t, "gnu.c", f)
	for _, e := range []string{"_Generic(x, int: 1, char *: 2, default: 3)", "__builtin_types_compatible_p(int, const int)", "__real__ z + -__imag__ z"} {
		fset := gotoken.NewFileSet()
		x, diags := ParseExpr(fset, tokenize(fset, "e.c", e))
		if len(diags) > 0 || x == nil {
			t.Errorf("%s: %v", e, diags)
			continue
		}
		if got := ast.String(x); got != e {
			t.Errorf("%s prints as %s", e, got)
		}
	}
}
