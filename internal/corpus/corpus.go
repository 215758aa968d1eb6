// Package corpus reads a UPC test tree described by Berkeley UPC harness.conf
// files: which files make up each test, the compiler flags it is built with,
// the THREADS counts it may run with, and how its result is judged.
//
// Tests that measure upclint on real code (the front end's acceptance rate,
// the runtime's conformance) use it on the tree named by the UPCLINT_CORPUS
// environment variable and are skipped when it is unset: third-party code is
// never part of the repository.
package corpus

import (
	"bufio"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/upclint/upclint/checks/edit"
)

// EnvVar names the environment variable that points at the corpus root.
const EnvVar = "UPCLINT_CORPUS"

// Root returns the corpus root from the environment, or "" when unset.
func Root() string { return os.Getenv(EnvVar) }

// Default is the value of a THREADS list entry written $DEFAULT$: the
// harness's default thread count.
const Default = -1

// Test is one TestName entry of a harness.conf, with the defaults of its file
// applied.
type Test struct {
	Suite string // directory of the harness.conf, relative to the corpus root
	Dir   string // absolute directory of the harness.conf
	Name  string

	Files          []string // translation units, relative to Dir
	Flags          []string // compiler flags, split on white space
	DynamicThreads []int    // allowed dynamic THREADS counts; Default for $DEFAULT$; none or [0]: not allowed
	StaticThreads  []int    // allowed static THREADS counts, likewise
	CompileResult  string   // "pass", "fail", "warning", ... (lower case)
	BuildCmd       string   // e.g. "upcc", "nolink,upcc", "make,notrans"
	MakeFlags      string
	PassExpr       string // regular expression a passing run prints
	FailExpr       string // regular expression a failing run prints
	ExitCode       int    // the exit status a run must have, when CheckExit
	CheckExit      bool   // ExitCode is compared (it is not "ignore")
	AppArgs        []string
	AppEnv         []string
	TimeLimit      int // seconds (DefaultTimeLimit for $DEFAULT$); 0: the harness does not run the test
	KnownFailure   string
	RequireFeature []string
	Line           int // line of the TestName in the harness.conf
}

// Dynamic reports whether the test may be built for dynamic THREADS.
func (t *Test) Dynamic() bool { return allowed(t.DynamicThreads) }

// Static reports whether the test may be built for static THREADS.
func (t *Test) Static() bool { return allowed(t.StaticThreads) }

func allowed(counts []int) bool {
	for _, n := range counts {
		if n != 0 {
			return true
		}
	}
	return false
}

// Make reports whether the test is built by a Makefile rather than by
// compiling its Files directly.
func (t *Test) Make() bool { return strings.HasPrefix(t.BuildCmd, "make") }

// Define returns the value of a -D macro among the flags and whether it is set.
func (t *Test) Define(name string) (string, bool) {
	for _, f := range t.Flags {
		if d, ok := strings.CutPrefix(f, "-D"); ok {
			n, v, hasValue := strings.Cut(d, "=")
			if n == name {
				if !hasValue {
					v = "1"
				}
				return v, true
			}
		}
	}
	return "", false
}

// Load reads every harness.conf below root, in path order, and returns their
// tests. A harness file that cannot be read is an error; an entry it cannot
// understand is kept with what could be read.
func Load(root string) ([]Test, error) {
	var confs []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && d.Name() == "harness.conf" {
			confs = append(confs, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(confs)
	var tests []Test
	for _, conf := range confs {
		ts, err := LoadFile(root, conf)
		if err != nil {
			return nil, err
		}
		tests = append(tests, ts...)
	}
	return tests, nil
}

// LoadFile reads one harness.conf.
func LoadFile(root, conf string) ([]Test, error) {
	f, err := os.Open(conf)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read only: nothing to flush
	dir := filepath.Dir(conf)
	suite, err := filepath.Rel(root, dir)
	if err != nil {
		suite = dir
	}

	defaults := map[string]string{}
	var (
		entries   []map[string]string
		lines     []int
		wildcards []string
		inDefault bool
		cur       map[string]string
	)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case line == "BEGIN_DEFAULT_CONFIG":
			inDefault = true
			continue
		case line == "END_DEFAULT_CONFIG":
			inDefault = false
			continue
		}
		key, value, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key = strings.TrimSpace(key)
		value = stripComment(value)
		switch {
		case inDefault:
			defaults[key] = value
		case key == "WildCard":
			wildcards = append(wildcards, value)
		case key == "TestName":
			// A test takes the defaults in force where it stands: a file
			// may have several default blocks (one per data type, say).
			cur = maps.Clone(defaults)
			cur["TestName"] = value
			entries = append(entries, cur)
			lines = append(lines, n)
		case cur != nil:
			cur[key] = value
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", conf, err)
	}

	// A WildCard line makes a test of every matching file that has no
	// TestName entry of its own.
	named := map[string]bool{}
	for _, e := range entries {
		named[e["TestName"]] = true
	}
	for _, w := range wildcards {
		pattern := strings.ReplaceAll(w, "<*>", "*")
		matches, _ := filepath.Glob(filepath.Join(dir, pattern))
		sort.Strings(matches)
		prefix, suffix, _ := strings.Cut(w, "<*>")
		for _, m := range matches {
			base := filepath.Base(m)
			name := strings.TrimSuffix(strings.TrimPrefix(base, prefix), suffix)
			if named[name] {
				continue
			}
			named[name] = true
			e := maps.Clone(defaults)
			e["TestName"], e["Files"] = name, base
			entries = append(entries, e)
			lines = append(lines, 0)
		}
	}

	tests := make([]Test, 0, len(entries))
	for i, e := range entries {
		get := func(key string) string {
			return strings.ReplaceAll(e[key], "$TESTNAME$", e["TestName"])
		}
		t := Test{
			Suite:          suite,
			Dir:            dir,
			Name:           e["TestName"],
			Files:          strings.Fields(get("Files")),
			Flags:          strings.Fields(strings.ReplaceAll(get("Flags"), "$TOP_SRCDIR$", root)),
			DynamicThreads: threads(get("DynamicThreads")),
			StaticThreads:  threads(get("StaticThreads")),
			CompileResult:  strings.ToLower(strings.TrimSpace(get("CompileResult"))),
			BuildCmd:       strings.TrimSpace(get("BuildCmd")),
			MakeFlags:      strings.TrimSpace(get("MakeFlags")),
			PassExpr:       strings.TrimSpace(get("PassExpr")),
			FailExpr:       strings.TrimSpace(get("FailExpr")),
			AppArgs:        shellWords(get("AppArgs")),
			AppEnv:         shellWords(get("AppEnv")),
			KnownFailure:   strings.TrimSpace(get("KnownFailure")),
			Line:           lines[i],
		}
		if n, err := strconv.Atoi(strings.TrimSpace(get("ExitCode"))); err == nil {
			t.ExitCode, t.CheckExit = n, true
		}
		t.TimeLimit = timeLimit(strings.TrimSpace(get("TimeLimit")))
		for _, r := range strings.Split(get("RequireFeature"), ",") {
			if r = strings.TrimSpace(r); r != "" {
				t.RequireFeature = append(t.RequireFeature, r)
			}
		}
		tests = append(tests, t)
	}
	return tests, nil
}

// shellWords splits v into words as the harness's shell does: on white
// space, except inside single or double quotes, which are removed
// (`UPC is "Unified Parallel C"` is three words).
func shellWords(v string) []string {
	var (
		words []string
		cur   strings.Builder
		in    bool // inside a word
		quote byte
	)
	for i := 0; i < len(v); i++ {
		c := v[i]
		switch {
		case quote != 0 && c == quote:
			quote = 0
		case quote != 0:
			cur.WriteByte(c)
		case c == '"' || c == '\'':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words
}

// DefaultTimeLimit is the harness's time limit in seconds for a TimeLimit
// of $DEFAULT$.
const DefaultTimeLimit = 180

// timeLimit parses a TimeLimit: $DEFAULT$, seconds, min:sec or h:min:sec.
func timeLimit(v string) int {
	if v == "$DEFAULT$" {
		return DefaultTimeLimit
	}
	secs := 0
	for _, f := range strings.Split(v, ":") {
		n, err := strconv.Atoi(f)
		if err != nil {
			return 0
		}
		secs = 60*secs + n
	}
	return secs
}

// stripComment removes a trailing "# comment" and surrounding space. Values
// never contain '#' in the harness files, except inside regular expressions
// where it is preceded by a backslash.
func stripComment(v string) string {
	for i := 0; i < len(v); i++ {
		if v[i] == '#' && (i == 0 || v[i-1] != '\\') {
			v = v[:i]
			break
		}
	}
	return strings.TrimSpace(v)
}

// threads parses a THREADS list such as "1,2,4", "$DEFAULT$" or "0".
func threads(v string) []int {
	var out []int
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(f)
		switch f {
		case "":
		case "$DEFAULT$":
			out = append(out, Default)
		default:
			if n, err := strconv.Atoi(f); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

// Unit is a translation unit of the corpus with the settings its harness
// builds it with.
type Unit struct {
	Path     string   // absolute path
	Rel      string   // path relative to the corpus root
	Tests    []string // names of the harness tests that build it with these settings
	Define   []string // -D values (NAME or NAME=VALUE)
	Undefine []string
	Include  []string
	Threads  int  // static THREADS; 0 for dynamic
	Negative bool // the harness expects the compilation to fail
	// Features are the harness features its tests require (berkeleyupc,
	// upcr, upc_io, ...).
	Features []string
}

// ImplementationSpecific reports whether the unit's tests require a
// feature of one implementation (Berkeley UPC, its runtime or GASNet): a
// negative test of such a feature fails there for a reason UPC does not
// give (Berkeley rejects variable length arrays; its translator checks
// its own pragmas).
func (u *Unit) ImplementationSpecific() bool {
	for _, f := range u.Features {
		switch f {
		case "berkeleyupc", "upcr", "gasnet":
			return true
		}
	}
	return false
}

// DefaultStaticThreads is the static THREADS count used where a harness
// allows its default static count.
const DefaultStaticThreads = 4

// LoadUnits loads the tests below root (Load) and returns them with their
// translation units (Units).
func LoadUnits(root string) ([]Test, []Unit, error) {
	tests, err := Load(root)
	if err != nil {
		return nil, nil, err
	}
	units, err := Units(root, tests)
	return tests, units, err
}

// Units returns the translation units of the tests: every UPC or C source
// file in a directory with a harness.conf (or below one), once per distinct
// set of flags its tests build it with. Files that another source file
// includes are parts of their includer, not units; files no test names are
// units with the settings of their suite (static THREADS when every test of
// the suite needs it).
func Units(root string, tests []Test) ([]Unit, error) {
	suites := map[string][]*Test{}
	for i := range tests {
		suites[tests[i].Dir] = append(suites[tests[i].Dir], &tests[i])
	}
	var sources []string
	for dir := range suites {
		err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if _, nested := suites[path]; nested && path != dir {
					return fs.SkipDir // its own harness describes it
				}
				return nil
			}
			if ext := filepath.Ext(path); ext == ".upc" || ext == ".c" {
				sources = append(sources, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(sources)
	included := includedSources(sources)

	byKey := map[string]*Unit{}
	var order []string
	add := func(path string, t *Test, threads int, negative bool) {
		u := Unit{Path: path, Threads: threads, Negative: negative}
		if t != nil {
			for _, f := range t.Flags {
				switch {
				case strings.HasPrefix(f, "-D"):
					u.Define = append(u.Define, f[2:])
				case strings.HasPrefix(f, "-U"):
					u.Undefine = append(u.Undefine, f[2:])
				case strings.HasPrefix(f, "-I"):
					inc := f[2:]
					if !filepath.IsAbs(inc) {
						inc = filepath.Join(t.Dir, inc)
					}
					u.Include = append(u.Include, inc)
				}
			}
		}
		key := fmt.Sprint(path, u.Define, u.Undefine, u.Include, threads, negative)
		if prev, ok := byKey[key]; ok {
			if t != nil {
				prev.Tests = append(prev.Tests, t.Name)
				prev.Features = appendNew(prev.Features, t.RequireFeature...)
			}
			return
		}
		u.Rel, _ = filepath.Rel(root, path)
		if t != nil {
			u.Tests = []string{t.Name}
			u.Features = appendNew(nil, t.RequireFeature...)
		}
		byKey[key] = &u
		order = append(order, key)
	}

	named := map[string]bool{}
	for i := range tests {
		t := &tests[i]
		if t.Make() {
			continue
		}
		for _, f := range t.Files {
			path := filepath.Join(t.Dir, f)
			if _, err := os.Stat(path); err != nil {
				continue
			}
			named[path] = true
			add(path, t, t.threads(), t.CompileResult == "fail")
		}
	}
	for _, path := range sources {
		if named[path] || included[path] {
			continue
		}
		add(path, nil, suiteThreads(suiteOf(path, suites)), false)
	}
	units := make([]Unit, 0, len(order))
	for _, k := range order {
		units = append(units, *byKey[k])
	}
	sort.SliceStable(units, func(i, j int) bool { return units[i].Rel < units[j].Rel })
	return units, nil
}

// suiteOf returns the tests of the nearest harness directory above path.
func suiteOf(path string, suites map[string][]*Test) []*Test {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		if ts, ok := suites[dir]; ok {
			return ts
		}
		if parent := filepath.Dir(dir); parent == dir {
			return nil
		}
	}
}

// staticMake matches what names a static THREADS count in a build: upcc's
// -T, GUPC's -fupc-threads, NAS's UPCC_STAT_THREADS and THREADF.
var staticMake = regexp.MustCompile(`STAT_THREADS|THREADF|-fupc-threads|(^|\s)-T\s*\$?[({]?[A-Za-z0-9_]`)

// suiteThreads is the static THREADS count for a file no test names: a
// suite built with make uses static THREADS when its make flags or its
// makefiles name a count; otherwise static THREADS when every test of the
// suite needs it.
func suiteThreads(ts []*Test) int {
	if len(ts) == 0 {
		return 0
	}
	for _, t := range ts {
		if t.Make() && (staticMake.MatchString(t.MakeFlags) || makefilesStatic(t.Dir)) {
			return DefaultStaticThreads
		}
	}
	for _, t := range ts {
		if t.Dynamic() {
			return 0
		}
	}
	return DefaultStaticThreads
}

// makefilesStatic reports whether a makefile below dir names a static
// THREADS count.
func makefilesStatic(dir string) bool {
	found := false
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || found {
			return fs.SkipDir
		}
		name := d.Name()
		if d.IsDir() || !(strings.HasPrefix(name, "Makefile") || strings.HasPrefix(name, "make.") || strings.HasSuffix(name, ".mak")) {
			return nil
		}
		if data, err := os.ReadFile(path); err == nil && staticMake.Match(data) {
			found = true
		}
		return nil
	})
	return found
}

// threads is the static THREADS count a test is built with: 0 (dynamic)
// when it allows dynamic THREADS, else its first static count.
func (t *Test) threads() int {
	if t.Dynamic() || !t.Static() {
		return 0
	}
	for _, n := range t.StaticThreads {
		if n > 0 {
			return n
		}
	}
	return DefaultStaticThreads
}

// includedSources returns the source files that another of them includes
// with #include "...".
func includedSources(sources []string) map[string]bool {
	isSource := map[string]bool{}
	for _, s := range sources {
		isSource[s] = true
	}
	included := map[string]bool{}
	for _, s := range sources {
		data, err := os.ReadFile(s)
		if err != nil {
			continue
		}
		for inc := range edit.IncludeLines(data) {
			if p := filepath.Join(filepath.Dir(s), inc.Name); !inc.Angle && isSource[p] && p != s {
				included[p] = true
			}
		}
	}
	return included
}

// appendNew appends the values of vs that list does not hold yet.
func appendNew(list []string, vs ...string) []string {
	for _, v := range vs {
		if !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}
