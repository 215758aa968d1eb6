package ast

import (
	"strconv"
	"strings"
)

// InspectCode traverses the code of the tree rooted at n in depth-first order (children in
// source order). It calls f(n); if that returns true it visits n's
// children. Declarators are visited for the expressions they contain (array
// sizes, initializers); type names are not entered except for typeof and
// VLA sizes. Unevaluated operands (sizeof, typeof) are visited too: use
// Unevaluated to tell them apart.
func InspectCode(n Node, f func(Node) bool) { inspectCode(n, f, false) }

// inspectCode is InspectCode, and with eval InspectEval: the operands of sizeof,
// type names and typeof are then visited but not entered.
func inspectCode(n Node, f func(Node) bool, eval bool) {
	// One type switch per node: each case checks for a typed nil, calls f
	// and visits the children.
	switch n := n.(type) {
	case nil:
		return
	case *Decl:
		if n == nil || !f(n) {
			return
		}
		if n.Specs != nil {
			inspectCode(n.Specs, f, eval)
		}
		for _, d := range n.Inits {
			inspectCode(d, f, eval)
		}
		if n.Body != nil {
			inspectCode(n.Body, f, eval)
		}
	case *DeclSpecs:
		if n == nil || !f(n) {
			return
		}
		for _, s := range n.List {
			if s.Typeof != nil {
				inspectCode(s.Typeof, f, eval)
			}
		}
	case *TypeofSpec:
		if n == nil || !f(n) || eval {
			return
		}
		if n.Type != nil {
			inspectCode(n.Type, f, eval)
		}
		if n.X != nil {
			inspectCode(n.X, f, eval)
		}
	case *TypeName:
		if n == nil || !f(n) || eval {
			return
		}
		if n.Specs != nil {
			inspectCode(n.Specs, f, eval)
		}
		if n.Decl != nil {
			inspectCode(n.Decl, f, eval)
		}
	case *InitDeclarator:
		if n == nil || !f(n) {
			return
		}
		if n.Decl != nil {
			inspectCode(n.Decl, f, eval)
		}
		if n.Init != nil {
			inspectCode(n.Init, f, eval)
		}
	case *Declarator:
		if n == nil || !f(n) {
			return
		}
		if n.Direct != nil {
			inspectCode(n.Direct, f, eval)
		}
	case *DirectDecl:
		if n == nil || !f(n) {
			return
		}
		if n.Nested != nil {
			inspectCode(n.Nested, f, eval)
		}
		for _, s := range n.Suffixes {
			if s.Array != nil && s.Array.Size != nil {
				inspectCode(s.Array.Size, f, eval)
			}
		}
	case *Initializer:
		if n == nil || !f(n) {
			return
		}
		if n.List != nil {
			inspectCode(n.List, f, eval)
		}
		if n.X != nil {
			inspectCode(n.X, f, eval)
		}
	case *InitList:
		if n == nil || !f(n) {
			return
		}
		for _, it := range n.Items {
			for _, d := range it.Designators {
				if d.Index != nil {
					inspectCode(d.Index, f, eval)
				}
				if d.High != nil {
					inspectCode(d.High, f, eval)
				}
			}
			if it.Init != nil {
				inspectCode(it.Init, f, eval)
			}
		}

	// Statements.
	case *Block:
		if n == nil || !f(n) {
			return
		}
		for _, s := range n.Items {
			inspectCode(s, f, eval)
		}
	case *DeclStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Decl, f, eval)
	case *ExprStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
	case *IfStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Cond, f, eval)
		inspectCode(n.Then, f, eval)
		inspectCode(n.Else, f, eval)
	case *WhileStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Cond, f, eval)
		inspectCode(n.Body, f, eval)
	case *DoStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Body, f, eval)
		inspectCode(n.Cond, f, eval)
	case *ForStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(&n.Init, f, eval)
		inspectCode(n.Cond, f, eval)
		inspectCode(n.Post, f, eval)
		inspectCode(n.Body, f, eval)
	case *ForInit:
		if n == nil || !f(n) {
			return
		}
		if n.Decl != nil {
			inspectCode(n.Decl, f, eval)
		}
		inspectCode(n.X, f, eval)
	case *ForallStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(&n.Init, f, eval)
		inspectCode(n.Cond, f, eval)
		inspectCode(n.Post, f, eval)
		if n.Affinity != nil {
			inspectCode(n.Affinity, f, eval)
		}
		inspectCode(n.Body, f, eval)
	case *Affinity:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
	case *SwitchStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Tag, f, eval)
		inspectCode(n.Body, f, eval)
	case *CaseStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Value, f, eval)
		inspectCode(n.High, f, eval)
		inspectCode(n.Body, f, eval)
	case *DefaultStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Body, f, eval)
	case *LabeledStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Body, f, eval)
	case *GotoStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
	case *ReturnStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
	case *BarrierStmt:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.ID, f, eval)

	// Expressions.
	case *ParenExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
	case *UnaryExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
	case *PostfixExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
	case *BinaryExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
		inspectCode(n.Y, f, eval)
	case *AssignExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.L, f, eval)
		inspectCode(n.R, f, eval)
	case *CondExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Cond, f, eval)
		inspectCode(n.Then, f, eval)
		inspectCode(n.Else, f, eval)
	case *CommaExpr:
		if n == nil || !f(n) {
			return
		}
		for _, x := range n.List {
			inspectCode(x, f, eval)
		}
	case *CallExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.Fun, f, eval)
		for _, x := range n.Args {
			inspectCode(x, f, eval)
		}
	case *IndexExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
		inspectCode(n.Index, f, eval)
	case *MemberExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)
	case *CastExpr:
		if n == nil || !f(n) {
			return
		}
		if n.Type != nil {
			inspectCode(n.Type, f, eval)
		}
		inspectCode(n.X, f, eval)
	case *CompoundLit:
		if n == nil || !f(n) {
			return
		}
		if n.Type != nil {
			inspectCode(n.Type, f, eval)
		}
		if n.Init != nil {
			inspectCode(n.Init, f, eval)
		}
	case *SizeofExpr:
		if n == nil || !f(n) || eval {
			return
		}
		if n.Type != nil {
			inspectCode(n.Type, f, eval)
		}
		inspectCode(n.X, f, eval)
	case *StmtExpr:
		if n == nil || !f(n) {
			return
		}
		if n.Body != nil {
			inspectCode(n.Body, f, eval)
		}
	case *GenericExpr:
		// The controlling expression is not evaluated; one association is
		// (which one depends on types, so every one is visited).
		if n == nil || !f(n) {
			return
		}
		if !eval {
			inspectCode(n.X, f, eval)
		}
		for _, a := range n.Assocs {
			inspectCode(a.X, f, eval)
		}
	case *VaArgExpr:
		if n == nil || !f(n) {
			return
		}
		inspectCode(n.X, f, eval)

	case *Name:
		if n != nil {
			f(n)
		}
	case *BasicLit:
		if n != nil {
			f(n)
		}
	case *UPCConst:
		if n != nil {
			f(n)
		}
	default:
		if !IsNil(n) {
			f(n)
		}
	}
}

// InspectStmts visits the statements of the tree rooted at s in the order
// InspectCode does, without entering expressions: statements inside statement
// expressions are not visited (see Graph.HasStmtExprs), those of nested
// function definitions are. It calls f(s); if that returns true it visits
// the statements s contains.
func InspectStmts(s Stmt, f func(Stmt) bool) {
	if IsNil(s) || !f(s) {
		return
	}
	switch s := s.(type) {
	case *Block:
		for _, x := range s.Items {
			InspectStmts(x, f)
		}
	case *DeclStmt:
		if s.Decl != nil && s.Decl.Body != nil {
			InspectStmts(s.Decl.Body, f)
		}
	case *IfStmt:
		InspectStmts(s.Then, f)
		InspectStmts(s.Else, f)
	case *WhileStmt:
		InspectStmts(s.Body, f)
	case *DoStmt:
		InspectStmts(s.Body, f)
	case *ForStmt:
		if s.Init.Decl != nil && s.Init.Decl.Body != nil {
			InspectStmts(s.Init.Decl.Body, f)
		}
		InspectStmts(s.Body, f)
	case *ForallStmt:
		if s.Init.Decl != nil && s.Init.Decl.Body != nil {
			InspectStmts(s.Init.Decl.Body, f)
		}
		InspectStmts(s.Body, f)
	case *SwitchStmt:
		InspectStmts(s.Body, f)
	case *CaseStmt:
		InspectStmts(s.Body, f)
	case *DefaultStmt:
		InspectStmts(s.Body, f)
	case *LabeledStmt:
		InspectStmts(s.Body, f)
	}
}

// IsNil reports whether n is a nil interface or a typed nil pointer.
func IsNil(n Node) bool {
	if n == nil {
		return true
	}
	switch n := n.(type) {
	case *Decl:
		return n == nil
	case *DeclSpecs:
		return n == nil
	case *TypeofSpec:
		return n == nil
	case *TypeName:
		return n == nil
	case *InitDeclarator:
		return n == nil
	case *Declarator:
		return n == nil
	case *DirectDecl:
		return n == nil
	case *Initializer:
		return n == nil
	case *InitList:
		return n == nil
	case *Block:
		return n == nil
	case *DeclStmt:
		return n == nil
	case *ExprStmt:
		return n == nil
	case *IfStmt:
		return n == nil
	case *WhileStmt:
		return n == nil
	case *DoStmt:
		return n == nil
	case *ForStmt:
		return n == nil
	case *ForInit:
		return n == nil
	case *ForallStmt:
		return n == nil
	case *Affinity:
		return n == nil
	case *SwitchStmt:
		return n == nil
	case *CaseStmt:
		return n == nil
	case *DefaultStmt:
		return n == nil
	case *LabeledStmt:
		return n == nil
	case *GotoStmt:
		return n == nil
	case *ReturnStmt:
		return n == nil
	case *BarrierStmt:
		return n == nil
	case *BreakStmt:
		return n == nil
	case *ContinueStmt:
		return n == nil
	case *FenceStmt:
		return n == nil
	case *PragmaStmt:
		return n == nil
	case *AsmStmt:
		return n == nil
	case *Name:
		return n == nil
	case *BasicLit:
		return n == nil
	case *UPCConst:
		return n == nil
	case *ParenExpr:
		return n == nil
	case *UnaryExpr:
		return n == nil
	case *PostfixExpr:
		return n == nil
	case *BinaryExpr:
		return n == nil
	case *AssignExpr:
		return n == nil
	case *CondExpr:
		return n == nil
	case *CommaExpr:
		return n == nil
	case *CallExpr:
		return n == nil
	case *IndexExpr:
		return n == nil
	case *MemberExpr:
		return n == nil
	case *CastExpr:
		return n == nil
	case *CompoundLit:
		return n == nil
	case *SizeofExpr:
		return n == nil
	case *StmtExpr:
		return n == nil
	case *VaArgExpr:
		return n == nil
	case *OffsetofExpr:
		return n == nil
	case *GenericExpr:
		return n == nil
	case *TypesCompatibleExpr:
		return n == nil
	case *BadExpr:
		return n == nil
	}
	return false
}

// Unparen strips parentheses around e.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*ParenExpr)
		if !ok || p == nil {
			return e
		}
		e = p.X
	}
}

// InspectEval is InspectCode restricted to evaluated code: it does not enter
// the operands of sizeof-like operators, type names and typeof.
func InspectEval(n Node, f func(Node) bool) { inspectCode(n, f, true) }

// SideEffects reports whether evaluating e may change state: it contains
// an assignment, an increment or decrement, a call or a statement
// expression (operands of sizeof included, as a conservative answer).
func SideEffects(e Node) bool {
	found := false
	InspectCode(e, func(n Node) bool {
		switch x := n.(type) {
		case *CallExpr, *AssignExpr, *PostfixExpr, *StmtExpr:
			found = true
		case *UnaryExpr:
			found = x.Op == "++" || x.Op == "--"
		}
		return !found
	})
	return found
}

// CalleeName returns the name of a directly called function, or "".
func CalleeName(call *CallExpr) string {
	if n, ok := Unparen(call.Fun).(*Name); ok {
		return n.Name
	}
	return ""
}

// FuncName returns the declared name of a function definition, or "".
func FuncName(fn *Decl) string {
	if fn == nil || len(fn.Inits) == 0 || fn.Inits[0].Decl == nil {
		return ""
	}
	return DeclaratorName(fn.Inits[0].Decl)
}

// IntConst returns the value of e if it is an integer literal (possibly
// parenthesized, negated or a character constant).
func IntConst(e Expr) (int64, bool) {
	switch x := Unparen(e).(type) {
	case *BasicLit:
		return parseIntLit(x)
	case *UnaryExpr:
		if x.Op == "-" || x.Op == "+" {
			if v, ok := IntConst(x.X); ok {
				if x.Op == "-" {
					v = -v
				}
				return v, true
			}
		}
	}
	return 0, false
}

func parseIntLit(x *BasicLit) (int64, bool) {
	s := x.Value
	if strings.HasPrefix(s, "'") && strings.HasSuffix(s, "'") && len(s) >= 3 {
		if v, err := strconv.Unquote(s); err == nil && len(v) == 1 {
			return int64(v[0]), true
		}
		return 0, false
	}
	s = strings.TrimRight(s, "uUlL")
	if s == "" || s[0] < '0' || s[0] > '9' {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil {
		if len(s) > 1 && s[0] == '0' && s[1] != 'x' && s[1] != 'X' { // octal
			v, err = strconv.ParseInt(s[1:], 8, 64)
		}
		if err != nil {
			return 0, false
		}
	}
	return v, true
}
