package main

import (
	"fmt"
	"io"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/checks/pipeline"
	"github.com/upclint/upclint/fixes"
	upcrt "github.com/upclint/upclint/runtime"
)

// fixFlags are fix's flags beyond the front end's.
type fixFlags struct {
	fe              frontEndFlags
	unsafe          bool
	rules           []string
	diff            bool
	validate        bool
	validateMain    string
	validateThreads []int
	net             string
	configFile      string
	jobs            int
	exts            []string
	progress        string
	cc              string
	backend         string
}

func newFixCmd() *cobra.Command {
	var ff fixFlags
	cmd := &cobra.Command{
		Use:   "fix [flags] [paths...]",
		Short: "Apply the rules' suggested fixes to UPC files",
		Long: `Apply the rules' suggested rewrites to UPC files.

Paths are chosen as by "upclint check". Only safe fixes are applied unless
--unsafe is given. The fixes of each file are merged; overlapping fixes are
resolved in finding order and the file is analysed again until no fix is
left (at most 5 rounds), so a second run changes nothing. Files are written
atomically with their mode and line endings kept; a file with a syntax
error is never edited. --diff prints a unified diff and writes nothing.

--validate runs the original and the fixed program of each changed file on
the bundled runtime (translated to C and built with the C compiler) with
THREADS 1, 2, 3, 4 and 8 (--validate-threads); a fixed text is kept only
if every thread's output and exit status match. When a file's fixes fail
together, they are tried again one at a time in the order they were
applied (each added to those kept so far, at most 8 extra validations per
file): the fixes that pass are kept, the others are reported with their
rule, line and first differing output line. The report gives, per file and
per kept fix, the communication (remote operations, bytes, modeled time)
before and after; a fix's figures are those of the source lines it
rewrites, from the runtime's per-line statistics at the largest THREADS.
A file without main is linked with --validate-main.

Exit status:
  0  nothing left to fix: no finding remains
  1  findings remain (or, with --diff, fixes would be applied)
  2  the tool could not do its job (bad flag, unreadable or unwritable file)`,
		Example: `  upclint fix kernel.upc
  upclint fix --diff --rules forall src/
  upclint fix --unsafe --validate --validate-threads 1,2,4 kernel.upc`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runFix(cmd, &ff, args)
		},
	}
	ff.fe.register(cmd)
	fl := cmd.Flags()
	fl.BoolVar(&ff.unsafe, "unsafe", false, "also apply fixes that need review")
	fl.StringSliceVar(&ff.rules, "rules", nil, "apply only the fixes of these `rules` (comma-separated)")
	fl.BoolVar(&ff.diff, "diff", false, "print a unified diff of the fixes and write nothing")
	fl.BoolVar(&ff.validate, "validate", false, "run original and fixed programs on the bundled runtime; keep the fixes whose outputs match")
	fl.StringVar(&ff.validateMain, "validate-main", "", "link `file` (with main) when validating a file that has no main")
	fl.IntSliceVar(&ff.validateThreads, "validate-threads", nil, "THREADS `counts` for --validate (default 1,2,3,4,8)")
	fl.StringVar(&ff.net, "net", "", "network model of --validate's statistics `o=..,L=..,G=..` (default o=0.3us,L=1.5us,G=0.08ns/B)")
	fl.StringVar(&ff.cc, "cc", "", "C `compiler` for --validate (default $CC, else cc)")
	fl.StringVar(&ff.backend, "backend", "smp", "runtime `backend` of --validate: smp or mpi (MPI-3, started with mpirun)")
	fl.StringVar(&ff.configFile, "config", "", "use configuration `file` for every file instead of the nearest .upclint.yaml")
	fl.IntVar(&ff.jobs, "jobs", runtime.NumCPU(), "fix `N` files in parallel")
	fl.StringSliceVar(&ff.exts, "ext", nil, "file `extensions` to fix in directories (comma-separated; default .upc)")
	fl.StringVar(&ff.progress, "progress", "auto", "show a progress bar on standard error: `when` = auto (on a terminal, for more than 50 files), always, never")
	return cmd
}

func runFix(cmd *cobra.Command, ff *fixFlags, args []string) error {
	if len(args) == 0 {
		args = []string{"."}
	}
	fe := ff.fe.frontEnd()
	if err := fe.CheckRules(); err != nil {
		return fail(err)
	}
	for _, r := range ff.rules {
		if checks.Lookup(r) == nil {
			return fail(fmt.Errorf("unknown rule %q in --rules (see upclint rules)", r))
		}
	}
	if err := fe.CheckThreads(); err != nil {
		return fail(err)
	}
	if err := upcrt.ValidBackend(ff.backend); err != nil {
		return fail(fmt.Errorf("--backend: %w", err))
	}
	for _, n := range ff.validateThreads {
		if n <= 0 {
			return fail(fmt.Errorf("--validate-threads: %d is not a positive THREADS count", n))
		}
	}
	if err := checkWhen("progress", ff.progress); err != nil {
		return fail(err)
	}
	if err := checkExts(ff.exts); err != nil {
		return fail(err)
	}
	net, err := parseNet(ff.net)
	if err != nil {
		return fail(err)
	}
	resolver, err := config.NewResolver(ff.configFile)
	if err != nil {
		return fail(err)
	}
	files, err := pipeline.Collect(resolver, args, pipeline.CollectOptions{Extensions: ff.exts})
	if err != nil {
		return fail(err)
	}
	jobs := max(ff.jobs, 1)
	var work []fixes.FileJob
	for _, f := range files.Paths {
		co := fe.Options(files.Effective[f], nil, 1)
		work = append(work, fixes.FileJob{Path: f, Opts: &fixes.Options{Check: co, Unsafe: ff.unsafe, Rules: ff.rules}})
	}

	stderr := cmd.ErrOrStderr()
	steps := len(files.Paths)
	if ff.validate {
		steps *= 2
	}
	bar := newProgress(ff.progress, stderr, steps)
	tick := func() {}
	if bar != nil {
		var mu sync.Mutex
		tick = func() { mu.Lock(); _ = bar.Add(1); mu.Unlock() }
	}
	results := fixes.FixFiles(work, jobs, tick)
	if ff.validate {
		validateAll(cmd, ff, work, results, net, jobs, tick)
	}
	if bar != nil {
		_ = bar.Finish()
	}

	code := exitOK
	out := cmd.OutOrStdout()
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(stderr, "upclint: %s: %v\n", r.Path, r.Err)
			code = exitFailure
			continue
		}
		if ff.diff {
			if d := r.Diff(); d != "" {
				fmt.Fprint(out, d)
				code = max(code, exitFindings)
			}
		} else if r.Changed() {
			if err := fixes.WriteFile(r.Path, r.Fixed); err != nil {
				fmt.Fprintf(stderr, "upclint: %v\n", err)
				code = exitFailure
				continue
			}
		}
		if len(r.Remaining) > 0 {
			code = max(code, exitFindings)
		}
	}
	summary := out
	if ff.diff {
		summary = stderr
	}
	if err := writeFixSummary(summary, results, ff); err != nil {
		return fail(err)
	}
	if code != exitOK {
		return &exitError{code: code}
	}
	return nil
}

// validateAll validates the changed files, jobs at a time.
func validateAll(cmd *cobra.Command, ff *fixFlags, work []fixes.FileJob, results []*fixes.FileResult, net *upcrt.NetModel, jobs int, tick func()) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(jobs, len(results))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				vo := fixes.ValidateOptions{Config: work[i].Opts.Check.Config, Main: ff.validateMain,
					Threads: ff.validateThreads, Net: net, CC: ff.cc, Backend: ff.backend}
				_ = fixes.ValidateResult(cmd.Context(), results[i], vo)
				tick()
			}
		}()
	}
	for i := range results {
		next <- i
	}
	close(next)
	wg.Wait()
}

// writeFixSummary prints what fix did: per changed or validated file its
// fixes and validation, then fixes by rule and the totals.
func writeFixSummary(w io.Writer, results []*fixes.FileResult, ff *fixFlags) error {
	type count struct{ applied, rejected int }
	byRule := map[string]*count{}
	changed, remaining := 0, 0
	var saved [3]int64
	validated := 0
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := false
	for _, r := range results {
		if r.Err != nil {
			continue
		}
		remaining += len(r.Remaining)
		for _, a := range r.Applied {
			c := byRule[a.Rule]
			if c == nil {
				c = &count{}
				byRule[a.Rule] = c
			}
			c.applied++
		}
		for _, a := range r.Rejected {
			c := byRule[a.Rule]
			if c == nil {
				c = &count{}
				byRule[a.Rule] = c
			}
			c.rejected++
		}
		if r.Changed() {
			changed++
		}
		if r.Validation == nil && !r.Changed() {
			continue
		}
		if !header {
			fmt.Fprintln(tw, "file\tfixes\trejected\tvalidation\tremote ops\tremote bytes\tmodeled comm\t")
			header = true
		}
		val, ops, byt, mod := "-", "-", "-", "-"
		if v := r.Validation; v != nil {
			switch {
			case v.OK:
				val = "ok (THREADS " + joinInts(v.Threads) + ")"
				if v.Runs > 1 {
					val += fmt.Sprintf(", %d validations", v.Runs)
				}
				ops = fmt.Sprintf("%d → %d", v.Before.RemoteOps, v.After.RemoteOps)
				byt = fmt.Sprintf("%d → %d", v.Before.RemoteBytes, v.After.RemoteBytes)
				mod = fmt.Sprintf("%v → %v", v.Before.Modeled, v.After.Modeled)
				o, b, m := v.Saved()
				saved[0] += o
				saved[1] += b
				saved[2] += int64(m)
				validated++
			default:
				val = "reverted: " + v.Reason()
			}
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%s\t%s\t%s\t\n", r.Path, len(r.Applied), len(r.Rejected), val, ops, byt, mod)
	}
	if header {
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	if err := writeFixDetails(w, results); err != nil {
		return err
	}
	rules := make([]string, 0, len(byRule))
	for r := range byRule {
		rules = append(rules, r)
	}
	sort.Strings(rules)
	if len(rules) > 0 {
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "rule\tapplied\trejected\t")
		for _, r := range rules {
			fmt.Fprintf(tw, "%s\t%d\t%d\t\n", r, byRule[r].applied, byRule[r].rejected)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	verb := "fixed"
	if ff.diff {
		verb = "would fix"
	}
	fmt.Fprintf(w, "%d files, %s %d, %d findings remain\n", len(results), verb, changed, remaining)
	if validated > 0 {
		net := upcrt.DefaultNet
		for _, r := range results {
			if r.Validation != nil {
				net = r.Validation.Net
				break
			}
		}
		fmt.Fprintf(w, "communication saved (validated files, largest THREADS): %d remote ops, %d bytes, %v modeled (o=%v L=%v G=%gns/B)\n",
			saved[0], saved[1], time.Duration(saved[2]), net.O, net.L, net.G)
	}
	return nil
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, n := range v {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

// writeFixDetails prints, for the validated files, each fix: an applied
// one with the communication of the lines it rewrites before and after
// (largest THREADS count), a rejected one with the reason.
func writeFixDetails(w io.Writer, results []*fixes.FileResult) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := false
	row := func(r *fixes.FileResult, a fixes.Applied, status, lines, ops, byt, mod string) {
		if !header {
			fmt.Fprintln(tw, "fix\trule\tstatus\tlines\tremote ops\tremote bytes\tmodeled comm\t")
			header = true
		}
		fmt.Fprintf(tw, "%s:%d\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Path, a.Line, a.Rule, status, lines, ops, byt, mod)
	}
	for _, r := range results {
		if r.Err != nil || r.Validation == nil {
			continue
		}
		for _, a := range r.Applied {
			c := a.Comm
			if c == nil {
				row(r, a, "kept", "-", "-", "-", "-")
				continue
			}
			lines := fmt.Sprintf("%s → %s", lineSpan(c.Original), lineSpan(c.Fixed))
			if c.Incomplete {
				lines += " (incomplete)"
			}
			row(r, a, "kept", lines, fmt.Sprintf("%d → %d", c.Before.RemoteOps, c.After.RemoteOps),
				fmt.Sprintf("%d → %d", c.Before.RemoteBytes, c.After.RemoteBytes),
				fmt.Sprintf("%v → %v", c.Before.Modeled, c.After.Modeled))
		}
		for _, a := range r.Rejected {
			if a.Reason != "" {
				row(r, a, "rejected: "+a.Reason, "-", "-", "-", "-")
			}
		}
	}
	if !header {
		return nil
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, "(per fix: the lines it rewrites, original → fixed, summed over threads at the largest THREADS; modeled: 2o+2L+nG per operation)")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(w)
	return err
}

func lineSpan(l [2]int) string {
	if l[0] == l[1] {
		return strconv.Itoa(l[0])
	}
	return fmt.Sprintf("%d-%d", l[0], l[1])
}
