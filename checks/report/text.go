package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// Text writes findings as compilers do:
//
//	file:line:col: severity: message [rule]
//	    source line
//	    ^
//	file:line:col: note: related message
//
// followed by a summary line when there are findings.
func Text(w io.Writer, findings []checks.Finding, run *Run) error {
	bw := bufio.NewWriter(w)
	counts := map[diag.Severity]int{}
	for i := range findings {
		f := &findings[i]
		counts[f.Severity]++
		fmt.Fprintf(bw, "%s: %s: %s [%s]\n", posString(f.Pos), f.Severity, f.Message, f.Rule)
		if f.Line != "" {
			fmt.Fprintf(bw, "    %s\n    %s^\n", expandTabs(f.Line), caretIndent(f.Line, f.Pos.Col))
		}
		for _, r := range f.Related {
			fmt.Fprintf(bw, "%s: note: %s\n", posString(r.Pos), r.Message)
		}
	}
	if len(findings) > 0 {
		files := 0
		if run != nil {
			files = run.Files
		}
		fmt.Fprintf(bw, "%s in %s (%s)\n", plural(len(findings), "finding"), plural(files, "file"),
			severitySummary(counts))
	}
	return bw.Flush()
}

func posString(p checks.Position) string {
	if !p.IsValid() {
		return p.Path
	}
	return fmt.Sprintf("%s:%d:%d", p.Path, p.Line, p.Col)
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func severitySummary(counts map[diag.Severity]int) string {
	var parts []string
	for _, s := range []diag.Severity{diag.Error, diag.Warning, diag.Note} {
		if n := counts[s]; n > 0 {
			parts = append(parts, plural(n, s.String()))
		}
	}
	return strings.Join(parts, ", ")
}

// expandTabs replaces tabs by 4 spaces so the caret lines up in any terminal.
func expandTabs(s string) string { return strings.ReplaceAll(s, "\t", "    ") }

// caretIndent returns the spaces that put a caret under byte column col
// (1-based) of line, counting a tab as 4 columns and a multi-byte character
// as one.
func caretIndent(line string, col int) string {
	n := 0
	for i, r := range line {
		if i >= col-1 {
			break
		}
		if r == '\t' {
			n += 4
		} else {
			n++
		}
	}
	return strings.Repeat(" ", n)
}
