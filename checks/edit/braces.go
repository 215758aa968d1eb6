package edit

import (
	"bytes"
	gotoken "go/token"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"golang.org/x/tools/go/analysis"
)

// Braces for a rewrite of a statement that is the whole body of another
// without braces (if (MYTHREAD == 0) for (...) ...;): what the rewrite puts
// before and after the statement must stay in that body.

// UnbracedParent returns the statement whose whole body s is without
// braces, found in body: a loop (for, upc_forall, while), an if whose
// then-branch s is, or the case or default label s follows; and what the
// parent's header line ends with (")", ":" for a label). Otherwise nil.
func UnbracedParent(body ast.Node, s ast.Stmt) (ast.Stmt, string) {
	switch x := Parent(body, s).(type) {
	case *ast.CaseStmt:
		// a switch's case (the UPC collectives reference implementation's
		// case UPC_ADD: for (...) ...; break;): the braces make a
		// declaration a statement the label may precede, in a scope that
		// ends before the next label
		return x, ":"
	case *ast.DefaultStmt:
		return x, ":"
	case *ast.ForStmt:
		return x, ")"
	case *ast.ForallStmt:
		return x, ")"
	case *ast.WhileStmt:
		return x, ")"
	case *ast.IfStmt:
		if x.Then == s {
			return x, ")"
		}
	}
	return nil, ""
}

// BracedBody checks the layout braces need around a statement at offset
// sOff of src, the unbraced body of a parent at parentOff whose header
// line ends with closer: both start their lines, the statement one level
// deeper (however wide a level is: GWU's code indents by two), and the line
// before the statement's is the header's and ends with closer. It returns
// where " {" goes (the end of that line) and the parent's indentation, at
// which "}" goes after the statement.
func BracedBody(src []byte, parentOff, sOff int, closer string) (open int, indent string, ok bool) {
	startsLine := func(off int) (string, bool) {
		ls := bytes.LastIndexByte(src[:off], '\n') + 1
		in := string(src[ls:off])
		return in, strings.TrimLeft(in, " \t") == ""
	}
	pIn, ok1 := startsLine(parentOff)
	sIn, ok2 := startsLine(sOff)
	if !ok1 || !ok2 || len(sIn) <= len(pIn) || !strings.HasPrefix(sIn, pIn) {
		return 0, "", false
	}
	open = sOff - len(sIn) - 1
	if open <= 0 || src[open] != '\n' {
		return 0, "", false
	}
	if head := strings.TrimRight(string(src[:open]), " \t\r"); !strings.HasSuffix(head, closer) {
		return 0, "", false
	}
	return open, pIn, true
}

// LineEnd returns the offset after a comment that ends the line of offset
// end of src (where text added after a statement goes, the comment staying
// with the statement), else end.
func LineEnd(src []byte, end int) int {
	nl := bytes.IndexByte(src[end:], '\n')
	if nl < 0 {
		return end
	}
	line := string(src[end : end+nl])
	rest := strings.TrimSpace(line)
	switch {
	case strings.HasPrefix(rest, "//") && !strings.HasSuffix(rest, "\\"),
		strings.HasPrefix(rest, "/*") && strings.Index(rest, "*/") == len(rest)-2:
		return end + len(strings.TrimRight(line, " \t\r"))
	}
	return end
}

// Braces returns the edits that make s, the unbraced body of a statement
// of body (UnbracedParent), a compound statement holding what a rewrite
// inserts around it: " {" ending the parent's header line, and "}" on a
// line of its own after s (text the rewrite puts after s goes before it in
// the same edit); false when the layout does not allow it (BracedBody).
func (e *Editor) Braces(body ast.Node, s ast.Stmt) ([]analysis.TextEdit, bool) {
	parent, closer := UnbracedParent(body, s)
	if parent == nil || !e.In(parent) {
		return nil, false
	}
	open, indent, ok := BracedBody(e.src, e.off(parent.Start()), e.off(s.Start()), closer)
	if !ok {
		return nil, false
	}
	base := gotoken.Pos(e.file.Base())
	end := base + gotoken.Pos(LineEnd(e.src, e.off(s.End())))
	return []analysis.TextEdit{Insert(base+gotoken.Pos(open), " {"), Insert(end, "\n"+indent+"}")}, true
}

// BlockFor returns no edits when s is a statement of a compound statement
// of body, where a rewrite may put statements before and after it, and
// otherwise the braces that make one of the body s is (Braces); false when
// neither holds.
func (e *Editor) BlockFor(body ast.Node, s ast.Stmt) ([]analysis.TextEdit, bool) {
	if _, inBlock := Parent(body, s).(*ast.Block); inBlock {
		return nil, true
	}
	return e.Braces(body, s)
}
