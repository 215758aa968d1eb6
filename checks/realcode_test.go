package checks_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	gotoken "go/token"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	_ "github.com/upclint/upclint/checks/rules/all" // every rule, as upclint check runs them
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/parser"
	"github.com/upclint/upclint/internal/corpus"
	"github.com/upclint/upclint/internal/gcsettings"
)

// Acceptance floors on the development corpus: the share of translation
// units with no syntax finding and with no typecheck error. Raise them as
// the front end improves; a change that lowers a rate fails here.
const (
	minNoSyntax    = 0.98
	minNoTypecheck = 0.97
)

// TestDevelopmentCorpus checks every translation unit of the corpus named by
// UPCLINT_CORPUS (a Berkeley UPC test tree with harness.conf files) with all
// rules and the flags its harness builds it with, and prints the front end's
// acceptance rates, the causes of what remains and the speed. Negative tests
// (CompileResult: fail) must get an error.
func TestDevelopmentCorpus(t *testing.T) {
	units := loadCorpus(t)
	if len(units) == 0 {
		t.Fatalf("no translation units under %s", corpus.Root())
	}

	start := time.Now()
	results, lines := checkUnits(t, units)
	elapsed := time.Since(start)

	var positive, noSyntax, noTypecheck, negative, rejected int
	var skippedNegative []string
	type fileState struct{ syntax, typecheck bool }
	files := map[string]fileState{}
	causes := map[string]int{}
	var failing []string
	for i, u := range units {
		var syntax, typecheck, anyError []checks.Finding
		for _, f := range results[i] {
			if f.Severity == diag.Error {
				anyError = append(anyError, f)
			}
			switch {
			case f.Rule == diag.RuleSyntax:
				syntax = append(syntax, f)
			case f.Rule == diag.RuleTypecheck && f.Severity == diag.Error:
				typecheck = append(typecheck, f)
			}
		}
		if u.Negative && u.ImplementationSpecific() {
			skippedNegative = append(skippedNegative, fmt.Sprintf("%s %v (requires %v)", u.Rel, u.Tests, u.Features))
			continue
		}
		if u.Negative {
			negative++
			if len(anyError) > 0 {
				rejected++
			} else {
				failing = append(failing, fmt.Sprintf("%s: negative test %v accepted", u.Rel, u.Tests))
			}
			continue
		}
		positive++
		if len(syntax) == 0 {
			noSyntax++
		}
		if len(typecheck) == 0 {
			noTypecheck++
		}
		fs := files[u.Rel]
		fs.syntax = fs.syntax || len(syntax) > 0
		fs.typecheck = fs.typecheck || len(typecheck) > 0
		files[u.Rel] = fs
		if first := append(syntax, typecheck...); len(first) > 0 {
			f := first[0]
			causes[f.Rule+": "+normalizeMessage(f.Message)]++
			failing = append(failing, fmt.Sprintf("%s:%d: [%s] %s (%d syntax, %d typecheck)",
				u.Rel, f.Pos.Line, f.Rule, f.Message, len(syntax), len(typecheck)))
		}
	}

	rate := func(n, d int) float64 { return float64(n) / float64(max(d, 1)) }
	t.Logf("%d translation units (%d meant to compile, %d negative tests), %d lines, %.2fs: %.0f lines/s with all rules",
		len(units), positive, negative, lines, elapsed.Seconds(), float64(lines)/elapsed.Seconds())
	t.Logf("no syntax finding:   %d/%d = %.1f%%", noSyntax, positive, 100*rate(noSyntax, positive))
	t.Logf("no typecheck error:  %d/%d = %.1f%%", noTypecheck, positive, 100*rate(noTypecheck, positive))
	var fileSyntax, fileTypecheck int
	for _, fs := range files {
		if !fs.syntax {
			fileSyntax++
		}
		if !fs.typecheck {
			fileTypecheck++
		}
	}
	t.Logf("files (all their configurations): %d/%d = %.1f%% no syntax finding, %d/%d = %.1f%% no typecheck error",
		fileSyntax, len(files), 100*rate(fileSyntax, len(files)), fileTypecheck, len(files), 100*rate(fileTypecheck, len(files)))
	t.Logf("negative tests rejected: %d/%d (not counted, implementation-specific: %s)", rejected, negative, strings.Join(skippedNegative, "; "))
	type cause struct {
		msg string
		n   int
	}
	var cs []cause
	for m, n := range causes {
		cs = append(cs, cause{m, n})
	}
	sort.Slice(cs, func(i, j int) bool { return cs[i].n > cs[j].n || cs[i].n == cs[j].n && cs[i].msg < cs[j].msg })
	var b strings.Builder
	for _, c := range cs {
		fmt.Fprintf(&b, "\n%4d  %s", c.n, c.msg)
	}
	t.Logf("first error of each failing unit, by cause:%s", b.String())
	t.Logf("failing units:\n%s", strings.Join(failing, "\n"))

	if r := rate(noSyntax, positive); r < minNoSyntax {
		t.Errorf("%.1f%% of the units have no syntax finding, want at least %.0f%%", 100*r, 100*minNoSyntax)
	}
	if r := rate(noTypecheck, positive); r < minNoTypecheck {
		t.Errorf("%.1f%% of the units have no typecheck error, want at least %.0f%%", 100*r, 100*minNoTypecheck)
	}
	if rejected < negative {
		t.Errorf("%d of %d negative tests are accepted", negative-rejected, negative)
	}
}

// loadCorpus returns the translation units of the corpus named by
// UPCLINT_CORPUS, skipping the test when it is unset.
func loadCorpus(t testing.TB) []corpus.Unit {
	t.Helper()
	root := corpus.Root()
	if root == "" {
		t.Skipf("set %s to a Berkeley UPC test tree to run", corpus.EnvVar)
	}
	_, units, err := corpus.LoadUnits(root)
	if err != nil {
		t.Fatal(err)
	}
	return units
}

// shippedRule reports whether a rule is one upclint runs, not one that this
// package's tests register (they report every call and barrier with fixes).
func shippedRule(name string) bool { return name != barrierFixer.Name && name != argFixer.Name }

// checkUnits analyses the units with all rules, those with the same settings
// together (sharing one cache of preprocessed leading includes, created
// for the call), and returns each unit's findings in the file itself and the
// number of lines analysed.
func checkUnits(t testing.TB, units []corpus.Unit) ([][]checks.Finding, int) {
	t.Helper()
	groups := map[string][]int{}
	var keys []string
	for i, u := range units {
		k := fmt.Sprint(u.Define, u.Undefine, u.Include, u.Threads)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], i)
	}
	results := make([][]checks.Finding, len(units))
	lines := 0
	// as one process checking every unit, from a cold start, the units of
	// every command line side by side (as upclint check runs a compilation
	// database's)
	prefixes := cpp.NewPrefixCache(0)
	batches := make([]checks.Batch, len(keys))
	which := make([]map[string][]int, len(keys))
	for bi, k := range keys {
		idx := groups[k]
		u := units[idx[0]]
		files := make([]string, len(idx))
		which[bi] = map[string][]int{}
		for j, i := range idx {
			files[j] = units[i].Path
			which[bi][units[i].Path] = append(which[bi][units[i].Path], i)
		}
		batches[bi] = checks.Batch{Files: files, Options: &checks.Options{Config: grammar.Config{
			IncludeDirs:   u.Include,
			Defines:       u.Define,
			Undefs:        u.Undefine,
			StaticThreads: u.Threads,
			Prefixes:      prefixes,
		}, Enabled: shippedRule}}
	}
	rs, errs := checks.RunBatches(context.Background(), batches, 0)
	for bi, r := range rs {
		if errs[bi] != nil {
			t.Fatal(errs[bi])
		}
		lines += r.Lines
		for _, f := range r.Findings {
			for _, i := range which[bi][filepath.Clean(f.Pos.Path)] {
				results[i] = append(results[i], f)
			}
		}
	}
	return results, lines
}

// BenchmarkDevelopmentCorpus runs the whole pipeline (all rules) over the
// translation units of the corpus named by UPCLINT_CORPUS with their
// harness flags, as `upclint check` would, and reports source lines per
// second and per CPU-second.
func BenchmarkDevelopmentCorpus(b *testing.B) {
	units := loadCorpus(b)
	lines := 0
	cpu0 := cpuTime()
	for b.Loop() {
		_, lines = checkUnits(b, units)
	}
	b.ReportMetric(float64(lines*b.N)/b.Elapsed().Seconds(), "lines/s")
	b.ReportMetric(float64(lines*b.N)/(cpuTime()-cpu0).Seconds(), "lines/cpu-s")
}

// BenchmarkCorpusFrontEnd is BenchmarkDevelopmentCorpus with
// the front end alone (grammar.Load: preprocessing, parsing, type checking),
// one unit at a time, each pass with a new cache of leading includes.
func BenchmarkCorpusFrontEnd(b *testing.B) {
	units := loadCorpus(b)
	srcs := make([][]byte, len(units))
	lines := 0
	for i, u := range units {
		src, err := os.ReadFile(u.Path)
		if err != nil {
			b.Fatal(err)
		}
		srcs[i] = src
		lines += bytes.Count(src, []byte{'\n'})
	}
	defer gcsettings.Use(gcsettings.Batch)()
	cpu0 := cpuTime()
	for b.Loop() {
		prefixes := cpp.NewPrefixCache(0)
		for i, u := range units {
			grammar.Load(gotoken.NewFileSet(), u.Path, srcs[i], &grammar.Config{IncludeDirs: u.Include, Defines: u.Define,
				Undefs: u.Undefine, StaticThreads: u.Threads, Prefixes: prefixes})
		}
	}
	b.ReportMetric(float64(lines*b.N)/(cpuTime()-cpu0).Seconds(), "lines/cpu-s")
}

var (
	quoted = regexp.MustCompile(`'[^']*'|"[^"]*"|<[^>]*>`)
	number = regexp.MustCompile(`\b\d+\b`)
)

// normalizeMessage folds names and numbers out of a message so that
// findings of one cause count together.
func normalizeMessage(m string) string {
	return number.ReplaceAllString(quoted.ReplaceAllString(m, "'X'"), "N")
}

// TestPrefixCacheCorpus checks the corpus twice, without and with a cache of
// the preprocessed leading #include lines, and requires the same findings,
// byte for byte (messages, positions, notes, fixes), for every unit.
func TestPrefixCacheCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("checks the corpus twice")
	}
	units := loadCorpus(t)
	off := unitFindings(t, units, cpp.NoPrefixCache)
	cache := cpp.NewPrefixCache(0)
	on := unitFindings(t, units, cache)
	if cache.Hits() < len(units)/2 {
		t.Errorf("the cache served %d of %d units", cache.Hits(), len(units))
	}
	// the units shared the parse of their leading includes too
	hits := cache.Hits()
	n := parsedPrefixes(t, units, cache)
	t.Logf("%d of %d units started from a kept preprocessor state; %d start from a kept parse of their leading includes", hits, len(units), n)
	if n < len(units)/2 {
		t.Errorf("%d of %d units start from a kept parse of their leading includes", n, len(units))
	}
	for i := range units {
		if off[i] != on[i] {
			t.Errorf("%s: findings differ with the cache:\nwithout:\n%s\nwith:\n%s", units[i].Rel, off[i], on[i])
		}
	}
}

// parsedPrefixes counts the units whose leading includes have a parse kept
// in cache (see parser.Prefix).
func parsedPrefixes(t *testing.T, units []corpus.Unit, cache *cpp.PrefixCache) int {
	t.Helper()
	n := 0
	for _, u := range units {
		src, err := os.ReadFile(u.Path)
		if err != nil {
			t.Fatal(err)
		}
		r := cpp.Preprocess(gotoken.NewFileSet(), u.Path, src, &cpp.Config{IncludeDirs: u.Include, Defines: u.Define,
			Undefs: u.Undefine, StaticThreads: u.Threads, Bundled: headers.FS, Prefixes: cache})
		if r.Prefix != nil {
			if _, ok := r.Prefix.Attached().(*parser.Prefix); ok {
				n++
			}
		}
	}
	return n
}

// unitFindings checks each unit with its flags and returns all its
// findings (in headers too), printed with every field.
func unitFindings(t *testing.T, units []corpus.Unit, prefixes *cpp.PrefixCache) []string {
	t.Helper()
	out := make([]string, len(units))
	errs := make([]error, len(units))
	var wg sync.WaitGroup
	next := make(chan int)
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			for i := range next {
				u := units[i]
				r, err := checks.Run([]string{u.Path}, &checks.Options{Config: grammar.Config{
					IncludeDirs:   u.Include,
					Defines:       u.Define,
					Undefs:        u.Undefine,
					StaticThreads: u.Threads,
					Prefixes:      prefixes,
				}})
				errs[i] = err
				if r == nil {
					continue
				}
				var b strings.Builder
				for _, f := range r.Findings {
					fmt.Fprintf(&b, "%+v\n", f)
				}
				out[i] = b.String()
			}
		})
	}
	for i := range units {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	return out
}
