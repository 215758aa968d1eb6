package fixes

import (
	"context"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/checks/pipeline"
	"github.com/upclint/upclint/internal/par"
	"github.com/upclint/upclint/runtime"
)

// Settings configure a fix run, as pipeline.Settings configure a check;
// the zero value applies the safe fixes of every enabled rule with each
// file's own configuration, on all cores.
type Settings struct {
	pipeline.FrontEnd
	// ConfigFile, when set, is the configuration of every file instead of
	// the nearest .upclint.yaml.
	ConfigFile string
	// Extensions of the files fixed in directories (default: the
	// configuration's, else .upc).
	Extensions []string
	// Jobs is the number of files fixed (and validated) in parallel
	// (<= 0: one).
	Jobs int
	// Unsafe also applies the fixes that need review.
	Unsafe bool
	// Rules, when not empty, limits the fixes applied to these rules.
	Rules []string
	// Validate runs the original and the fixed program of each changed
	// file (see ValidateResult) with ValidateOptions, whose Config is each
	// file's.
	Validate        bool
	ValidateOptions ValidateOptions
	// Progress, when set, follows the run: a step per file fixed and per
	// file validated.
	Progress pipeline.Progress
}

// Fixer runs fixes with validated settings.
type Fixer struct{ s Settings }

// New validates s. Its errors are the user's (a bad setting).
func New(s Settings) (*Fixer, error) {
	if err := s.CheckRules(); err != nil {
		return nil, err
	}
	for _, r := range s.Rules {
		if checks.Lookup(r) == nil {
			return nil, fmt.Errorf("unknown rule %q in --rules (see upclint rules)", r)
		}
	}
	if err := s.CheckThreads(); err != nil {
		return nil, err
	}
	v := &s.ValidateOptions
	if v.Backend != "" {
		if err := runtime.ValidBackend(v.Backend); err != nil {
			return nil, fmt.Errorf("--backend: %w", err)
		}
	}
	if err := CheckMask(v.MaskPatterns); err != nil {
		return nil, fmt.Errorf("--validate-mask: %w", err)
	}
	for _, n := range v.Threads {
		if n <= 0 {
			return nil, fmt.Errorf("--validate-threads: %d is not a positive THREADS count", n)
		}
	}
	return &Fixer{s: s}, nil
}

// Outcome is the result of a fix run.
type Outcome struct {
	// Results are the files' outcomes, in the order of the files found.
	Results []*FileResult
}

// Fix fixes the files and directories of paths (the working directory
// without paths), validating the changed ones when the settings say so.
// The fixed texts stay in memory: Outcome.Write writes them. Every error
// is one that stops the run (bad configuration, unreadable path); a file
// that cannot be read is its result's Err.
func (f *Fixer) Fix(ctx context.Context, paths []string) (*Outcome, error) {
	s := &f.s
	if len(paths) == 0 {
		paths = []string{"."}
	}
	resolver, err := config.NewResolver(s.ConfigFile)
	if err != nil {
		return nil, err
	}
	files, err := pipeline.Collect(resolver, paths, pipeline.CollectOptions{Extensions: s.Extensions})
	if err != nil {
		return nil, err
	}
	// Each file's include directories, macros and THREADS from the
	// compilation database found above it, as check reads them.
	entries, err := pipeline.Entries(files.Paths, nil)
	if err != nil {
		return nil, err
	}
	jobs := max(s.Jobs, 1)
	// A file that another one includes (#include "mat-opt-none.c") is
	// fixed as part of its includer's unit, with the includer's settings;
	// the includer leaves that file's fixes to it.
	parts := pipeline.IncludedParts(files, func(f string) []string {
		var dbInc []string
		if e := entries[f]; e != nil {
			dbInc = e.Include
		}
		return slices.Concat(s.Include, dbInc, files.Effective[f].Include)
	})
	partsOf := map[string]map[string]bool{}
	for p, u := range parts {
		if partsOf[u] == nil {
			partsOf[u] = map[string]bool{}
		}
		partsOf[u][p] = true
	}
	work := make([]FileJob, 0, len(files.Paths))
	for _, p := range files.Paths {
		settingsOf := p
		if u := parts[p]; u != "" {
			settingsOf = u
		}
		eff := files.Effective[settingsOf]
		work = append(work, FileJob{Path: p, Opts: &Options{Check: s.Options(eff, entries[settingsOf], 1), Config: eff,
			Unsafe: s.Unsafe, Rules: s.Rules, Unit: parts[p], Parts: partsOf[p]}})
	}
	tick := func() {}
	if pr := s.Progress; pr != nil {
		steps := len(work)
		if s.Validate {
			steps *= 2
		}
		pr.Start(steps)
		defer pr.Done()
		tick = pr.Step
	}
	out := &Outcome{Results: FixFiles(work, jobs, tick)}
	if s.Validate {
		validateAll(ctx, work, out.Results, s.ValidateOptions, jobs, tick)
	}
	return out, nil
}

// validateAll validates the changed files, jobs at a time.
func validateAll(ctx context.Context, work []FileJob, results []*FileResult, vo ValidateOptions, jobs int, tick func()) {
	par.ForEach(len(results), jobs, func(i int) {
		o := vo
		o.Config = work[i].Opts.Check.Config
		o.Unit = work[i].Opts.Unit
		if eff := work[i].Opts.Config; eff != nil && len(eff.ValidateMask) > 0 {
			o.MaskPatterns = append(slices.Clone(o.MaskPatterns), eff.ValidateMask...)
		}
		_ = ValidateResult(ctx, results[i], o)
		tick()
	})
}

// Exit statuses of a fix run, as upclint check's.
const (
	ExitOK       = 0 // nothing left to fix
	ExitFindings = 1 // findings remain (with diff: fixes would be applied)
	ExitFailure  = 2 // a file could not be read or written
)

// Write ends a fix run: with diff it prints each file's unified diff to
// out and writes nothing, else it writes each changed file (atomically);
// then the summary of what was fixed goes to out (with diff, to errs,
// so that out is a patch). A file's failure is printed to errs. It
// returns the run's exit status; its error is one writing the summary.
func (o *Outcome) Write(out, errs io.Writer, diff bool) (int, error) {
	code := ExitOK
	for _, r := range o.Results {
		if r.Err != nil {
			fmt.Fprintf(errs, "upclint: %s: %v\n", r.Path, r.Err)
			code = ExitFailure
			continue
		}
		if diff {
			if d := r.Diff(); d != "" {
				fmt.Fprint(out, d)
				code = max(code, ExitFindings)
			}
		} else if r.Changed() {
			if err := WriteFile(r.Path, r.Fixed); err != nil {
				fmt.Fprintf(errs, "upclint: %v\n", err)
				code = ExitFailure
				continue
			}
		}
		if len(r.Remaining) > 0 {
			code = max(code, ExitFindings)
		}
	}
	summary := out
	if diff {
		summary = errs
	}
	return code, writeSummary(summary, o.Results, diff)
}

// writeSummary prints what fix did: per changed or validated file its
// fixes and validation, then fixes by rule and the totals.
func writeSummary(w io.Writer, results []*FileResult, diff bool) error {
	type count struct{ applied, rejected int }
	byRule := map[string]*count{}
	of := func(rule string) *count {
		if byRule[rule] == nil {
			byRule[rule] = &count{}
		}
		return byRule[rule]
	}
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
			of(a.Rule).applied++
		}
		for _, a := range r.Rejected {
			of(a.Rule).rejected++
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
	for _, r := range results {
		if r.Err == nil && r.Validation != nil && len(r.Validation.Masked) > 0 {
			fmt.Fprintf(w, "%s: %s\n", r.Path, r.Validation.MaskedSummary())
		}
		if r.Err == nil && r.Validation != nil && r.Validation.OK {
			for _, s := range r.Validation.Schedule {
				fmt.Fprintf(w, "%s: kept on the lines it changes: %s\n", r.Path, s)
			}
		}
	}
	if err := writeDetails(w, results); err != nil {
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
	if diff {
		verb = "would fix"
	}
	fmt.Fprintf(w, "%d files, %s %d, %d findings remain\n", len(results), verb, changed, remaining)
	if validated > 0 {
		net := runtime.DefaultNet
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

// writeDetails prints, for the validated files, each fix: an applied
// one with the communication of the lines it rewrites before and after
// (largest THREADS count), a rejected one with the reason.
func writeDetails(w io.Writer, results []*FileResult) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	header := false
	row := func(r *FileResult, a Applied, status, lines, ops, byt, mod string) {
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
