package parser

import (
	gotoken "go/token"
	"reflect"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/token"
)

// TestFastMatchesGrammar checks that the hand-written fast path builds
// exactly the tree participle builds from the grammar tags, positions
// included, for every top-level declaration of the test files.
func TestFastMatchesGrammar(t *testing.T) {
	pieces := 0
	check := func(name string, toks []token.Token) {
		toks = terminate(toks)
		keep := retag(toks)
		tab := positions(toks, keep)
		for _, pc := range split(toks, keep, 0) {
			if pc.pragma || pc.deep >= 0 {
				continue
			}
			buf := convert(nil, toks, pc.lo, pc.hi, keep)
			p := newFast(buf, posTab{})
			fd, ferr := p.externalDecl()
			if ferr == nil && !p.lex.Peek().EOF() {
				ferr = &syntaxError{msg: "trailing tokens"}
			}
			sd, serr := declParser.ParseFromLexer(peeking(buf))
			if (ferr == nil) != (serr == nil) {
				t.Errorf("%s: fast error %v, participle error %v, in:\n%s", name, ferr, serr, text(toks, pc))
				continue
			}
			if ferr != nil {
				continue
			}
			pieces++
			if !reflect.DeepEqual(fd, *sd) {
				t.Errorf("%s: trees differ for:\n%s\nfast:    %s\ngrammar: %s", name, text(toks, pc), ast.String(fd), ast.String(*sd))
			}
			// The tree the fast path builds with the position table (as
			// ParseFile does) must place every node as the lexer.Positions do.
			cd, cerr := newFast(buf, tab).externalDecl()
			if cerr != nil {
				t.Errorf("%s: fast path with positions table: %v", name, cerr)
				continue
			}
			if a, b := nodeSpans(fd), nodeSpans(cd); !reflect.DeepEqual(a, b) {
				t.Errorf("%s: positions differ with the table for:\n%s\n%v\n%v", name, text(toks, pc), a, b)
			}
		}
	}
	for _, path := range upcFiles(t) {
		fset := gotoken.NewFileSet()
		check(path, preprocess(t, fset, path))
	}
	for _, src := range grammarSamples {
		fset := gotoken.NewFileSet()
		check("sample", tokenize(fset, "sample.upc", src))
	}
	if pieces == 0 {
		t.Fatal("nothing compared")
	}
}

// nodeSpans lists Start, End and Span of every node of n in walk order.
func nodeSpans(n ast.Node) [][4]int {
	var out [][4]int
	ast.Inspect(n, func(n ast.Node) bool {
		if n != nil {
			a, b := n.Span()
			out = append(out, [4]int{int(n.Start()), int(n.End()), a, b})
		}
		return true
	})
	return out
}

func text(toks []token.Token, pc piece) string {
	s := ""
	for i := pc.lo; i < pc.hi && i < pc.lo+60; i++ {
		s += toks[i].Text + " "
	}
	return s
}

// grammarSamples exercise productions the corpus may not.
var grammarSamples = []string{
	"struct s { unsigned a : 3, : 0; int b[]; };",
	"enum { A, B, };",
	"int a[static 10];",
	"void f(int n, int a[n][*]);",
	"void g(int a[const restrict 4]);",
	"int r[10] = {[0] = 1, [2 ... 5] = 7, [9] = 9};",
	"struct w { int a[3]; } wv = {.a[1] = 5, .a = {1}};",
	"int x __attribute__((aligned(16))) = 0;",
	"struct __attribute__((packed)) s { char c; int i; };",
	"void die(void) __attribute__((noreturn, format(printf, 1, 2)));",
	"extern int cnt __asm__(\"real\" \"_cnt\");",
	"__extension__ typedef long long ll;",
	"__typeof__(int *) p;",
	"int x; __typeof__(x + 1) y;",
	"__asm__ (\"nop\" : \"=r\"(x) : \"r\"(y));",
	"int (*fa[4])(void);",
	"void (*signal(int sig, void (*func)(int)))(int);",
	"void g(int (*)(int), int (int), int (x));",
	"shared [*] int c[THREADS]; int d[*]; shared void *strict shared p; shared [] int *q;",
	"struct lk { int wait; int shared; int strict : 2; } l;",
	"int f(void) { int x; L: x = 1; switch (x) { case 1 ... 3: break; default: ; } goto L; }",
	"int f(void) { upc_forall (int i = 0; i < 3; i++; continue) ; upc_forall (;;;) break; upc_barrier (1); upc_notify; upc_wait 2; upc_fence; }",
	"int f(void) { __asm__ volatile (\"mfence\" ::: \"memory\"); do x++; while (x < 3); for (;;) ; return ({ 1; }); }",
	"int *p = (int []){1, 2}; int s = sizeof (int){1};",
	"int f(void) { #pragma upc strict\n x = 1; }",
	"int f(void) { goto *p; }",
	"void f(void *c) { __asm__ volatile (\"x\" :: \"m\" (*((const void **)c))); asm (\"y\" : \"=m\" (*(int *)c) : \"r\" ((long)(int)(short)1)); }",
	"int u(const char *s, int strict); int v(int shared, double relaxed) { return shared + (int)relaxed; } void w(int *shared, strict shared int *q);",
	"int f(void) { a: __attribute__((unused)); b: __attribute__((hot)) x++; c: __attribute__((cold)) int y; return 0; }",
	"int v = __builtin_offsetof(struct s, a.b[2]) + __builtin_va_arg(ap, int);",
	"_Static_assert(sizeof(int) == 4, \"int\" \"32\"); __extension__ _Static_assert(1, \"x\");",
	"_Static_assert(1);",
	"struct s { _Static_assert(1, \"first\"); int a; __extension__ _Static_assert(2 > 1, \"m\"); int b; _Static_assert(1, \"last\"); };",
	"int f(void) { _Static_assert(1, \"b\"); int x; __extension__ _Static_assert(sizeof x, \"e\"); if (x) _Static_assert(1, \"s\"); }",
	"_Static_assert(1, \"x\")",
	"_Static_assert(1, 2);",
	"__extension__ _Static_assert;",
	"int (x);",
	"double norm(a, n) double *a; int n; { return a[n]; }",
	"int main(argc, argv) int argc; char **argv, *e; { return 0; }",
	"static void g(x) register int x; { }",
	"int h(p, q) { return p + q; }",
	"int (*pick(a))(int) struct s *a; { return 0; }",
	"typedef unsigned char Byte; void t(c, n) Byte *c; long n; { } void u(n, c) long n; Byte *c; { }",
	"typedef void *(__attribute__((alloc_size(1))) *mf)(unsigned long size); int (__attribute__((unused)) x);",
	"int (__attribute__((unused)) *__attribute__((aligned(8))) p);",
	"enum e { E0, E1 __attribute__((deprecated)) = 1, E2 __attribute__((unused)) };",
	"struct al { __attribute__((__aligned__(double))) int x; __attribute__((aligned(struct al *))) char c; __attribute__((aligned)) int y; };",
	"int k(a, ) int a; { }",
	"int k(a) int a { }",
	"int k(a) int a;",
	"int x int y; { }",
	"int;",
	"int a, ;",
	";",
}
