package parser

import (
	"fmt"
	gotoken "go/token"
	"strings"
	"sync"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// sharedHead plays the tokens of a unit's cached leading includes: typedef
// names, a struct, #pragma lines, declarations a deferDecl sets aside
// (those starting with extern), one of them a typedef'd function type.
const sharedHead = `typedef unsigned long size_t;
typedef struct _IO_FILE FILE;
struct pair { int a; size_t b; };
extern FILE *stdin;
extern int printf(const char *, ...);
extern size_t strlen(const char *);
typedef int cmp_fn(const void *, const void *);
extern void qsort(void *, size_t, size_t, cmp_fn *);
enum color { RED, GREEN };
#pragma upc relaxed
static inline int twice(int x) { return 2 * x; }
`

// prefixTails are units' own text after sharedHead: uses of its names,
// names that shadow or redeclare its typedefs, #pragma lines, an old-style
// definition and syntax errors right after it, unknown type names.
var prefixTails = []string{
	"size_t n; int main(void) { FILE *f = stdin; return printf(\"%d\", (int)strlen(\"x\")) + twice(RED); }\n",
	"int size_t = 3; int main(void) { return size_t * 2; }\n",
	"typedef double FILE; FILE z = 1.5;\n",
	"#pragma upc strict\nint a;\n#pragma once\n",
	"f(a, b) int a; long b; { return a + b; }\n",
	"int x = ;\nint ok;\n",
	"int main(void) { { int x; \n",
	"",
	"foo_t v; foo_t *p, q; int g(foo_t a) { return (foo_t)a; }\n",
	"struct pair pr = { 1, 2 }; int h(struct pair *p) { return p->a + GREEN; }\n",
	"size_t (*fp)(const char *) = strlen; cmp_fn c;\n",
}

// parseUnit tokenizes head+tail as the file name (in a new FileSet, so
// that the head has the same positions in every unit).
func parseUnitTokens(head, tail string) ([]token.Token, *gotoken.FileSet, int) {
	fset := gotoken.NewFileSet()
	toks := tokenize(fset, "/u/unit.upc", head+tail)
	_, n := tokenizeHead(head)
	return toks, fset, n
}

// tokenizeHead returns the tokens of head and their count without EOF.
func tokenizeHead(head string) ([]token.Token, int) {
	toks := tokenize(gotoken.NewFileSet(), "/u/unit.upc", head)
	return toks, len(toks) - 1
}

func externDecl(t *token.Token) bool { return t.Text == "extern" }

// renderParse prints what a parse gives: each token's kind, each
// declaration with its span and text (a deferred one as its names and its
// parse), the diagnostics.
func renderParse(f *ast.File, diags diag.List) string {
	var b strings.Builder
	for i := range f.Tokens {
		fmt.Fprintf(&b, "%s:%s ", f.Tokens[i].Text, f.Tokens[i].Kind)
	}
	b.WriteString("\n")
	for _, d := range f.Decls {
		lo, hi := d.Span()
		fmt.Fprintf(&b, "%T [%d,%d) %d-%d", d, lo, hi, d.Start(), d.End())
		if dd, ok := d.(*ast.DeferredDecl); ok {
			fmt.Fprintf(&b, " names %q tags %q", dd.Names, dd.Tags)
			if x := dd.Parse(); x != nil {
				lo, hi := x.Span()
				fmt.Fprintf(&b, " parsed [%d,%d) %d-%d %s", lo, hi, x.Start(), x.End(), ast.String(x))
			}
		} else {
			fmt.Fprintf(&b, " %s", ast.String(d))
		}
		b.WriteString("\n")
	}
	for _, d := range diags {
		fmt.Fprintf(&b, "%d-%d %s %s\n", d.Pos, d.End, d.Rule, d.Message)
	}
	return b.String()
}

// TestParsePrefixed parses units that begin with the same tokens, sharing
// the parse of those tokens, from several goroutines, and requires what
// parsing each alone gives (run with -race: the units share declarations
// and deferred parses).
func TestParsePrefixed(t *testing.T) {
	for _, deferDecl := range []func(*token.Token) bool{nil, externDecl} {
		want := make([]string, len(prefixTails))
		for i, tail := range prefixTails {
			toks, fset, _ := parseUnitTokens(sharedHead, tail)
			want[i] = renderParse(ParseFileDeferring(fset, "/u/unit.upc", toks, deferDecl))
		}
		// the prefix is built whole, or on that of its first lines
		// (fewer leading includes)
		split := strings.Index(sharedHead, "extern int printf")
		for _, first := range []string{"", sharedHead[:split]} {
			var from *Prefix
			if first != "" {
				toks, fset, _ := parseUnitTokens(sharedHead, prefixTails[0])
				_, m := tokenizeHead(first)
				_, _, from = ParsePrefixed(fset, "/u/unit.upc", toks, deferDecl, m, nil, nil)
				if from == nil || from.Tokens() != m {
					t.Fatalf("no prefix of %d tokens was built", m)
				}
			}
			toks, fset, n := parseUnitTokens(sharedHead, prefixTails[0])
			f, diags, prefix := ParsePrefixed(fset, "/u/unit.upc", toks, deferDecl, n, nil, from)
			if prefix == nil || prefix.Tokens() != n {
				t.Fatalf("no prefix of %d tokens was built", n)
			}
			if got := renderParse(f, diags); got != want[0] {
				t.Errorf("unit 0, building the prefix:\n%s\nalone:\n%s", got, want[0])
			}
			checkSharedParse(t, prefix, deferDecl, want)
		}
	}
}

// checkSharedParse parses each of prefixTails after sharedHead, sharing
// prefix, from several goroutines, and requires want.
func checkSharedParse(t *testing.T, prefix *Prefix, deferDecl func(*token.Token) bool, want []string) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range 3 {
		for i, tail := range prefixTails {
			wg.Go(func() {
				toks, fset, n := parseUnitTokens(sharedHead, tail)
				f, diags, built := ParsePrefixed(fset, "/u/unit.upc", toks, deferDecl, n, prefix, nil)
				got := renderParse(f, diags)
				mu.Lock()
				defer mu.Unlock()
				if built != nil {
					t.Errorf("unit %d built a prefix when given one", i)
				}
				if got != want[i] {
					t.Errorf("unit %d with the shared prefix:\n%s\nalone:\n%s", i, got, want[i])
				}
			})
		}
	}
	wg.Wait()
}

// TestParsePrefixedUnclean: a prefix that does not end between two
// top-level declarations, or whose parse looks at the tokens after it, or
// that holds a syntax error, is not built, and the unit is parsed as a
// whole.
func TestParsePrefixedUnclean(t *testing.T) {
	for _, c := range []struct{ head, tail string }{
		{"int a", " = 1;\n"},                                    // inside a declaration
		{"struct s { int a; }", " x;\n"},                        // a struct's body closed, declarators next
		{"typedef int T;\nint f(a) int a;", " { return a; }\n"}, // old-style parameters: the body is next
		{"int x = ;\n", "int b;\n"},                             // a syntax error
		{"int g(void) {", " return 0; }\n"},                     // inside a body
	} {
		toks, fset, _ := parseUnitTokens(c.head, c.tail)
		want := renderParse(ParseFileDeferring(fset, "/u/unit.upc", toks, nil))
		toks, fset, n := parseUnitTokens(c.head, c.tail)
		f, diags, prefix := ParsePrefixed(fset, "/u/unit.upc", toks, nil, n, nil, nil)
		if prefix != nil {
			t.Errorf("%q then %q: a prefix was built", c.head, c.tail)
		}
		if got := renderParse(f, diags); got != want {
			t.Errorf("%q then %q:\n%s\nalone:\n%s", c.head, c.tail, got, want)
		}
	}
}
