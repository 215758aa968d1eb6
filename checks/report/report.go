// Package report writes findings in the output formats upclint supports:
// text for people, JSON for scripts, SARIF 2.1.0 for code scanning.
package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/upclint/upclint/checks"
)

// Formats lists the supported --format values.
var Formats = []string{"text", "json", "sarif"}

// Run describes what was analysed, for formats that record it.
type Run struct {
	Version  string // upclint version
	Files    int
	Lines    int
	ExitCode int
}

// Write writes findings in the named format.
func Write(w io.Writer, format string, findings []checks.Finding, run *Run) error {
	switch format {
	case "text":
		return Text(w, findings, run)
	case "json":
		return JSON(w, findings, run)
	case "sarif":
		return SARIF(w, findings, run)
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}
