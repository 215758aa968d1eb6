package translate_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/internal/corpus"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// harnessThreads are the THREADS counts every self-checking corpus test
// runs with (those its harness entry allows).
var harnessThreads = []int{1, 2, 4, 8}

// harnessRunLimit caps one run's time, above the harness's own limit (180 s
// by default, 300 s for the collectives): eight processes on a small,
// loaded machine need it (a deadlock is reported after 10 s anyway).
const harnessRunLimit = 300 * time.Second

// missingFeatures are harness features the bundled runtime does not have:
// tests that require one are not run.
var missingFeatures = map[string]bool{
	"gasnet": true, "trace": true, "upc_trace_printf": true, "upc_trace_mask": true,
	"upc_dump_shared": true, "pupc": true, "pthread_support": true, "os_osf": true,
	"upcr": true, // Berkeley UPC's own runtime interface (translated C calling upcr_*), and its pragmas
}

// selfChecking reports whether the harness judges the test by its output
// and it is built from its files with upcc and expected to compile.
func selfChecking(t *corpus.Test) (bool, string) {
	switch {
	case t.Make() || !strings.Contains(t.BuildCmd, "upcc") || strings.Contains(t.BuildCmd, "nolink"):
		return false, "not built by upcc into a program"
	case t.CompileResult != "pass":
		return false, "compile result " + t.CompileResult
	case t.TimeLimit == 0:
		return false, "not run by the harness"
	case exprUnset(t.PassExpr) && exprUnset(t.FailExpr):
		return false, "no PassExpr or FailExpr"
	}
	for _, f := range t.RequireFeature {
		if missingFeatures[f] {
			return false, "requires " + f
		}
	}
	return true, ""
}

func exprUnset(e string) bool { return e == "" || e == "0" }

// threadsFor returns the THREADS counts to run t with and whether it is
// built for static THREADS (then each count is its own build).
func threadsFor(t *corpus.Test) (counts []int, static bool) {
	pick := func(allowed []int) []int {
		var out []int
		for _, n := range harnessThreads {
			for _, a := range allowed {
				if a == corpus.Default || a == n {
					out = append(out, n)
					break
				}
			}
		}
		return out
	}
	if t.Dynamic() {
		return pick(t.DynamicThreads), false
	}
	return pick(t.StaticThreads), true
}

// harnessJudge applies the harness's verdict to a run's output and status
// (Berkeley UPC harness, runjobs.pl: FailExpr must not match, PassExpr must
// match, line-anchored, in stdout or stderr; ExitCode unless "ignore").
func harnessJudge(t *corpus.Test, res *runtime.Result) error {
	out := string(res.Stdout) + "\n" + string(res.Stderr)
	if res.TimedOut {
		return errors.New("time limit")
	}
	if f := res.Fatal(); f != nil {
		return fmt.Errorf("runtime error: %s", firstLines(f.Message, 2))
	}
	if !exprUnset(t.FailExpr) {
		re, err := regexp.Compile("(?m)" + t.FailExpr)
		if err != nil {
			return fmt.Errorf("FailExpr %q: %w", t.FailExpr, err)
		}
		if m := re.FindStringIndex(out); m != nil {
			return fmt.Errorf("FailExpr matches: %s", lineAt(out, m[0]))
		}
	}
	if !exprUnset(t.PassExpr) {
		re, err := regexp.Compile("(?m)" + t.PassExpr)
		if err != nil {
			return fmt.Errorf("PassExpr %q: %w", t.PassExpr, err)
		}
		if !re.MatchString(out) {
			return fmt.Errorf("PassExpr %q does not match (status %d): %s", t.PassExpr, res.Status, firstLines(out, 3))
		}
	}
	if t.CheckExit && res.Status != t.ExitCode {
		return fmt.Errorf("exit status %d, want %d: %s", res.Status, t.ExitCode, firstLines(out, 3))
	}
	return nil
}

func lineAt(s string, i int) string {
	a := strings.LastIndexByte(s[:i], '\n') + 1
	b := strings.IndexByte(s[i:], '\n')
	if b < 0 {
		return s[a:]
	}
	return s[a : i+b]
}

// harnessBuild translates a test's files and builds the program.
func harnessBuild(ctx context.Context, t *corpus.Test, static int) (string, error) {
	cfg := &grammar.Config{StaticThreads: static}
	var cflags []string
	for _, f := range t.Flags {
		switch {
		case strings.HasPrefix(f, "-D"):
			cfg.Defines = append(cfg.Defines, f[2:])
			cflags = append(cflags, f)
		case strings.HasPrefix(f, "-U"):
			cfg.Undefs = append(cfg.Undefs, f[2:])
		case strings.HasPrefix(f, "-I"):
			inc := f[2:]
			if !filepath.IsAbs(inc) {
				inc = filepath.Join(t.Dir, inc)
			}
			cfg.IncludeDirs = append(cfg.IncludeDirs, inc)
		}
	}
	// upcc compiles each file with -I of its directory
	cfg.IncludeDirs = append(cfg.IncludeDirs, t.Dir)
	var paths []string
	for _, f := range t.Files {
		paths = append(paths, filepath.Join(t.Dir, f))
	}
	units, err := translate.TranslateProgram(paths, func(string) *grammar.Config { return cfg }, translate.Options{})
	var fe *translate.FrontEndError
	if errors.As(err, &fe) && len(fe.Diags) > 0 {
		return "", fmt.Errorf("front end: %s", fe.Diags[0])
	}
	if err != nil {
		return "", fmt.Errorf("translate: %s", firstLines(err.Error(), 2))
	}
	var srcs []runtime.Source
	for _, u := range units {
		srcs = append(srcs, runtime.Source{Name: strings.TrimSuffix(filepath.Base(u.Path), filepath.Ext(u.Path)) + ".c", Code: u.C})
	}
	bin, err := runtime.Build(ctx, srcs, runtime.BuildOptions{StaticThreads: static, CacheDir: cacheDir, CFlags: cflags})
	if err != nil {
		var be *runtime.BuildError
		if errors.As(err, &be) {
			return "", fmt.Errorf("C compiler: %s", firstErrorLine(be.Output))
		}
		return "", err
	}
	return bin, nil
}

func firstErrorLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "error") {
			return strings.TrimSpace(l)
		}
	}
	return firstLines(s, 2)
}

// harnessRun runs a built test in dir, the scratch copy of its suite's
// directory.
func harnessRun(t *corpus.Test, bin, dir string, threads int) (*runtime.Result, error) {
	limit := harnessRunLimit
	if l := time.Duration(t.TimeLimit) * time.Second; l < limit {
		limit = l
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit+30*time.Second)
	defer cancel()
	return runtime.Run(ctx, bin, runtime.Options{Threads: threads, Args: t.AppArgs, Env: t.AppEnv,
		Timeout: limit, DeadlockAfter: 10 * time.Second, Dir: dir})
}

// scratchCopy copies the regular files of dir (input data) into a new
// temporary directory, so that the tests' output files stay out of the
// corpus.
func scratchCopy(tb testing.TB, dir string) string {
	scratch := tb.TempDir()
	ents, err := os.ReadDir(dir)
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range ents {
		if !e.Type().IsRegular() {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(scratch, e.Name()), b, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return scratch
}

// TestHarnessConformance runs every self-checking test of the development
// corpus (UPCLINT_CORPUS) at THREADS 1, 2, 4 and 8 (those its harness entry
// allows), judges each run as the Berkeley UPC harness does, and prints the
// pass rate per suite and every failure with its cause. A failure of a
// test not listed in notCorrect with a reason fails the test.
func TestHarnessConformance(t *testing.T) {
	root := corpus.Root()
	if root == "" {
		t.Skip(corpus.EnvVar + " is not set")
	}
	if testing.Short() {
		t.Skip("builds and runs the corpus programs")
	}
	all, err := corpus.Load(root)
	if err != nil {
		t.Fatal(err)
	}
	only := os.Getenv("UPCLINT_HARNESS_ONLY") // a regular expression of suite/name, for reruns
	var onlyRE *regexp.Regexp
	if only != "" {
		onlyRE = regexp.MustCompile(only)
	}
	type outcome struct {
		test   *corpus.Test
		failed []string // "THREADS=n: cause" or "build: cause"
	}
	var (
		mu       sync.Mutex
		outcomes []*outcome
		suites   [][]*outcome // per directory, in harness order
		bySuite  = map[string]int{}
	)
	for i := range all {
		tc := &all[i]
		if ok, _ := selfChecking(tc); !ok {
			continue
		}
		if onlyRE != nil && !onlyRE.MatchString(tc.Suite+"/"+tc.Name) {
			continue
		}
		o := &outcome{test: tc}
		outcomes = append(outcomes, o)
		k, ok := bySuite[tc.Dir]
		if !ok {
			k = len(suites)
			bySuite[tc.Dir] = k
			suites = append(suites, nil)
		}
		suites[k] = append(suites[k], o)
	}
	// The harness runs a suite's tests one after another in one directory,
	// and some read the files earlier ones write (UPC-IO tests): each suite
	// runs in order in its own scratch directory, two suites at a time,
	// the largest first.
	sort.SliceStable(suites, func(i, j int) bool { return len(suites[i]) > len(suites[j]) })
	work := make(chan []*outcome)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for suite := range work {
				dir := scratchCopy(t, suite[0].test.Dir)
				for _, o := range suite {
					failed := runHarnessTest(o.test, dir)
					mu.Lock()
					o.failed = failed
					mu.Unlock()
				}
			}
		}()
	}
	for _, s := range suites {
		work <- s
	}
	close(work)
	wg.Wait()

	type tally struct{ pass, total int }
	tallies := map[string]*tally{}
	var names []string
	pass, unexpected := 0, 0
	var lines []string
	for _, o := range outcomes {
		s := tallies[o.test.Suite]
		if s == nil {
			s = &tally{}
			tallies[o.test.Suite] = s
			names = append(names, o.test.Suite)
		}
		s.total++
		id := o.test.Suite + "/" + o.test.Name
		if len(o.failed) == 0 {
			s.pass++
			pass++
			continue
		}
		sort.Strings(o.failed)
		reason, listed := notCorrect[id]
		mark := "FAIL"
		if listed {
			mark = "not a correct program (" + reason + ")"
		} else {
			unexpected++
		}
		lines = append(lines, fmt.Sprintf("  %s: %s\n      %s", id, mark, strings.Join(o.failed, "\n      ")))
	}
	sort.Strings(names)
	t.Logf("self-checking corpus tests passing at every THREADS count of %v: %d of %d (%.0f%%)",
		harnessThreads, pass, len(outcomes), 100*float64(pass)/float64(max(1, len(outcomes))))
	for _, n := range names {
		t.Logf("  %-40s %3d/%-3d", n, tallies[n].pass, tallies[n].total)
	}
	var limited []string
	for id, l := range threadLimits {
		limited = append(limited, fmt.Sprintf("  %s: not run with the THREADS counts it refuses (%s)", id, l.why))
	}
	sort.Strings(limited)
	for _, l := range limited {
		t.Log(l)
	}
	sort.Strings(lines)
	for _, l := range lines {
		t.Log(l)
	}
	if unexpected > 0 {
		t.Errorf("%d self-checking corpus tests fail and are not listed as incorrect programs", unexpected)
	}
}

// runHarnessTest builds and runs one test at each of its THREADS counts in
// dir and returns its failures.
func runHarnessTest(tc *corpus.Test, dir string) []string {
	var failed []string
	counts, static := threadsFor(tc)
	if len(counts) == 0 {
		return []string{"no THREADS count among 1, 2, 4, 8 allowed"}
	}
	bin := ""
	for _, n := range counts {
		if static || bin == "" {
			s := 0
			if static {
				s = n
			}
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			b, err := harnessBuild(ctx, tc, s)
			cancel()
			if err != nil {
				return append(failed, "build: "+err.Error())
			}
			bin = b
		}
		if why, ok := threadLimits[tc.Suite+"/"+tc.Name]; ok && why.skip(n) {
			continue
		}
		res, err := harnessRun(tc, bin, dir, n)
		switch {
		case err != nil && res == nil:
			failed = append(failed, fmt.Sprintf("THREADS=%d: %v", n, err))
		default:
			if err := harnessJudge(tc, res); err != nil {
				failed = append(failed, fmt.Sprintf("THREADS=%d: %v", n, err))
			}
		}
	}
	return failed
}

// threadLimits are the tests that refuse some THREADS counts by design
// (they print why and stop): they are not run with those counts.
var threadLimits = map[string]threadLimit{
	"upc-tests/benchmarks/natural_ring_mtu": {min: 2, why: "needs at least two threads"},
	"upc-tests/benchmarks/stream_mtu":       {min: 2, why: "needs at least two threads"},
	"upc-tests/benchmarks/bupc_semperf":     {min: 2, even: true, why: "needs an even thread count"},
	"upc-tests/bugzilla/exittest":           {min: 2, why: "needs at least two threads"},
	"upc-tests/bugzilla/bug1262b":           {even: true, why: "asserts an even thread count"},
	"upc-tests/gwu/VIII_case1_ii":           {min: 2, why: "needs at least two threads"},
}

type threadLimit struct {
	min  int
	even bool
	why  string
}

func (l threadLimit) skip(n int) bool { return n < l.min || l.even && n%2 != 0 }

// notCorrect lists the self-checking corpus tests that are not correct UPC
// programs (or need what no conforming implementation must provide), with
// the reason; the conformance test expects them to fail.
var notCorrect = map[string]string{
	"upc-tests/gwu-upc-io/test_write_local": "calls the collective upc_all_fwrite_local from one thread at a time " +
		"(UPC-IO: every thread calls it), a deadlock from THREADS=2 on",
	"upc-tests/bugzilla/clocktest": "compares CPU time (clock) with wall-clock time (bupc_ticks_now) and " +
		"fails when the machine is loaded, as its own message says",
	"upc-tests/detect-upc/shared_c": "declares shared, strict and relaxed as C identifiers in a header it " +
		"includes into UPC code, where they are keywords (Berkeley upcc's detect-upc extension)",
	"upc-tests/bugzilla/bug856": "asserts upc_blocksizeof of a [*] array of 100 elements == 100/THREADS, a floor; " +
		"UPC 1.3 6.5.1.1 gives the ceiling (13 at THREADS=8), so it passes only where THREADS divides 100",
}
