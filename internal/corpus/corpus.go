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
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
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
	ExitCode       int
	AppArgs        []string
	AppEnv         []string
	TimeLimit      int // seconds; 0 for the harness default
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
	defer f.Close()
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
			cur = map[string]string{"TestName": value}
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
			entries = append(entries, map[string]string{"TestName": name, "Files": base})
			lines = append(lines, 0)
		}
	}

	tests := make([]Test, 0, len(entries))
	for i, e := range entries {
		get := func(key string) string {
			v, ok := e[key]
			if !ok {
				v = defaults[key]
			}
			return strings.ReplaceAll(v, "$TESTNAME$", e["TestName"])
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
			AppArgs:        strings.Fields(get("AppArgs")),
			AppEnv:         strings.Fields(get("AppEnv")),
			KnownFailure:   strings.TrimSpace(get("KnownFailure")),
			Line:           lines[i],
		}
		t.ExitCode, _ = strconv.Atoi(strings.TrimSpace(get("ExitCode")))
		if tl := strings.TrimSpace(get("TimeLimit")); tl != "$DEFAULT$" {
			t.TimeLimit, _ = strconv.Atoi(tl)
		}
		for _, r := range strings.Split(get("RequireFeature"), ",") {
			if r = strings.TrimSpace(r); r != "" {
				t.RequireFeature = append(t.RequireFeature, r)
			}
		}
		tests = append(tests, t)
	}
	return tests, nil
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
		switch {
		case f == "":
		case f == "$DEFAULT$":
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
}

// DefaultStaticThreads is the static THREADS count used where a harness
// allows its default static count.
const DefaultStaticThreads = 4

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
			}
			return
		}
		u.Rel, _ = filepath.Rel(root, path)
		if t != nil {
			u.Tests = []string{t.Name}
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
		threads := 0
		if ts := suites[filepath.Dir(path)]; len(ts) > 0 {
			threads = DefaultStaticThreads
			for _, t := range ts {
				if t.Dynamic() {
					threads = 0
				}
			}
		}
		add(path, nil, threads, false)
	}
	units := make([]Unit, 0, len(order))
	for _, k := range order {
		units = append(units, *byKey[k])
	}
	sort.SliceStable(units, func(i, j int) bool { return units[i].Rel < units[j].Rel })
	return units, nil
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
// with #include "...", found by a scan of the include lines.
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
		for _, line := range strings.Split(string(data), "\n") {
			line = strings.TrimSpace(line)
			if !strings.HasPrefix(line, "#") {
				continue
			}
			rest := strings.TrimSpace(line[1:])
			rest, ok := strings.CutPrefix(rest, "include")
			if !ok {
				continue
			}
			rest = strings.TrimSpace(rest)
			if len(rest) < 2 || rest[0] != '"' {
				continue
			}
			name, _, ok := strings.Cut(rest[1:], `"`)
			if !ok {
				continue
			}
			if p := filepath.Join(filepath.Dir(s), name); isSource[p] && p != s {
				included[p] = true
			}
		}
	}
	return included
}
