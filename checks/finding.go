// Package checks runs upclint's rules over translation units: the rule
// registry, the driver that loads files in parallel, and the findings it
// reports. Each rule that inspects the program is a
// golang.org/x/tools/go/analysis Analyzer in its own sub-package; the front
// end's own diagnostics are reported under the rules "syntax", "typecheck"
// and "preprocessor".
package checks

import (
	"cmp"
	gotoken "go/token"
	"slices"

	"github.com/upclint/upclint/grammar/diag"
)

// Position is a resolved source position. Col is a 1-based byte column.
type Position struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Col    int    `json:"column"`
	Offset int    `json:"offset"`
}

// IsValid reports whether the position names a place in a file.
func (p Position) IsValid() bool { return p.Line > 0 }

// Related is a secondary location of a finding.
type Related struct {
	Pos     Position `json:"position"`
	End     Position `json:"end"`
	Message string   `json:"message"`
}

// Finding is one reported problem, self-contained: it carries the source
// line so that every output format can be written without the files.
type Finding struct {
	Rule     string        `json:"rule"`
	Severity diag.Severity `json:"-"`
	Message  string        `json:"message"`
	Pos      Position      `json:"position"`
	End      Position      `json:"end"`
	Line     string        `json:"-"` // text of the line at Pos, for excerpts
	Related  []Related     `json:"related,omitempty"`
	// Fixes are the suggested rewrites, in the rule's order of preference.
	Fixes []Fix `json:"fixes,omitempty"`
	// Fingerprint identifies the finding across runs while unrelated lines
	// move (see report.AssignFingerprints); empty until assigned.
	Fingerprint string `json:"fingerprint,omitempty"`
}

// Fix is one suggested rewrite of a finding: a set of edits applied
// together. Safe fixes preserve the program's semantics under the rule's
// proven conditions; unsafe ones need review; display-only ones are never
// applied.
type Fix struct {
	Message       string        `json:"message"`
	Applicability Applicability `json:"-"`
	Edits         []Edit        `json:"edits"`
}

// Safe reports whether the fix is safe.
func (f *Fix) Safe() bool { return f.Applicability == FixSafe }

// Applicable reports whether a tool may apply the fix (safe or unsafe):
// a display-only rewrite is the rule's explanation, which its own cost
// estimate refuses, and is left out of every output that offers fixes to
// be applied (SARIF, the language server's code actions, upclint fix).
func (f *Fix) Applicable() bool { return f.Applicability != FixDisplayOnly }

// Edit replaces the text between Pos and End (End.Offset exclusive) with
// NewText; Pos == End inserts.
type Edit struct {
	Pos     Position `json:"position"`
	End     Position `json:"end"`
	NewText string   `json:"newText"`
}

// resolve converts a go/token position into a Position.
func resolve(fset *gotoken.FileSet, pos gotoken.Pos) Position {
	if !pos.IsValid() {
		return Position{}
	}
	p := fset.PositionFor(pos, false)
	return Position{Path: p.Filename, Line: p.Line, Col: p.Column, Offset: p.Offset}
}

// SortFindings sorts findings into report order (see compareFindings).
func SortFindings(fs []Finding) {
	slices.SortStableFunc(fs, func(a, b Finding) int { return compareFindings(&a, &b) })
}

// compareFindings orders findings by file, position, rule and message, so
// that output does not depend on scheduling.
func compareFindings(a, b *Finding) int {
	return cmp.Or(
		cmp.Compare(a.Pos.Path, b.Pos.Path),
		cmp.Compare(a.Pos.Offset, b.Pos.Offset),
		cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Message, b.Message),
	)
}
