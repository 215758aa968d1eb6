// Package pipeline runs a whole check of a code base, as `upclint check`
// does: it finds the files and the configuration of each, reads the
// compilation database, analyses files with the same settings together,
// applies severity overrides and suppression comments, fingerprints the
// findings, filters them by baseline and by git revision, and computes the
// exit status. Reports are written with Outcome.Write.
//
//	c, err := pipeline.New(pipeline.Settings{Jobs: 4, FailOn: "error"})
//	...
//	out, err := c.Check(ctx, []string{"src"})
//	...
//	err = out.Write(os.Stdout, []pipeline.Output{{Format: "text"}}, version, nil)
//
// Analysis runs on checks.Run; the language server and upclint fix, which
// analyse one file's text at a time, use checks.AnalyzeSource directly.
package pipeline

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/baseline"
	"github.com/upclint/upclint/checks/buildinfo"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/checks/report"
	"github.com/upclint/upclint/checks/suppress"
	"github.com/upclint/upclint/grammar/diag"
)

// Settings configure a check; the zero value checks with every file's own
// configuration, all cores and the default limits, and fails on any
// finding.
type Settings struct {
	FrontEnd
	// ConfigFile, when set, is the configuration of every file instead of
	// the nearest .upclint.yaml.
	ConfigFile string
	// BuildPath is a directory with compile_commands.json (or that file):
	// each file's include directories, macros and THREADS come from its
	// entry, and a check without paths checks the files it lists. Without
	// it, each file's database is the first compile_commands.json found in
	// its directory or above, or in their build/ subdirectories.
	BuildPath string
	// Extensions of the files checked in directories (default: the
	// configuration's, else .upc).
	Extensions []string
	// Jobs is the number of files analysed in parallel (<= 0: all cores).
	Jobs int
	// MaxFileSize: larger files get one diagnostic (<= 0: the default).
	MaxFileSize int64
	// FailOn is the least severe severity that fails the check: error,
	// warning, note, none; empty means any finding.
	FailOn string
	// Baseline names a baseline file: its findings are not reported.
	Baseline string
	// WriteBaseline names the file to write the findings' fingerprints to
	// (before Baseline and NewFromRev filter them).
	WriteBaseline string
	// NewFromRev keeps only the findings on lines changed since this git
	// revision.
	NewFromRev string
	// Progress, when set, follows the analysis.
	Progress Progress
}

// Progress follows a check's analysis: Start is called once with the
// number of files, Step after each file (concurrently, from the analysing
// goroutines), Done when the analysis has finished.
type Progress interface {
	Start(files int)
	Step()
	Done()
}

// Outcome is the result of a check.
type Outcome struct {
	// Findings after suppressions and filters, in report order, each with
	// its severity from the configuration and a fingerprint.
	Findings []checks.Finding
	Files    int // translation units analysed
	Lines    int // their source lines
	// ExitCode is the check's exit status: 1 when a finding is at or
	// above Settings.FailOn, else 0.
	ExitCode int
}

// Checker runs checks with validated settings.
type Checker struct {
	s  Settings
	db *buildinfo.DB // nil without BuildPath
}

// failLevels maps FailOn values to the least severe severity that fails.
var failLevels = map[string]diag.Severity{"error": diag.Error, "warning": diag.Warning, "note": diag.Note}

// New validates s and reads its compilation database. Its errors are the
// user's (a bad setting or an unreadable database).
func New(s Settings) (*Checker, error) {
	c := &Checker{s: s}
	if s.BuildPath != "" {
		var err error
		if c.db, err = buildinfo.Load(s.BuildPath); err != nil {
			return nil, err
		}
	}
	if err := s.CheckRules(); err != nil {
		return nil, err
	}
	if err := s.CheckThreads(); err != nil {
		return nil, err
	}
	if _, ok := failLevels[s.FailOn]; !ok && s.FailOn != "" && s.FailOn != "none" {
		return nil, fmt.Errorf("--fail-on must be error, warning, note or none, not %q", s.FailOn)
	}
	return c, nil
}

// Check runs New(s) and the check of paths.
func Check(ctx context.Context, paths []string, s Settings) (*Outcome, error) {
	c, err := New(s)
	if err != nil {
		return nil, err
	}
	return c.Check(ctx, paths)
}

// group is a set of files analysed with the same settings.
type group struct {
	eff   *config.Effective
	db    *buildinfo.Entry
	files []string
}

// Check checks the files and directories of paths; without paths, the
// files of the compilation database, else the working directory. Every
// error is one that stops the check (bad configuration, unreadable file);
// problems in the program are findings.
func (c *Checker) Check(ctx context.Context, paths []string) (*Outcome, error) {
	s, db := &c.s, c.db
	fromDB := len(paths) == 0 && db != nil
	if len(paths) == 0 && db == nil {
		paths = []string{"."}
	}
	resolver, err := config.NewResolver(s.ConfigFile)
	if err != nil {
		return nil, err
	}
	files, err := Collect(resolver, paths, CollectOptions{Extensions: s.Extensions, StrictDirConfig: true})
	if err != nil {
		return nil, err
	}
	if fromDB {
		if err := files.addDB(resolver, db, s.Extensions); err != nil {
			return nil, err
		}
	}

	var changes *baseline.Changes
	if s.NewFromRev != "" {
		changes = baseline.NewChanges(s.NewFromRev)
		if err := changes.Require(files.Paths); err != nil {
			return nil, err
		}
	}

	entries, err := Entries(files.Paths, db)
	if err != nil {
		return nil, err
	}
	parts, partLines := includedParts(files.Paths, files.Found, func(f string) []string {
		var dbInc []string
		if e := entries[f]; e != nil {
			dbInc = e.Include
		}
		return slices.Concat(s.Include, dbInc, files.Effective[f].Include)
	}, cmp.Or(max(s.MaxFileSize, 0), checks.DefaultMaxFileSize))

	// Analyse files with the same settings together, keeping the text the
	// driver reads for the suppression comments.
	var groups []*group
	byKey := map[string]*group{}
	for _, f := range files.Paths {
		if parts[f] != "" {
			continue // analysed with the file that includes it
		}
		e := files.Effective[f]
		entry := entries[f]
		key := e.ConfigFile + "\x00" + e.RulesKey() + "\x00" + entry.Key()
		g := byKey[key]
		if g == nil {
			g = &group{eff: e, db: entry}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.files = append(g.files, f)
	}
	out := &Outcome{Lines: partLines}
	var findings []checks.Finding
	var analysed []*config.Effective // the configuration each finding was analysed with
	var comments suppress.Index
	if s.Progress != nil {
		s.Progress.Start(len(files.Paths) - len(parts))
	}
	// The groups share one set of workers (checks.RunBatches): a Run per
	// group would leave cores idle at the end of each group.
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	batches := make([]checks.Batch, len(groups))
	for i, g := range groups {
		opts := s.Options(g.eff, g.db, s.Jobs)
		opts.MaxFileSize = s.MaxFileSize
		opts.Source = comments.Add
		if s.Progress != nil {
			opts.Progress = s.Progress.Step
		}
		batches[i] = checks.Batch{Files: g.files, Options: opts}
	}
	results, errs := checks.RunBatches(ctx, batches, s.Jobs)
	for i, g := range groups {
		if errs[i] != nil {
			return nil, errs[i]
		}
		r := results[i]
		for range r.Findings {
			analysed = append(analysed, g.eff)
		}
		findings = append(findings, r.Findings...)
		out.Files += r.Files
		out.Lines += r.Lines
	}
	if s.Progress != nil {
		s.Progress.Done()
	}

	// Severities and suppressions, with rule settings taken from each
	// file's configuration.
	effectiveOf := func(path string) *config.Effective {
		if e, ok := files.Effective[path]; ok {
			return e
		}
		fc, err := resolver.For(path)
		if err != nil {
			fc = &config.File{}
		}
		e := fc.For(path)
		files.Effective[path] = e
		return e
	}
	findings = suppress.Finish(findings, files.Paths, suppress.Settings{
		Analysed: func(i int) *config.Effective { return analysed[i] },
		Config:   effectiveOf,
		Read:     os.ReadFile,
		Comments: &comments,
	})
	findings = dedupFindings(findings)
	report.AssignFingerprints(findings)

	if s.WriteBaseline != "" {
		if err := baseline.Write(s.WriteBaseline, findings); err != nil {
			return nil, err
		}
	}
	if s.Baseline != "" {
		known, err := baseline.Read(s.Baseline)
		if err != nil {
			return nil, err
		}
		findings = slices.DeleteFunc(findings, func(f checks.Finding) bool { return known[f.Fingerprint] })
	}
	if changes != nil {
		if findings, err = changes.Filter(findings); err != nil {
			return nil, err
		}
	}
	out.Findings = findings
	out.ExitCode = exitCode(findings, s.FailOn)
	return out, nil
}

// Entries returns the compilation database entry of each file (nil for a
// file it does not list): from db when given (-p), else from the
// database found above each file, as clangd finds it (buildinfo.Finder).
// A database that exists but cannot be read is an error.
func Entries(files []string, db *buildinfo.DB) (map[string]*buildinfo.Entry, error) {
	entries := make(map[string]*buildinfo.Entry, len(files))
	var finder *buildinfo.Finder
	if db == nil {
		finder = buildinfo.NewFinder()
	}
	for _, f := range files {
		fdb := db
		if finder != nil {
			var err error
			if fdb, err = finder.For(f); err != nil {
				return nil, err
			}
		}
		entries[f] = fdb.Lookup(f)
	}
	return entries, nil
}

// exitCode computes the exit status of a check from its findings.
func exitCode(findings []checks.Finding, failOn string) int {
	if failOn == "none" {
		return 0
	}
	limit, ok := failLevels[failOn]
	for _, f := range findings {
		if !ok || f.Severity <= limit {
			return 1
		}
	}
	return 0
}
