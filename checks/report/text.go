package report

import (
	"fmt"
	"io"
	"strconv"
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

func severityStyle(s diag.Severity) string { return bySeverity(s, ansiRed, ansiMagenta, ansiCyan) }

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
	// Appended to a buffer written out now and then rather than printed
	// with fmt: a large check has thousands of findings.
	p := painter(run != nil && run.Color)
	var buf []byte
	counts := map[diag.Severity]int{}
	for i := range findings {
		f := &findings[i]
		counts[f.Severity]++
		buf = p.appendPos(buf, f.Pos)
		buf = append(buf, ": "...)
		buf = p.append(buf, severityStyle(f.Severity), f.Severity.String())
		buf = append(buf, ": "...)
		buf = p.append(buf, ansiBold, f.Message)
		buf = append(buf, ' ')
		if p {
			buf = append(buf, ansiDim...)
		}
		buf = append(buf, '[')
		buf = append(buf, f.Rule...)
		buf = append(buf, ']')
		if p {
			buf = append(buf, ansiReset...)
		}
		buf = append(buf, '\n')
		if f.Line != "" {
			buf = append(buf, "    "...)
			buf = appendExpandedTabs(buf, f.Line)
			buf = append(buf, "\n    "...)
			for range caretColumns(f.Line, f.Pos.Col) {
				buf = append(buf, ' ')
			}
			buf = p.append(buf, ansiGreen, "^")
			buf = append(buf, '\n')
		}
		for _, r := range f.Related {
			buf = p.appendPos(buf, r.Pos)
			buf = append(buf, ": "...)
			buf = p.append(buf, ansiCyan, "note")
			buf = append(buf, ": "...)
			buf = append(buf, r.Message...)
			buf = append(buf, '\n')
		}
		if len(buf) >= 64<<10 {
			if _, err := w.Write(buf); err != nil {
				return err
			}
			buf = buf[:0]
		}
	}
	if len(findings) > 0 {
		files := 0
		if run != nil {
			files = run.Files
		}
		buf = fmt.Appendf(buf, "%s in %s (%s)\n", plural(len(findings), "finding"), plural(files, "file"),
			severitySummary(counts))
	}
	if len(buf) > 0 {
		_, err := w.Write(buf)
		return err
	}
	return nil
}

// append appends s, in style when painting.
func (p painter) append(dst []byte, style, s string) []byte {
	if p && s != "" {
		dst = append(dst, style...)
		dst = append(dst, s...)
		return append(dst, ansiReset...)
	}
	return append(dst, s...)
}

// appendPos appends a position, in bold when painting.
func (p painter) appendPos(dst []byte, pos checks.Position) []byte {
	if !bool(p) || pos.Path == "" && !pos.IsValid() {
		return appendPos(dst, pos)
	}
	dst = append(dst, ansiBold...)
	dst = appendPos(dst, pos)
	return append(dst, ansiReset...)
}

// appendPos appends path:line:col, or the path alone when there is no
// line.
func appendPos(dst []byte, p checks.Position) []byte {
	dst = append(dst, p.Path...)
	if !p.IsValid() {
		return dst
	}
	dst = strconv.AppendInt(append(dst, ':'), int64(p.Line), 10)
	return strconv.AppendInt(append(dst, ':'), int64(p.Col), 10)
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

// appendExpandedTabs appends s with each tab replaced by 4 spaces, so the
// caret lines up in any terminal.
func appendExpandedTabs(dst []byte, s string) []byte {
	for {
		i := strings.IndexByte(s, '\t')
		if i < 0 {
			return append(dst, s...)
		}
		dst = append(dst, s[:i]...)
		dst = append(dst, "    "...)
		s = s[i+1:]
	}
}

// caretColumns returns the number of spaces that put a caret under byte
// column col (1-based) of line, counting a tab as 4 columns and a
// multi-byte character as one.
func caretColumns(line string, col int) int {
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
	return n
}
