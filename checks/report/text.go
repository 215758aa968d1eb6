package report

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// ANSI escape sequences used when Run.Color is set.
const (
	ansiReset   = "\x1b[0m"
	ansiBold    = "\x1b[1m"
	ansiRed     = "\x1b[1;31m"
	ansiMagenta = "\x1b[1;35m"
	ansiCyan    = "\x1b[1;36m"
	ansiGreen   = "\x1b[1;32m"
	ansiDim     = "\x1b[2m"
)

// painter wraps text in escape sequences, or not.
type painter bool

func (p painter) paint(style, s string) string {
	if !p || s == "" {
		return s
	}
	return style + s + ansiReset
}

func severityStyle(s diag.Severity) string {
	switch s {
	case diag.Error:
		return ansiRed
	case diag.Warning:
		return ansiMagenta
	}
	return ansiCyan
}

// Text writes findings as compilers do:
//
//	file:line:col: severity: message [rule]
//	    source line
//	    ^
//	file:line:col: note: related message
//
// followed by a summary line when there are findings. With Run.Color the
// position is bold, the severity coloured (errors red, warnings magenta,
// notes cyan), the caret green and the rule dim.
func Text(w io.Writer, findings []checks.Finding, run *Run) error {
	bw := bufio.NewWriter(w)
	p := painter(run != nil && run.Color)
	counts := map[diag.Severity]int{}
	for i := range findings {
		f := &findings[i]
		counts[f.Severity]++
		fmt.Fprintf(bw, "%s: %s: %s %s\n", p.paint(ansiBold, posString(f.Pos)),
			p.paint(severityStyle(f.Severity), f.Severity.String()), p.paint(ansiBold, f.Message),
			p.paint(ansiDim, "["+f.Rule+"]"))
		if f.Line != "" {
			fmt.Fprintf(bw, "    %s\n    %s%s\n", expandTabs(f.Line), caretIndent(f.Line, f.Pos.Col), p.paint(ansiGreen, "^"))
		}
		for _, r := range f.Related {
			fmt.Fprintf(bw, "%s: %s: %s\n", p.paint(ansiBold, posString(r.Pos)), p.paint(ansiCyan, "note"), r.Message)
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
