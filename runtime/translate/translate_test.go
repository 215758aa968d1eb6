package translate_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

var threadCounts = []int{1, 2, 3, 4, 8}

// cacheDir is shared by the tests of this package so that the runtime is
// compiled once; programs are cached by content, so a rerun only runs.
var cacheDir = func() string {
	if d := os.Getenv("UPCLINT_CACHE"); d != "" {
		return d
	}
	d, err := os.UserCacheDir()
	if err != nil {
		d = os.TempDir()
	}
	return filepath.Join(d, "upclint")
}()

// spec is what a test program expects, from comments in its source:
//
//	// expect: LINE         thread 0's stdout, line by line (all lines, in order)
//	// expect-all: LINE     every thread's stdout ({T} and {MYTHREAD} expand)
//	// expect-error: RE     the first fatal runtime report matches RE
//	// expect-status: N     the exit status (default 0, or nonzero with expect-error)
//	// threads: 1 2 4       thread counts to run (default 1 2 3 4 8)
//	// flags: -DN=4 --threads 4
//	// args: a b
//	// check: 1            translate and run with --check
//	// expect-warning: RE   some report (a --check warning) matches RE
type spec struct {
	expect    []string
	expectAll []string
	errRE     *regexp.Regexp
	status    int
	hasStatus bool
	threads   []int
	defines   []string
	includes  []string
	static    int
	args      []string
	check     bool
	warnRE    *regexp.Regexp
}

// readSpec reads the program at path and returns its spec.
func readSpec(t testing.TB, path string) *spec {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return parseSpec(t, path, src)
}

func parseSpec(t testing.TB, path string, src []byte) *spec {
	s := &spec{}
	for _, line := range strings.Split(string(src), "\n") {
		l := strings.TrimSpace(line)
		if !strings.HasPrefix(l, "//") {
			continue
		}
		l = strings.TrimSpace(strings.TrimPrefix(l, "//"))
		key, val, ok := strings.Cut(l, ":")
		if !ok {
			continue
		}
		val = strings.TrimPrefix(val, " ")
		switch key {
		case "expect":
			s.expect = append(s.expect, val)
		case "expect-all":
			s.expectAll = append(s.expectAll, val)
		case "expect-error":
			s.errRE = regexp.MustCompile(val)
		case "expect-status":
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil {
				t.Fatalf("%s: bad expect-status", path)
			}
			s.status, s.hasStatus = n, true
		case "threads":
			for _, f := range strings.Fields(val) {
				n, err := strconv.Atoi(f)
				if err != nil {
					t.Fatalf("%s: bad threads", path)
				}
				s.threads = append(s.threads, n)
			}
		case "flags", "upclint-flags":
			s.parseFlags(path, strings.Fields(val))
		case "args":
			s.args = strings.Fields(val)
		case "check":
			s.check = strings.TrimSpace(val) == "1"
		case "expect-warning":
			s.warnRE = regexp.MustCompile(val)
		}
	}
	if s.static > 0 {
		s.threads = []int{s.static}
	}
	if s.threads == nil {
		s.threads = threadCounts
	}
	return s
}

func (s *spec) parseFlags(path string, f []string) {
	for i := 0; i < len(f); i++ {
		switch {
		case f[i] == "--threads" && i+1 < len(f):
			s.static, _ = strconv.Atoi(f[i+1])
			i++
		case f[i] == "-D" && i+1 < len(f):
			s.defines = append(s.defines, f[i+1])
			i++
		case strings.HasPrefix(f[i], "-D"):
			s.defines = append(s.defines, f[i][2:])
		case f[i] == "-I" && i+1 < len(f):
			s.includes = append(s.includes, filepath.Join(filepath.Dir(path), f[i+1]))
			i++
		case strings.HasPrefix(f[i], "-I"):
			s.includes = append(s.includes, filepath.Join(filepath.Dir(path), f[i][2:]))
		}
	}
}

// buildOn translates and compiles one program for a backend.
func buildOn(path string, s *spec, backend string) (string, error) {
	cfg := &grammar.Config{Defines: s.defines, IncludeDirs: s.includes, StaticThreads: s.static}
	_, bin, err := compile(path, cfg, translate.Options{Check: s.check}, runtime.BuildOptions{StaticThreads: s.static, Backend: backend})
	return bin, err
}

// compile translates the program at path (cfg, o) and builds the C, named
// after path, with bo and the package's cache. It returns the C and the
// executable.
func compile(path string, cfg *grammar.Config, o translate.Options, bo runtime.BuildOptions) ([]byte, string, error) {
	c, _, err := translate.TranslateFile(path, cfg, o)
	if err != nil {
		return nil, "", err
	}
	name := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ".c"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	bo.CacheDir = cacheDir
	bin, err := runtime.Build(ctx, []runtime.Source{{Name: name, Code: c}}, bo)
	return c, bin, err
}

// runOK runs bin with o, stopped after 30 s unless o.Timeout says
// otherwise, and fails t unless the program succeeds.
func runOK(t testing.TB, bin string, o runtime.Options) *runtime.Result {
	t.Helper()
	if o.Timeout == 0 {
		o.Timeout = 30 * time.Second
	}
	res, err := runtime.Run(context.Background(), bin, o)
	if err != nil {
		t.Fatal(err)
	}
	if err := res.Err(); err != nil {
		t.Fatalf("THREADS=%d: %v\n%s", o.Threads, err, res.Stderr)
	}
	return res
}

// writeProgram writes src as the file name of a temporary directory and
// returns its path.
func writeProgram(t testing.TB, name, src string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// translateOK translates the program at path (default configuration, o)
// and fails t on an error.
func translateOK(t testing.TB, path string, o translate.Options) []byte {
	t.Helper()
	c, _, err := translate.TranslateFile(path, &grammar.Config{}, o)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// run runs bin as s says on the SMP backend, stopped after 30 s.
func run(bin string, threads int, s *spec) (*runtime.Result, error) {
	return runOn(bin, threads, s, runtime.BackendSMP, 30*time.Second)
}

// runOn runs bin as s says (arguments, checks) on backend, stopped after
// limit.
func runOn(bin string, threads int, s *spec, backend string, limit time.Duration) (*runtime.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*limit)
	defer cancel()
	// programs that write files (UPC-IO) do so in a directory of their own
	dir, err := os.MkdirTemp("", "upcrun")
	if err != nil {
		return nil, err
	}
	defer func() { _ = os.RemoveAll(dir) }() // a leftover temporary directory does not fail the test
	return runtime.Run(ctx, bin, runtime.Options{Threads: threads, Args: s.args, Timeout: limit,
		DeadlockAfter: time.Second, Check: s.check, Dir: dir, Backend: backend})
}

// checkResult compares a run with the spec; "" means it passed.
func checkResult(res *runtime.Result, threads int, s *spec) string {
	if s.errRE != nil {
		f := res.Fatal()
		if f == nil {
			return fmt.Sprintf("want a runtime error matching %q, got none (status %d)\nstderr:\n%s", s.errRE, res.Status, res.Stderr)
		}
		if !s.errRE.MatchString(f.Message) && !s.errRE.MatchString(f.Kind) {
			return fmt.Sprintf("runtime error %q (%s) does not match %q", f.Message, f.Kind, s.errRE)
		}
		if res.Status == 0 {
			return "runtime error but exit status 0"
		}
	} else {
		want := 0
		if s.hasStatus {
			want = s.status
		}
		if res.Status != want {
			return fmt.Sprintf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", res.Status, want, res.Stdout, res.Stderr)
		}
	}
	if s.warnRE != nil {
		found := false
		for _, r := range res.Reports {
			if s.warnRE.MatchString(r.Kind) || s.warnRE.MatchString(r.Message) {
				found = true
			}
		}
		if !found {
			return fmt.Sprintf("want a report matching %q, got %v\nstderr:\n%s", s.warnRE, res.Reports, res.Stderr)
		}
	}
	if s.expect != nil && len(res.Threads) > 0 {
		got := strings.TrimRight(string(res.Threads[0].Stdout), "\n")
		want := strings.Join(s.expect, "\n")
		if got != want {
			return fmt.Sprintf("thread 0 output:\n%s\nwant:\n%s", got, want)
		}
	}
	if s.expectAll != nil {
		for th, tr := range res.Threads {
			want := strings.Join(s.expectAll, "\n")
			want = strings.ReplaceAll(want, "{T}", strconv.Itoa(threads))
			want = strings.ReplaceAll(want, "{MYTHREAD}", strconv.Itoa(th))
			got := strings.TrimRight(string(tr.Stdout), "\n")
			if got != want {
				return fmt.Sprintf("thread %d output:\n%s\nwant:\n%s", th, got, want)
			}
		}
	}
	return ""
}

// sem limits concurrent builds and runs to the machine (2 cores): each
// run forks up to 8 processes.
var sem = make(chan struct{}, 2)

func runProgramTest(t *testing.T, path string) {
	t.Parallel()
	s := readSpec(t, path)
	buildAndRun(t, path, s, func(n int, res *runtime.Result) {
		if msg := checkResult(res, n, s); msg != "" {
			t.Errorf("THREADS=%d: %s", n, msg)
		}
	})
}

// buildAndRun builds the program at path and runs it with each of
// s.threads, handing every result to check.
func buildAndRun(t *testing.T, path string, s *spec, check func(n int, res *runtime.Result)) {
	sem <- struct{}{}
	bin, err := buildOn(path, s, runtime.BackendSMP)
	<-sem
	if err != nil {
		t.Fatalf("build: %v", err)
	}
	for _, n := range s.threads {
		sem <- struct{}{}
		res, err := run(bin, n, s)
		<-sem
		if err != nil {
			t.Fatalf("THREADS=%d: %v", n, err)
		}
		check(n, res)
	}
}

func programs(t *testing.T, dir string) []string {
	var out []string
	for _, pat := range []string{"*.upc", "*.c"} {
		m, err := filepath.Glob(filepath.Join(dir, pat))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	sort.Strings(out)
	if len(out) == 0 {
		t.Fatalf("no programs in %s", dir)
	}
	return out
}

// TestKernels runs the seed kernels: each prints "... OK" from thread 0,
// except barrier_bug, whose barrier mismatch is a deadlock the runtime
// must report.
func TestKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C programs")
	}
	for _, path := range programs(t, "../../testdata/kernels") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			buildAndRun(t, path, &spec{threads: threadCounts}, func(n int, res *runtime.Result) {
				out := string(res.Stdout)
				switch filepath.Base(path) {
				case "barrier_bug.upc":
					f := res.Fatal()
					if n == 1 {
						// one thread takes every branch alike: no mismatch
						if f != nil {
							t.Errorf("THREADS=1: unexpected report %v", f)
						}
						return
					}
					if f == nil || f.Kind != "deadlock" && f.Kind != "barrier-mismatch" {
						t.Errorf("THREADS=%d: want a deadlock report, got %v (status %d)\n%s", n, f, res.Status, res.Stderr)
					}
				case "barrier_ok.upc":
					if res.Status != 0 || !strings.Contains(out, "OK") {
						t.Errorf("THREADS=%d: status %d\n%s%s", n, res.Status, out, res.Stderr)
					}
				default:
					if res.Status != 0 || !strings.Contains(out, " OK") {
						t.Errorf("THREADS=%d: status %d\n%s%s", n, res.Status, out, res.Stderr)
					}
				}
			})
		})
	}
}

// TestKernelsCheck runs the kernels translated and run with --check: every
// access through a pointer-to-shared is checked against its object, and a
// correct kernel must get no report.
func TestKernelsCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C programs")
	}
	for _, path := range programs(t, "../../testdata/kernels") {
		if filepath.Base(path) == "barrier_bug.upc" {
			continue
		}
		t.Run(filepath.Base(path), func(t *testing.T) {
			t.Parallel()
			buildAndRun(t, path, &spec{threads: []int{1, 4}, check: true}, func(n int, res *runtime.Result) {
				if f := res.Fatal(); f != nil || res.Status != 0 || !strings.Contains(string(res.Stdout), "OK") {
					t.Errorf("THREADS=%d: status %d, report %v\n%s%s", n, res.Status, f, res.Stdout, res.Stderr)
				}
			})
		})
	}
}

// TestConformance runs the translator's conformance programs.
func TestConformance(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C programs")
	}
	for _, path := range programs(t, "../../testdata/runtime") {
		t.Run(filepath.Base(path), func(t *testing.T) { runProgramTest(t, path) })
	}
}

var failRE = regexp.MustCompile(`(?i)\bfail(ed|ure|s)?\b`)
var zeroFailRE = regexp.MustCompile(`(?i)\b0 (\w+ )*(of \d+ \w+ )?fail(ed|ures|s)?\b|\bfailed attempts\b`)

// corpusPassed reports whether a self-checking corpus program passed: exit
// status 0 and no line reporting a failure.
func corpusPassed(res *runtime.Result) bool {
	if res.Status != 0 || res.Fatal() != nil {
		return false
	}
	for _, line := range strings.Split(string(res.Stdout)+string(res.Stderr), "\n") {
		if failRE.MatchString(line) && !zeroFailRE.MatchString(line) {
			return false
		}
	}
	return true
}

// TestCorpus translates and runs the valid corpus programs (a proxy for
// public UPC test suites) with 4 threads (or their static count) and
// reports the pass rate.
func TestCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs C programs")
	}
	dir := "../../testdata/corpus/valid"
	paths := programs(t, dir)
	var mu sync.Mutex
	var failed []string
	passed := 0
	t.Run("programs", func(t *testing.T) {
		for _, path := range paths {
			t.Run(filepath.Base(path), func(t *testing.T) {
				t.Parallel()
				s := readSpec(t, path)
				n := 4
				if s.static > 0 {
					n = s.static
				}
				var why string
				sem <- struct{}{}
				bin, err := buildOn(path, s, runtime.BackendSMP)
				<-sem
				if err != nil {
					why = "build: " + firstLines(err.Error(), 3)
				} else {
					sem <- struct{}{}
					res, err := run(bin, n, s)
					<-sem
					switch {
					case err != nil:
						why = "run: " + err.Error()
					case !corpusPassed(res):
						why = fmt.Sprintf("status %d: %s", res.Status, firstLines(string(res.Stdout)+string(res.Stderr), 3))
					}
				}
				mu.Lock()
				defer mu.Unlock()
				if why != "" {
					failed = append(failed, filepath.Base(path)+": "+why)
					t.Log(why)
				} else {
					passed++
				}
			})
		}
	})
	sort.Strings(failed)
	rate := float64(passed) / float64(len(paths))
	t.Logf("corpus: %d of %d programs build and pass (%.0f%%)", passed, len(paths), 100*rate)
	for _, f := range failed {
		t.Logf("  %s", f)
	}
	if rate < 0.85 {
		t.Errorf("corpus pass rate %.0f%% is below 85%%", 100*rate)
	}
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " | ")
}
