package checks_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/cpp"
)

// fuzzSeeds are small programs of the shapes the rules look at, for
// FuzzAnalyzeSource besides the kernels and the fix tests' inputs.
var fuzzSeeds = []string{
	"#include <upc.h>\nshared int a[THREADS];\nint main(void) { upc_forall (int i = 0; i < THREADS; i++; &a[i]) a[i] = i; upc_barrier; return 0; }\n",
	"#include <upc.h>\n#include <stdio.h>\nshared [4] double b[4*THREADS];\nint main(void) { double s = 0; for (int i = 0; i < 4*THREADS; i++) s += b[i]; printf(\"%f\\n\", s); return 0; }\n",
	"#include <upc_relaxed.h>\nshared int x;\nupc_lock_t *l;\nint main(void) { if (MYTHREAD == 0) upc_barrier; l = upc_all_lock_alloc(); upc_lock(l); x++; upc_unlock(l); return 0; }\n",
	"#include <upc.h>\n#include <stdlib.h>\nshared [] int *shared p;\nint main(void) { if (!MYTHREAD) p = upc_alloc(100 * sizeof(int)); upc_barrier; int *q = (int *)p; for (int t = 0; t < THREADS; t++) upc_memget(q, &p[t], 4); return 0; }\n",
	"#include <upc.h>\nshared int v[THREADS];\nint main(void) { upc_notify; v[MYTHREAD] = 1; upc_wait; int s = 0; for (int t = 0; t < THREADS; t++) s += v[t]; return s; }\n",
	"#define N 10\n#include <upc.h>\nshared [N] int m[N][N*THREADS];\nvoid f(shared [N] int (*r)[N*THREADS]) { r[0][MYTHREAD] = 0; }\nint main(void) { f(m); return m[1][2]; }\n",
	"#include <upc.h>\nint main(void) { int x = (; upc_forall (;;;) { } return }\n",
}

// FuzzAnalyzeSource runs every rule on the input through
// checks.AnalyzeSource and checks that it returns in bounded time with
// no rule failing (the driver turns a rule's panic into an "internal
// error" finding), that every finding in the unit's file lies inside it,
// and that the shared cache of leading includes changes nothing: the
// findings are those without the cache, after a unit with the same
// includes was checked, before or after, through one cache.
func FuzzAnalyzeSource(f *testing.F) {
	var files []string
	globs := []string{"../testdata/kernels/*.upc", "../fixes/testdata/*.upc"}
	if !testing.Short() {
		globs = append(globs, "../testdata/fixes/*/*.upc", "../testdata/fixes/*/*.golden")
	}
	for _, glob := range globs {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	for _, path := range files {
		if src, err := os.ReadFile(path); err == nil && len(src) < 8000 {
			f.Add(string(src))
		}
	}
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		const path, other = "/fuzz/a.upc", "/fuzz/b.upc"
		otherSrc := leadingLines(src) + "shared int fz_v[THREADS];\nint main(void) { upc_barrier; return fz_v[MYTHREAD]; }\n"
		run := func(name string, c *cpp.PrefixCache) string {
			text := src
			if name == other {
				text = otherSrc
			}
			read := func(p string) ([]byte, error) {
				if p == name {
					return []byte(text), nil
				}
				return nil, os.ErrNotExist
			}
			opts := &checks.Options{Config: grammar.Config{ReadFile: read, Prefixes: c}}
			done := make(chan []checks.Finding, 1)
			go func() {
				_, fs := checks.AnalyzeSource(name, []byte(text), opts)
				done <- fs
			}()
			var fs []checks.Finding
			select {
			case fs = <-done:
			case <-time.After(fuzzTimeLimit):
				t.Fatalf("%s: no result after %v (%d bytes)", name, fuzzTimeLimit, len(text))
			}
			for _, fd := range fs {
				if strings.Contains(fd.Message, "internal error") {
					t.Fatalf("%s: %s", name, fd.Message)
				}
				if fd.Pos.Path == name && (fd.Pos.Line < 1 || fd.Pos.Offset > len(text) || fd.End.Offset < fd.Pos.Offset) {
					t.Fatalf("%s: finding outside the file: %+v", name, fd)
				}
			}
			return renderFindings(fs)
		}
		want, wantOther := run(path, cpp.NoPrefixCache), run(other, cpp.NoPrefixCache)
		// two units through one cache, in both orders: the second reuses
		// the first one's parse of the includes
		for _, order := range [][]string{{other, path}, {path, other}} {
			c := cpp.NewPrefixCache(0)
			for _, name := range order {
				exp := want
				if name == other {
					exp = wantOther
				}
				if got := run(name, c); got != exp {
					t.Fatalf("%s after %s through one cache:\n%s", name, order[0], diffLines(exp, got))
				}
			}
		}
	})
}

// fuzzTimeLimit bounds one analysis of a fuzz input: the inputs are small,
// and the limit leaves room for a loaded machine.
const fuzzTimeLimit = 30 * time.Second

// leadingLines returns the lines of src before the first that is not a
// preprocessor directive, blank or a line comment: the other unit of
// FuzzAnalyzeSource starts with the same includes.
func leadingLines(src string) string {
	var b strings.Builder
	for line := range strings.Lines(src) {
		s := strings.TrimSpace(line)
		if s != "" && !strings.HasPrefix(s, "#") && !strings.HasPrefix(s, "//") {
			break
		}
		b.WriteString(line)
	}
	if b.Len() > 0 && !strings.HasSuffix(b.String(), "\n") {
		b.WriteByte('\n')
	}
	return b.String()
}

// renderFindings prints every field of the findings, one a line.
func renderFindings(fs []checks.Finding) string {
	var b bytes.Buffer
	for _, f := range fs {
		fmt.Fprintf(&b, "%+v\n", f)
	}
	return b.String()
}

// diffLines shows the first line where two renderings differ.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := range max(len(w), len(g)) {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\nwithout cache: %s\nwith cache:    %s", i+1, a, b)
		}
	}
	return "(equal)"
}

// TestAnalyzeSourceTooLarge: text over the size limit given to
// AnalyzeSource (by upclint fix and the language server, which read the
// text themselves) gets one finding and is not analysed.
func TestAnalyzeSourceTooLarge(t *testing.T) {
	src := []byte("#include <upc.h>\nshared int a[THREADS];\nint main(void) { return a[0] + ; }\n")
	u, fs := checks.AnalyzeSource("/t/big.upc", src, &checks.Options{MaxFileSize: int64(len(src)) - 1})
	if u != nil || len(fs) != 1 || !strings.Contains(fs[0].Message, "file too large to analyse") || fs[0].Pos.Line != 1 {
		t.Fatalf("unit %v, findings %+v", u != nil, fs)
	}
	if u, fs := checks.AnalyzeSource("/t/big.upc", src, &checks.Options{MaxFileSize: int64(len(src))}); u == nil || len(fs) == 0 || strings.Contains(fs[0].Message, "too large") {
		t.Fatalf("at the limit: unit %v, findings %+v", u != nil, fs)
	}
}

// TestCollectFilesDirectoryLinks: a link named like a source file that
// points to a directory (here its own, a loop) is skipped by the walk, as
// a directory link is, and the files beside it are still checked.
func TestCollectFilesDirectoryLinks(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "d.upc")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "real.upc")
	if err := os.WriteFile(file, []byte("int main(void) { return x; }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../d.upc", filepath.Join(dir, "again.upc")); err != nil {
		t.Skip(err)
	}
	files, err := checks.CollectFiles([]string{dir}, nil)
	if err != nil || len(files) != 1 || files[0] != file {
		t.Fatalf("files %q, error %v", files, err)
	}
	res, err := checks.Run(files, &checks.Options{Jobs: 1})
	if err != nil || len(res.Findings) == 0 {
		t.Fatalf("findings %v, error %v", res.Findings, err)
	}
}
