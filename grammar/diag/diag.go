// Package diag holds the diagnostics the front end reports (rules "syntax",
// "typecheck", "preprocessor") before the checks run.
package diag

import (
	"fmt"
	gotoken "go/token"
	"sort"
)

// Severity of a diagnostic.
type Severity uint8

const (
	Error Severity = iota
	Warning
	Note
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	default:
		return "note"
	}
}

// Front-end rule names (the public contract, like the check names).
const (
	RuleSyntax       = "syntax"       // parse errors
	RuleTypecheck    = "typecheck"    // C and UPC constraint violations
	RulePreprocessor = "preprocessor" // #error, missing include, bad directive
)

// Related is a secondary location with a message.
type Related struct {
	Pos, End gotoken.Pos
	Message  string
}

// Diagnostic is one front-end finding.
type Diagnostic struct {
	Pos, End gotoken.Pos // End may be NoPos
	Severity Severity
	Rule     string
	Message  string
	Related  []Related
}

// List collects diagnostics.
type List []Diagnostic

// Add appends a diagnostic.
func (l *List) Add(pos, end gotoken.Pos, sev Severity, rule, format string, args ...any) {
	*l = append(*l, Diagnostic{Pos: pos, End: end, Severity: sev, Rule: rule, Message: fmt.Sprintf(format, args...)})
}

// Errorf appends an error.
func (l *List) Errorf(pos gotoken.Pos, rule, format string, args ...any) {
	l.Add(pos, gotoken.NoPos, Error, rule, format, args...)
}

// Warnf appends a warning.
func (l *List) Warnf(pos gotoken.Pos, rule, format string, args ...any) {
	l.Add(pos, gotoken.NoPos, Warning, rule, format, args...)
}

// Sort orders the list by position (stable for equal positions).
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos < l[j].Pos })
}
