package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/baseline"
	"github.com/upclint/upclint/checks/pipeline"
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

// frontEnd returns the flags' settings.
func (f *frontEndFlags) frontEnd() pipeline.FrontEnd {
	return pipeline.FrontEnd{Include: f.includes, Define: f.defines, Undefine: f.undefs,
		Threads: f.threads, Enable: f.enable, Disable: f.disable}
}

// checkFlags are check's flags beyond the front end's.
type checkFlags struct {
	fe            frontEndFlags
	files         filesFlags
	formats       []string
	output        string
	color         string
	failOn        string
	baseline      string
	writeBaseline string
	maxFileSize   int64
	buildPath     string
	newFromRev    string
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
	cf.files.register(cmd, "analyse", "check")
	fl := cmd.Flags()
	fl.StringArrayVar(&cf.formats, "format", []string{"text"},
		"output `format[:file]`, repeatable: text, json, sarif, github, gitlab, checkstyle")
	fl.StringVarP(&cf.output, "output", "o", "", "write the report without a destination to `file` instead of standard output")
	fl.StringVar(&cf.color, "color", "auto", "colour the text report: `when` = auto (on a terminal, unless NO_COLOR is set), always, never")
	fl.StringVar(&cf.failOn, "fail-on", "", "exit 1 only for findings at or above `severity`: error, warning, note, none (default: any finding)")
	fl.StringVar(&cf.baseline, "baseline", "", "report only findings whose fingerprint is not in the baseline `file`")
	fl.StringVar(&cf.writeBaseline, "write-baseline", "", "write the fingerprints of the findings to `file`")
	fl.StringVarP(&cf.buildPath, "build-path", "p", "", "read include directories, macros and THREADS of each file from `dir`/compile_commands.json (default: the one found in or above each file's directory, or their build/); without paths, check the files it lists")
	fl.StringVar(&cf.newFromRev, "new-from-rev", "", "report only findings on lines changed since git revision `rev` (git diff REV; untracked files are all new)")
	fl.Int64Var(&cf.maxFileSize, "max-file-size", checks.DefaultMaxFileSize, "skip files larger than `bytes` with a diagnostic")
	return cmd
}

func fail(err error) error { return &exitError{exitFailure, err} }

// checkWhen validates the value of a when-flag (--color, --progress).
func checkWhen(flag, v string) error {
	if !slices.Contains([]string{"auto", "always", "never"}, v) {
		return fmt.Errorf("--%s must be auto, always or never, not %q", flag, v)
	}
	return nil
}

// checkExts validates --ext: extensions start with a dot, as in the
// configuration file (".upc", not "upc", which would match nothing).
func checkExts(exts []string) error {
	for _, e := range exts {
		if !strings.HasPrefix(e, ".") || len(e) < 2 {
			return fmt.Errorf("--ext: extension %q must start with '.' (e.g. .upc)", e)
		}
	}
	return nil
}

// filesFlags choose the files of check and fix, their configuration and
// parallelism, and the progress bar.
type filesFlags struct {
	configFile string
	jobs       int
	exts       []string
	progress   string
}

// register adds the flags to cmd: verb is what is done to each file
// (analyse), action the command's name (check).
func (f *filesFlags) register(cmd *cobra.Command, verb, action string) {
	fl := cmd.Flags()
	fl.StringVar(&f.configFile, "config", "", "use configuration `file` for every file instead of the nearest .upclint.yaml")
	fl.IntVar(&f.jobs, "jobs", runtime.NumCPU(), verb+" `N` files in parallel")
	fl.StringSliceVar(&f.exts, "ext", nil, "file `extensions` to "+action+" in directories (comma-separated, e.g. .upc,.c; default .upc)")
	fl.StringVar(&f.progress, "progress", "auto", "show a progress bar on standard error: `when` = auto (on a terminal, for more than 50 files), always, never")
}

// check validates --ext and --progress.
func (f *filesFlags) check() error {
	if err := checkExts(f.exts); err != nil {
		return err
	}
	return checkWhen("progress", f.progress)
}

func (f *filesFlags) progressBar(cmd *cobra.Command) *progressBar {
	return &progressBar{mode: f.progress, w: cmd.ErrOrStderr()}
}

func runCheck(cmd *cobra.Command, cf *checkFlags, args []string) error {
	if err := cf.files.check(); err != nil {
		return fail(err)
	}
	if cf.baseline != "" {
		// Read before the analysis, which may take minutes, so that a
		// missing or broken baseline fails at once.
		if _, err := baseline.Read(cf.baseline); err != nil {
			return fail(fmt.Errorf("--baseline: %w", err))
		}
	}
	if err := pipeline.CheckWritable(cf.writeBaseline); err != nil {
		return fail(fmt.Errorf("--write-baseline: %w", err))
	}
	checker, err := pipeline.New(pipeline.Settings{
		FrontEnd:      cf.fe.frontEnd(),
		ConfigFile:    cf.files.configFile,
		BuildPath:     cf.buildPath,
		Extensions:    cf.files.exts,
		Jobs:          cf.files.jobs,
		MaxFileSize:   cf.maxFileSize,
		FailOn:        cf.failOn,
		Baseline:      cf.baseline,
		WriteBaseline: cf.writeBaseline,
		NewFromRev:    cf.newFromRev,
		Progress:      cf.files.progressBar(cmd),
	})
	if err != nil {
		return fail(err)
	}
	if err := checkWhen("color", cf.color); err != nil {
		return fail(err)
	}
	outs, err := pipeline.ParseOutputs(cf.formats, cf.output)
	if err != nil {
		return fail(err)
	}
	out, err := checker.Check(cmd.Context(), args)
	if err != nil {
		return fail(err)
	}
	color := func(w io.Writer) bool { return useColor(cf.color, w) }
	if err := out.Write(cmd.OutOrStdout(), outs, version, color); err != nil {
		return fail(err)
	}
	if out.ExitCode != exitOK {
		return &exitError{code: out.ExitCode}
	}
	return nil
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

// progressBar is the --progress bar of a check, drawn when Start decides
// to show one.
type progressBar struct {
	mode string
	w    io.Writer
	bar  *progressbar.ProgressBar
}

func (p *progressBar) Start(files int) { p.bar = newProgress(p.mode, p.w, files) }

func (p *progressBar) Step() {
	if p.bar != nil {
		_ = p.bar.Add(1)
	}
}

func (p *progressBar) Done() {
	if p.bar != nil {
		_ = p.bar.Finish()
	}
}
