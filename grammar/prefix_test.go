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
	u := Load(gotoken.NewFileSet(), name, []byte(prefixUnits[name]), &Config{ReadFile: read, Prefixes: c})
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
}
