package runtime

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"time"
)

// testCache is shared by all tests of this package, so each program and
// the runtime are compiled once per test binary run.
var testCache string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "upcr-test-cache-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	testCache = dir
	code := m.Run()
	_ = os.RemoveAll(dir) // best effort
	os.Exit(code)
}

const testdataDir = "csrc/testdata"

// defaultThreadCounts are the THREADS values every program runs with
// unless its .expect file narrows them.
var defaultThreadCounts = []int{1, 2, 3, 4, 8}

// expectation is a parsed .expect file for one THREADS value.
type expectation struct {
	threads   map[int]string // exact stdout per thread
	stderr    map[int]string // exact stderr per thread
	status    int
	errors    []*regexp.Regexp // must match the first fatal report
	kind      string           // kind of the first fatal report
	warnings  []*regexp.Regexp // each must match some non-fatal report
	stats     []string         // "path op value"
	hasStatus bool
}

// testOptions come from the "# key=value ..." lines at the top of an
// .expect file.
type testOptions struct {
	threads    []int
	check      bool
	static     bool
	deadlockMs int
	timeoutMs  int
	args       []string
	prog       string // the program, if not the .expect file's namesake
}

var templateFuncs = template.FuncMap{
	"seq": func(n int) []int {
		s := make([]int, n)
		for i := range s {
			s[i] = i
		}
		return s
	},
	"add":  func(a, b int) int { return a + b },
	"sub":  func(a, b int) int { return a - b },
	"mul":  func(a, b int) int { return a * b },
	"div":  func(a, b int) int { return a / b },
	"mod":  func(a, b int) int { return a % b },
	"fdiv": func(a, b int) float64 { return float64(a) / float64(b) },
	"neg":  func(a int) int { return -a },
	"min":  func(a, b int) int { return min(a, b) },
	"max":  func(a, b int) int { return max(a, b) },
	// affsize is upc_affinitysize(total, nbytes, t) with THREADS=T.
	"affsize": func(total, nbytes, t, T int) int {
		if nbytes == 0 {
			if t == 0 {
				return total
			}
			return 0
		}
		nblocks, rem := total/nbytes, total%nbytes
		size := nblocks / T * nbytes
		switch extra := nblocks % T; {
		case t < extra:
			size += nbytes
		case t == extra:
			size += rem
		}
		return size
	},
	// threadlist formats threads a..b-1 like the runtime: "1-3", "0,1".
	"threadlist": func(a, b int) string {
		switch {
		case b-a >= 3:
			return fmt.Sprintf("%d-%d", a, b-1)
		default:
			var s []string
			for i := a; i < b; i++ {
				s = append(s, strconv.Itoa(i))
			}
			return strings.Join(s, ",")
		}
	},
	"plural": func(n int, one, many string) string {
		if n == 1 {
			return one
		}
		return many
	},
}

func parseOptions(t *testing.T, text string) (testOptions, string) {
	opts := testOptions{threads: defaultThreadCounts}
	var body []string
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "# ") {
			body = append(body, line)
			continue
		}
		for _, kv := range strings.Fields(line[2:]) {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "threads":
				opts.threads = nil
				for _, s := range strings.Split(v, ",") {
					n, err := strconv.Atoi(s)
					if err != nil {
						t.Fatalf("bad threads option %q", v)
					}
					opts.threads = append(opts.threads, n)
				}
			case "check":
				opts.check = v == "1"
			case "static":
				opts.static = v == "1"
			case "deadlock_ms":
				opts.deadlockMs, _ = strconv.Atoi(v)
			case "timeout_ms":
				opts.timeoutMs, _ = strconv.Atoi(v)
			case "args":
				opts.args = strings.Split(v, ",")
			case "prog":
				opts.prog = v
			default:
				t.Fatalf("unknown option %q", k)
			}
		}
	}
	return opts, strings.Join(body, "\n")
}

func parseExpect(t *testing.T, tmpl string, threads int) expectation {
	tp, err := template.New("expect").Funcs(templateFuncs).Parse(tmpl)
	if err != nil {
		t.Fatalf("expect template: %v", err)
	}
	var buf bytes.Buffer
	if err := tp.Execute(&buf, map[string]int{"T": threads}); err != nil {
		t.Fatalf("expect template: %v", err)
	}
	e := expectation{threads: map[int]string{}, stderr: map[int]string{}}
	var section string
	var body []string
	flush := func() {
		if section == "" {
			return
		}
		// Blank lines around a section body are layout, not output.
		for len(body) > 0 && strings.TrimSpace(body[0]) == "" {
			body = body[1:]
		}
		for len(body) > 0 && strings.TrimSpace(body[len(body)-1]) == "" {
			body = body[:len(body)-1]
		}
		text := strings.Join(body, "\n")
		if len(body) > 0 {
			text += "\n"
		}
		f := strings.Fields(section)
		switch f[0] {
		case "thread", "stderr":
			n, err := strconv.Atoi(f[1])
			if err != nil {
				t.Fatalf("bad section %q", section)
			}
			if f[0] == "thread" {
				e.threads[n] = text
			} else {
				e.stderr[n] = text
			}
		case "status":
			n, err := strconv.Atoi(strings.TrimSpace(text))
			if err != nil {
				t.Fatalf("bad status %q", text)
			}
			e.status, e.hasStatus = n, true
		case "error", "warning":
			for _, l := range body {
				if strings.TrimSpace(l) == "" {
					continue
				}
				re := regexp.MustCompile(l)
				if f[0] == "error" {
					e.errors = append(e.errors, re)
				} else {
					e.warnings = append(e.warnings, re)
				}
			}
		case "kind":
			e.kind = strings.TrimSpace(text)
		case "stats":
			for _, l := range body {
				if strings.TrimSpace(l) != "" {
					e.stats = append(e.stats, strings.TrimSpace(l))
				}
			}
		default:
			t.Fatalf("unknown section %q", section)
		}
		section, body = "", nil
	}
	for _, line := range strings.Split(buf.String(), "\n") {
		if rest, ok := strings.CutPrefix(line, "--- "); ok {
			flush()
			section = rest
			continue
		}
		body = append(body, line)
	}
	flush()
	return e
}

// lookup follows a dotted path ("total.remote_reads", "lines.0.line")
// through decoded JSON.
func lookup(v any, path string) (any, error) {
	for _, p := range strings.Split(path, ".") {
		switch x := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = x[p]; !ok {
				return 0, fmt.Errorf("no field %q", p)
			}
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(x) {
				return 0, fmt.Errorf("bad index %q", p)
			}
			v = x[i]
		default:
			return 0, fmt.Errorf("cannot index %T with %q", v, p)
		}
	}
	if b, ok := v.(bool); ok {
		if b {
			return 1.0, nil
		}
		return 0.0, nil
	}
	return v, nil
}

func checkStats(t *testing.T, st *Stats, exprs []string) {
	t.Helper()
	if len(exprs) == 0 {
		return
	}
	if st == nil {
		t.Fatalf("no statistics")
	}
	raw, _ := json.Marshal(st)
	var doc any
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, e := range exprs {
		f := strings.Fields(e)
		if len(f) != 3 {
			t.Fatalf("bad stats expectation %q", e)
		}
		v, err := lookup(doc, f[0])
		if err != nil {
			t.Errorf("stats %s: %v", f[0], err)
			continue
		}
		if s, ok := v.(string); ok {
			if f[1] != "==" || s != f[2] {
				t.Errorf("stats: want %s, got %s = %q", e, f[0], s)
			}
			continue
		}
		got, ok := v.(float64)
		if !ok {
			t.Errorf("stats %s is %T, not a number", f[0], v)
			continue
		}
		want, err := strconv.ParseFloat(f[2], 64)
		if err != nil {
			t.Fatalf("bad stats value in %q", e)
		}
		ok = false
		switch f[1] {
		case "==":
			ok = got == want
		case ">=":
			ok = got >= want
		case "<=":
			ok = got <= want
		case ">":
			ok = got > want
		case "<":
			ok = got < want
		default:
			t.Fatalf("bad operator in %q", e)
		}
		if !ok {
			t.Errorf("stats: want %s, got %s = %v", e, f[0], got)
		}
	}
}

// testCases returns the .expect files in csrc/testdata; each names a
// program (its namesake .c file, or the one its prog= option names).
func testCases(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join(testdataDir, "*.expect"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 15 {
		t.Fatalf("found %d test cases, want at least 15", len(files))
	}
	return files
}

// TestPrograms builds every hand-translated program in csrc/testdata and
// runs it with each THREADS value, comparing each thread's output, the
// exit status, the runtime's reports and statistics with its .expect file.
func TestPrograms(t *testing.T) {
	for _, exp := range testCases(t) {
		name := strings.TrimSuffix(filepath.Base(exp), ".expect")
		raw, err := os.ReadFile(exp)
		if err != nil {
			t.Fatal(err)
		}
		opts, tmpl := parseOptions(t, string(raw))
		prog := filepath.Join(testdataDir, name+".c")
		if opts.prog != "" {
			prog = filepath.Join(testdataDir, opts.prog+".c")
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for _, n := range opts.threads {
				t.Run(fmt.Sprintf("T%d", n), func(t *testing.T) {
					runProgram(t, prog, n, opts, parseExpect(t, tmpl, n))
				})
			}
		})
	}
}

func runProgram(t *testing.T, prog string, threads int, o testOptions, e expectation) {
	ctx := context.Background()
	bo := BuildOptions{CacheDir: testCache, CFlags: []string{"-Wall", "-Werror"}}
	if o.static {
		bo.StaticThreads = threads
	}
	bin, err := BuildFiles(ctx, []string{prog}, bo)
	if err != nil {
		t.Fatal(err)
	}
	ro := Options{Threads: threads, Check: o.check, Args: o.args}
	if o.deadlockMs > 0 {
		ro.DeadlockAfter = time.Duration(o.deadlockMs) * time.Millisecond
	}
	if o.timeoutMs > 0 {
		ro.Timeout = time.Duration(o.timeoutMs) * time.Millisecond
	}
	res, err := Run(ctx, bin, ro)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Threads) != threads {
		t.Fatalf("got %d thread results, want %d", len(res.Threads), threads)
	}
	for th, want := range e.threads {
		if th >= threads {
			t.Fatalf("expectation for thread %d with THREADS=%d", th, threads)
		}
		if got := string(res.Threads[th].Stdout); got != want {
			t.Errorf("thread %d stdout:\n%s\nwant:\n%s", th, got, want)
		}
	}
	for th, want := range e.stderr {
		if got := string(res.Threads[th].Stderr); got != want {
			t.Errorf("thread %d stderr:\n%s\nwant:\n%s", th, got, want)
		}
	}
	fatal := res.Fatal()
	if len(e.errors) == 0 && e.kind == "" {
		if fatal != nil {
			t.Errorf("unexpected runtime error: %s [%s]", fatal.Message, fatal.Kind)
		}
	} else {
		if fatal == nil {
			t.Fatalf("no runtime error; want %v (status %d, stderr %s)", e.errors, res.Status, res.Stderr)
		}
		for _, re := range e.errors {
			if !re.MatchString(fatal.Message) {
				t.Errorf("runtime error %q does not match %q", fatal.Message, re)
			}
		}
		if !bytes.Contains(res.Stderr, []byte("upcr: error: "+fatal.Message+"\n")) {
			t.Errorf("stderr does not show the error %q:\n%s", fatal.Message, res.Stderr)
		}
		if e.kind != "" && fatal.Kind != e.kind {
			t.Errorf("runtime error kind %q, want %q", fatal.Kind, e.kind)
		}
	}
	for _, re := range e.warnings {
		found := false
		for _, r := range res.Reports {
			if !r.Fatal && re.MatchString(r.Message) {
				found = true
			}
		}
		if !found {
			t.Errorf("no warning matches %q; reports: %+v", re, res.Reports)
		}
	}
	wantStatus := e.status
	if !e.hasStatus && (len(e.errors) > 0 || e.kind != "") {
		wantStatus = res.Status // any failure status, checked below
		if wantStatus == 0 {
			t.Errorf("status 0 despite a runtime error")
		}
	}
	if res.Status != wantStatus {
		t.Errorf("status %d, want %d; stderr:\n%s", res.Status, wantStatus, res.Stderr)
	}
	checkStats(t, res.Stats, e.stats)
}
