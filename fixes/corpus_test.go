package fixes_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/internal/corpus"
)

// corpusFixEnv opts in to TestCorpusFixTotals, which builds and runs
// every fixed program of the corpus (most of an hour on two cores).
const corpusFixEnv = "UPCLINT_CORPUS_FIX"

// TestCorpusFixTotals runs upclint fix --unsafe --validate over every
// translation unit of the development corpus (UPCLINT_CORPUS) with the
// flags its harness builds it with, and reports the corpus-wide totals:
// communication of the programs before and after the kept fixes (remote
// operations, bytes, modeled time at the largest THREADS run), and the
// fixes offered, kept and refused by reason. It fails when a kept fix
// communicates more than the original. UPCLINT_CORPUS_FIX=1 runs it,
// UPCLINT_CORPUS_FIX=dir/ lists every file's outcome in dir/corpus-fix.txt;
// UPCLINT_CORPUS_ONLY=regexp limits it to the units whose path matches.
func TestCorpusFixTotals(t *testing.T) {
	root := corpus.Root()
	opt := os.Getenv(corpusFixEnv)
	if root == "" || opt == "" {
		t.Skipf("set %s and %s=1 to run (builds and runs every fixed program)", corpus.EnvVar, corpusFixEnv)
	}
	fixtest.NeedCC(t)
	tests, units, err := corpus.LoadUnits(root)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*corpus.Test{}
	for i := range tests {
		byName[tests[i].Suite+"/"+tests[i].Name] = &tests[i]
	}
	var only *regexp.Regexp
	if s := os.Getenv("UPCLINT_CORPUS_ONLY"); s != "" {
		only = regexp.MustCompile(s)
	}

	var tot totals
	var log strings.Builder
	setparams := map[string]string{} // NAS's setparams, built once per suite
	for _, u := range units {
		if u.Negative || only != nil && !only.MatchString(u.Rel) {
			continue
		}
		var tc *corpus.Test
		suite, _ := filepath.Rel(root, filepath.Dir(u.Path))
		for _, n := range u.Tests {
			if tc = byName[suite+"/"+n]; tc != nil {
				break
			}
		}
		if tc == nil {
			tc = makeTest(tests, u.Path)
		}
		if tc != nil && tc.TimeLimit == 0 {
			continue // the harness does not run it
		}
		// The harness builds in the test's directory with -I. (GWU's,
		// HPCS's and matmult's #include <config.h>), and links the other
		// files its test names (nqueens.c sched.c gen.c).
		inc := append(slices.Clone(u.Include), filepath.Dir(u.Path))
		var args, sources []string
		var threads []int
		notRun := ""
		switch {
		case tc != nil:
			args = tc.AppArgs
			threads = harnessThreads(tc)
			for _, f := range tc.Files {
				if p := filepath.Join(tc.Dir, f); p != u.Path && len(tc.Files) > 1 {
					sources = append(sources, p)
				}
			}
		case madeBy(tests, u.Path):
			if dir, srcs, ok := nasBuild(t, u, setparams); ok {
				// The make runs in the kernel's directory (-I. for a
				// variant's globals.h) with -I../common.
				kernel := nasKernelDir(u.Path)
				inc = append(inc, kernel, dir, filepath.Join(filepath.Dir(kernel), "common"))
				sources = srcs
				break
			}
			notRun = "not validated alone: the harness builds it with make (several files, generated headers)"
		default:
			notRun = "not validated: no harness test runs it (a disabled test or a helper file)"
		}
		cfg := grammar.Config{IncludeDirs: inc, Defines: u.Define, Undefs: u.Undefine, StaticThreads: u.Threads}
		// The unit and the sources it includes (fixed in place, validated
		// by building the unit), as upclint fix does with a directory.
		ps := parts(u.Path)
		unitOpts := &fixes.Options{Check: &checks.Options{Config: cfg}, Unsafe: true, Parts: map[string]bool{}}
		jobs := []fixes.FileJob{{Path: u.Path, Opts: unitOpts}}
		for _, p := range ps {
			unitOpts.Parts[p] = true
			jobs = append(jobs, fixes.FileJob{Path: p, Opts: &fixes.Options{Check: &checks.Options{Config: cfg}, Unsafe: true, Unit: u.Path}})
		}
		// The default budget of extra validations, as upclint fix.
		vo := fixes.ValidateOptions{Config: cfg, Args: args, Sources: sources, Threads: threads, Timeout: time.Minute}
		results := fixes.FixFiles(jobs, 1, nil)
		for i, r := range results {
			if notRun != "" {
				if r.Err == nil && r.Changed() {
					for j := range r.Applied {
						r.Applied[j].Reason = notRun
					}
					r.Revert()
					r.Validation = &fixes.Validation{Err: errors.New(notRun)}
				}
				continue
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
			o := vo
			o.Unit = jobs[i].Opts.Unit
			err := fixes.ValidateResult(ctx, r, o)
			cancel()
			if err != nil {
				t.Errorf("%s: %v", r.Path, err)
			}
		}
		for _, r := range results {
			tot.add(t, root, r, &log)
		}
	}
	t.Log(tot.String())
	if dir, err := os.Stat(opt); err == nil && dir.IsDir() {
		if err := os.WriteFile(filepath.Join(opt, "corpus-fix.txt"), []byte(log.String()+"\n"+tot.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// harnessThreads returns the dynamic THREADS counts a test allows when
// it names them (matmult's Cannon and SUMMA need a perfect square: 4),
// nil for the validator's defaults.
func harnessThreads(tc *corpus.Test) []int {
	var out []int
	for _, n := range tc.DynamicThreads {
		if n == corpus.Default {
			return nil
		}
		if n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// makeTest returns the test that builds path alone with make (HPCS's
// gups: its Files name the one file), nil if none.
func makeTest(tests []corpus.Test, path string) *corpus.Test {
	for i := range tests {
		if t := &tests[i]; t.Make() && len(t.Files) == 1 && filepath.Join(t.Dir, t.Files[0]) == path {
			return t
		}
	}
	return nil
}

// nasKernelDir is the directory of a NAS kernel's Makefile for one of
// its sources (variants/mg.O0.c is MG's).
func nasKernelDir(path string) string {
	dir := filepath.Dir(path)
	if filepath.Base(dir) == "variants" {
		dir = filepath.Dir(dir)
	}
	return dir
}

// nasBuild does what the harness's make does for a NAS Parallel
// Benchmarks kernel (mg-S: make CLASS=S with static THREADS): setparams,
// built once per suite in setparams, writes npbparams.h into a directory
// of its own, and the kernel links with the files its Makefile's OBJS
// name (the suite's common timers, random numbers and report; MG's
// file_output.c). It returns that directory and the other sources; ok
// is false when path is not a NAS kernel whose OBJS it can resolve.
func nasBuild(t *testing.T, u corpus.Unit, setparams map[string]string) (dir string, sources []string, ok bool) {
	kernel := nasKernelDir(u.Path)
	suite := filepath.Dir(kernel)
	mk, err := os.ReadFile(filepath.Join(kernel, "Makefile"))
	if err != nil {
		return "", nil, false
	}
	if _, err := os.Stat(filepath.Join(suite, "sys", "setparams.c")); err != nil {
		return "", nil, false
	}
	// OBJS = a.o ${COMMON}/c_${RAND}.o \ (continued lines)
	var objs []string
	in := false
	for _, line := range strings.Split(string(mk), "\n") {
		if strings.HasPrefix(line, "OBJS") && strings.Contains(line, "=") {
			in, line = true, line[strings.Index(line, "=")+1:]
		} else if !in {
			continue
		}
		more := strings.HasSuffix(strings.TrimSpace(line), "\\")
		objs = append(objs, strings.Fields(strings.TrimSuffix(strings.TrimSpace(line), "\\"))...)
		if !more {
			break
		}
	}
	main := filepath.Base(kernel)
	for _, o := range objs {
		name := strings.NewReplacer("${COMMON}/", "", "c_${RAND}", "c_randdp", "c_wtime", "wtime").Replace(strings.TrimSuffix(o, ".o"))
		base := kernel
		if strings.HasPrefix(o, "${COMMON}/") {
			base = filepath.Join(suite, "common")
		}
		if strings.Contains(name, "$") {
			return "", nil, false
		}
		if strings.EqualFold(name, main) {
			continue // the kernel itself (or its variant): the unit
		}
		found := ""
		for _, ext := range []string{".c", ".upc"} {
			if p := filepath.Join(base, name+ext); fileExists(p) {
				found = p
			}
		}
		if found == "" {
			return "", nil, false
		}
		sources = append(sources, found)
	}
	bin := setparams[suite]
	if bin == "" {
		bin = filepath.Join(t.TempDir(), "setparams")
		if out, err := exec.Command("cc", "-o", bin, filepath.Join(suite, "sys", "setparams.c"), "-lm").CombinedOutput(); err != nil {
			t.Logf("%s: setparams: %v\n%s", suite, err, out)
			return "", nil, false
		}
		setparams[suite] = bin
	}
	// setparams reads ../config/make.def and writes npbparams.h.
	work := t.TempDir()
	dir = filepath.Join(work, "kernel")
	def, err := os.ReadFile(filepath.Join(suite, "config", "make.def"))
	if err != nil || os.MkdirAll(dir, 0o755) != nil || os.MkdirAll(filepath.Join(work, "config"), 0o755) != nil ||
		os.WriteFile(filepath.Join(work, "config", "make.def"), def, 0o644) != nil {
		return "", nil, false
	}
	np := u.Threads
	if np == 0 {
		np = corpus.DefaultStaticThreads
	}
	// NAS 2.4's setparams takes the THREADS count, 2.3's does not.
	for _, args := range [][]string{{strings.ToLower(main), "S", fmt.Sprint(np)}, {strings.ToLower(main), "S"}} {
		cmd := exec.Command(bin, args...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err == nil && fileExists(filepath.Join(dir, "npbparams.h")) {
			return dir, sources, true
		} else if len(args) == 2 {
			t.Logf("%s: setparams: %v\n%s", u.Rel, err, out)
		}
	}
	return "", nil, false
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// madeBy reports whether a test that builds with make (NAS, HPCS) lies
// at or above path's directory: the harness builds the file as part of
// that make, not alone.
func madeBy(tests []corpus.Test, path string) bool {
	for i := range tests {
		if tests[i].Make() && strings.HasPrefix(path, tests[i].Dir+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// parts returns the project files path includes with "name" that are
// UPC or C sources (GWU's mat.c includes mat-opt-none.c): they are fixed
// as part of path's unit.
func parts(path string) []string {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []string
	for l := range edit.IncludeLines(src) {
		ext := filepath.Ext(l.Name)
		if ext != ".c" && ext != ".upc" {
			continue
		}
		p := filepath.Join(filepath.Dir(path), l.Name)
		if _, err := os.Stat(p); err == nil {
			out = append(out, p)
		}
	}
	return out
}

// totals are the corpus-wide figures of TestCorpusFixTotals.
type totals struct {
	files, changed, validated, keptFiles int
	offered, kept                        int
	refused                              map[string]int
	byClass                              map[string][]string // the refused fixes of each kind, file:line rule
	before, after                        fixes.Comm
	costlier                             int
	// scheduled counts the files kept on their changed lines whose
	// totals grew between two runs of a schedule-dependent program.
	scheduled int
}

func (s *totals) add(t *testing.T, root string, r *fixes.FileResult, log *strings.Builder) {
	s.files++
	if s.refused == nil {
		s.refused = map[string]int{}
	}
	rel, _ := filepath.Rel(root, r.Path)
	v := r.Validation
	if r.Err != nil || v == nil {
		return
	}
	s.changed++
	s.offered += len(r.Applied) + len(r.Rejected)
	for _, a := range r.Rejected {
		s.refuse(rel, a, log)
	}
	if !r.Changed() {
		// Nothing kept: Applied holds the refused fixes.
		for _, a := range r.Applied {
			s.refuse(rel, a, log)
		}
		if v.Before.Threads > 0 {
			s.validated++
			s.before = plus(s.before, v.Before)
			s.after = plus(s.after, v.Before)
		}
		return
	}
	s.validated++
	s.keptFiles++
	s.kept += len(r.Applied)
	s.before, s.after = plus(s.before, v.Before), plus(s.after, v.After)
	for _, a := range r.Applied {
		fmt.Fprintf(log, "%s:%d %s kept: %s\n", rel, a.Line, a.Rule, a.Message)
	}
	fmt.Fprintf(log, "%s: THREADS=%d remote ops %d -> %d, bytes %d -> %d, modeled %v -> %v\n", rel, v.After.Threads,
		v.Before.RemoteOps, v.After.RemoteOps, v.Before.RemoteBytes, v.After.RemoteBytes, v.Before.Modeled, v.After.Modeled)
	if v.After.RemoteOps > v.Before.RemoteOps || v.After.RemoteBytes > v.Before.RemoteBytes || v.After.Modeled > v.Before.Modeled {
		if len(v.Schedule) > 0 {
			// The original's own runs communicated differently: the
			// fix was judged on the lines it changes (see
			// fixes.ScheduleVerdict), and these totals are one run each.
			s.scheduled++
			fmt.Fprintf(log, "%s: kept on the lines it changes; the totals of one run each grow: %s\n", rel, v.Schedule[0])
			return
		}
		s.costlier++
		t.Errorf("%s: a kept fix communicates more: %+v -> %+v", rel, v.Before, v.After)
	}
}

// refuse counts the refused fix a of file rel by its kind.
func (s *totals) refuse(rel string, a fixes.Applied, log *strings.Builder) {
	k := refusal(a.Reason)
	s.refused[k]++
	if s.byClass == nil {
		s.byClass = map[string][]string{}
	}
	s.byClass[k] = append(s.byClass[k], fmt.Sprintf("%s:%d %s", rel, a.Line, a.Rule))
	fmt.Fprintf(log, "%s:%d %s refused: %s\n", rel, a.Line, a.Rule, a.Reason)
}

// refusal names the kind of a refusal reason.
func refusal(reason string) string {
	switch {
	case strings.HasPrefix(reason, "original"):
		// The original itself: a build or link error, a failed run.
		return "the original does not build or run"
	case strings.Contains(reason, "communicates more"):
		return "communicates more"
	case strings.Contains(reason, "output line"):
		return "output differs"
	case strings.Contains(reason, "exit status"):
		return "exit status differs"
	case strings.HasPrefix(reason, "not validated alone"):
		return "not validated alone: built by make"
	case strings.HasPrefix(reason, "not validated: no harness"):
		return "not validated: no harness test runs it"
	case strings.Contains(reason, "not validated"), strings.Contains(reason, "not applicable"):
		return "not tried (validation budget, or needs a refused fix)"
	case strings.HasPrefix(reason, "overlaps"), reason == "":
		return "overlaps another fix in every round"
	case strings.HasPrefix(reason, "edits another file"):
		return "edits another file"
	case strings.Contains(reason, "timed out"):
		return "the fixed program times out"
	}
	return "the fixed program does not build or run"
}

func plus(a, b fixes.Comm) fixes.Comm {
	return fixes.Comm{Threads: max(a.Threads, b.Threads), RemoteOps: a.RemoteOps + b.RemoteOps,
		RemoteBytes: a.RemoteBytes + b.RemoteBytes, Modeled: a.Modeled + b.Modeled}
}

func (s *totals) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "files fixed: %d (%d with a fix, %d validated, %d keep a fix)\n", s.files, s.changed, s.validated, s.keptFiles)
	fmt.Fprintf(&b, "fixes offered %d, kept %d, refused %d\n", s.offered, s.kept, s.offered-s.kept)
	var reasons []string
	for r := range s.refused {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	sort.SliceStable(reasons, func(i, j int) bool { return s.refused[reasons[i]] > s.refused[reasons[j]] })
	for _, r := range reasons {
		fmt.Fprintf(&b, "  refused, %s: %d\n", r, s.refused[r])
		for _, f := range s.byClass[r] {
			fmt.Fprintf(&b, "    %s\n", f)
		}
	}
	fmt.Fprintf(&b, "validated files, at the largest THREADS run: remote ops %d -> %d, bytes %d -> %d, modeled %v -> %v\n",
		s.before.RemoteOps, s.after.RemoteOps, s.before.RemoteBytes, s.after.RemoteBytes, s.before.Modeled, s.after.Modeled)
	fmt.Fprintf(&b, "files kept on the lines their fixes change whose one-run totals grew (schedule-dependent originals): %d\n", s.scheduled)
	fmt.Fprintf(&b, "files whose kept fixes communicate more: %d", s.costlier)
	return b.String()
}

// TestRefusalKinds: each refusal reason the fix loop and the validator
// give is listed under its kind; a link error of the original is the
// original's, not a differing exit status.
func TestRefusalKinds(t *testing.T) {
	for reason, want := range map[string]string{
		"original: collect2: error: ld returned 1 exit status":                                    "the original does not build or run",
		"original, THREADS=8: timed out after 30s":                                                "the original does not build or run",
		"THREADS=2: communicates more than the original: bytes 4 → 5 (+1, 1.25x)":                 "communicates more",
		`THREADS=2 thread 0 output line 2: "0.5" (original) vs "0.0" (fixed)`:                     "output differs",
		"THREADS=2 thread 0: exit status 0 (original) vs 1 (fixed)":                               "exit status differs",
		"not validated: the limit of 8 extra validations per file was reached":                    "not tried (validation budget, or needs a refused fix)",
		"overlaps another fix in every round":                                                     "overlaps another fix in every round",
		"edits another file":                                                                      "edits another file",
		"fixed: x.upc:3:5: error: use of undeclared identifier 'i' [typecheck]":                   "the fixed program does not build or run",
		"fixed, THREADS=4: timed out after 1m0s (the original ran in 2s)":                         "the fixed program times out",
		"not validated alone: the harness builds it with make (several files, generated headers)": "not validated alone: built by make",
	} {
		if got := refusal(reason); got != want {
			t.Errorf("refusal(%q) = %q, want %q", reason, got, want)
		}
	}
}
