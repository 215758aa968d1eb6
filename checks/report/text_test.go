package report

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// referenceText is the text report written the plain way, with fmt.
func referenceText(findings []checks.Finding, color bool) string {
	var b strings.Builder
	paint := func(style, s string) string {
		if !color || s == "" {
			return s
		}
		return style + s + ansiReset
	}
	posString := func(p checks.Position) string {
		if !p.IsValid() {
			return p.Path
		}
		return fmt.Sprintf("%s:%d:%d", p.Path, p.Line, p.Col)
	}
	for _, f := range findings {
		fmt.Fprintf(&b, "%s: %s: %s %s\n", paint(ansiBold, posString(f.Pos)),
			paint(severityStyle(f.Severity), f.Severity.String()), paint(ansiBold, f.Message),
			paint(ansiDim, "["+f.Rule+"]"))
		if f.Line != "" {
			fmt.Fprintf(&b, "    %s\n    %s%s\n", strings.ReplaceAll(f.Line, "\t", "    "),
				strings.Repeat(" ", caretColumns(f.Line, f.Pos.Col)), paint(ansiGreen, "^"))
		}
		for _, r := range f.Related {
			fmt.Fprintf(&b, "%s: %s: %s\n", paint(ansiBold, posString(r.Pos)), paint(ansiCyan, "note"), r.Message)
		}
	}
	return b.String()
}

// TestTextFormat: the report is the compiler-like text, coloured or not,
// for findings with tabs, multi-byte characters, no position, no path and
// empty messages.
func TestTextFormat(t *testing.T) {
	pos := func(path string, line, col int) checks.Position {
		return checks.Position{Path: path, Line: line, Col: col}
	}
	findings := []checks.Finding{
		{Rule: "typecheck", Severity: diag.Error, Message: "use of 'x'", Pos: pos("a.upc", 2, 12), Line: "\tint é = x;\t// c",
			Related: []checks.Related{{Pos: pos("a.upc", 1, 1), Message: "declared"}, {Pos: pos("", 0, 0), Message: ""}}},
		{Rule: "syntax", Severity: diag.Warning, Message: "", Pos: pos("b.upc", 0, 0)},
		{Rule: "forall", Severity: diag.Note, Message: "m", Pos: pos("", 0, 0), Line: "x"},
		{Rule: "r", Severity: diag.Note, Message: "100% \"odd\"", Pos: pos("c d.upc", 10, 400), Line: "short"},
	}
	for _, color := range []bool{false, true} {
		var buf bytes.Buffer
		if err := Text(&buf, findings, &Run{Files: 3, Color: color}); err != nil {
			t.Fatal(err)
		}
		want := referenceText(findings, color) + "4 findings in 3 files (1 error, 1 warning, 2 notes)\n"
		if buf.String() != want {
			t.Errorf("color %v:\ngot\n%s\nwant\n%s", color, buf.String(), want)
		}
	}
}
