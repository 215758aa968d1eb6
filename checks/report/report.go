// Package report writes findings in the output formats upclint supports:
// text for people, JSON for scripts, SARIF 2.1.0 for code scanning, GitHub
// Actions workflow commands, GitLab Code Quality and Checkstyle XML for CI
// systems.
package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// writers are the formats and their writers, in the order --help lists them.
var writers = []struct {
	name  string
	write func(io.Writer, []checks.Finding, *Run) error
}{
	{"text", Text}, {"json", JSON}, {"sarif", SARIF}, {"github", GitHub}, {"gitlab", GitLab}, {"checkstyle", Checkstyle},
}

// Formats lists the supported --format values.
var Formats = func() []string {
	var names []string
	for _, f := range writers {
		names = append(names, f.name)
	}
	return names
}()

// Run describes what was analysed, for formats that record it, and how to
// present it.
type Run struct {
	Version  string // upclint version
	Files    int
	Lines    int
	ExitCode int
	Color    bool // text: highlight with ANSI escape sequences
	// SARIFMaxResults and SARIFMaxBytes replace GitHub's limits on the
	// results of a SARIF run and its gzip-compressed size when positive.
	SARIFMaxResults int
	SARIFMaxBytes   int
}

// bySeverity returns what a format writes for s: err for an error, warn
// for a warning, note for a note.
func bySeverity[T any](s diag.Severity, err, warn, note T) T {
	switch s {
	case diag.Error:
		return err
	case diag.Warning:
		return warn
	}
	return note
}

// Write writes findings in the named format. Formats that need
// fingerprints (sarif, gitlab) assign them to findings that have none.
func Write(w io.Writer, format string, findings []checks.Finding, run *Run) error {
	for _, f := range writers {
		if f.name == format {
			return f.write(w, findings, run)
		}
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}

// Known reports whether format is a supported --format value.
func Known(format string) bool {
	for _, f := range Formats {
		if f == format {
			return true
		}
	}
	return false
}
