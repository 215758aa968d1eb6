package translate

import (
	gotoken "go/token"
	"io/fs"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/headers"
	"github.com/upclint/upclint/grammar/token"
)

func fsStat(h string) (fs.FileInfo, error) { return fs.Stat(headers.FS, h) }

// out accumulates C text. A line-mapped out keeps every output line on the
// source line it came from, with #line directives where newlines alone
// cannot do it; a flat out (for text inside generated expressions) writes
// everything on one line.
type out struct {
	b     strings.Builder
	lines bool // emit #line directives
	flat  bool
	file  string // source file the current output line belongs to
	line  int    // its line number
	bol   bool   // at the beginning of an output line
	last  byte   // last byte written
}

func (w *out) String() string { return w.b.String() }

func (w *out) write(s string) {
	if s == "" {
		return
	}
	if w.flat {
		s = strings.ReplaceAll(s, "\n", " ")
	}
	w.b.WriteString(s)
	n := strings.Count(s, "\n")
	if n > 0 {
		w.line += n
	}
	w.last = s[len(s)-1]
	w.bol = w.last == '\n'
}

func (w *out) nl() {
	if w.flat {
		w.space()
		return
	}
	if !w.bol && w.b.Len() > 0 {
		w.write("\n")
	}
}

func (w *out) space() {
	if w.b.Len() > 0 && w.last != ' ' && w.last != '\n' && w.last != '(' {
		w.write(" ")
	}
}

// moveTo puts the output on source line (file, line); indent is written
// when a new output line starts.
func (w *out) moveTo(file string, line int, indent string) bool {
	if w.flat {
		return false
	}
	if file == w.file && line == w.line {
		return false
	}
	if file == w.file && line > w.line && line-w.line <= 8 {
		if !w.bol {
			w.write("\n")
		}
		for w.line < line {
			w.write("\n")
		}
		w.write(indent)
		return true
	}
	if !w.bol && w.b.Len() > 0 {
		w.write("\n")
	}
	if w.lines && file != "" {
		w.b.WriteString("#line " + strconv.Itoa(line) + " " + strconv.Quote(file) + "\n")
	}
	w.file, w.line = file, line
	w.bol = true
	w.last = '\n'
	w.write(indent)
	return true
}

// ---- token printing ----

// at moves the output to the line of position p (a user position).
func (t *translator) at(p gotoken.Pos) bool {
	if t.w.flat || !p.IsValid() {
		return false
	}
	fi := t.fileOf(p)
	if !fi.user {
		return false
	}
	pos := t.fset.Position(p)
	return t.w.moveTo(fi.name, pos.Line, t.indent(fi, pos))
}

// atNode moves to a node's first line and separates it from what precedes.
func (t *translator) atNode(n ast.Node) {
	if !t.at(t.startPos(n)) {
		t.w.space()
	}
}

func (t *translator) indent(fi *fileInfo, pos gotoken.Position) string {
	src := t.content(fi)
	if src == nil || pos.Offset > len(src) {
		if pos.Column > 1 {
			return strings.Repeat(" ", pos.Column-1)
		}
		return ""
	}
	start := pos.Offset
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	end := start
	for end < pos.Offset && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// printTokens prints tokens [first, end) to the output, keeping their line
// structure (or on one line in a flat output).
func (t *translator) printTokens(first, end int) {
	for i := first; i < end; i++ {
		tok := &t.toks[i]
		if tok.Kind == token.EOF {
			continue
		}
		if e := t.staticAssertEnd(i); e > i && e <= end {
			t.tokenSep(i)
			t.w.write(";")
			i = e - 1
			continue
		}
		if tok.Exp != token.NoPos && t.runStart[i] == i && t.runEnd[i] <= end && t.systemRun(i) {
			if txt, ok := t.sourceText(tok.Exp, tok.ExpEnd()); ok {
				t.tokenSep(i)
				t.w.write(txt)
				i = t.runEnd[i] - 1
				continue
			}
		}
		t.tokenSep(i)
		t.w.write(t.tokenText(i))
	}
}

// tokenSep writes what separates token i from the previous output.
func (t *translator) tokenSep(i int) {
	tok := &t.toks[i]
	if t.at(tok.SitePos()) {
		return
	}
	if t.w.b.Len() == 0 || t.w.bol {
		return
	}
	if tok.Flags&(token.SpaceBefore|token.BOL) != 0 || needSpace(t.w.last, t.tokenText(i)) {
		t.w.write(" ")
	}
}

func (t *translator) tokenText(i int) string {
	tok := &t.toks[i]
	if tok.Kind == token.Pragma {
		return "\n#pragma " + tok.Text + "\n"
	}
	if n, ok := t.renameTok[i]; ok {
		return n
	}
	return tok.Text
}

// needSpace reports whether a token starting s would merge with a previous
// byte last.
func needSpace(last byte, s string) bool {
	if s == "" {
		return false
	}
	c := s[0]
	word := func(b byte) bool {
		return b == '_' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '.'
	}
	if word(last) && (word(c) || c == '"' || c == '\'') {
		return true
	}
	if strings.IndexByte("+-*/%&|<>=!^#.", last) >= 0 && strings.IndexByte("+-*/%&|<>=!^#.", c) >= 0 {
		return true
	}
	return false
}

func (t *translator) sourceText(from, to gotoken.Pos) (string, bool) {
	fi := t.fileOf(from)
	if !fi.user {
		return "", false
	}
	src := t.content(fi)
	tf := t.fset.File(from)
	if src == nil || tf == nil || t.fset.File(to) != tf {
		return "", false
	}
	a, b := tf.Offset(from), tf.Offset(to)
	if a < 0 || b > len(src) || a > b {
		return "", false
	}
	return string(src[a:b]), true
}

// tokens returns tokens [first, end) as one line of text.
func (t *translator) tokens(first, end int) string {
	return t.flat(func() { t.printTokens(first, end) })
}

// nodeText returns a node's tokens as one line.
func (t *translator) nodeText(n ast.Node) string {
	f, e := n.Span()
	return t.tokens(f, e)
}

// flat runs f with a flat output and returns what it wrote.
func (t *translator) flat(f func()) string {
	saved := t.w
	t.w = &out{flat: true}
	f()
	s := t.w.String()
	t.w = saved
	return s
}

// printNode prints a node's tokens.
func (t *translator) printNode(n ast.Node) {
	f, e := n.Span()
	t.printTokens(f, e)
}

// gap prints node n's tokens, replacing each child's tokens by what
// print(child) writes. Children must be in source order and inside n.
func (t *translator) gap(n ast.Node, children []ast.Node, print func(ast.Node)) {
	first, end := n.Span()
	cur := first
	for _, c := range children {
		if c == nil || isNilNode(c) {
			continue
		}
		cf, ce := c.Span()
		if cf < cur || ce > end || cf >= ce {
			continue
		}
		t.printTokens(cur, cf)
		print(c)
		cur = ce
	}
	t.printTokens(cur, end)
}

// gapText is gap on a flat output.
func (t *translator) gapText(n ast.Node, children []ast.Node, print func(ast.Node) string) string {
	return t.flat(func() {
		t.gap(n, children, func(c ast.Node) {
			s := print(c)
			if s != "" {
				cf, _ := c.Span()
				if cf < len(t.toks) && t.toks[cf].Flags&(token.SpaceBefore|token.BOL) != 0 && t.w.b.Len() > 0 && t.w.last != '(' {
					t.w.write(" ")
				} else if needSpace(t.w.last, s) {
					t.w.write(" ")
				}
				t.w.write(s)
			}
		})
	})
}
