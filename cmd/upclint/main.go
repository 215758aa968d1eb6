// Command upclint finds communication-performance problems and
// collective-correctness bugs in UPC programs, and rewrites them.
//
// This file and its siblings only wire flags to the packages that do the
// work (checks, fixes, runtime, lsp).
package main

import (
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/spf13/cobra"

	_ "github.com/upclint/upclint/checks/rules/all" // register the rules
)

// version is the tool's semantic version, reported by `upclint version` and
// in SARIF logs.
var version = "0.1.0-dev"

// Exit codes (documented in the README and `upclint --help`).
const (
	exitOK       = 0 // no findings
	exitFindings = 1 // findings were reported
	exitFailure  = 2 // the tool could not do its job (bad flag, unreadable path)
)

// exitError carries an exit code through cobra's error return.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string {
	if e.err == nil {
		return fmt.Sprintf("exit %d", e.code)
	}
	return e.err.Error()
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "upclint",
		Short: "Static analyzer, linter and autofixer for UPC (Unified Parallel C)",
		Long: `upclint checks UPC programs for fine-grained remote accesses, removable
upc_forall affinity tests, hand-written collectives and collective-correctness
bugs (barriers that not every thread reaches), and rewrites them.

Running upclint with paths and no command runs "upclint check".

Exit status: 0 no findings, 1 findings reported, 2 the tool could not do its
job (bad flag, unreadable path).`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.AddCommand(newCheckCmd(), newRulesCmd(), newExplainCmd(), newVersionCmd(), newLSPCmd(), newConfigCmd(), newDumpCmd(), newRunCmd(), newFixCmd(), newCaptureCmd())
	registerCompletions(root)
	return root
}

func main() {
	if code, ok := runRecorder(os.Args[1:]); ok {
		os.Exit(code)
	}
	root := newRootCmd()
	args := os.Args[1:]
	if defaultToCheck(root, args) {
		args = append([]string{"check"}, args...)
	}
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		os.Exit(exitOK)
	}
	var ee *exitError
	if errors.As(err, &ee) {
		if ee.err != nil {
			fmt.Fprintln(os.Stderr, "upclint:", ee.err)
		}
		os.Exit(ee.code)
	}
	fmt.Fprintln(os.Stderr, "upclint:", err)
	os.Exit(exitFailure)
}

// defaultToCheck reports whether args name no command, so that
// "upclint file.upc" means "upclint check file.upc".
func defaultToCheck(root *cobra.Command, args []string) bool {
	if len(args) == 0 {
		return false
	}
	first := args[0]
	if slices.Contains([]string{"-h", "--help", "help", "completion", "__complete", "__completeNoDesc"}, first) {
		return false
	}
	for _, c := range root.Commands() {
		if c.Name() == first || slices.Contains(c.Aliases, first) {
			return false
		}
	}
	return true
}
