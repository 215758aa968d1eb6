package main

import (
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/report"
)

// frontEndFlags are the compiler-like flags shared by every command that
// loads UPC sources.
type frontEndFlags struct {
	includes []string
	defines  []string
	undefs   []string
	threads  int
}

func (f *frontEndFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.includes, "include", "I", nil, "add `dir` to the include search path")
	fl.StringArrayVarP(&f.defines, "define", "D", nil, "define macro `name[=value]`")
	fl.StringArrayVarP(&f.undefs, "undefine", "U", nil, "undefine macro `name`")
	fl.IntVar(&f.threads, "threads", 0, "compile for a static THREADS count `N` (default: dynamic THREADS)")
}

func (f *frontEndFlags) options(jobs int) *checks.Options {
	o := &checks.Options{Jobs: jobs}
	o.Config.IncludeDirs = f.includes
	o.Config.Defines = f.defines
	o.Config.Undefs = f.undefs
	o.Config.StaticThreads = f.threads
	return o
}

func newCheckCmd() *cobra.Command {
	var (
		fe          frontEndFlags
		format      string
		output      string
		jobs        int
		exts        []string
		maxFileSize int64
	)
	cmd := &cobra.Command{
		Use:   "check [flags] [paths...]",
		Short: "Analyse UPC files and report findings (the default command)",
		Long: `Analyse UPC translation units and report findings.

Paths are files or directories; directories are searched recursively for
files with the extensions given by --ext (default .upc). A file named on the
command line is always checked, whatever its extension.`,
		Example: `  upclint check testdata/kernels
  upclint check -I include -DN=1024 --threads 8 src/
  upclint check --format sarif -o upclint.sarif .`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			if fe.threads < 0 {
				return &exitError{exitFailure, fmt.Errorf("--threads must be positive, got %d", fe.threads)}
			}
			files, err := checks.CollectFiles(args, exts)
			if err != nil {
				return &exitError{exitFailure, err}
			}
			opts := fe.options(jobs)
			opts.MaxFileSize = maxFileSize
			res, err := checks.Run(files, opts)
			if err != nil {
				return &exitError{exitFailure, err}
			}
			code := exitOK
			if len(res.Findings) > 0 {
				code = exitFindings
			}
			var w io.Writer = cmd.OutOrStdout()
			if output != "" {
				f, err := os.Create(output)
				if err != nil {
					return &exitError{exitFailure, err}
				}
				defer f.Close()
				w = f
			}
			run := &report.Run{Version: version, Files: res.Files, Lines: res.Lines, ExitCode: code}
			if err := report.Write(w, format, res.Findings, run); err != nil {
				return &exitError{exitFailure, err}
			}
			if code != exitOK {
				return &exitError{code: code}
			}
			return nil
		},
	}
	fe.register(cmd)
	fl := cmd.Flags()
	fl.StringVar(&format, "format", "text", "output `format`: text, json or sarif")
	fl.StringVarP(&output, "output", "o", "", "write the report to `file` instead of standard output")
	fl.IntVar(&jobs, "jobs", runtime.NumCPU(), "analyse `N` files in parallel")
	fl.StringSliceVar(&exts, "ext", []string{".upc"}, "file `extensions` to check in directories (comma-separated, e.g. .upc,.c)")
	fl.Int64Var(&maxFileSize, "max-file-size", checks.DefaultMaxFileSize, "skip files larger than `bytes` with a diagnostic")
	return cmd
}
