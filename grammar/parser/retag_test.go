package parser

import (
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
)

// TestTypedefScopes checks the typedef pass through the trees it leads to:
// "T * x;" is a declaration exactly where T names a type.
func TestTypedefScopes(t *testing.T) {
	src := `typedef int T;
typedef void (*fn)(int);
struct s { T T; int shared; int (*fn)(T); };
void a(void) { int T = 1; T * x; }
void b(int T) { T * x; }
void c(void) { T * x; }
void d(void) { typedef int U; U * x; { U * y; } }
void e(void) { (U) + 1; }
void f(void) { for (int T = 0; T < 3; T++) ; T * x; }
void g(void) { fn h; struct s v; v.T = (T)1 + sizeof(T); goto T; T: ; }
void h(void) { enum { T }; T * x; }
void i(void) { struct T { int x; } q; T * x; }
void j(T, fn);
`
	f, _ := parseString(t, "r.upc", src)
	got := parens.String(f)
	for _, want := range []string{
		"struct s {\n\tT T;\n\tint shared;\n\tint (*fn)(T);\n}",
		"void a(void)\n{\n\tint T = 1;\n\t(T * x);\n}",
		"void b(int T)\n{\n\t(T * x);\n}",
		"void c(void)\n{\n\tT *x;\n}",
		"void d(void)\n{\n\ttypedef int U;\n\tU *x;\n\t{\n\t\tU *y;\n\t}\n}",
		"void e(void)\n{\n\t((U) + 1);\n}",
		"for (int T = 0; (T < 3); (T++))\n\t\t;\n\tT *x;",
		"fn h;\n\tstruct s v;\n\t(v.T = (((T)1) + (sizeof(T))));\n\tgoto T;\n\tT: ;",
		"enum { T };\n\t(T * x);",
		"struct T {\n\t\tint x;\n\t} q;\n\tT *x;",
		"void j(T, fn);",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing:\n%s\nin:\n%s", want, got)
		}
	}
	// token kinds in File.Tokens: "struct s { T T; int shared; }"
	for i, tok := range f.Tokens {
		if tok.Text != "struct" {
			continue
		}
		var kinds []string
		for _, tok := range f.Tokens[i : i+9] {
			kinds = append(kinds, tok.Kind.String())
		}
		if s := strings.Join(kinds, " "); s != "Keyword Ident Punct TypeName Ident Punct Keyword Ident Punct" {
			t.Errorf("kinds: %s", s)
		}
		break
	}
}

// TestExtensionPrefix checks that __extension__ works before declarations
// and before expressions.
func TestExtensionPrefix(t *testing.T) {
	f, _ := parseString(t, "x.upc", "__extension__ typedef long long ll;\nvoid f(void) { __extension__ ll a = 1; __extension__ (a = 2); __extension__ ({ a; }); }")
	body := find[*ast.Block](f)
	if len(body.Items) != 3 {
		t.Fatalf("%d statements", len(body.Items))
	}
	if _, ok := body.Items[0].(*ast.DeclStmt); !ok {
		t.Errorf("__extension__ ll a: want a declaration, got %T", body.Items[0])
	}
	if s, ok := body.Items[1].(*ast.ExprStmt); !ok || ast.String(s) != "(a = 2);" {
		t.Errorf("__extension__ (a = 2): got %s", ast.String(body.Items[1]))
	}
}
