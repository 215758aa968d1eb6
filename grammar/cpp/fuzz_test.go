package cpp

import (
	gotoken "go/token"
	"os"
	"testing"
	"testing/fstest"

	"github.com/upclint/upclint/grammar/token"
)

// FuzzPreprocess checks that no input panics or hangs the preprocessor and
// that its output is well formed: one EOF at the end, positions inside
// registered files, expansion sites ordered.
func FuzzPreprocess(f *testing.F) {
	for _, s := range []string{
		"#define f(x, ...) #x x ## __VA_ARGS__ , ## __VA_ARGS__\nf(a, b) f()",
		"#if defined(X) || 1 / 0 ? 'a' : 2u >> 70\n#elif\n#else\n#endif",
		"#include \"self.h\"\n#include <sys.h>\n#include MAC\n",
		"#define a a b\n#define b a\na b _Pragma(\"upc strict\")",
		"#line 10 \"x.c\"\n__LINE__ __FILE__\n# 5\n",
		"#define g(x) g(x\ng(g(1)))(",
		"#pragma once\n#pragma upc relaxed\n#ifndef G\n#define G\n#endif",
		"??=define X %:%: <: :>\n#define s(x) #x\ns(\"\\\n\")",
		"#define E(...) __VA_OPT__(x)\n#if __has_include(<a.h>)\n#endif",
	} {
		f.Add(s)
	}
	bundled := fstest.MapFS{"sys.h": {Data: []byte("#pragma once\n#define SYS 1\n")}}
	f.Fuzz(func(t *testing.T, src string) {
		fset := gotoken.NewFileSet()
		read := func(name string) ([]byte, error) {
			if name == "/src/self.h" {
				return []byte(src), nil
			}
			return nil, os.ErrNotExist
		}
		r := Preprocess(fset, "/src/main.c", []byte(src), &Config{ReadFile: read, Bundled: bundled, Defines: []string{"MAC=\"self.h\""}})
		n := len(r.Tokens)
		if n == 0 || r.Tokens[n-1].Kind != token.EOF {
			t.Fatalf("no EOF at the end")
		}
		for i := range r.Tokens[:n-1] {
			tk := &r.Tokens[i]
			if tk.Kind == token.EOF || tk.Kind == token.Number {
				t.Fatalf("token %d has kind %v", i, tk.Kind)
			}
			if fset.File(tk.Pos) == nil {
				t.Fatalf("token %q has a position outside the FileSet", tk.Text)
			}
			if tk.Exp != token.NoPos && (fset.File(tk.Exp) == nil || tk.ExpEnd() < tk.Exp) {
				t.Fatalf("token %q has a bad expansion site", tk.Text)
			}
		}
		for _, d := range r.Diags {
			if d.Pos != token.NoPos && fset.File(d.Pos) == nil {
				t.Fatalf("diagnostic %q outside the FileSet", d.Message)
			}
		}
		_ = Format(r.Tokens)
	})
}
