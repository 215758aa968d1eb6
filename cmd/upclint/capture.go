package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/upclint/upclint/checks/buildinfo"
)

func newCaptureCmd() *cobra.Command {
	var output string
	var dryRun bool
	cmd := &cobra.Command{
		Use:   "capture [-o file] -- build-command [args...]",
		Short: "Record the compile commands of a build into compile_commands.json",
		Long: `Run a build and record the compile commands it runs into a compilation
database (compile_commands.json), as Bear does, so that check reads each
file's include directories, macros and static THREADS from it (found
without -p in the file's directory or above, or in their build/).

The compilers ` + strings.Join(buildinfo.Compilers, ", ") + ` are recorded.
Each recorded compiler runs when it is installed; when it is not, the command
is only recorded and succeeds (a -c compile leaves an empty object file), so
a project can be captured on a machine without a UPC compiler. make is given
SHELL=<a recording shell>, which also records the commands that call a
compiler by a path (UPCC=$(UPC)/upcc, with UPC unset or pointing nowhere).
make only runs the commands of targets that are out of date: capture after
make clean, or with make -B. When a make build fails, the commands that make
-n -B -k prints for the targets it did not reach are added; --dry-run reads
only those, as compiledb does, without building anything.`,
		Example: `  upclint capture -- make
  upclint capture -- make -B NP=4 CLASS=S cg
  upclint capture --dry-run -- make THREADS=4
  upclint capture -o build/compile_commands.json -- ./build.sh`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			self, err := selfPath()
			if err != nil {
				return fail(err)
			}
			res, err := buildinfo.Capture(cmd.Context(), buildinfo.CaptureOptions{
				Self: self, Output: output, Args: args, DryRun: dryRun,
				Stdout: cmd.OutOrStdout(), Stderr: cmd.ErrOrStderr(),
			})
			if err != nil {
				return fail(err)
			}
			if res.Files == 0 {
				return &exitError{exitFindings, fmt.Errorf("the build ran no compile command, %s not written (if make found everything up to date, run make clean first or capture make -B)", output)}
			}
			fmt.Fprintf(cmd.ErrOrStderr(), "upclint capture: %d compile commands (%d only recorded, no compiler; %d from make -n) of %d files written to %s\n",
				res.Commands, res.Faked, res.DryRun, res.Files, output)
			if res.BuildErr != nil {
				return &exitError{exitFindings, fmt.Errorf("the build failed (%w); the database has the commands it ran", res.BuildErr)}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", buildinfo.FileName, "write the database to `file`")
	cmd.Flags().BoolVar(&dryRun, "dry-run", false, "build nothing: read the compile commands that make -n -B prints")
	// Flags after the build command are the build's (upclint capture make -B).
	cmd.Flags().SetInterspersed(false)
	return cmd
}

// selfPath returns the path of the running upclint, as invoked (so that a
// link named upclint stays one), for the recorders to call.
func selfPath() (string, error) {
	arg0 := os.Args[0]
	if strings.Contains(arg0, string(filepath.Separator)) {
		return filepath.Abs(arg0)
	}
	if p, err := exec.LookPath(arg0); err == nil {
		return filepath.Abs(p)
	}
	return os.Executable()
}

// runRecorder runs the recorders of a capture (see buildinfo.Capture),
// which call upclint with a first argument of their own; ok is false for
// any other command line.
func runRecorder(args []string) (code int, ok bool) {
	switch {
	case len(args) >= 2 && args[0] == buildinfo.RecordArg:
		return buildinfo.Record(args[1], args[2:]), true
	case len(args) >= 1 && args[0] == buildinfo.ShellArg:
		return buildinfo.Shell(args[1:]), true
	}
	return 0, false
}
