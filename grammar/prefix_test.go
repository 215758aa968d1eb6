package grammar

import (
	"fmt"
	gotoken "go/token"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
)

// prefixUnits are units whose leading includes a PrefixCache shares, with
// front-end diagnostics of every kind: syntax and type errors after the
// headers, a missing header, a redefined macro.
var prefixUnits = map[string]string{
	"/u/a.upc": "#include <upc.h>\n#include <stdio.h>\nshared int x[THREADS];\nint main(void) { printf(\"%d\\n\", x[MYTHREAD]); return undeclared; }\n",
	"/u/b.upc": "#include <upc.h>\n#include <stdio.h>\n#include <nosuch.h>\nfoo_t v;\nint main(void) { FILE *f = fopen(\"x\", \"r\"); return f == NULL; }\n",
	"/u/c.upc": "#include <upc.h>\n#include <stdio.h>\n#define EOF 3\nint main(void) { int = 1; }\n",
	"/u/d.upc": "#include <stdio.h>\n#include <upc.h>\n#include <math.h>\nint main(void) { return (int)sqrt(4.0) + upc_threadof(0); }\n",
	"/u/e.upc": "#include <upc_strict.h>\n#include <stdlib.h>\nstruct s { int a; } *p;\nint main(void) { p = malloc(sizeof *p); return p->b; }\n",
	// a macro defined before the first include: no leading includes
	"/u/f.upc": "#define N 4\n#include <upc.h>\nshared int a[N*THREADS];\nint main(void) { return a[0]; }\n",
	// the same includes under other -D flags (prefixDefines)
	"/u/g.upc": "#include <upc.h>\n#include <stdio.h>\nint main(void) { return N + printf(\"x\"); }\n",
	"/u/h.upc": "#include <upc.h>\n#include <stdio.h>\nint main(void) { return N + printf(\"x\"); }\n",
	// headers included again, guarded
	"/u/i.upc": "#include <upc.h>\n#include <stdio.h>\n#include <stdio.h>\n#include <upc.h>\nint main(void) { return printf(\"x\"); }\n",
	// names the headers declare, declared again: a typedef name as a
	// variable, a function as an object, a typedef redefined
	"/u/j.upc": "#include <upc.h>\n#include <stdio.h>\nint printf;\nint size_t = 2;\ntypedef int FILE;\nint main(void) { FILE f = size_t * 2; return printf + f; }\n",
	// a missing header first, then a bundled one
	"/u/k.upc": "#include <nosuch.h>\n#include <stdio.h>\nfoo_t x;\nint main(void) { return bar(x); }\n",
	// #pragma and an old-style definition right after the includes
	"/u/l.upc": "#include <upc_relaxed.h>\n#include <stdio.h>\n#pragma upc strict\nf(a) int a; { return a + (int)sizeof(FILE *); }\n",
	// a header's macro redefined, a syntax error right after the includes
	"/u/m.upc": "#include <upc.h>\n#include <stdio.h>\n#undef EOF\n#define EOF 7\nint x = ;\nint main(void) { return EOF; }\n",
	// the includes of another unit in another order
	"/u/n.upc": "#include <stdio.h>\n#include <upc.h>\nint main(void) { FILE *f = stdout; return f == NULL; }\n",
}

// prefixDefines are the -D flags of some prefixUnits.
var prefixDefines = map[string][]string{
	"/u/g.upc": {"N=1"},
	"/u/h.upc": {"N=2", "EOF=5"},
}

// renderUnit prints what Load returns that its users read: diagnostics
// with their notes, files, and every top-level declaration with its range.
func renderUnit(u *Unit) string {
	var b strings.Builder
	pos := func(p gotoken.Pos) string { return fmt.Sprintf("%d(%s)", p, u.Fset.Position(p)) }
	for _, d := range u.Diags {
		fmt.Fprintf(&b, "%s-%s %s %s %s\n", pos(d.Pos), pos(d.End), d.Severity, d.Rule, d.Message)
		for _, r := range d.Related {
			fmt.Fprintf(&b, "\tnote %s-%s %s\n", pos(r.Pos), pos(r.End), r.Message)
		}
	}
	fmt.Fprintf(&b, "files %q\n", u.Files)
	fmt.Fprintf(&b, "%d tokens, %d types, %d defs, %d uses, %d scopes, %d file-scope names\n",
		len(u.File.Tokens), len(u.Info.Types), len(u.Info.Defs), len(u.Info.Uses), len(u.Info.Scopes), len(u.Info.FileScope.Names()))
	for _, d := range u.File.Decls {
		fmt.Fprintf(&b, "%T %s-%s\n", d, pos(d.Start()), pos(d.End()))
		if fd, ok := d.(*ast.Decl); ok && fd.Body != nil {
			fmt.Fprintf(&b, "\t%d uses, %d defs\n", len(u.Info.Uses), len(u.Info.Defs))
		}
	}
	return b.String()
}

func loadPrefixUnit(name string, c *cpp.PrefixCache) string {
	read := func(path string) ([]byte, error) {
		if s, ok := prefixUnits[path]; ok {
			return []byte(s), nil
		}
		return nil, os.ErrNotExist
	}
	u := Load(gotoken.NewFileSet(), name, []byte(prefixUnits[name]), &Config{ReadFile: read, Defines: prefixDefines[name], Prefixes: c})
	return renderUnit(u)
}

// TestPrefixCacheLoad loads units from several goroutines that share a
// cache of preprocessed leading includes and requires what loading each
// alone without the cache gives (run with -race: the units share cached
// macros, tokens and line tables).
func TestPrefixCacheLoad(t *testing.T) {
	want := map[string]string{}
	for name := range prefixUnits {
		want[name] = loadPrefixUnit(name, cpp.NoPrefixCache)
	}
	if !strings.Contains(want["/u/b.upc"], "not found") || !strings.Contains(want["/u/a.upc"], "undeclared") {
		t.Fatalf("the units lack the diagnostics they are meant to have:\n%s\n%s", want["/u/a.upc"], want["/u/b.upc"])
	}
	c := cpp.NewPrefixCache(0)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range 4 {
		for name := range prefixUnits {
			wg.Go(func() {
				got := loadPrefixUnit(name, c)
				if got != want[name] {
					mu.Lock()
					t.Errorf("%s with a shared cache:\n%s\nalone:\n%s", name, got, want[name])
					mu.Unlock()
				}
			})
		}
	}
	wg.Wait()
	if c.Hits() == 0 {
		t.Errorf("the cache served no unit")
	}
	// the units shared the parse of their leading includes too
	src := []byte(prefixUnits["/u/a.upc"])
	r := cpp.Preprocess(gotoken.NewFileSet(), "/u/a.upc", src, &cpp.Config{Bundled: headers.FS, Prefixes: c})
	if r.Prefix == nil || r.Prefix.Tokens() == 0 {
		t.Fatalf("a.upc started from no cached state")
	}
	if p, ok := r.Prefix.Attached().(*parser.Prefix); !ok || p.Tokens() != r.Prefix.Tokens() {
		t.Errorf("no parse of a.upc's %d leading tokens is kept: %v", r.Prefix.Tokens(), r.Prefix.Attached())
	}
}

// TestPrefixParseOfFewerIncludes: units whose include lists differ after
// the first includes share the parse of those they have in common, and
// load as they would alone.
func TestPrefixParseOfFewerIncludes(t *testing.T) {
	units := []string{
		"#include <upc.h>\n#include <stdio.h>\n#include <math.h>\nint main(void) { return (int)sqrt(4.0); }\n",
		"#include <upc.h>\n#include <stdio.h>\n#include <stdlib.h>\nint main(void) { return abs(printf(\"x\")); }\n",
		"#include <upc.h>\n#include <stdio.h>\n#include <string.h>\nint main(void) { return (int)strlen(\"x\") + undeclared; }\n",
	}
	c := cpp.NewPrefixCache(0)
	var files []*ast.File
	for i, src := range units {
		name := fmt.Sprintf("/u/%d.upc", i)
		load := func(c *cpp.PrefixCache) *Unit {
			return Load(gotoken.NewFileSet(), name, []byte(src), &Config{Prefixes: c})
		}
		want := renderUnit(load(cpp.NoPrefixCache))
		u := load(c)
		if got := renderUnit(u); got != want {
			t.Errorf("unit %d with the cache:\n%s\nalone:\n%s", i, got, want)
		}
		files = append(files, u.File)
	}
	r := cpp.Preprocess(gotoken.NewFileSet(), "/u/3.upc", []byte("#include <upc.h>\n#include <stdio.h>\n#include <ctype.h>\n"),
		&cpp.Config{Bundled: headers.FS, Prefixes: c})
	if r.Prefix == nil || r.Prefix.Parent() == nil {
		t.Fatalf("the fourth unit does not start from a state grown from another")
	}
	common := r.Prefix.Parent()
	if common.Units() != 4 || r.Prefix.Units() != 1 {
		t.Fatalf("the common includes' state counts %d units (want 4), the fourth unit's own %d (want 1)", common.Units(), r.Prefix.Units())
	}
	p, ok := common.Attached().(*parser.Prefix)
	if !ok || p.Tokens() != common.Tokens() || r.Prefix.Attached() != nil {
		t.Fatalf("the parse kept is not that of the common includes: %v on %d tokens, %v on the unit's own list",
			common.Attached(), common.Tokens(), r.Prefix.Attached())
	}
	// the units after the second share its declarations
	if files[1].Decls[0] != files[2].Decls[0] || files[0].Decls[0] == files[2].Decls[0] {
		t.Errorf("the third unit does not share the declarations of the common includes with the second")
	}
}
