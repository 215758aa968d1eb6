package parser

import (
	"fmt"
	gotoken "go/token"
	"reflect"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/diag"
)

var parens = &ast.PrintConfig{Parens: true}

func TestExprShape(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a + b * c", "(a + (b * c))"},
		{"a * b + c", "((a * b) + c)"},
		{"a - b - c", "((a - b) - c)"},
		{"a = b = c", "(a = (b = c))"},
		{"a += b -= c", "(a += (b -= c))"},
		{"a || b && c | d ^ e & f == g < h << i + j * k", "(a || (b && (c | (d ^ (e & (f == (g < (h << (i + (j * k))))))))))"},
		{"a ? b : c ? d : e", "(a ? b : (c ? d : e))"},
		{"a ? b, c : d", "(a ? b, c : d)"},
		{"a ?: b", "(a ?: b)"},
		{"x = a ? b : c", "(x = (a ? b : c))"},
		{"a, b = c, d", "a, (b = c), d"},
		{"-a++", "(-(a++))"},
		{"!~-+*&x", "(!(~(-(+(*(&x))))))"},
		{"- -x", "(-(-x))"},
		{"++*p--", "(++(*(p--)))"},
		{"*p++ = *q++", "((*(p++)) = (*(q++)))"},
		{"a[i][j].f->g(x, y)", "a[i][j].f->g(x, y)"},
		{"f()", "f()"},
		{"(int)x + 1", "(((int)x) + 1)"},
		{"(int *)(char *)p", "((int *)((char *)p))"},
		{"(x) + 1", "((x) + 1)"},
		{"(x)(y)", "(x)(y)"},
		{"sizeof x + 1", "((sizeof x) + 1)"},
		{"sizeof(int) * 2", "((sizeof(int)) * 2)"},
		{"sizeof (x)", "(sizeof (x))"},
		{"sizeof *p", "(sizeof (*p))"},
		{"sizeof(int[4])", "(sizeof(int [4]))"},
		{"sizeof(int (*)(int))", "(sizeof(int (*)(int)))"},
		{"sizeof(struct s *)", "(sizeof(struct s *))"},
		{"__alignof__(double)", "(__alignof__(double))"},
		{"upc_localsizeof(a)", "(upc_localsizeof (a))"},
		{"upc_blocksizeof(shared [4] int)", "(upc_blocksizeof(shared [4] int))"},
		{"upc_elemsizeof a", "(upc_elemsizeof a)"},
		{"(int []){1, 2, 3}[1]", "(int [])\x7b1, 2, 3}[1]"},
		{"(struct p){.x = 1, .y = 2}.x", "(struct p){.x = 1, .y = 2}.x"},
		{"sizeof (int){1}", "(sizeof (int){1})"},
		{"({ int y = 1; y + 1; })", "({\n\tint y = 1;\n\t(y + 1);\n})"},
		{"&&done", "(&&done)"},
		{"__builtin_va_arg(ap, char *)", "__builtin_va_arg(ap, char *)"},
		{"__builtin_offsetof(struct s, a.b[2].c)", "__builtin_offsetof(struct s, a.b[2].c)"},
		{"__extension__ 1LL << 40", "(1LL << 40)"},
		{`"abc" "def" L"x"`, `"abc" "def" L"x"`},
		{"MYTHREAD + THREADS * UPC_MAX_BLOCK_SIZE", "(MYTHREAD + (THREADS * UPC_MAX_BLOCK_SIZE))"},
		{"(shared void *)p", "((shared void *)p)"},
		{"(shared [] int *)p", "((shared [] int *)p)"},
		{"(shared [4] int * strict shared)p", "((shared [4] int *strict shared )p)"},
		{"x.shared + y->wait", "(x.shared + y->wait)"},
		{"a < b > c", "((a < b) > c)"},
		{"a & b && c", "((a & b) && c)"},
		{"'a' + 1.5e3 + 0x1p-2", "(('a' + 1.5e3) + 0x1p-2)"},
	}
	for _, tt := range tests {
		fset := gotoken.NewFileSet()
		x, diags := ParseExpr(fset, tokenize(fset, "x.c", tt.src))
		if len(diags) > 0 {
			t.Errorf("%s: %s", tt.src, diags[0].Message)
			continue
		}
		if got := parens.String(x); got != tt.want {
			t.Errorf("%s:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestCanonical parses sources written in the printer's canonical layout
// and checks that printing gives them back unchanged.
func TestCanonical(t *testing.T) {
	tests := []string{
		// C99 declarators
		"int x;",
		"int a, *b, **c, d[10], *e[3], (*f)[4];",
		"int (*fp)(int, char *);",
		"int (*fa[4])(void);",
		"void (*signal(int sig, void (*func)(int)))(int);",
		"char *(*(*x[3])(void))[5];",
		"int f(void);",
		"int g();",
		"int printf(const char *fmt, ...);",
		"static inline int sq(int x)\n{\n\treturn x * x;\n}",
		"const volatile unsigned long long int *restrict p;",
		"_Bool flag = 1;",
		"double _Complex z;",
		"long double ld;",
		"typedef int T;\nT x, *y;",
		"typedef int (*cmp_t)(const void *, const void *);\ncmp_t c;",
		"typedef struct node {\n\tint key;\n\tstruct node *next;\n} node_t;\nnode_t *head;",
		"struct s {\n\tunsigned a : 3, : 0;\n\tint b[];\n};",
		"union u {\n\tint i;\n\tfloat f;\n} v;",
		"enum color { RED, GREEN = 2, BLUE } c;",
		"enum { A, B };",
		"struct s;",
		"int a[static 10];",
		"void f(int n, int a[n][*]);",
		"void g(int a[const restrict 4]);",
		"int vla(int n)\n{\n\tint a[n];\n\treturn sizeof a;\n}",
		// initializers
		"int a[] = {1, 2, 3};",
		"int m[2][2] = {{1, 2}, {3, 4}};",
		"struct p {\n\tint x, y;\n} q = {.y = 2, .x = 1};",
		"int r[10] = {[0] = 1, [2 ... 5] = 7, [9] = 9};",
		"struct w {\n\tint a[3];\n} wv = {.a[1] = 5, .a = {1}};",
		"char *s = \"abc\" \"def\";",
		"int *p = (int []){1, 2};",
		// GNU
		"int x __attribute__((aligned(16))) = 0;",
		"struct __attribute__((packed)) s {\n\tchar c;\n\tint i;\n};",
		"void die(void) __attribute__((noreturn));",
		"extern int cnt __asm__(\"real_cnt\");",
		"__extension__ typedef long long ll;",
		"__typeof__(int *) p;",
		"int x;\n__typeof__(x) y;",
		"__asm__ (\"nop\");",
		// UPC
		"shared int a[THREADS];",
		"shared [4] int b[4 * THREADS];",
		"shared [*] double c[100 * THREADS];",
		"shared [] int *d;",
		"shared [N * N / THREADS] double e[N * N];",
		"int shared x;",
		"int *shared p;",
		"shared int *shared q;",
		"shared void *strict shared r;",
		"strict shared int s;",
		"relaxed shared [2] int t[2 * THREADS];",
		"typedef shared [4] int blocked_t;\nblocked_t u[4 * THREADS];",
		"void f(shared [K] double (*a)[K]);",
		"struct lk {\n\tint wait;\n\tint shared;\n\tint strict : 2;\n} l;",
		"#pragma upc strict",
		// C11 static assertions
		"_Static_assert(sizeof(int) == 4, \"int is 32 bits\");",
		"__extension__ _Static_assert(1, \"a\" \"b\");",
		"_Static_assert(N > 0);",
		"struct s {\n\t_Static_assert(1, \"first\");\n\tint a;\n\t__extension__ _Static_assert(2, \"m\");\n\tint b;\n\t_Static_assert(3, \"last\");\n};",
		"int f(void)\n{\n\t_Static_assert(1, \"b\");\n\tint x;\n\t__extension__ _Static_assert(sizeof x == 4, \"e\");\n\treturn x;\n}",
	}
	for _, src := range tests {
		f, _ := parseString(t, "c.upc", src)
		if got := strings.TrimSuffix(ast.String(f), "\n"); got != src {
			t.Errorf("\n got %q\nwant %q", got, src)
		}
	}
}

// TestStatements checks statements inside a function body.
func TestStatements(t *testing.T) {
	tests := []string{
		"x = 1;",
		";",
		"if (a)\n\tb();\nelse if (c)\n\td();\nelse\n\te();",
		"if (a) {\n\tb();\n} else {\n\tc();\n}",
		"while (i < n)\n\ti++;",
		"do {\n\ti--;\n} while (i);",
		"do\n\ti--;\nwhile (i);",
		"for (i = 0; i < n; i++)\n\ts += i;",
		"for (int i = 0, j = n; i < j; i++, j--) {\n}",
		"for (;;)\n\tbreak;",
		"switch (x) {\ncase 1:\ncase 2: y = 1;\ncase 3 ... 5: break;\ndefault: y = 0;\n}",
		"goto out;\nout: return;",
		"goto *target;",
		"continue;",
		"return a, b;",
		"T y = 1;\nT *z;",
		"int T = 3;\nx = T * 2;",
		"T: x++;",
		"T *p;",
		"int a, b;\na * b;",
		"{\n\tint T = 1;\n\tT * p;\n}",
		"struct T *st;",
		"w.T = 1;",
		"upc_forall (i = 0; i < n; i++; &a[i])\n\ta[i] = i;",
		"upc_forall (i = 0; i < n; i++; i)\n\ta[i] = i;",
		"upc_forall (i = 0; i < n; i++; continue)\n\ta[i] = i;",
		"upc_forall (i = 0; i < n; i++;)\n\ta[i] = i;",
		"upc_forall (int j = 0; j < n; j++; j % THREADS) {\n}",
		"upc_forall (;;;)\n\tbreak;",
		"upc_barrier;",
		"upc_barrier 1;",
		"upc_barrier (x + 1);",
		"upc_notify;",
		"upc_notify id;",
		"upc_wait;",
		"upc_fence;",
		"#pragma upc strict\nx = 1;",
		"{\n\t#pragma upc relaxed\n\ty = 2;\n}",
		"__asm__ volatile (\"mfence\" : : : \"memory\");",
		"__label__ done;",
		"x = ({\n\tint t = 1;\n\tt;\n});",
		"int (*fp)(int) = f;",
		"shared [4] int *p = &a[0];",
		"static int count;",
		"typedef int U;\nU u;",
		"struct s {\n\tint v;\n} sv = {1};",
	}
	for _, body := range tests {
		src := "typedef int T;\n\nvoid f(void)\n{\n\t" + strings.ReplaceAll(body, "\n", "\n\t") + "\n}"
		src = strings.ReplaceAll(src, "\t\n", "\n")
		f, _ := parseString(t, "s.upc", src)
		if got := strings.TrimSuffix(ast.String(f), "\n"); got != src {
			t.Errorf("\n got %s\nwant %s", got, src)
		}
	}
}

// find returns the first node of type N in n.
func find[N ast.Node](n ast.Node) N {
	var found N
	done := false
	ast.Inspect(n, func(n ast.Node) bool {
		if x, ok := n.(N); ok && !done {
			found, done = x, true
		}
		return !done
	})
	return found
}

func TestTreeShape(t *testing.T) {
	f, _ := parseString(t, "t.upc", `typedef int T;
int (*a)(int);
int (b)(int);
void g(int (*)(int), int (int), T);
shared [*] int c[THREADS];
int d[*];
shared void *strict shared p;
`)
	// int (*a)(int): nested declarator with a pointer, then a function suffix
	a := f.Decls[1].(*ast.Decl).Inits[0].Decl
	if a.Direct.Nested == nil || len(a.Direct.Nested.Ptrs) != 1 || len(a.Direct.Suffixes) != 1 || a.Direct.Suffixes[0].Params == nil {
		t.Errorf("int (*a)(int): wrong tree %s", ast.String(a))
	}
	params := f.Decls[3].(*ast.Decl).Inits[0].Decl.Direct.Suffixes[0].Params.Params
	if len(params) != 3 {
		t.Fatalf("g: %d params", len(params))
	}
	if d := params[0].Decl; d == nil || d.Direct.Nested == nil || d.Direct.Nested.Direct.Name != nil {
		t.Errorf("int (*)(int): want abstract nested pointer declarator")
	}
	if d := params[1].Decl; d == nil || d.Direct.Nested != nil || len(d.Direct.Suffixes) != 1 || d.Direct.Suffixes[0].Params == nil {
		t.Errorf("int (int): want abstract function declarator")
	}
	if params[2].Decl != nil || params[2].Specs.List[0].TypeName == nil {
		t.Errorf("T: want a typedef name without declarator")
	}
	c := f.Decls[4].(*ast.Decl)
	if sq := c.Specs.List[0].Shared; sq == nil || sq.Layout == nil || !sq.Layout.Star {
		t.Errorf("shared [*]: want a star layout")
	}
	d := f.Decls[5].(*ast.Decl).Inits[0].Decl.Direct.Suffixes[0].Array
	if !d.Star {
		t.Errorf("int d[*]: want a VLA star")
	}
	p := f.Decls[6].(*ast.Decl)
	ptr := p.Inits[0].Decl.Ptrs[0]
	if len(ptr.Quals) != 2 || ptr.Quals[0].Keyword != "strict" || ptr.Quals[1].Shared == nil {
		t.Errorf("* strict shared: pointer qualifiers wrong: %s", ast.String(ptr))
	}

	// labels vs expression statements vs declarations
	f, _ = parseString(t, "l.upc", "typedef int T;\nvoid f(void) { T: T x; x: x; T * y; }")
	items := f.Decls[1].(*ast.Decl).Body.Items
	if l, ok := items[0].(*ast.LabeledStmt); !ok || l.Label.Name != "T" {
		t.Fatalf("T: want a label, got %T", items[0])
	} else if _, ok := l.Body.(*ast.DeclStmt); !ok {
		t.Errorf("T x: want a declaration, got %T", l.Body)
	}
	if l, ok := items[1].(*ast.LabeledStmt); !ok {
		t.Errorf("x: want a label, got %T", items[1])
	} else if _, ok := l.Body.(*ast.ExprStmt); !ok {
		t.Errorf("x;: want an expression statement, got %T", l.Body)
	}
	if _, ok := items[2].(*ast.DeclStmt); !ok {
		t.Errorf("T * y: want a declaration, got %T", items[2])
	}

	// case ranges
	f, _ = parseString(t, "c.upc", "void f(int x) { switch (x) { case 1 ... 3: break; } }")
	cs := find[*ast.CaseStmt](f)
	if cs == nil || cs.High == nil {
		t.Errorf("case 1 ... 3: want a range")
	}

	// barrier ids
	f, _ = parseString(t, "b.upc", "void f(void) { upc_barrier; upc_barrier 1; upc_wait (x+1); }")
	items = f.Decls[0].(*ast.Decl).Body.Items
	if b := items[0].(*ast.BarrierStmt); b.ID != nil {
		t.Errorf("upc_barrier;: want no id")
	}
	if b := items[2].(*ast.BarrierStmt); b.Kind != "upc_wait" || ast.String(b.ID) != "(x + 1)" {
		t.Errorf("upc_wait (x+1): got %s %s", b.Kind, ast.String(b.ID))
	}

	// upc_forall with a declaration and continue affinity
	f, _ = parseString(t, "fa.upc", "void f(void) { upc_forall (int i = 0; ; ; continue) ; }")
	fa := find[*ast.ForallStmt](f)
	if fa.Init.Decl == nil || fa.Cond != nil || fa.Post != nil || fa.Affinity == nil || !fa.Affinity.Continue {
		t.Errorf("upc_forall (int i = 0; ; ; continue): wrong tree")
	}
	f, _ = parseString(t, "fa.upc", "void f(void) { upc_forall (;;;) ; }")
	fa = find[*ast.ForallStmt](f)
	if fa.Init.Decl != nil || fa.Init.X != nil || fa.Affinity != nil {
		t.Errorf("upc_forall (;;;): want empty clauses")
	}
}

// TestPositions checks Start and End of a sample of nodes against the
// source text.
func TestPositions(t *testing.T) {
	src := `typedef int T;
shared [4] int a[4*THREADS];
int main(void)
{
	T x = (T)3 + f(1, 2);
	upc_forall (x = 0; x < 10; x++; &a[x]) a[x] = sizeof(int) * x;
	return x ? -x : ({ 1; });
}
`
	fset := gotoken.NewFileSet()
	toks := tokenize(fset, "p.upc", src)
	f, diags := ParseFile(fset, "p.upc", toks)
	if len(diags) > 0 {
		t.Fatal(diags[0].Message)
	}
	text := func(n ast.Node) string {
		return src[fset.Position(n.Start()).Offset:fset.Position(n.End()).Offset]
	}
	want := map[string]bool{
		"typedef int T;": false, "shared [4] int a[4*THREADS];": false, "shared [4]": false, "[4]": false,
		"a[4*THREADS]": false, "4*THREADS": false, "x = (T)3 + f(1, 2)": false, "(T)3 + f(1, 2)": false,
		"(T)3": false, "T": false, "f(1, 2)": false, "2": false,
		"upc_forall (x = 0; x < 10; x++; &a[x]) a[x] = sizeof(int) * x;": false, "&a[x]": false,
		"a[x] = sizeof(int) * x": false, "sizeof(int)": false, "x ? -x : ({ 1; })": false,
		"({ 1; })": false, "{ 1; }": false, "-x": false, "x++": false,
		"int main(void)\n{\n\tT x = (T)3 + f(1, 2);\n\tupc_forall (x = 0; x < 10; x++; &a[x]) a[x] = sizeof(int) * x;\n\treturn x ? -x : ({ 1; });\n}": false,
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if s := text(n); want[s] == false {
			if _, ok := want[s]; ok {
				want[s] = true
			}
		}
		first, end := n.Span()
		if _, isFile := n.(*ast.File); !isFile && first < end {
			tf, te := toks[first], toks[end-1]
			if fset.Position(tf.Pos).Offset != fset.Position(n.Start()).Offset || te.SiteEnd() != n.End() {
				t.Errorf("%T %q: Span disagrees with Start/End", n, text(n))
			}
		}
		return true
	})
	for s, seen := range want {
		if !seen {
			t.Errorf("no node spans %q", s)
		}
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		src  string
		want string // line:col: message of the first diagnostic
		good int    // number of *ast.Decl in the result
	}{
		{"int f(void) { return 1 }\nint g(void) { return 2; }", "1:24: expected ';', found '}'", 1},
		{"int f(void) { x = ; }\nint y;", "1:19: expected expression, found ';'", 1},
		{"int f(void) { g(1, 2; }\nint y;", "1:21: expected ')', found ';'", 1},
		{"int x\nint y;", "2:1: expected ';', found 'int'", 0},
		{"}\nint y;", "1:1: unexpected '}'", 1},
		{"int a[3;\nint y;", "1:8: expected ']', found ';'", 1},
		{"int f(void) { if x) y(); }\nint z;", "1:18: expected '(', found 'x'", 1},
		{"int f(void) {\n\tint a;\n\ta = (1 + 2;\n}\nint z;", "3:12: expected ')', found ';'", 1},
		{"int f(void) { upc_forall (i = 0; i < 3; i++) ; }\nint z;", "1:44: expected ';', found ')'", 1},
		{"int f(void) {", "1:14: expected '}', found end of file", 0},
		{"int x = 1 +;\nint y;", "1:12: expected expression, found ';'", 1},
		{"_Static_assert(1, \"a\"\nint y;", "2:1: expected ')', found 'int'", 0},
		{"_Static_assert(1, 2);\nint y;", "1:19: expected string literal, found '2'", 1},
		{"_Static_assert(, \"a\");\nint y;", "1:16: expected expression, found ','", 1},
		{"int f(void) { _Static_assert(1 \"a\"); }\nint y;", "1:32: expected ')', found '\"a\"'", 1},
		{"struct s { int a; _Static_assert(1, \"a\") int b; };\nint y;", "1:42: expected ';', found 'int'", 1},
		// old-style definitions
		{"int f(a, ) { return 0; }\nint y;", "1:10: expected identifier, found ')'", 1},
		{"int f(a) int a { return a; }\nint y;", "1:16: expected ';', found '{'", 1},
		{"int f(a) int a;\nint y;", "2:1: expected '{', found 'int'", 1},
	}
	for _, tt := range tests {
		fset := gotoken.NewFileSet()
		f, diags := ParseFile(fset, "e.upc", tokenize(fset, "e.upc", tt.src))
		if len(diags) != 1 {
			t.Errorf("%q: %d diagnostics, want 1", tt.src, len(diags))
		}
		if len(diags) > 0 {
			d := diags[0]
			p := fset.Position(d.Pos)
			if got := fmt.Sprintf("%d:%d: %s", p.Line, p.Column, d.Message); got != tt.want {
				t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
			}
			if d.Rule != diag.RuleSyntax || d.Severity != diag.Error {
				t.Errorf("%q: rule %q severity %v", tt.src, d.Rule, d.Severity)
			}
		}
		good := 0
		for _, d := range f.Decls {
			if _, ok := d.(*ast.Decl); ok {
				good++
			}
		}
		if good != tt.good {
			t.Errorf("%q: %d good declarations, want %d", tt.src, good, tt.good)
		}
	}
}

func TestDeepNesting(t *testing.T) {
	const n = 10000
	for _, src := range []string{
		"int x = " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + ";",
		"int x = " + strings.Repeat("-", n) + "1;",
		"int x = " + strings.Repeat("!~", n) + "1;",
		"int x = " + strings.Repeat("(int)", n) + "1;",
		"int x = " + strings.Repeat("a = ", n) + "1;",
		"int x = " + strings.Repeat("a ? b : ", n) + "1;",
		"void f(void) " + strings.Repeat("{", n) + strings.Repeat("}", n),
		"int x[" + strings.Repeat("a[", n) + "1" + strings.Repeat("]", n) + "];",
		"int x = " + strings.Repeat("a ? ", n) + "1" + strings.Repeat(" : 2", n) + ";",
	} {
		fset := gotoken.NewFileSet()
		f, diags := ParseFile(fset, "d.upc", tokenize(fset, "d.upc", src+"\nint y;"))
		if len(f.Decls) != 2 {
			t.Errorf("%.20s...: %d declarations", src, len(f.Decls))
		}
		for _, d := range diags {
			if !strings.Contains(d.Message, "nested too deeply") {
				t.Errorf("%.20s...: %s", src, d.Message)
			}
		}
	}
	fset := gotoken.NewFileSet()
	_, diags := ParseExpr(fset, tokenize(fset, "d.c", strings.Repeat("(", n)+"1"+strings.Repeat(")", n)))
	if len(diags) != 1 || diags[0].Message != "expression nested too deeply" {
		t.Errorf("ParseExpr: %v", diags)
	}
}

func TestWalkVisitsEveryKind(t *testing.T) {
	src := `typedef int T;
#pragma upc strict
__asm__("nop");
;
struct __attribute__((packed)) s { int a : 3; } __attribute__((aligned(8)));
enum e { E1 = 1 };
extern int lab __asm__("lab2");
shared [4] int arr[4 * THREADS];
__typeof__(int) tv;
int (*fp)(int, ...);
int f(T t, int v[static 3])
{
	struct s x = {.a = 1, [0] = 2};
	int *p = (int []){1};
	#pragma upc relaxed
	if (t) x.a++; else goto *p;
	while (t) break;
	do continue; while (0);
	for (t = 0; t < 3; t++) ;
	upc_forall (t = 0; t < 3; t++; continue) ;
	switch (t) { case 1: default: ; }
	L: goto L;
	upc_barrier 1;
	upc_fence;
	__asm__ volatile ("");
	t = -t, t = t ? 1 : 2;
	p->x = sizeof(int) + sizeof t + THREADS + 'c' + a[1] + (t);
	t = ({ 1; }) + __builtin_va_arg(ap, int) + __builtin_offsetof(struct s, a) + (int)1;
	return g(t);
}
_Static_assert(sizeof(int) > 1, "file");
struct t { int a; _Static_assert(1, "member"); };
int h(void) { __extension__ _Static_assert(1, "block"); return 0; }
int bad = ;
`
	fset := gotoken.NewFileSet()
	f, _ := ParseFile(fset, "w.upc", tokenize(fset, "w.upc", src))
	seen := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if n != nil {
			seen[fmt.Sprintf("%T", n)] = true
		}
		return true
	})
	all := []ast.Node{
		&ast.File{}, &ast.BadDecl{}, &ast.EmptyDecl{}, &ast.PragmaDecl{}, &ast.AsmDecl{}, &ast.Decl{},
		&ast.DeclSpecs{}, &ast.Spec{}, &ast.SharedQual{}, &ast.Layout{}, &ast.RecordSpec{}, &ast.FieldDecl{},
		&ast.FieldDeclarator{}, &ast.EnumSpec{}, &ast.Enumerator{}, &ast.TypeofSpec{}, &ast.Attribute{},
		&ast.AttrItem{}, &ast.InitDeclarator{}, &ast.AsmLabel{}, &ast.Declarator{}, &ast.Pointer{},
		&ast.DirectDecl{}, &ast.DeclSuffix{}, &ast.ArraySuffix{}, &ast.ParamList{}, &ast.ParamDecl{},
		&ast.TypeName{}, &ast.Initializer{}, &ast.InitList{}, &ast.InitItem{}, &ast.Designator{},
		&ast.Ident{}, &ast.TypedefName{},
		&ast.Block{}, &ast.DeclStmt{}, &ast.ExprStmt{}, &ast.IfStmt{}, &ast.WhileStmt{}, &ast.DoStmt{},
		&ast.ForStmt{}, &ast.ForInit{}, &ast.ForallStmt{}, &ast.Affinity{}, &ast.SwitchStmt{},
		&ast.CaseStmt{}, &ast.DefaultStmt{}, &ast.LabeledStmt{}, &ast.GotoStmt{}, &ast.BreakStmt{},
		&ast.ContinueStmt{}, &ast.ReturnStmt{}, &ast.BarrierStmt{}, &ast.FenceStmt{}, &ast.PragmaStmt{},
		&ast.AsmStmt{}, &ast.StaticAssert{},
		&ast.Name{}, &ast.BasicLit{}, &ast.UPCConst{}, &ast.ParenExpr{}, &ast.UnaryExpr{},
		&ast.PostfixExpr{}, &ast.BinaryExpr{}, &ast.AssignExpr{}, &ast.CondExpr{}, &ast.CommaExpr{},
		&ast.CallExpr{}, &ast.IndexExpr{}, &ast.MemberExpr{}, &ast.CastExpr{}, &ast.CompoundLit{},
		&ast.SizeofExpr{}, &ast.StmtExpr{}, &ast.VaArgExpr{}, &ast.OffsetofExpr{},
	}
	for _, n := range all {
		if k := fmt.Sprintf("%T", n); !seen[k] {
			t.Errorf("Inspect did not visit a %s", k)
		}
	}
	// source order: Start never decreases in a pre-order walk over siblings
	for _, d := range f.Decls[len(f.Decls)-5 : len(f.Decls)-1] {
		var last gotoken.Pos
		ast.Inspect(d, func(n ast.Node) bool {
			if n == nil {
				return false
			}
			if n.Start() < last {
				t.Errorf("%T at %s visited after %s", n, fset.Position(n.Start()), fset.Position(last))
			}
			last = n.Start()
			return true
		})
	}
}

// TestStaticAssert checks where static assertions stand in the tree and
// the exact text their nodes span.
func TestStaticAssert(t *testing.T) {
	src := `typedef int T;
_Static_assert(sizeof(T) == 4, "T is " "int");
struct s {
	int a;
	__extension__ _Static_assert(sizeof(T) > 1, "m");
	T b;
};
int f(T x)
{
	_Static_assert(1, "block");
	return x;
}
_Static_assert(0);
`
	fset := gotoken.NewFileSet()
	f, diags := ParseFile(fset, "s.upc", tokenize(fset, "s.upc", src))
	for _, d := range diags {
		t.Errorf("%s: %s", fset.Position(d.Pos), d.Message)
	}
	text := func(n ast.Node) string {
		return src[fset.Position(n.Start()).Offset:fset.Position(n.End()).Offset]
	}
	if len(f.Decls) != 5 {
		t.Fatalf("%d declarations, want 5", len(f.Decls))
	}
	check := func(n ast.Node, ext bool, node, cond string, msg ...string) {
		t.Helper()
		a, ok := n.(*ast.StaticAssert)
		if !ok {
			t.Errorf("%T, want *ast.StaticAssert", n)
			return
		}
		if a.Extension != ext || text(a) != node || text(a.Cond) != cond || !reflect.DeepEqual(a.Msg, msg) {
			t.Errorf("got ext %v node %q cond %q msg %q\nwant ext %v node %q cond %q msg %q",
				a.Extension, text(a), text(a.Cond), a.Msg, ext, node, cond, msg)
		}
	}
	check(f.Decls[1], false, `_Static_assert(sizeof(T) == 4, "T is " "int");`, "sizeof(T) == 4", `"T is "`, `"int"`)
	rec := f.Decls[2].(*ast.Decl).Specs.List[0].Record
	if len(rec.Fields) != 2 || len(rec.Asserts) != 1 {
		t.Fatalf("struct: %d members, %d assertions; want 2, 1", len(rec.Fields), len(rec.Asserts))
	}
	check(rec.Asserts[0], true, `__extension__ _Static_assert(sizeof(T) > 1, "m");`, "sizeof(T) > 1", `"m"`)
	if text(rec.Fields[1]) != "T b;" {
		t.Errorf("member after the assertion: %q", text(rec.Fields[1]))
	}
	body := f.Decls[3].(*ast.Decl).Body.Items
	check(body[0], false, `_Static_assert(1, "block");`, "1", `"block"`)
	check(f.Decls[4], false, "_Static_assert(0);", "0")
}

// TestOldStyleDefinition checks the tree and positions of a K&R definition:
// the identifier list in the declarator, the parameter declarations between
// it and the body, and that such a definition is one top-level declaration.
func TestOldStyleDefinition(t *testing.T) {
	src := "double norm(a, n)\ndouble *a;\nint n;\n{ return a[n]; }\nint after;\n"
	f, fset := parseString(t, "k.upc", src)
	if len(f.Decls) != 2 {
		t.Fatalf("%d declarations, want 2", len(f.Decls))
	}
	d, ok := f.Decls[0].(*ast.Decl)
	if !ok || d.Body == nil {
		t.Fatalf("want a function definition, got %s", ast.String(f.Decls[0]))
	}
	pl := d.Inits[0].Decl.Direct.Suffixes[0].Params
	if len(pl.Params) != 0 || len(pl.Names) != 2 || pl.Names[0].Name != "a" || pl.Names[1].Name != "n" {
		t.Fatalf("identifier list: %s", ast.String(pl))
	}
	if len(d.KRDecls) != 2 {
		t.Fatalf("%d parameter declarations, want 2", len(d.KRDecls))
	}
	at := func(n ast.Node) string {
		p, e := fset.Position(n.Start()), fset.Position(n.End())
		return fmt.Sprintf("%d:%d-%d:%d", p.Line, p.Column, e.Line, e.Column)
	}
	for n, want := range map[ast.Node]string{
		pl:           "1:12-1:18",
		pl.Names[1]:  "1:16-1:17",
		d.KRDecls[0]: "2:1-2:11",
		d.KRDecls[1]: "3:1-3:7",
		d.Body:       "4:1-4:17",
		d:            "1:1-4:17",
		f.Decls[1]:   "5:1-5:11",
	} {
		if got := at(n); got != want {
			t.Errorf("%s: at %s, want %s", ast.String(n), got, want)
		}
	}
	if got, want := ast.String(d), "double norm(a, n)\ndouble *a;\nint n;\n{\n\treturn a[n];\n}"; got != want {
		t.Errorf("printed:\n%s\nwant:\n%s", got, want)
	}
	roundTrip(t, "k.upc", f)
}
