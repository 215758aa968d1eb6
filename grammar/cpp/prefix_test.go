package cpp

import (
	"fmt"
	gotoken "go/token"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
)

// prefixHeaders are bundled headers for the cache tests: guarded and
// unguarded ones, a header that depends on a macro the unit or the command
// line defines, one with a warning, macros that refer to themselves.
var prefixHeaders = fstest.MapFS{
	"a.h": {Data: []byte("#ifndef A_H\n#define A_H\n#define A 1\n#define twice(x) ((x) + (x))\n" +
		"#define self self + A\nint a_counter = __COUNTER__;\nint a_level = __INCLUDE_LEVEL__;\n#include <b.h>\n#endif\n")},
	"b.h": {Data: []byte("#pragma once\n#ifdef BIG\ntypedef long b_t;\n#else\ntypedef int b_t;\n#endif\n#define B twice(A)\n")},
	"assert.h": {Data: []byte("#undef assert\n#ifdef NDEBUG\n#define assert(e) ((void)0)\n#else\n" +
		"#define assert(e) ((e) ? (void)0 : fail(#e, __FILE__, __LINE__))\n#endif\n")},
	"warn.h":  {Data: []byte("#warning a bundled warning\n#define W __LINE__\n")},
	"local.h": {Data: []byte("int bundled_local;\n")},
	"push.h":  {Data: []byte("#define P 1\n#pragma push_macro(\"P\")\n#undef P\n#define P 2\n")},
	"miss.h":  {Data: []byte("#include <nowhere.h>\nint after_missing;\n")},
}

// prefixUnit is a unit of a cache test, with its own command line.
type prefixUnit struct {
	name, src string
	defines   []string
	dirs      []string
}

var prefixUnits = []prefixUnit{
	{name: "/p/one.c", src: "#include <a.h>\n#include <assert.h>\nint f(int x) { assert(x); return B + twice(x) + self; }\n"},
	{name: "/p/two.c", src: "#include <a.h>\n#include <assert.h>\nint g = A; b_t t;\n#error after the headers\n"},
	{name: "/p/ndebug.c", src: "#include <a.h>\n#include <assert.h>\nint f(int x) { assert(x); return x; }\n", defines: []string{"NDEBUG"}},
	{name: "/p/big.c", src: "#include <a.h>\nb_t v;\n", defines: []string{"BIG"}},
	// the order of the includes matters
	{name: "/p/order.c", src: "#include <assert.h>\n#include <a.h>\nint h = __COUNTER__;\n"},
	// a definition before the first #include: no leading includes
	{name: "/p/define.c", src: "#define BIG 1\n#include <a.h>\nb_t w;\n"},
	{name: "/p/define2.c", src: "#define NDEBUG\n#include <assert.h>\nint f(int x) { assert(x); return x; }\n"},
	// headers included again, guarded or not
	{name: "/p/again.c", src: "#include <a.h>\n#include <b.h>\n#include <a.h>\n#include <assert.h>\n#define NDEBUG\n#include <assert.h>\nint k = __INCLUDE_LEVEL__;\n"},
	// missing headers, first or after cached ones
	{name: "/p/missing.c", src: "#include <nosuch.h>\n#include <a.h>\nint m;\n"},
	{name: "/p/missing2.c", src: "#include <a.h>\n#include <nosuch.h>\n#include <assert.h>\nint m;\n"},
	{name: "/p/nested.c", src: "#include <a.h>\n#include <miss.h>\nint n;\n"},
	// diagnostics in a cached header, and a macro that expands to __LINE__
	{name: "/p/warn.c", src: "// a comment first\n/* and\n another */\n#include <warn.h>\nint w = W;\n"},
	{name: "/p/warn2.c", src: "#include <warn.h>\n\n\nint w = W;\n"},
	{name: "/p/push.c", src: "#include <push.h>\n#pragma pop_macro(\"P\")\nint p = P;\n"},
	// a header on disk next to the unit shadows the bundled one
	{name: "/p/local.c", src: "#include \"local.h\"\n#include <a.h>\nint l;\n"},
	{name: "/q/local.c", src: "#include \"local.h\"\n#include <a.h>\nint l;\n"},
	// an -I directory with a header of the same name
	{name: "/p/dir.c", src: "#include <a.h>\n#include <assert.h>\nint d(int x) { assert(x); return x; }\n", dirs: []string{"/inc"}},
	// a line that is not a plain #include ends the leading ones
	{name: "/p/computed.c", src: "#include <a.h>\n#define H <assert.h>\n#include H\nint c;\n"},
	{name: "/p/splice.c", src: "#include <a.h>\n#include \\\n<assert.h>\nint s;\n"},
	{name: "/p/self.c", src: "#include <a.h>\nint self_ = self;\n#undef A\n#define A 2\nint a2 = B;\n"},
}

// prefixDisk is the file system the units are read from.
var prefixDisk = map[string]string{
	"/q/local.h":    "int disk_local;\n",
	"/inc/assert.h": "#define assert(e) disk_assert(e)\n",
}

// renderResult prints everything Preprocess returns, positions both as
// numbers and as file:line:col.
func renderResult(fset *gotoken.FileSet, r *Result) string {
	var b strings.Builder
	pos := func(p gotoken.Pos) string { return fmt.Sprintf("%d(%s)", p, fset.Position(p)) }
	for _, t := range r.Tokens {
		fmt.Fprintf(&b, "%s %q %d %s", t.Kind, t.Text, t.Flags, pos(t.Pos))
		if t.Exp.IsValid() {
			fmt.Fprintf(&b, " exp %s-%s", pos(t.Exp), pos(t.ExpEnd()))
		}
		b.WriteByte('\n')
	}
	for _, d := range r.Diags {
		fmt.Fprintf(&b, "diag %s-%s %s %s %s %v\n", pos(d.Pos), pos(d.End), d.Severity, d.Rule, d.Message, d.Related)
	}
	fmt.Fprintf(&b, "files %q missing %q at %s\n", r.Files, r.Missing, pos(r.MissingAt))
	names := make([]string, 0, len(r.Macros))
	for name := range r.Macros {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		m := r.Macros[name]
		fmt.Fprintf(&b, "macro %s %s %s\n", name, pos(m.Pos), m.String())
	}
	fset.Iterate(func(f *gotoken.File) bool {
		fmt.Fprintf(&b, "file %s %d %d %v\n", f.Name(), f.Base(), f.Size(), f.Lines())
		return true
	})
	return b.String()
}

func preprocessUnit(u prefixUnit, disk map[string]string, c *PrefixCache) string {
	fset := gotoken.NewFileSet()
	r := Preprocess(fset, u.name, []byte(u.src), &Config{
		Defines: u.defines, IncludeDirs: u.dirs, ReadFile: memFiles(disk),
		Bundled: &prefixHeaders, Prefixes: c,
	})
	return renderResult(fset, r)
}

// prefixFixture returns the files of the prefix units and each unit's
// result preprocessed without the cache.
func prefixFixture() (disk map[string]string, want []string) {
	disk = map[string]string{}
	for _, u := range prefixUnits {
		disk[u.name] = u.src
	}
	for k, v := range prefixDisk {
		disk[k] = v
	}
	want = make([]string, len(prefixUnits))
	for i, u := range prefixUnits {
		want[i] = preprocessUnit(u, disk, NoPrefixCache)
	}
	return disk, want
}

// TestPrefixCache preprocesses each unit without the cache, then with a
// cache that the other units filled, and requires the same result.
func TestPrefixCache(t *testing.T) {
	disk, want := prefixFixture()
	c := NewPrefixCache(0)
	for pass := range 2 {
		for i, u := range prefixUnits {
			if got := preprocessUnit(u, disk, c); got != want[i] {
				t.Errorf("pass %d, %s: with the cache\n%s\nwithout\n%s", pass, u.name, got, want[i])
			}
		}
	}
	// every unit but those with no bundled leading include is served
	// from the second pass on, and most from the first
	if h := c.Hits(); h < len(prefixUnits)+len(prefixUnits)/2 {
		t.Errorf("%d hits in two passes over %d units", h, len(prefixUnits))
	}

	// The results differ where they must (the cache does not hide a
	// difference in the command line or the files on disk).
	has := func(name, text string, yes bool) {
		t.Helper()
		i := slices.IndexFunc(prefixUnits, func(u prefixUnit) bool { return u.name == name })
		if strings.Contains(want[i], text) != yes {
			t.Errorf("%s: contains %s: %v, want %v", name, text, !yes, yes)
		}
	}
	has("/p/one.c", `"fail"`, true)
	has("/p/ndebug.c", `"fail"`, false)
	has("/p/big.c", `"long"`, true)
	has("/p/two.c", `"long"`, false)
	has("/p/local.c", `"bundled_local"`, true)
	has("/q/local.c", `"disk_local"`, true)
	has("/q/local.c", `"bundled_local"`, false)
	has("/p/dir.c", `"disk_assert"`, true)
	has("/p/missing2.c", "system header <nosuch.h> not found", true)
	has("/p/nested.c", "system header <nowhere.h> not found", true)
	has("/p/warn.c", "#warning a bundled warning", true)
}

// TestPrefixCacheFileAppears reuses a state only while the files it looked
// for in vain are still absent: a header created in an -I directory (or an
// editor buffer) is read by the next unit.
func TestPrefixCacheFileAppears(t *testing.T) {
	u := prefixUnit{name: "/p/u.c", src: "#include <a.h>\n#include <assert.h>\nint f(int x) { assert(x); return x; }\n", dirs: []string{"/inc2"}}
	disk := map[string]string{u.name: u.src}
	c := NewPrefixCache(0)
	before := preprocessUnit(u, disk, c)
	if strings.Contains(before, "disk_assert") {
		t.Fatal("no /inc2/assert.h yet")
	}
	disk["/inc2/assert.h"] = "#define assert(e) disk_assert(e)\n"
	after := preprocessUnit(u, disk, c)
	if want := preprocessUnit(u, disk, NoPrefixCache); after != want {
		t.Errorf("with the cache\n%s\nwithout\n%s", after, want)
	}
	if !strings.Contains(after, "disk_assert") {
		t.Errorf("the new /inc2/assert.h was not used")
	}
}

// TestPrefixCacheConcurrent preprocesses the units from several goroutines
// sharing one cache (run with -race: cached macros and tokens are shared).
func TestPrefixCacheConcurrent(t *testing.T) {
	disk, want := prefixFixture()
	c := NewPrefixCache(0)
	var wg sync.WaitGroup
	errs := make(chan string, 8*len(prefixUnits))
	for g := range 8 {
		wg.Go(func() {
			for k := range prefixUnits {
				i := (k + g) % len(prefixUnits)
				if got := preprocessUnit(prefixUnits[i], disk, c); got != want[i] {
					errs <- prefixUnits[i].name
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for name := range errs {
		t.Errorf("%s: a different result with a shared cache", name)
	}
}

// TestPrefixCacheLimit empties a full cache instead of growing it.
func TestPrefixCacheLimit(t *testing.T) {
	c := NewPrefixCache(40)
	disk := map[string]string{}
	for i := range 20 {
		u := prefixUnit{name: fmt.Sprintf("/p/l%d.c", i), src: "#include <a.h>\nint x;\n", defines: []string{fmt.Sprintf("N%d", i)}}
		disk[u.name] = u.src
		if got, want := preprocessUnit(u, disk, c), preprocessUnit(u, disk, NoPrefixCache); got != want {
			t.Fatalf("%s: with the cache\n%s\nwithout\n%s", u.name, got, want)
		}
		c.mu.Lock()
		n := c.tokens
		c.mu.Unlock()
		if n > 40 {
			t.Fatalf("the cache holds %d tokens, limit 40", n)
		}
	}
}

// TestPrefixAttach: a value attached to a cached state is kept for the
// units that start from it, counts towards the cache's limit, and empties
// the cache when it goes over it.
func TestPrefixAttach(t *testing.T) {
	c := NewPrefixCache(100)
	disk := map[string]string{"/p/u.c": "#include <a.h>\nint x;\n"}
	run := func() *Result {
		return Preprocess(gotoken.NewFileSet(), "/p/u.c", []byte(disk["/p/u.c"]), &Config{
			ReadFile: memFiles(disk), Bundled: &prefixHeaders, Prefixes: c})
	}
	r := run()
	if r.Prefix == nil || r.Prefix.Units() != 1 || r.Prefix.Attached() != nil {
		t.Fatalf("the first unit's state: %+v", r.Prefix)
	}
	if got := r.Prefix.Attach("parse", 10); got != "parse" {
		t.Fatalf("Attach returned %v", got)
	}
	if got := r.Prefix.Attach("other", 10); got != "parse" {
		t.Errorf("a second Attach returned %v, want the value attached first", got)
	}
	r2 := run()
	if r2.Prefix != r.Prefix || r2.Prefix.Units() != 2 || r2.Prefix.Attached() != "parse" {
		t.Fatalf("the second unit does not start from the first one's state and its value: %p %p %v", r2.Prefix, r.Prefix, r2.Prefix.Attached())
	}
	c.mu.Lock()
	n := c.tokens
	c.mu.Unlock()
	// the parent state (after the built-in macros) is in the cache too
	r2.Prefix.Parent().Attach("big", 100-n+1)
	if r3 := run(); r3.Prefix == r.Prefix || c.Hits() != 1 {
		t.Errorf("the cache was not emptied when an attached value went over its limit (%d hits)", c.Hits())
	}
}
