package fixes_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	_ "github.com/upclint/upclint/checks/rules/all" // register the rules
	"github.com/upclint/upclint/fixes"
)

const coalesceDir = "../testdata/fixes/coalesce"

// fixCopy copies testdata file name into a temporary directory with text
// src (the original's when nil) and mode, and fixes it.
func fixCopy(t *testing.T, name string, src []byte, opts *fixes.Options) *fixes.FileResult {
	t.Helper()
	if src == nil {
		var err error
		if src, err = os.ReadFile(name); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), filepath.Base(name))
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	res := fixes.FixFile(path, opts)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	return res
}

// includedCopy copies testdata/included (main.upc, which includes
// kernel.c) to a temporary directory and returns it.
func includedCopy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"main.upc", "kernel.c"} {
		src, err := os.ReadFile(filepath.Join("testdata/included", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func unsafeOpts(rules ...string) *fixes.Options {
	return &fixes.Options{Check: &checks.Options{}, Unsafe: true, Rules: rules}
}

// TestFixSourceCRLF: a CRLF file is fixed like its LF version and every
// line of the result, including those the fixes insert (here a
// #include <stdlib.h> added at the end of a line), ends with CRLF.
func TestFixSourceCRLF(t *testing.T) {
	for _, name := range []string{"cyclic_range.upc", "struct_fields.upc", "write_rows_forall.upc"} {
		t.Run(name, func(t *testing.T) {
			in := filepath.Join(coalesceDir, name)
			lf := fixCopy(t, in, nil, unsafeOpts())
			if !lf.Changed() {
				t.Fatal("no fix applied to the LF file")
			}
			crlfSrc := []byte(fixes.ToCRLF(string(lf.Original)))
			crlf := fixCopy(t, in, crlfSrc, unsafeOpts())
			if n, m := bytes.Count(crlf.Fixed, []byte("\n")), bytes.Count(crlf.Fixed, []byte("\r\n")); n != m {
				t.Errorf("%d of %d line feeds lack a carriage return", n-m, n)
			}
			if bytes.Contains(crlf.Fixed, []byte("\r\r")) {
				t.Error("doubled carriage return")
			}
			if got := strings.ReplaceAll(string(crlf.Fixed), "\r\n", "\n"); got != string(lf.Fixed) {
				t.Errorf("CRLF result differs from the LF one:\n%s", got)
			}
		})
	}
}

// TestFixSourceIdempotent: fixing the fixed text again changes nothing,
// and every applied fix is gone from the findings.
func TestFixSourceIdempotent(t *testing.T) {
	inputs, _ := filepath.Glob(filepath.Join("..", "testdata", "fixes", "*", "*.upc"))
	if len(inputs) < 36 {
		t.Fatalf("only %d golden inputs", len(inputs))
	}
	for _, in := range inputs {
		t.Run(filepath.Base(filepath.Dir(in))+"/"+filepath.Base(in), func(t *testing.T) {
			first := fixCopy(t, in, nil, unsafeOpts())
			// collective_shown's own fixes are display-only (other rules'
			// may apply).
			if (!first.Changed() || len(first.Applied) == 0) && filepath.Base(filepath.Dir(in)) != "collective_shown" {
				t.Fatal("nothing fixed")
			}
			again := fixes.FixSource(first.Path, first.Fixed, unsafeOpts())
			if again.Changed() {
				t.Errorf("a second run changes the file:\n%s", again.Diff())
			}
			if len(again.Applied) != 0 {
				t.Errorf("a second run applies %+v", again.Applied)
			}
		})
	}
}

// TestFixSourceRulesAndSafety: Rules limits the fixes applied; without
// Unsafe, fixes that need review are left.
func TestFixSourceRulesAndSafety(t *testing.T) {
	in := "../testdata/kernels/vecadd.upc"
	only := fixCopy(t, in, nil, unsafeOpts("finegrain"))
	if only.Changed() {
		t.Errorf("--rules finegrain changed vecadd (only forall findings):\n%s", only.Diff())
	}
	all := fixCopy(t, in, nil, unsafeOpts("forall"))
	if len(all.Applied) != 4 {
		t.Errorf("--rules forall: applied %d, want 4", len(all.Applied))
	}
	for _, a := range all.Applied {
		if a.Rule != "forall" {
			t.Errorf("applied a %s fix", a.Rule)
		}
	}
	// The integer affinity i + 5 over a loop starting at a parameter may
	// be negative: the fix needs review.
	src := []byte(`#include <upc_relaxed.h>
#include <stdio.h>
void f(int lo, int hi)
{
    int i;
    upc_forall (i = lo; i < hi; i++; i + 5)
        printf("%d\n", i);
}
int main(void) { f(0, 10); return 0; }
`)
	safe := fixCopy(t, "unsafe.upc", src, &fixes.Options{Check: &checks.Options{}})
	if safe.Changed() {
		t.Errorf("an unsafe fix was applied without Unsafe:\n%s", safe.Diff())
	}
	if len(safe.Remaining) != 1 || safe.Remaining[0].Rule != "forall" || len(safe.Remaining[0].Fixes) != 1 ||
		safe.Remaining[0].Fixes[0].Safe() {
		t.Errorf("want one forall finding with an unsafe fix, got %+v", safe.Remaining)
	}
	unsafe := fixCopy(t, "unsafe.upc", src, unsafeOpts())
	if !unsafe.Changed() || len(unsafe.Applied) != 1 || unsafe.Applied[0].Safe {
		t.Errorf("Unsafe: applied %+v", unsafe.Applied)
	}
}

// TestFixSourceNoEditInMacroOrBrokenFile: a loop written by a macro, or
// whose header or clauses a macro makes, and a file with a syntax error
// are reported but never edited. A macro that is the keyword alone
// (Berkeley's UPC 1.1 #define forall upc_forall) is the file's spelling
// of the keyword: that loop is rewritten, the invocation replaced whole.
func TestFixSourceNoEditInMacroOrBrokenFile(t *testing.T) {
	macro := []byte(`#include <upc_relaxed.h>
#define N 100
shared int a[N*THREADS];
#define LOOP(i) upc_forall (i = 0; i < N; i++; &a[i]) a[i] = i;
#define EACH(i) upc_forall (i = 0; i < N; i++; &a[i])
#define RANGE(i) i = 0; i < N; i++
#define FORALL upc_forall
#define FORALL_ upc_forall (
int main(void)
{
    int i;
    LOOP(i)
    EACH(i)
        a[i] += 2;
    upc_forall (RANGE(i); &a[i])
        a[i] += 3;
    FORALL_ i = 0; i < N; i++; &a[i])
        a[i] += 4;
    FORALL (i = 0; i < N; i++; &a[i])
        a[i] += 1;
    return 0;
}
`)
	broken := []byte(`#include <upc_relaxed.h>
#define N 100
shared int a[N*THREADS];
int f(void) { return 1 +; }
int main(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i])
        a[i] = i;
    return 0;
}
`)
	// The only change: FORALL's loop.
	wantMacro := strings.Replace(string(macro), "    FORALL (i = 0; i < N; i++; &a[i])", "    for (i = MYTHREAD; i < N; i += THREADS)", 1)
	for name, src := range map[string][]byte{"macro.upc": macro, "broken.upc": broken} {
		res := fixCopy(t, name, src, unsafeOpts())
		switch {
		case name == "macro.upc" && string(res.Fixed) != wantMacro:
			t.Errorf("%s: want only the FORALL loop rewritten:\n%s", name, res.Diff())
		case name == "broken.upc" && res.Changed():
			t.Errorf("%s was edited:\n%s", name, res.Diff())
		}
		n := 0
		for _, f := range res.Remaining {
			if f.Rule == "forall" {
				n++
			}
		}
		if want := map[string]int{"macro.upc": 4, "broken.upc": 1}[name]; n != want {
			t.Errorf("%s: %d forall findings, want %d", name, n, want)
		}
	}
}

// TestWriteFileReadOnlyAndExec: WriteFile keeps an executable or
// read-only file's mode.
func TestWriteFileReadOnlyAndExec(t *testing.T) {
	dir := t.TempDir()
	for _, mode := range []os.FileMode{0o755, 0o444, 0o600} {
		path := filepath.Join(dir, "m"+mode.String()+".upc")
		if err := os.WriteFile(path, []byte("old\r\n"), mode); err != nil {
			t.Fatal(err)
		}
		if err := fixes.WriteFile(path, []byte("new\r\n")); err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if b, _ := os.ReadFile(path); string(b) != "new\r\n" || st.Mode().Perm() != mode {
			t.Errorf("mode %v: got %q with mode %v", mode, b, st.Mode().Perm())
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// TestFixSourceAddsCollectiveHeader: fixes that call upc_all_* in a file
// without <upc_collective.h> add it once, after the UPC headers (or above
// the first declaration when the file includes nothing), CRLF files get a
// CRLF line, and fixing the result again changes nothing.
func TestFixSourceAddsCollectiveHeader(t *testing.T) {
	const inc = "#include <upc_collective.h>"
	for _, name := range []string{"collidiom_no_header.upc"} {
		in := filepath.Join("..", "testdata", "fixes", "collective", name)
		res := fixCopy(t, in, nil, unsafeOpts())
		if n := bytes.Count(res.Fixed, []byte(inc)); n != 1 || len(res.Applied) < 1 {
			t.Errorf("%s: %d fixes, %d includes of the header, want at least 1 and 1:\n%s", name, len(res.Applied), n, res.Fixed)
		}
		if !bytes.Contains(res.Fixed, []byte("#include <upc_relaxed.h>\n"+inc+"\n")) {
			t.Errorf("%s: the include does not follow <upc_relaxed.h>:\n%s", name, res.Fixed)
		}
		again := fixCopy(t, in, res.Fixed, unsafeOpts())
		if again.Changed() {
			t.Errorf("%s: a second run changed the file:\n%s", name, again.Diff())
		}
		crlf := fixCopy(t, in, []byte(fixes.ToCRLF(string(res.Original))), unsafeOpts())
		if string(crlf.Fixed) != fixes.ToCRLF(string(res.Fixed)) {
			t.Errorf("%s: the CRLF file is fixed differently:\n%s", name, crlf.Fixed)
		}
	}
	bare := "// no includes\nshared long x[THREADS];\n\nint main(void)\n{\n    int t;\n    if (MYTHREAD == 0) {\n" +
		"        long w = 7;\n        for (t = 0; t < THREADS; t++)\n            x[t] = w;\n    }\n    upc_barrier;\n    return 0;\n}\n"
	res := fixCopy(t, "bare.upc", []byte(bare), unsafeOpts())
	if !res.Changed() || !strings.HasPrefix(string(res.Fixed), inc+"\n\n// no includes\n") {
		t.Errorf("no include before the first declaration:\n%s", res.Fixed)
	}
	// Through a user header: nothing to add.
	no := filepath.Join("..", "testdata", "fixes", "collective", "collidiom_no_header.upc")
	src, err := os.ReadFile(no)
	if err != nil {
		t.Fatal(err)
	}
	src = bytes.Replace(src, []byte("#include <upc_relaxed.h>\n"), []byte("#include <upc_relaxed.h>\n#include \"coll_decls.h\"\n"), 1)
	dir := t.TempDir()
	hdr, err := os.ReadFile(filepath.Join("..", "testdata", "fixes", "collective_shown", "coll_decls.h"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "via.upc")
	if err := os.WriteFile(filepath.Join(dir, "coll_decls.h"), hdr, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	r := fixes.FixFile(path, unsafeOpts())
	if !r.Changed() || bytes.Contains(r.Fixed, []byte(inc)) {
		t.Errorf("the header comes through coll_decls.h: want a fix and no include:\n%s", r.Fixed)
	}
}

// TestFixSourceIncluded: a file that is not a unit of its own is analysed
// as part of the file that includes it, and fixed where the code is, even
// when the loop follows its block's brace on the same line.
func TestFixSourceIncluded(t *testing.T) {
	dir := includedCopy(t)
	kernel := filepath.Join(dir, "kernel.c")
	alone := fixes.FixFile(kernel, unsafeOpts("finegrain"))
	if alone.Changed() {
		t.Fatalf("kernel.c alone is not a unit, yet it was fixed:\n%s", alone.Fixed)
	}
	opts := unsafeOpts("finegrain")
	opts.Unit = filepath.Join(dir, "main.upc")
	r := fixes.FixFile(kernel, opts)
	if r.Err != nil || len(r.Applied) != 1 || len(r.Remaining) != 0 {
		t.Fatalf("applied %+v, rejected %+v, remaining %+v", r.Applied, r.Rejected, r.Remaining)
	}
	want := "    { \n        /* the elements of x this loop reads */\n"
	if got := string(r.Fixed); !strings.Contains(got, want) || !strings.Contains(got, "upc_memget") ||
		!strings.Contains(got, "\n        for (i = 0; i < 2 * N; i++)\n") {
		t.Errorf("fixed kernel.c:\n%s", got)
	}
	// The includer leaves the file's fixes to it.
	mo := unsafeOpts("finegrain")
	mo.Parts = map[string]bool{kernel: true}
	if m := fixes.FixFile(filepath.Join(dir, "main.upc"), mo); m.Changed() || len(m.Rejected) != 0 {
		t.Errorf("main.upc: changed %v, rejected %+v", m.Changed(), m.Rejected)
	}
}
