package cpp

import (
	"fmt"
	gotoken "go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/upclint/upclint/grammar/token"
)

// memFiles returns a ReadFile over an in-memory file system.
func memFiles(files map[string]string) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		if s, ok := files[name]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
}

// pre preprocesses src as "/src/main.c" and returns the formatted output and
// the diagnostics as "file:line:col: severity: message" (file omitted for
// the main file).
func pre(t *testing.T, src string, cfg *Config) (string, []string, *Result, *gotoken.FileSet) {
	t.Helper()
	if cfg == nil {
		cfg = &Config{}
	}
	if cfg.ReadFile == nil {
		cfg.ReadFile = memFiles(nil)
	}
	fset := gotoken.NewFileSet()
	r := Preprocess(fset, "/src/main.c", []byte(src), cfg)
	if n := len(r.Tokens); n == 0 || r.Tokens[n-1].Kind != token.EOF {
		t.Fatalf("result does not end with EOF")
	}
	for _, tk := range r.Tokens[:len(r.Tokens)-1] {
		if tk.Kind == token.EOF {
			t.Fatalf("EOF inside the token list")
		}
	}
	return Format(r.Tokens), renderDiags(fset, r), r, fset
}

func renderDiags(fset *gotoken.FileSet, r *Result) []string {
	var out []string
	for _, d := range r.Diags {
		p := fset.Position(d.Pos)
		file := ""
		if p.Filename != "/src/main.c" {
			file = p.Filename + ":"
		}
		out = append(out, fmt.Sprintf("%s%d:%d: %s: %s", file, p.Line, p.Column, d.Severity, d.Message))
	}
	return out
}

// preCase is a source, its preprocessed text and its diagnostics.
type preCase struct {
	name, src, want string
	diags           []string
}

// runPre preprocesses each case's source as a subtest.
func runPre(t *testing.T, tests []preCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, diags, _, _ := pre(t, tt.src, nil)
			if got != tt.want {
				t.Errorf("output:\n%s\nwant:\n%s", got, tt.want)
			}
			if strings.Join(diags, "\n") != strings.Join(tt.diags, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(tt.diags, "\n"))
			}
		})
	}
}

func TestMacros(t *testing.T) {
	runPre(t, []preCase{
		{"object", "#define N 10\nint a[N];", "int a [ 10 ] ;", nil},
		{"function", "#define MAX(a, b) ((a) > (b) ? (a) : (b))\nMAX(x, y+1)", "( ( x ) > ( y + 1 ) ? ( x ) : ( y + 1 ) )", nil},
		{"function name alone", "#define f(x) x\nint f; f (1);", "int f ; 1 ;", nil},
		{"args span lines", "#define f(x, y) x + y\nf(1,\n  2) z", "1 + 2 z", nil},
		{"nested parens and commas", "#define f(x) [x]\nf((a, b)) f(g(1, 2))", "[ ( a , b ) ] [ g ( 1 , 2 ) ]", nil},
		{"empty argument", "#define f(x) <x>\n#define g() ok\nf() g()", "< > ok", nil},
		{"stringize", "#define s(x) #x\ns(a  +   b) s( \"q\\n\" 'c' ) s()", `"a + b" "\"q\\n\" 'c'" ""`, nil},
		{"stringize unexpanded", "#define s(x) #x\n#define xs(x) s(x)\n#define N 4\ns(N) xs(N)", `"N" "4"`, nil},
		{"paste", "#define cat(a, b) a ## b\ncat(x, y) cat(1, e5) cat(+, =) cat(, z) cat(w, ) cat(,)", "xy 1e5 += z w", nil},
		{"paste three", "#define c3(a, b, c) a ## b ## c\nc3(1,2,3) c3(,4,5) c3(6,,7) c3(8,9,) c3(,,0) c3(,,)", "123 45 67 89 0", nil},
		{"paste is not rescanned as argument", "#define cat(a, b) a ## b\n#define xy done\n#define N 1\ncat(x, y) cat(N, N)", "done NN", nil},
		{"paste in object macro", "#define H # ## #\n#define V x ## 1\nH V", "## x1", nil},
		{"paste stringize", "#define f(x) L ## #x\nf(a)", `L"a"`, nil},
		{"invalid paste", "#define cat(a, b) a ## b\ncat(., +)", ". +", []string{`2:1: error: pasting "." and "+" does not give a valid preprocessing token`}},
		{"variadic", "#define P(fmt, ...) printf(fmt, __VA_ARGS__)\nP(\"%d %d\", 1, (2, 3))", `printf ( "%d %d" , 1 , ( 2 , 3 ) )`, nil},
		{"variadic only", "#define L(...) {__VA_ARGS__} #__VA_ARGS__\nL(a, b,c) L()", `{ a , b , c } "a, b,c" { } ""`, nil},
		{"gnu comma elision", "#define E(f, ...) g(f, ## __VA_ARGS__)\nE(1) E(1,) E(1, 2, 3)", "g ( 1 ) g ( 1 ) g ( 1 , 2 , 3 )", nil},
		{"gnu named variadic", "#define E(f, args...) g(f, ## args) #args\nE(1) E(1, a, b)", `g ( 1 ) "" g ( 1 , a , b ) "a, b"`, nil},
		{"variadic omitted", "#define V(a, ...) a __VA_ARGS__ end\nV(1)", "1 end", nil},
		{"va opt", "#define F(a, ...) f(a __VA_OPT__(,) __VA_ARGS__)\n#define G(...) [__VA_OPT__((x) __VA_ARGS__)]\nF(1) F(1, 2, 3) F(1,) G() G(y)", "f ( 1 ) f ( 1 , 2 , 3 ) f ( 1 ) [ ] [ ( x ) y ]", nil},
		{"self reference", "#define foo foo + 1\n#define bar (4 + bar)\nfoo bar", "foo + 1 ( 4 + bar )", nil},
		{"indirect recursion", "#define a b\n#define b a\na b", "a b", nil},
		{"blue paint survives", "#define f(x) x\n#define g f(g)\ng", "g", nil},
		{"rescan with rest of file", "#define f(x) x * 2\n#define g f\ng(3)", "3 * 2", nil},
		{"function name from rescan", "#define h(x) x(5)\n#define sq(x) x*x\nh(sq)", "5 * 5", nil},
		{"recursion through arguments", "#define f(x) g(x)\n#define g(x) f(x)\nf(1)", "f ( 1 )", nil},
		{"nested same macro", "#define f(x) (x+1)\nf(f(f(0)))", "( ( ( 0 + 1 ) + 1 ) + 1 )", nil},
		{"standard: lazy expansion", "#define x 3\n#define f(a) f(x * (a))\n#undef x\n#define x 2\n#define g f\n#define z z[0]\nf(y+1) + f(f(z)) % g(0)",
			"f ( 2 * ( y + 1 ) ) + f ( 2 * ( f ( 2 * ( z [ 0 ] ) ) ) ) % f ( 2 * ( 0 ) )", nil},
		{"standard: argument spans expansion", "#define f(a) f(2 * (a))\n#define g f\n#define h g(~\nh 5) & 1", "f ( 2 * ( ~ 5 ) ) & 1", nil},
		{"standard: name then newline paren", "#define f(a) [a]\n#define m(a) a(w)\n#define w 0,1\nm\n(f)", "[ 0 , 1 ]", nil},
		{"empty expansion keeps line start", "#define E\nx\nE y\nz", "x\ny\nz", nil},
		{"too few arguments", "#define f(a, b) a\nf(1) ok", "ok", []string{`2:1: error: macro "f" requires 2 arguments, but only 1 given`}},
		{"too many arguments", "#define f(a) a\nf(1, 2) ok", "ok", []string{`2:1: error: macro "f" passed 2 arguments, but takes just 1`}},
		{"unterminated arguments", "#define f(a) a\nx f(1,", "x", []string{`2:3: error: unterminated argument list invoking macro "f"`}},
		{"undef", "#define A 1\n#undef A\nA", "A", nil},
		{"redefinition", "#define A 1\n#define A 1\n#define A 2\nA", "2", []string{`3:9: warning: "A" redefined`}},
		{"bad define", "#define 3 x\n#define f(a a\n#define g(a) #b\n#define h ## x\n#define defined\nok",
			"ok", []string{"1:9: error: macro names must be identifiers",
				`2:13: error: expected ',' or ')' in macro parameter list, found "a"`,
				"3:14: error: '#' is not followed by a macro parameter",
				"4:11: error: '##' cannot appear at either end of a macro expansion",
				`5:9: error: "defined" cannot be used as a macro name`}},
		{"builtins", "__LINE__\n#define L __LINE__\nL __FILE__ __COUNTER__ __COUNTER__ __INCLUDE_LEVEL__", `1
3 "/src/main.c" 0 1 0`, nil},
		{"date and time", "__DATE__ __TIME__", `"Jan  1 1970" "00:00:00"`, nil},
		{"multi-line invocation line", "#define f(x) __LINE__ x\nf(\n1\n)", "2 1", nil},
		{"_Pragma", "a _Pragma(\"upc strict\") b\n#define P(x) _Pragma(#x) x\nP(omp parallel)", "a\n#pragma upc strict\nb\n#pragma omp parallel\nomp parallel", nil},
		{"_Pragma escapes", `_Pragma("message(\"hi\\\\\")")`, `#pragma message("hi\\")`, nil},
		{"_Pragma without paren", "_Pragma x", "_Pragma x", nil},
		{"push pop macro", "#define X 1\n#pragma push_macro(\"X\")\n#undef X\n#define X 2\nX\n#pragma pop_macro(\"X\")\nX", "2\n1", nil},
	})
}

func TestConditionals(t *testing.T) {
	runPre(t, []preCase{
		{"ifdef", "#define A\n#ifdef A\na\n#endif\n#ifdef B\nb\n#endif\n#ifndef B\nnb\n#endif", "a\nnb", nil},
		{"else elif", "#if 0\na\n#elif 1\nb\n#elif 1\nc\n#else\nd\n#endif", "b", nil},
		{"nested skip", "#if 0\n#if 1\na\n#else\nb\n#endif\n#elif 0\nc\n#else\nd\n#endif", "d", nil},
		{"elif not evaluated after taken", "#if 1\na\n#elif 1/0\nb\n#endif", "a", nil},
		{"skipped text is not lexed strictly", "#if 0\nit's fine \x01\n#bogus\n#endif\nok", "ok", nil},
		{"defined forms", "#define A\n#if defined A && defined(A) && !defined B && !defined(B)\nok\n#endif", "ok", nil},
		{"defined from macro", "#define D defined(A)\n#define A\n#if D\nok\n#endif", "ok", nil},
		{"unknown identifier is zero", "#if FOO == 0 && !BAR\nok\n#endif", "ok", nil},
		{"arithmetic", "#if 1 + 2 * 3 == 7 && (1 + 2) * 3 == 9 && 7 / 2 == 3 && -7 % 3 == -1 && (2 || 0) == 1\nok\n#endif", "ok", nil},
		{"unsigned", "#if -1 > 0u && 0xffffffffffffffff == -1 && -1 < 0 && 18446744073709551615 > 0\nok\n#endif", "ok", nil},
		{"shifts", "#if (1 << 62) > 0 && (1 << 63) < 0 && (-8 >> 1) == -4 && (1u << 64) == 0 && (1 << -1) == 0\nok\n#endif", "ok", nil},
		{"ternary", "#if (1 ? 2 : 3) == 2 && (0 ? 2 : 0 ? 4 : 5) == 5 && (1 ? -1 : 0u) > 0\nok\n#endif", "ok", nil},
		{"bitwise and comma", "#if (6 & 3) == 2 && (6 | 3) == 7 && (6 ^ 3) == 5 && ~0 == -1 && (1, 0) == 0\nok\n#endif", "ok", nil},
		{"chars", "#if 'a' == 97 && '\\n' == 10 && '\\377' < 0 && '\\x41' == 65 && L'\\377' == 255 && 'ab' == 24930\nok\n#endif", "ok", nil},
		{"suffixes", "#if 10L == 10 && 0x10ULL == 16 && 010 == 8 && 0b101 == 5\nok\n#endif", "ok", nil},
		{"short circuit", "#if 0 && 1 / 0\n#elif 1 || 1 % 0\nok\n#endif", "ok", nil},
		{"predefined", "#if __UPC__ && __UPC_VERSION__ == 201311L && __STDC_VERSION__ >= 199901L && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && __SIZEOF_POINTER__ == 8 && __INT_MAX__ == 2147483647 && __UPC_DYNAMIC_THREADS__ && !defined __GNUC__\nok\n#endif", "ok", nil},
		// UPC 1.3 language specification, section UPC_MAX_BLOCK_SIZE: the macro is usable in #if.
		{"UPC_MAX_BLOCK_SIZE", "#if defined UPC_MAX_BLOCK_SIZE && UPC_MAX_BLOCK_SIZE > 0 && UPC_MAX_BLOCK_SIZE == 4194303\nok\n#endif\nUPC_MAX_BLOCK_SIZE", "ok\n4194303", nil},
		{"library feature macros", "#if __UPC_COLLECTIVE__ == 1 && __UPC_TICK__ == 1 && __UPC_NB__ == 1 && __UPC_CASTABLE__ == 1 && __UPC_ATOMIC__ == 1 && __UPC_IO__ >= 1\nok\n#endif", "ok", nil},
		{"int128", "#if __SIZEOF_INT128__ == 16\n__int128_t a; __uint128_t b;\n#endif", "__int128 a ; unsigned __int128 b ;", nil},
		{"has_include missing", "#if __has_include(<nothere.h>) || __has_include(\"nothere.h\")\nno\n#else\nok\n#endif", "ok", nil},
		{"has_attribute", "#if defined __has_include && !__has_attribute(noreturn)\nok\n#endif", "ok", nil},
		{"division by zero", "#if 1 / 0\na\n#endif\nb", "b", []string{"1:7: error: division by zero in #if"}},
		{"missing paren", "#if (1\na\n#endif\nb", "b", []string{"1:1: error: missing ')' in #if expression"}},
		{"no expression", "#if\n#endif\n#if 1 +\n#endif", "", []string{"1:1: error: #if with no expression", "3:1: error: #if expression ends early: an operand is missing"}},
		{"garbage", "#if 1 2\n#endif\n#if \"s\"\n#endif\n#if 1.0\n#endif\n#if defined\n#endif", "",
			[]string{`1:7: error: missing binary operator before token "2"`,
				`3:5: error: token "\"s\"" is not valid in preprocessor expressions`,
				"5:5: error: floating constant in preprocessor expression",
				`7:5: error: operator "defined" requires an identifier`}},
		{"stray", "#else\n#elif 1\n#endif\nok", "ok", []string{"1:1: error: #else without #if", "2:1: error: #elif without #if", "3:1: error: #endif without #if"}},
		{"else after else", "#if 0\n#else\na\n#else\nb\n#endif", "a", []string{"4:1: error: #else after #else"}},
		{"unterminated", "#if 1\na\n#ifdef X\nb", "a", []string{"3:1: error: unterminated conditional directive (#if without #endif)", "1:1: error: unterminated conditional directive (#if without #endif)"}},
		{"extra tokens", "#ifdef A B\n#endif A\nok", "ok", []string{`1:10: warning: extra tokens at end of #ifdef directive`, "2:8: warning: extra tokens at end of #endif directive"}},
	})
}

func TestDirectives(t *testing.T) {
	runPre(t, []preCase{
		{"error", "#error do \"this\"  /* c */\nx", "x", []string{`1:1: error: #error do "this"`}},
		{"error apostrophe", "#error don't\nx", "x", []string{`1:1: error: #error don't`}},
		{"error plain", "#error stop here\nx", "x", []string{"1:1: error: #error stop here"}},
		{"warning", "#warning careful\nx", "x", []string{"1:1: warning: #warning careful"}},
		{"null and ident", "#\n# ident \"v1\"\n#sccs \"x\"\nx", "x", nil},
		{"unknown", "#frobnicate 1\n#if 0\n#frobnicate\n#endif\n#3x\nx", "x", []string{"1:2: error: invalid preprocessing directive #frobnicate", `5:2: error: "3x" after #line is not a positive integer`}},
		{"pragma", "int a;\n#pragma upc strict\n  #  pragma   omp parallel for  \n#pragma once\nb", "int a ;\n#pragma upc strict\n#pragma omp parallel for\nb", nil},
		{"pragma not macro expanded", "#define strict relaxed\n#pragma upc strict\n", "#pragma upc strict", nil},
		{"digraph directive", "%:define X 1\nX", "1", nil},
		{"directive inside arguments", "#define f(x) x\nf(1\n#define Y 2\nY)", "1 2", nil},
		{"hash not at line start", "a # define X\nX", "a # define X\nX", nil},
	})
}

func TestPragmaToken(t *testing.T) {
	_, _, r, fset := pre(t, "x;\n  #pragma upc relaxed\n", nil)
	p := r.Tokens[2]
	if p.Kind != token.Pragma || p.Text != "upc relaxed" || fset.Position(p.Pos).String() != "/src/main.c:2:3" {
		t.Errorf("pragma token = %v %q at %v", p.Kind, p.Text, fset.Position(p.Pos))
	}
	if !strings.HasPrefix(p.Text, "upc") || !strings.Contains(string([]byte("x;\n  #pragma upc relaxed\n")), p.Text) {
		t.Errorf("pragma text %q", p.Text)
	}
}

func TestCooking(t *testing.T) {
	_, diags, r, _ := pre(t, "#define T int\nT x = 1, y = 0x1p-3, z = 1.5f; shared relaxed upc_forall wait 08 1.2.3 1e 0x 12qq 1.0f8 2.0f128 1.5Q 3f32", nil)
	var got []string
	for _, tk := range r.Tokens {
		got = append(got, tk.Kind.String()+":"+tk.Text)
	}
	want := "Keyword:int Ident:x Punct:= Int:1 Punct:, Ident:y Punct:= Float:0x1p-3 Punct:, Ident:z Punct:= Float:1.5f Punct:; " +
		"Keyword:shared Keyword:relaxed Keyword:upc_forall Ident:wait Int:08 Float:1.2.3 Float:1e Int:0x Int:12qq Float:1.0f8 Float:2.0f128 Float:1.5Q Int:3f32 EOF:"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	wantDiags := []string{
		`2:63: error: invalid digit "8" in octal constant`,
		`2:66: error: invalid floating constant "1.2.3"`,
		`2:72: error: invalid floating constant "1e"`,
		`2:75: error: invalid integer constant "0x"`,
		`2:78: error: invalid suffix "qq" on integer constant`,
		`2:83: error: invalid floating constant "1.0f8"`,
		`2:102: error: invalid suffix "f32" on integer constant`,
	}
	if strings.Join(diags, "\n") != strings.Join(wantDiags, "\n") {
		t.Errorf("diagnostics:\n%s", strings.Join(diags, "\n"))
	}
}

// TestPositions checks spelling positions and expansion sites.
func TestPositions(t *testing.T) {
	src := `#define N 100
#define SQ(x) ((x) * (x))
#define CAT(a, b) a ## b
#define STR(a) #a
#define OUTER SQ(N)
int a = N;
int b = SQ(y);
int c = CAT(x, 1) + STR(z);
int d = OUTER;
int e = SQ(
  N);
`
	_, diags, r, fset := pre(t, src, nil)
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	pos := func(p token.Pos) string {
		if p == token.NoPos {
			return ""
		}
		q := fset.Position(p)
		return fmt.Sprintf("%d:%d", q.Line, q.Column)
	}
	var got []string
	for _, tk := range r.Tokens {
		if tk.Kind == token.EOF {
			break
		}
		got = append(got, fmt.Sprintf("%s@%s[%s-%s]", tk.Text, pos(tk.Pos), pos(tk.Exp), pos(tk.ExpEnd())))
	}
	want := []string{
		"int@6:1[-]", "a@6:5[-]", "=@6:7[-]", "100@1:11[6:9-6:10]", ";@6:10[-]",
		"int@7:1[-]", "b@7:5[-]", "=@7:7[-]",
		"(@2:15[7:9-7:14]", "(@2:16[7:9-7:14]", "y@7:12[7:9-7:14]", ")@2:18[7:9-7:14]", "*@2:20[7:9-7:14]",
		"(@2:22[7:9-7:14]", "y@7:12[7:9-7:14]", ")@2:24[7:9-7:14]", ")@2:25[7:9-7:14]", ";@7:14[-]",
		"int@8:1[-]", "c@8:5[-]", "=@8:7[-]", "x1@3:21[8:9-8:18]", "+@8:19[-]", `"z"@4:16[8:21-8:27]`, ";@8:27[-]",
		"int@9:1[-]", "d@9:5[-]", "=@9:7[-]",
		"(@2:15[9:9-9:14]", "(@2:16[9:9-9:14]", "100@1:11[9:9-9:14]", ")@2:18[9:9-9:14]", "*@2:20[9:9-9:14]",
		"(@2:22[9:9-9:14]", "100@1:11[9:9-9:14]", ")@2:24[9:9-9:14]", ")@2:25[9:9-9:14]", ";@9:14[-]",
		"int@10:1[-]", "e@10:5[-]", "=@10:7[-]",
		"(@2:15[10:9-11:5]", "(@2:16[10:9-11:5]", "100@1:11[10:9-11:5]", ")@2:18[10:9-11:5]", "*@2:20[10:9-11:5]",
		"(@2:22[10:9-11:5]", "100@1:11[10:9-11:5]", ")@2:24[10:9-11:5]", ")@2:25[10:9-11:5]", ";@11:5[-]",
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The macro-made token's site covers the invocation text.
	tok := r.Tokens[3]
	if !tok.FromMacro() || tok.SitePos() != tok.Exp || tok.SiteEnd()-tok.SitePos() != 1 {
		t.Errorf("site of %q = [%d, %d)", tok.Text, tok.SitePos(), tok.SiteEnd())
	}
}

func TestPredefinedAndCommandLine(t *testing.T) {
	src := "THREADS __UPC_STATIC_THREADS__ A B C D\n#ifdef __UPC_DYNAMIC_THREADS__\ndyn\n#endif"
	got, diags, r, fset := pre(t, src, &Config{StaticThreads: 4, Defines: []string{"A", "B=2", "C(x)=x+1", "D=", "__UPC__=0"}, Undefs: []string{"A"}})
	if got != "4 1 A 2 C" { // D is defined empty
		t.Errorf("output %q", got)
	}
	if len(diags) != 1 || !strings.Contains(diags[0], `"__UPC__" redefined`) || !strings.HasPrefix(diags[0], "<command-line>:5:9:") {
		t.Errorf("diagnostics %v", diags)
	}
	if r.Tokens[0].Kind != token.Int || fset.Position(r.Tokens[0].Exp).Line != 1 {
		t.Errorf("THREADS expands to %v", r.Tokens[0])
	}
	if m := r.Macros["C"]; m == nil || m.String() != "C(x) x+1" || fset.Position(m.Pos).Filename != "<command-line>" {
		t.Errorf("macro C = %v", m)
	}
	if m := r.Macros["__UPC_VERSION__"]; m == nil || m.String() != "__UPC_VERSION__ 201311L" || fset.Position(m.Pos).Filename != "<built-in>" {
		t.Errorf("macro __UPC_VERSION__ = %v", m)
	}
	// Dynamic THREADS: THREADS stays a keyword.
	got, _, r, _ = pre(t, "THREADS", nil)
	if got != "THREADS" || r.Tokens[0].Kind != token.Keyword {
		t.Errorf("dynamic THREADS: %q %v", got, r.Tokens[0].Kind)
	}
}

func TestMacroString(t *testing.T) {
	_, _, r, _ := pre(t, "#define F(a, b, ...) a##b  + __VA_ARGS__\n#define G(x, rest...) x rest\n#define O\n", nil)
	for name, want := range map[string]string{"F": "F(a, b, ...) a##b + __VA_ARGS__", "G": "G(x, rest...) x rest", "O": "O"} {
		if got := r.Macros[name].String(); got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
}

func TestIncludes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/main.c", "")
	write("src/local.h", "local_src")
	write("inc1/local.h", "local_inc1")
	write("inc1/only1.h", "only1")
	write("inc1/both.h", "both_inc1 next\n#include_next <both.h>")
	write("inc2/both.h", "both_inc2")
	write("inc2/sub/deep.h", "#include \"sibling.h\"")
	write("inc2/sub/sibling.h", "sibling")
	bundled := fstest.MapFS{
		"upc.h":       {Data: []byte("bundled_upc\n#include \"upc_types.h\"")},
		"upc_types.h": {Data: []byte("bundled_types")},
		"only1.h":     {Data: []byte("bundled_only1")},
	}
	cfg := &Config{
		IncludeDirs: []string{filepath.Join(dir, "inc1"), filepath.Join(dir, "inc2")},
		ReadFile:    os.ReadFile,
		Bundled:     bundled,
	}
	src := `#include "local.h"
#include <local.h>
#include "only1.h"
#include <both.h>
#include <sub/deep.h>
#include <upc.h>
#define HDR <only1.h>
#include HDR
#define Q(x) #x
#include Q(local.h)
end`
	fset := gotoken.NewFileSet()
	main := filepath.Join(dir, "src", "main.c")
	r := Preprocess(fset, main, []byte(src), cfg)
	want := "local_src\nlocal_inc1\nonly1\nboth_inc1 next\nboth_inc2\nsibling\nbundled_upc\nbundled_types\nonly1\nlocal_src\nend"
	if got := Format(r.Tokens); got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
	if len(r.Diags) != 0 {
		t.Errorf("diagnostics: %v", renderDiags(fset, r))
	}
	rel := func(s string) string { r, _ := filepath.Rel(dir, s); return r }
	var files []string
	for _, f := range r.Files {
		files = append(files, rel(f))
	}
	wantFiles := "src/main.c src/local.h inc1/local.h src/only1.h inc1/only1.h src/both.h inc1/both.h inc2/both.h src/sub/deep.h inc1/sub/deep.h inc2/sub/deep.h inc2/sub/sibling.h src/upc.h inc1/upc.h inc2/upc.h"
	_ = wantFiles
	// Files lists only files that exist (were read), in first-read order.
	if got := strings.Join(files, " "); got != "src/main.c src/local.h inc1/local.h inc1/only1.h inc1/both.h inc2/both.h inc2/sub/deep.h inc2/sub/sibling.h" {
		t.Errorf("Files = %s", got)
	}
	// Bundled headers have their own file names.
	for _, tk := range r.Tokens {
		if tk.Text == "bundled_types" {
			if name := fset.Position(tk.Pos).Filename; name != "<bundled>/upc_types.h" {
				t.Errorf("bundled header registered as %q", name)
			}
		}
	}
}

func TestIncludeDiagnostics(t *testing.T) {
	files := map[string]string{
		"/src/self.h":  "self\n#include \"self.h\"",
		"/src/twice.h": "#include \"twice.h\"\n#include \"twice.h\"",
		"/src/bin.h":   "\x00\x01\x02",
		"/src/open.h":  "#if 1\nopen",
	}
	src := `#include "missing.h"
#include <mpi.h>
#include
#include foo
#include "self.h"
#include "twice.h"
#include "bin.h"
#include "open.h"
end`
	got, diags, _, _ := pre(t, src, &Config{ReadFile: memFiles(files)})
	want := strings.TrimSpace(strings.Repeat("self\n", maxSelfNest)) + "\nopen\nend"
	if got != want {
		t.Errorf("output:\n%s\nwant:\n%s", got, want)
	}
	wantDiags := []string{
		`1:10: warning: include file "missing.h" not found; declarations from it are unknown (add its directory with -I)`,
		"2:10: warning: system header <mpi.h> not found; declarations from it are unknown",
		`3:1: error: #include expects "FILENAME" or <FILENAME>`,
		`4:1: error: #include expects "FILENAME" or <FILENAME>`,
		`/src/self.h:2:1: error: #include cycle: "self.h" includes itself (stopped after 8 levels)`,
		`/src/twice.h:1:1: error: #include cycle: "twice.h" includes itself (stopped after 8 levels)`,
		`/src/twice.h:2:1: error: #include cycle: "twice.h" includes itself (stopped after 8 levels)`,
		"/src/bin.h:1:1: error: file appears to be binary (it contains NUL bytes); skipped",
		"/src/open.h:1:1: error: unterminated conditional directive (#if without #endif)",
	}
	if strings.Join(diags, "\n") != strings.Join(wantDiags, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(wantDiags, "\n"))
	}
}

// TestIncludeGuards checks that guarded and #pragma once headers are not
// read or lexed again, and that near-guards are not mistaken for guards.
func TestIncludeGuards(t *testing.T) {
	files := map[string]string{
		"/src/guard.h":  "// comment first\n#ifndef GUARD_H\n#define GUARD_H\nguarded\n#endif\n",
		"/src/guard2.h": "#if !defined(G2)\n#define G2\nguarded2\n#endif",
		"/src/once.h":   "#pragma once\nonce",
		"/src/notg.h":   "#ifndef NG\n#define NG\nng\n#endif\nafter",
		"/src/elseg.h":  "#ifndef EG\n#define EG\neg\n#else\nelse\n#endif",
	}
	reads := map[string]int{}
	read := memFiles(files)
	cfg := &Config{ReadFile: func(name string) ([]byte, error) { reads[name]++; return read(name) }}
	src := strings.Repeat("#include \"guard.h\"\n#include \"guard2.h\"\n#include \"once.h\"\n#include \"notg.h\"\n#include \"elseg.h\"\n", 3)
	got, diags, r, _ := pre(t, src, cfg)
	want := "guarded\nguarded2\nonce\nng\nafter\neg\nafter\nelse\nafter\nelse"
	if got != want || len(diags) != 0 {
		t.Errorf("output:\n%s\ndiagnostics %v", got, diags)
	}
	for name, n := range reads {
		if n != 1 {
			t.Errorf("%s read %d times", name, n)
		}
	}
	for _, f := range []string{"/src/guard.h", "/src/guard2.h", "/src/once.h"} {
		found := false
		for _, g := range r.Files {
			found = found || g == f
		}
		if !found {
			t.Errorf("%s missing from Files %v", f, r.Files)
		}
	}
}

func TestLineDirective(t *testing.T) {
	src := "a\n#line 100\nb\n#line 200 \"other.upc\"\nc\n# 7 \"marker.c\" 1 3\nd\n__LINE__ __FILE__"
	got, diags, r, fset := pre(t, src, nil)
	if got != `a
b
c
d
8 "marker.c"` || len(diags) != 0 {
		t.Fatalf("output %q, diagnostics %v", got, diags)
	}
	var pos []string
	for _, tk := range r.Tokens[:4] {
		p := fset.Position(tk.Pos)
		pos = append(pos, fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column))
	}
	if strings.Join(pos, " ") != "/src/main.c:1:1 /src/main.c:100:1 other.upc:200:1 marker.c:7:1" {
		t.Errorf("positions %v", pos)
	}
	// The raw position is still available.
	if p := fset.PositionFor(r.Tokens[2].Pos, false); p.Line != 5 || p.Filename != "/src/main.c" {
		t.Errorf("unadjusted position %v", p)
	}
	_, diags, _, _ = pre(t, "#line x\n#line 0\n#line 5 foo\n#line", nil)
	want := []string{`1:7: error: "x" after #line is not a positive integer`, `2:7: error: "0" after #line is not a positive integer`,
		`3:9: error: invalid filename "foo" in #line directive`, "4:1: error: #line directive requires a line number"}
	if strings.Join(diags, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s", strings.Join(diags, "\n"))
	}
}

func TestRunawayExpansion(t *testing.T) {
	var b strings.Builder
	b.WriteString("#define m0 x x\n")
	for i := 1; i < 40; i++ {
		fmt.Fprintf(&b, "#define m%d m%d m%d\n", i, i-1, i-1)
	}
	b.WriteString("m39 end\nm39\n")
	_, diags, r, _ := pre(t, b.String(), nil)
	if len(r.Tokens) > 3*maxExpansion {
		t.Errorf("%d tokens", len(r.Tokens))
	}
	if len(diags) != 2 || !strings.Contains(diags[0], `expansion of macro "m`) || !strings.HasPrefix(diags[0], "41:1:") || !strings.HasPrefix(diags[1], "42:1:") {
		t.Errorf("diagnostics %v", diags)
	}
	end := false
	for _, tk := range r.Tokens {
		end = end || tk.Text == "end"
	}
	if !end {
		t.Errorf("rest of file not preprocessed")
	}
}

func TestDeepNesting(t *testing.T) {
	const n = 10000
	src := strings.Repeat("#if 1\n", n) + "x\n" + strings.Repeat("#endif\n", n) +
		"#if " + strings.Repeat("(", n) + "1" + strings.Repeat(")", n) + "\n#endif\n" +
		"#define f(x) x\n" + strings.Repeat("f(", n) + "y" + strings.Repeat(")", n) + "\n" +
		strings.Repeat("(", n) + strings.Repeat(")", n)
	_, diags, r, _ := pre(t, src, nil)
	if r.Tokens[0].Text != "x" {
		t.Errorf("first token %q", r.Tokens[0].Text)
	}
	want := []string{
		fmt.Sprintf("%d:%d: error: #if expression nested too deeply (more than %d levels)", 2*n+2, maxExprDepth+5, maxExprDepth),
		fmt.Sprintf("%d:1: error: expansion of macro \"f\" exceeds %d tokens; expansion stopped", 2*n+5, maxExpansion),
	}
	if strings.Join(diags, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(want, "\n"))
	}
}

func TestFormat(t *testing.T) {
	toks := []token.Token{
		{Kind: token.Ident, Text: "a", Flags: token.BOL},
		{Kind: token.Punct, Text: "+"},
		{Kind: token.Pragma, Text: "upc strict"},
		{Kind: token.Ident, Text: "b"},
		{Kind: token.Ident, Text: "c", Flags: token.BOL},
		{Kind: token.EOF},
		{Kind: token.Ident, Text: "ignored"},
	}
	if got := Format(toks); got != "a +\n#pragma upc strict\nb\nc" {
		t.Errorf("Format = %q", got)
	}
}

func TestHasIncludeAndBundled(t *testing.T) {
	files := map[string]string{"/src/here.h": "here", "/inc/sys.h": "sys_inc"}
	bundled := fstest.MapFS{
		"sys.h":         {Data: []byte("sys_bundled")},
		"upc_relaxed.h": {Data: []byte("#pragma upc relaxed\n")},
	}
	src := `#if __has_include("here.h") && __has_include(<sys.h>) && !__has_include(<none.h>) && __has_include(<upc_relaxed.h>)
#include "here.h"
#include <sys.h>
#include <upc_relaxed.h>
#endif
`
	got, diags, _, _ := pre(t, src, &Config{ReadFile: memFiles(files), IncludeDirs: []string{"/inc"}, Bundled: bundled})
	if got != "here\nsys_inc\n#pragma upc relaxed" || len(diags) != 0 {
		t.Errorf("output %q, diagnostics %v", got, diags)
	}
	// Without -I the bundled header is found; #include_next from an -I
	// header reaches the bundled one.
	files["/inc/sys.h"] = "sys_inc\n#include_next <sys.h>"
	got, diags, _, _ = pre(t, "#include <sys.h>\n", &Config{ReadFile: memFiles(files), IncludeDirs: []string{"/inc"}, Bundled: bundled})
	if got != "sys_inc\nsys_bundled" || len(diags) != 0 {
		t.Errorf("include_next: output %q, diagnostics %v", got, diags)
	}
}

func TestCRLFAndSplices(t *testing.T) {
	src := "#define LONG(a, \\\r\n  b) a + \\\r\n b\r\nint x = LONG(1,\r\n 2);\r\n"
	got, diags, r, fset := pre(t, src, nil)
	if got != "int x = 1 + 2 ;" || len(diags) != 0 {
		t.Errorf("output %q, diagnostics %v", got, diags)
	}
	if p := fset.Position(r.Tokens[5].Exp); p.Line != 4 || p.Column != 9 {
		t.Errorf("expansion site %v", p)
	}
}

func TestIncludeDepth(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 300; i++ {
		files[fmt.Sprintf("/src/h%d.h", i)] = fmt.Sprintf("#include \"h%d.h\"\nh%d", i+1, i)
	}
	got, diags, r, fset := pre(t, "#include \"h0.h\"\n#include <mpi.h>", &Config{ReadFile: memFiles(files)})
	// main.c includes h0.h at level 1, ..., h199.h is at level 200.
	if !strings.HasPrefix(got, "h199\nh198\n") || !strings.HasSuffix(got, "h1\nh0") {
		t.Errorf("output starts %q", got[:20])
	}
	want := []string{
		"/src/h199.h:1:1: error: #include nested too deeply (more than 200 levels)",
		"2:10: warning: system header <mpi.h> not found; declarations from it are unknown",
	}
	if strings.Join(diags, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics:\n%s", strings.Join(diags, "\n"))
	}
	if d := r.Diags[1]; fset.Position(d.End).Column != 17 {
		t.Errorf("missing header diagnostic ends at %v", fset.Position(d.End))
	}
}

// TestDiagnosticSpans: a preprocessor diagnostic covers the token it is
// about, not just its first character.
func TestDiagnosticSpans(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"#include \"nothere.h\"\n", `"nothere.h"`},
		{"#include <nothere.h>\n", `<nothere.h>`},
		{"#error stop here\n", "#error"},
		{"#bogus\n", "bogus"},
		{"#if 1 +\n#endif\n", ""},
		{"#define F(a) a\nF(1, 2)\n", "F"},
	} {
		_, _, r, fset := pre(t, tc.src, nil)
		if len(r.Diags) == 0 {
			t.Errorf("%q: no diagnostic", tc.src)
			continue
		}
		d := r.Diags[0]
		if !d.End.IsValid() {
			t.Errorf("%q: %q has no end", tc.src, d.Message)
			continue
		}
		from, to := fset.Position(d.Pos).Offset, fset.Position(d.End).Offset
		if got := tc.src[from:to]; tc.want != "" && got != tc.want || to <= from {
			t.Errorf("%q: %q spans %q, want %q", tc.src, d.Message, got, tc.want)
		}
	}
}
