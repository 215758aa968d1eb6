package types_test

import (
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/types"
)

// TestOldStyleParams checks the parameters of K&R definitions: each gets
// the type its declaration gives (int without one), the function type has
// no prototype, so calls are not checked against the parameters, and a
// prototype must agree with the promoted parameter types.
func TestOldStyleParams(t *testing.T) {
	u := checkSrc(t, `#include <upc.h>
double norm(a, n, f, g) double *a; float f; char g[]; { return a[n] + f + g[0]; }
double norm2(double *a, int n, double f, char *g);
double norm2(a, n, f, g) double *a; float f; char *g; { return 0; }
int user(void) { return (int)norm(0, 1, 2, 3, 4); }
`, 0)
	if errs := u.errors(); len(errs) > 0 {
		t.Fatalf("unexpected errors: %v", errs)
	}
	var fd *types.FuncDecl
	for _, f := range u.info.Funcs {
		if f.Obj.Name() == "norm" {
			fd = f
		}
	}
	if fd == nil {
		t.Fatal("norm not found")
	}
	for name, want := range map[string]string{"a": "double *", "n": "int", "f": "float", "g": "char *"} {
		v, ok := fd.Scope.LookupLocal(name).(*types.Var)
		if !ok || !v.Param {
			t.Errorf("%s: not a parameter: %v", name, fd.Scope.LookupLocal(name))
			continue
		}
		if got := v.Type().String(); got != want {
			t.Errorf("%s: type %s, want %s", name, got, want)
		}
	}
	sig := fd.Obj.Signature()
	if !sig.Unspecified || len(sig.Params) != 0 {
		t.Errorf("norm: type %s, want no prototype", fd.Obj.Type())
	}
	var promoted []string
	for _, p := range sig.OldStyle {
		promoted = append(promoted, p.Type.String())
	}
	if got, want := strings.Join(promoted, ", "), "double *, int, double, char *"; got != want {
		t.Errorf("promoted parameters %s, want %s", got, want)
	}

	bad := []struct{ src, want string }{
		{"int f(a) int a; int b; { return a; }", "declaration of 'b' in the parameter list, which has no such parameter"},
		{"int f(a, b, a) { return a; }", "redefinition of parameter 'a'"},
		{"int f(a) extern int a; { return a; }", "storage class specified for parameter 'a'"},
		{"int f(a) shared int a; { return 0; }", "parameter 'a' declared with shared-qualified type 'shared int'"},
		{"int f(a) shared [4] int *shared a; { return 0; }", "parameter 'a' declared with shared-qualified type"},
		{"int f(char c); int f(c) char c; { return c; }", "conflicting types for 'f'"},
		{"int f(int a, ...); int f(a) int a; { return a; }", "conflicting types for 'f'"},
		{"int f(int a, int b); int f(a) int a; { return a; }", "conflicting types for 'f'"},
	}
	for _, tt := range bad {
		errs := checkSrc(t, "#include <upc.h>\n"+tt.src, 0).errors()
		if len(errs) != 1 || !strings.Contains(errs[0], tt.want) {
			t.Errorf("%s:\n got %v\nwant one error %q", tt.src, errs, tt.want)
		}
	}
	ok := []string{
		"int f(int a, double b); int f(a, b) short a; float b; { return a; }", // int, double after promotion
		"int f(); int f(a) int a; { return a; }",
		"int f(a) register int a; { return a; }",
		"int f(a) shared int *a; { return *a; }",
		"int f(a) { return a; } int g(void) { return f(1, 2); }", // calls are not checked
	}
	for _, src := range ok {
		if errs := checkSrc(t, "#include <upc.h>\n"+src, 0).errors(); len(errs) > 0 {
			t.Errorf("%s: unexpected errors %v", src, errs)
		}
	}
}
