package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/baseline"
	"github.com/upclint/upclint/checks/buildinfo"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/checks/report"
	"github.com/upclint/upclint/checks/suppress"
	"github.com/upclint/upclint/grammar/diag"
)

// frontEndFlags are the compiler-like flags shared by every command that
// loads UPC sources.
type frontEndFlags struct {
	includes []string
	defines  []string
	undefs   []string
	threads  int
	enable   []string // rules to run even if the configuration disables them
	disable  []string // rules not to run
}

func (f *frontEndFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.includes, "include", "I", nil, "add `dir` to the include search path")
	fl.StringArrayVarP(&f.defines, "define", "D", nil, "define macro `name[=value]`")
	fl.StringArrayVarP(&f.undefs, "undefine", "U", nil, "undefine macro `name`")
	fl.IntVar(&f.threads, "threads", 0, "compile for a static THREADS count `N` (default: dynamic THREADS)")
	fl.StringSliceVar(&f.enable, "enable", nil, "run these `rules` even where the configuration disables them (comma-separated)")
	fl.StringSliceVar(&f.disable, "disable", nil, "do not run these `rules` (comma-separated)")
}

// checkRules reports an unknown rule name in --enable or --disable.
func (f *frontEndFlags) checkRules() error {
	for _, name := range slices.Concat(f.enable, f.disable) {
		if checks.Lookup(name) == nil {
			return fmt.Errorf("unknown rule %q in --enable/--disable (see upclint rules)", name)
		}
	}
	return nil
}

// optionsFor combines a file's effective configuration, its compilation
// database entry (nil when none) and the command line. Include directories
// are searched in the order flags, database, configuration file; macros
// are applied in the order configuration file, database, flags (so -D
// redefines); static THREADS comes from --threads, else the database, else
// the configuration file.
func (f *frontEndFlags) optionsFor(e *config.Effective, db *buildinfo.Entry, jobs int) *checks.Options {
	o := &checks.Options{Jobs: jobs}
	var dbInc, dbDef, dbUndef []string
	if db != nil {
		dbInc, dbDef, dbUndef = db.Include, db.Define, db.Undefine
	}
	o.Config.IncludeDirs = slices.Concat(f.includes, dbInc, e.Include)
	o.Config.Defines = slices.Concat(e.Define, dbDef, f.defines)
	o.Config.Undefs = slices.Concat(e.Undefine, dbUndef, f.undefs)
	o.Config.StaticThreads = e.Threads
	if db != nil && db.Threads > 0 {
		o.Config.StaticThreads = db.Threads
	}
	if f.threads > 0 {
		o.Config.StaticThreads = f.threads
	}
	o.Enabled = func(rule string) bool {
		switch {
		case slices.Contains(f.disable, rule):
			return false
		case slices.Contains(f.enable, rule):
			return true
		}
		return e.Enabled(rule)
	}
	return o
}

// output is one --format value: a format and where it goes ("" for
// standard output or -o).
type output struct {
	format, dest string
}

func parseFormats(specs []string, o string) ([]output, error) {
	var outs []output
	toDefault := 0
	for _, s := range specs {
		name, dest, _ := strings.Cut(s, ":")
		if !report.Known(name) {
			return nil, fmt.Errorf("unknown format %q (want one of %s)", name, strings.Join(report.Formats, ", "))
		}
		if dest == "" {
			toDefault++
			dest = o
		}
		outs = append(outs, output{name, dest})
	}
	if toDefault > 1 {
		return nil, fmt.Errorf("only one --format may go to %s; give the others a destination (--format sarif:out.sarif)",
			map[bool]string{true: "standard output", false: "-o " + o}[o == ""])
	}
	return outs, nil
}

// failLevels maps --fail-on values to the least severe severity that fails.
var failLevels = map[string]diag.Severity{"error": diag.Error, "warning": diag.Warning, "note": diag.Note}

// exitCode computes the exit status of a check from its findings.
func exitCode(findings []checks.Finding, failOn string) int {
	if failOn == "none" {
		return exitOK
	}
	limit, ok := failLevels[failOn]
	for _, f := range findings {
		if !ok || f.Severity <= limit {
			return exitFindings
		}
	}
	return exitOK
}

// useColor decides whether the text report written to w is coloured.
func useColor(mode string, w io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	return isTerminal(w)
}

// checkFlags are check's flags beyond the front end's.
type checkFlags struct {
	fe            frontEndFlags
	formats       []string
	output        string
	color         string
	failOn        string
	configFile    string
	baseline      string
	writeBaseline string
	jobs          int
	exts          []string
	maxFileSize   int64
	buildPath     string
	newFromRev    string
	progress      string
}

func newCheckCmd() *cobra.Command {
	var cf checkFlags
	cmd := &cobra.Command{
		Use:   "check [flags] [paths...]",
		Short: "Analyse UPC files and report findings (the default command)",
		Long: `Analyse UPC translation units and report findings.

Paths are files or directories; directories are searched recursively for
files with the extensions given by --ext or the configuration file (default
.upc), skipping files matched by the configuration's exclude globs. A file
named on the command line is always checked, whatever its extension.

Each file's settings come from the nearest .upclint.yaml in its directory or
above, or from --config; command-line flags add to them. Suppress a finding
with a comment "// upclint:ignore RULE reason" on its line or the line
before, or "// upclint:file-ignore RULE reason" anywhere in the file.

--format may be repeated; "name:file" writes that format to a file:
text, json, sarif, github (workflow commands), gitlab (Code Quality),
checkstyle.

Exit status:
  0  no finding at or above the --fail-on severity
  1  findings at or above the --fail-on severity (by default: any finding)
  2  the tool could not do its job (bad flag or configuration, unreadable path)`,
		Example: `  upclint check testdata/kernels
  upclint check -I include -DN=1024 --threads 8 src/
  upclint check --format sarif:upclint.sarif --format text .
  upclint check --format github --fail-on error .`,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runCheck(cmd, &cf, args)
		},
	}
	cf.fe.register(cmd)
	fl := cmd.Flags()
	fl.StringArrayVar(&cf.formats, "format", []string{"text"},
		"output `format[:file]`, repeatable: text, json, sarif, github, gitlab, checkstyle")
	fl.StringVarP(&cf.output, "output", "o", "", "write the report without a destination to `file` instead of standard output")
	fl.StringVar(&cf.color, "color", "auto", "colour the text report: `when` = auto (on a terminal, unless NO_COLOR is set), always, never")
	fl.StringVar(&cf.failOn, "fail-on", "", "exit 1 only for findings at or above `severity`: error, warning, note, none (default: any finding)")
	fl.StringVar(&cf.configFile, "config", "", "use configuration `file` for every file instead of the nearest .upclint.yaml")
	fl.StringVar(&cf.baseline, "baseline", "", "report only findings whose fingerprint is not in the baseline `file`")
	fl.StringVar(&cf.writeBaseline, "write-baseline", "", "write the fingerprints of the findings to `file`")
	fl.IntVar(&cf.jobs, "jobs", runtime.NumCPU(), "analyse `N` files in parallel")
	fl.StringSliceVar(&cf.exts, "ext", nil, "file `extensions` to check in directories (comma-separated, e.g. .upc,.c; default .upc)")
	fl.StringVarP(&cf.buildPath, "build-path", "p", "", "read include directories, macros and THREADS of each file from `dir`/compile_commands.json; without paths, check the files it lists")
	fl.StringVar(&cf.newFromRev, "new-from-rev", "", "report only findings on lines changed since git revision `rev` (git diff REV; untracked files are all new)")
	fl.StringVar(&cf.progress, "progress", "auto", "show a progress bar on standard error: `when` = auto (on a terminal, for more than 50 files), always, never")
	fl.Int64Var(&cf.maxFileSize, "max-file-size", checks.DefaultMaxFileSize, "skip files larger than `bytes` with a diagnostic")
	return cmd
}

func fail(err error) error { return &exitError{exitFailure, err} }

// newResolver returns the configuration resolver of --config.
func newResolver(configFile string) (*config.Resolver, error) {
	r := &config.Resolver{}
	if configFile != "" {
		f, err := config.Load(configFile)
		if err != nil {
			return nil, err
		}
		r.Fixed = f
	}
	return r, nil
}

func runCheck(cmd *cobra.Command, cf *checkFlags, args []string) error {
	var db *buildinfo.DB
	if cf.buildPath != "" {
		var err error
		if db, err = buildinfo.Load(cf.buildPath); err != nil {
			return fail(err)
		}
	}
	fromDB := len(args) == 0 && db != nil
	if len(args) == 0 && db == nil {
		args = []string{"."}
	}
	if err := cf.fe.checkRules(); err != nil {
		return fail(err)
	}
	if cf.fe.threads < 0 {
		return fail(fmt.Errorf("--threads must be positive, got %d", cf.fe.threads))
	}
	if _, ok := failLevels[cf.failOn]; !ok && cf.failOn != "" && cf.failOn != "none" {
		return fail(fmt.Errorf("--fail-on must be error, warning, note or none, not %q", cf.failOn))
	}
	if !slices.Contains([]string{"auto", "always", "never"}, cf.color) {
		return fail(fmt.Errorf("--color must be auto, always or never, not %q", cf.color))
	}
	if !slices.Contains([]string{"auto", "always", "never"}, cf.progress) {
		return fail(fmt.Errorf("--progress must be auto, always or never, not %q", cf.progress))
	}
	outs, err := parseFormats(cf.formats, cf.output)
	if err != nil {
		return fail(err)
	}
	resolver, err := newResolver(cf.configFile)
	if err != nil {
		return fail(err)
	}

	// Collect the files, each with its configuration.
	var files []string
	effective := map[string]*config.Effective{}
	for _, arg := range args {
		st, err := os.Stat(arg)
		if err != nil {
			return fail(err)
		}
		exts := cf.exts
		var dirCfg *config.File
		if st.IsDir() {
			if dirCfg, err = resolver.For(filepath.Join(arg, config.FileName)); err != nil {
				return fail(err)
			}
			if len(exts) == 0 {
				exts = dirCfg.Extensions
			}
		}
		found, err := checks.CollectFiles([]string{arg}, exts)
		if err != nil {
			return fail(err)
		}
		for _, f := range found {
			fc, err := resolver.For(f)
			if err != nil {
				return fail(err)
			}
			if st.IsDir() && fc.Excluded(f) {
				continue
			}
			if _, dup := effective[f]; dup {
				continue
			}
			effective[f] = fc.For(f)
			files = append(files, f)
		}
	}

	if fromDB {
		// The files of the compilation database written by a UPC compiler
		// or with a UPC extension, less the configuration's excludes.
		for _, entry := range db.Entries() {
			f := relToWD(entry.File)
			fc, err := resolver.For(f)
			if err != nil {
				return fail(err)
			}
			e := fc.For(f)
			exts := cf.exts
			if len(exts) == 0 {
				exts = e.Extensions
			}
			if !entry.UPCCompiler() && !slices.Contains(exts, filepath.Ext(f)) || fc.Excluded(f) {
				continue
			}
			if _, dup := effective[f]; !dup {
				effective[f] = e
				files = append(files, f)
			}
		}
	}

	var changes *baseline.Changes
	if cf.newFromRev != "" {
		changes = baseline.NewChanges(cf.newFromRev)
		if err := changes.Require(files); err != nil {
			return fail(err)
		}
	}

	// Analyse files with the same settings together.
	type group struct {
		eff   *config.Effective
		db    *buildinfo.Entry
		files []string
	}
	var groups []*group
	byKey := map[string]*group{}
	for _, f := range files {
		e := effective[f]
		entry := db.Lookup(f)
		key := e.ConfigFile + "\x00" + e.RulesKey() + "\x00" + entry.Key()
		g := byKey[key]
		if g == nil {
			g = &group{eff: e, db: entry}
			byKey[key] = g
			groups = append(groups, g)
		}
		g.files = append(g.files, f)
	}
	res := &checks.Result{}
	bar := newProgress(cf.progress, cmd.ErrOrStderr(), len(files))
	for _, g := range groups {
		opts := cf.fe.optionsFor(g.eff, g.db, cf.jobs)
		opts.MaxFileSize = cf.maxFileSize
		if bar != nil {
			opts.Progress = func() { _ = bar.Add(1) }
		}
		r, err := checks.Run(g.files, opts)
		if err != nil {
			return fail(err)
		}
		for i := range r.Findings {
			f := &r.Findings[i]
			f.Severity = g.eff.Severity(f.Rule, f.Severity)
		}
		res.Findings = append(res.Findings, r.Findings...)
		res.Files += r.Files
		res.Lines += r.Lines
	}

	if bar != nil {
		_ = bar.Finish()
	}

	// Suppressions, with rule settings taken from each file's configuration.
	effectiveOf := func(path string) *config.Effective {
		if e, ok := effective[path]; ok {
			return e
		}
		fc, err := resolver.For(path)
		if err != nil {
			fc = &config.File{}
		}
		e := fc.For(path)
		effective[path] = e
		return e
	}
	findings := suppress.Apply(res.Findings, files, os.ReadFile, func(path, rule string) bool {
		return effectiveOf(path).Enabled(rule)
	})
	for i := range findings {
		if f := &findings[i]; f.Rule == suppress.Rule {
			f.Severity = effectiveOf(f.Pos.Path).Severity(f.Rule, f.Severity)
		}
	}
	report.AssignFingerprints(findings)

	if cf.writeBaseline != "" {
		if err := baseline.Write(cf.writeBaseline, findings); err != nil {
			return fail(err)
		}
	}
	if cf.baseline != "" {
		known, err := baseline.Read(cf.baseline)
		if err != nil {
			return fail(err)
		}
		findings = slices.DeleteFunc(findings, func(f checks.Finding) bool { return known[f.Fingerprint] })
	}
	if changes != nil {
		if findings, err = changes.Filter(findings); err != nil {
			return fail(err)
		}
	}

	code := exitCode(findings, cf.failOn)
	for _, o := range outs {
		w := cmd.OutOrStdout()
		var file *os.File
		if o.dest != "" {
			if file, err = os.Create(o.dest); err != nil {
				return fail(err)
			}
			w = file
		}
		run := &report.Run{Version: version, Files: res.Files, Lines: res.Lines, ExitCode: code,
			Color: o.format == "text" && useColor(cf.color, w)}
		err := report.Write(w, o.format, findings, run)
		if file != nil {
			if cerr := file.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return fail(err)
		}
	}
	if code != exitOK {
		return &exitError{code: code}
	}
	return nil
}

// relToWD returns path relative to the working directory when it lies
// below it, so that reports show the paths a user would type.
func relToWD(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// progressThreshold is the number of files above which --progress auto
// shows a bar: smaller checks finish before a bar is worth reading.
const progressThreshold = 50

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// showProgress decides whether a check of n files draws a progress bar
// on w: always, never, or (auto) when w is a terminal, TERM is not dumb
// and n exceeds progressThreshold.
func showProgress(mode string, w io.Writer, n int) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	return n > progressThreshold && os.Getenv("TERM") != "dumb" && isTerminal(w)
}

// newProgress returns the progress bar of a check of n files on w, or nil
// when none is shown. The bar is cleared when the check finishes, so the
// report follows on a clean line.
func newProgress(mode string, w io.Writer, n int) *progressbar.ProgressBar {
	if !showProgress(mode, w, n) {
		return nil
	}
	return progressbar.NewOptions(n,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("checking"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionClearOnFinish(),
	)
}
