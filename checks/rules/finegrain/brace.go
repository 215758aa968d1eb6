package finegrain

import (
	"bytes"
	gotoken "go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
)

// Loops that are the whole body of another statement.
//
// The rewrites put their copy on the lines before the loop and, for
// writes or a heap buffer, code after it. A loop that is the body of a
// loop or of an if without braces (upc_forall (i...; &c[i][0]) for (j...)
// c[i][j] = a[i - 1][j] + ...) has no line of its own to take them: the
// copy would become the body. bareBody finds such a loop, and brace gives
// the rewrite braces around the copy, the loop and what follows it.

// bareBody returns the statement whose whole body (or branch) s is, with
// s on a line of its own, or nil.
func (c *checker) bareBody(fx *fixer, s ast.Stmt) ast.Stmt {
	if fx == nil || c.fn.Decl == nil || c.fn.Decl.Body == nil {
		return nil
	}
	parent, ok := edit.Parent(c.fn.Decl.Body, s).(ast.Stmt)
	if !ok {
		return nil
	}
	switch p := parent.(type) {
	case *ast.ForStmt, *ast.ForallStmt, *ast.WhileStmt, *ast.DoStmt:
		if ast.LoopBody(p) != s {
			return nil
		}
	case *ast.IfStmt:
		if p.Then != s && p.Else != s {
			return nil
		}
	default:
		return nil
	}
	if fr, ok := fx.frame(s); !ok || fr.inline {
		return nil
	}
	return parent
}

// braceIf is brace when parent is not nil, else sf.
func (fx *fixer) braceIf(sf *analysis.SuggestedFix, s, parent ast.Stmt) *analysis.SuggestedFix {
	if parent == nil {
		return sf
	}
	return fx.brace(sf, s, parent)
}

// brace wraps the rewrite sf of the loop s, the whole body of parent, in
// braces at parent's indentation: "{" before the first text inserted on
// s's line, "}" after the last text inserted after s's line.
func (fx *fixer) brace(sf *analysis.SuggestedFix, s, parent ast.Stmt) *analysis.SuggestedFix {
	if sf == nil {
		return nil
	}
	fr, ok1 := fx.frame(s)
	pf, ok2 := fx.frame(parent)
	if !ok1 || !ok2 || fr.inline {
		return nil
	}
	open, close := -1, -1
	end := fx.lineEnd(s.End())
	for i, e := range sf.TextEdits {
		if isInsertAt(e, fr.lineStart) && open < 0 {
			open = i
		}
		if isInsertAt(e, end) {
			close = i
		}
	}
	out := *sf
	out.TextEdits = append([]analysis.TextEdit(nil), sf.TextEdits...)
	if at, ok := fx.headerEnd(fr.lineStart); ok {
		// "for (...) {" as a careful person writes it
		out.TextEdits = append(out.TextEdits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(" {")})
	} else if open >= 0 {
		e := &out.TextEdits[open]
		e.NewText = append([]byte(pf.indent+"{\n"), e.NewText...)
	} else {
		out.TextEdits = append(out.TextEdits, analysis.TextEdit{Pos: fr.lineStart, End: fr.lineStart, NewText: []byte(pf.indent + "{\n")})
	}
	if close >= 0 {
		e := &out.TextEdits[close]
		e.NewText = append(append([]byte(nil), e.NewText...), "\n"+pf.indent+"}"...)
	} else {
		out.TextEdits = append(out.TextEdits, analysis.TextEdit{Pos: end, End: end, NewText: []byte("\n" + pf.indent + "}")})
	}
	return &out
}

// headerEnd returns the end of the line before lineStart when that line
// ends a statement's header (with ")" or "else" or "do", no comment after
// it), where an opening brace can go.
func (fx *fixer) headerEnd(lineStart gotoken.Pos) (gotoken.Pos, bool) {
	src, off, ok := fx.source(lineStart)
	if !ok || off == 0 || src[off-1] != '\n' {
		return 0, false
	}
	end := off - 1
	for end > 0 && (src[end-1] == '\r' || src[end-1] == ' ' || src[end-1] == '\t') {
		end--
	}
	line := src[bytes.LastIndexByte(src[:end], '\n')+1 : end]
	if bytes.Contains(line, []byte("//")) || bytes.Contains(line, []byte("/*")) {
		return 0, false
	}
	if !bytes.HasSuffix(line, []byte(")")) && !bytes.HasSuffix(line, []byte("else")) && !bytes.HasSuffix(line, []byte("do")) {
		return 0, false
	}
	return lineStart - gotoken.Pos(off-end), true
}

// isInsertAt reports whether e inserts text at pos (deleting nothing).
func isInsertAt(e analysis.TextEdit, pos gotoken.Pos) bool {
	return e.Pos == pos && e.End == pos
}
