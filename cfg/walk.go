package cfg

import "github.com/upclint/upclint/grammar/ast"

// Inspect traverses the tree rooted at n in depth-first order (children in
// source order). It calls f(n); if that returns true it visits n's
// children. Declarators are visited for the expressions they contain (array
// sizes, initializers); type names are not entered except for typeof and
// VLA sizes. Unevaluated operands (sizeof, typeof) are visited too: use
// Unevaluated to tell them apart.
func Inspect(n ast.Node, f func(ast.Node) bool) { inspect(n, f, false) }

// inspect is Inspect, and with eval InspectEval: the operands of sizeof,
// type names and typeof are then visited but not entered.
func inspect(n ast.Node, f func(ast.Node) bool, eval bool) {
	// One type switch per node: each case checks for a typed nil, calls f
	// and visits the children.
	switch n := n.(type) {
	case nil:
		return
	case *ast.Decl:
		if n == nil || !f(n) {
			return
		}
		if n.Specs != nil {
			inspect(n.Specs, f, eval)
		}
		for _, d := range n.Inits {
			inspect(d, f, eval)
		}
		if n.Body != nil {
			inspect(n.Body, f, eval)
		}
	case *ast.DeclSpecs:
		if n == nil || !f(n) {
			return
		}
		for _, s := range n.List {
			if s.Typeof != nil {
				inspect(s.Typeof, f, eval)
			}
		}
	case *ast.TypeofSpec:
		if n == nil || !f(n) || eval {
			return
		}
		if n.Type != nil {
			inspect(n.Type, f, eval)
		}
		if n.X != nil {
			inspect(n.X, f, eval)
		}
	case *ast.TypeName:
		if n == nil || !f(n) || eval {
			return
		}
		if n.Specs != nil {
			inspect(n.Specs, f, eval)
		}
		if n.Decl != nil {
			inspect(n.Decl, f, eval)
		}
	case *ast.InitDeclarator:
		if n == nil || !f(n) {
			return
		}
		if n.Decl != nil {
			inspect(n.Decl, f, eval)
		}
		if n.Init != nil {
			inspect(n.Init, f, eval)
		}
	case *ast.Declarator:
		if n == nil || !f(n) {
			return
		}
		if n.Direct != nil {
			inspect(n.Direct, f, eval)
		}
	case *ast.DirectDecl:
		if n == nil || !f(n) {
			return
		}
		if n.Nested != nil {
			inspect(n.Nested, f, eval)
		}
		for _, s := range n.Suffixes {
			if s.Array != nil && s.Array.Size != nil {
				inspect(s.Array.Size, f, eval)
			}
		}
	case *ast.Initializer:
		if n == nil || !f(n) {
			return
		}
		if n.List != nil {
			inspect(n.List, f, eval)
		}
		if n.X != nil {
			inspect(n.X, f, eval)
		}
	case *ast.InitList:
		if n == nil || !f(n) {
			return
		}
		for _, it := range n.Items {
			for _, d := range it.Designators {
				if d.Index != nil {
					inspect(d.Index, f, eval)
				}
				if d.High != nil {
					inspect(d.High, f, eval)
				}
			}
			if it.Init != nil {
				inspect(it.Init, f, eval)
			}
		}

	// Statements.
	case *ast.Block:
		if n == nil || !f(n) {
			return
		}
		for _, s := range n.Items {
			inspect(s, f, eval)
		}
	case *ast.DeclStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Decl, f, eval)
	case *ast.ExprStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
	case *ast.IfStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Cond, f, eval)
		inspect(n.Then, f, eval)
		inspect(n.Else, f, eval)
	case *ast.WhileStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Cond, f, eval)
		inspect(n.Body, f, eval)
	case *ast.DoStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Body, f, eval)
		inspect(n.Cond, f, eval)
	case *ast.ForStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(&n.Init, f, eval)
		inspect(n.Cond, f, eval)
		inspect(n.Post, f, eval)
		inspect(n.Body, f, eval)
	case *ast.ForInit:
		if n == nil || !f(n) {
			return
		}
		if n.Decl != nil {
			inspect(n.Decl, f, eval)
		}
		inspect(n.X, f, eval)
	case *ast.ForallStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(&n.Init, f, eval)
		inspect(n.Cond, f, eval)
		inspect(n.Post, f, eval)
		if n.Affinity != nil {
			inspect(n.Affinity, f, eval)
		}
		inspect(n.Body, f, eval)
	case *ast.Affinity:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
	case *ast.SwitchStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Tag, f, eval)
		inspect(n.Body, f, eval)
	case *ast.CaseStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Value, f, eval)
		inspect(n.High, f, eval)
		inspect(n.Body, f, eval)
	case *ast.DefaultStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Body, f, eval)
	case *ast.LabeledStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Body, f, eval)
	case *ast.GotoStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
	case *ast.ReturnStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
	case *ast.BarrierStmt:
		if n == nil || !f(n) {
			return
		}
		inspect(n.ID, f, eval)

	// Expressions.
	case *ast.ParenExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
	case *ast.UnaryExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
	case *ast.PostfixExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
	case *ast.BinaryExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
		inspect(n.Y, f, eval)
	case *ast.AssignExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.L, f, eval)
		inspect(n.R, f, eval)
	case *ast.CondExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Cond, f, eval)
		inspect(n.Then, f, eval)
		inspect(n.Else, f, eval)
	case *ast.CommaExpr:
		if n == nil || !f(n) {
			return
		}
		for _, x := range n.List {
			inspect(x, f, eval)
		}
	case *ast.CallExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.Fun, f, eval)
		for _, x := range n.Args {
			inspect(x, f, eval)
		}
	case *ast.IndexExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
		inspect(n.Index, f, eval)
	case *ast.MemberExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)
	case *ast.CastExpr:
		if n == nil || !f(n) {
			return
		}
		if n.Type != nil {
			inspect(n.Type, f, eval)
		}
		inspect(n.X, f, eval)
	case *ast.CompoundLit:
		if n == nil || !f(n) {
			return
		}
		if n.Type != nil {
			inspect(n.Type, f, eval)
		}
		if n.Init != nil {
			inspect(n.Init, f, eval)
		}
	case *ast.SizeofExpr:
		if n == nil || !f(n) || eval {
			return
		}
		if n.Type != nil {
			inspect(n.Type, f, eval)
		}
		inspect(n.X, f, eval)
	case *ast.StmtExpr:
		if n == nil || !f(n) {
			return
		}
		if n.Body != nil {
			inspect(n.Body, f, eval)
		}
	case *ast.VaArgExpr:
		if n == nil || !f(n) {
			return
		}
		inspect(n.X, f, eval)

	case *ast.Name:
		if n != nil {
			f(n)
		}
	case *ast.BasicLit:
		if n != nil {
			f(n)
		}
	case *ast.UPCConst:
		if n != nil {
			f(n)
		}
	default:
		if !isNil(n) {
			f(n)
		}
	}
}

// InspectStmts visits the statements of the tree rooted at s in the order
// Inspect does, without entering expressions: statements inside statement
// expressions are not visited (see Graph.HasStmtExprs), those of nested
// function definitions are. It calls f(s); if that returns true it visits
// the statements s contains.
func InspectStmts(s ast.Stmt, f func(ast.Stmt) bool) {
	if isNil(s) || !f(s) {
		return
	}
	switch s := s.(type) {
	case *ast.Block:
		for _, x := range s.Items {
			InspectStmts(x, f)
		}
	case *ast.DeclStmt:
		if s.Decl != nil && s.Decl.Body != nil {
			InspectStmts(s.Decl.Body, f)
		}
	case *ast.IfStmt:
		InspectStmts(s.Then, f)
		InspectStmts(s.Else, f)
	case *ast.WhileStmt:
		InspectStmts(s.Body, f)
	case *ast.DoStmt:
		InspectStmts(s.Body, f)
	case *ast.ForStmt:
		if s.Init.Decl != nil && s.Init.Decl.Body != nil {
			InspectStmts(s.Init.Decl.Body, f)
		}
		InspectStmts(s.Body, f)
	case *ast.ForallStmt:
		if s.Init.Decl != nil && s.Init.Decl.Body != nil {
			InspectStmts(s.Init.Decl.Body, f)
		}
		InspectStmts(s.Body, f)
	case *ast.SwitchStmt:
		InspectStmts(s.Body, f)
	case *ast.CaseStmt:
		InspectStmts(s.Body, f)
	case *ast.DefaultStmt:
		InspectStmts(s.Body, f)
	case *ast.LabeledStmt:
		InspectStmts(s.Body, f)
	}
}

// isNil reports whether n is a nil interface or a typed nil pointer.
func isNil(n ast.Node) bool {
	if n == nil {
		return true
	}
	switch n := n.(type) {
	case *ast.Decl:
		return n == nil
	case *ast.DeclSpecs:
		return n == nil
	case *ast.TypeofSpec:
		return n == nil
	case *ast.TypeName:
		return n == nil
	case *ast.InitDeclarator:
		return n == nil
	case *ast.Declarator:
		return n == nil
	case *ast.DirectDecl:
		return n == nil
	case *ast.Initializer:
		return n == nil
	case *ast.InitList:
		return n == nil
	case *ast.Block:
		return n == nil
	case *ast.DeclStmt:
		return n == nil
	case *ast.ExprStmt:
		return n == nil
	case *ast.IfStmt:
		return n == nil
	case *ast.WhileStmt:
		return n == nil
	case *ast.DoStmt:
		return n == nil
	case *ast.ForStmt:
		return n == nil
	case *ast.ForInit:
		return n == nil
	case *ast.ForallStmt:
		return n == nil
	case *ast.Affinity:
		return n == nil
	case *ast.SwitchStmt:
		return n == nil
	case *ast.CaseStmt:
		return n == nil
	case *ast.DefaultStmt:
		return n == nil
	case *ast.LabeledStmt:
		return n == nil
	case *ast.GotoStmt:
		return n == nil
	case *ast.ReturnStmt:
		return n == nil
	case *ast.BarrierStmt:
		return n == nil
	case *ast.BreakStmt:
		return n == nil
	case *ast.ContinueStmt:
		return n == nil
	case *ast.FenceStmt:
		return n == nil
	case *ast.PragmaStmt:
		return n == nil
	case *ast.AsmStmt:
		return n == nil
	case *ast.Name:
		return n == nil
	case *ast.BasicLit:
		return n == nil
	case *ast.UPCConst:
		return n == nil
	case *ast.ParenExpr:
		return n == nil
	case *ast.UnaryExpr:
		return n == nil
	case *ast.PostfixExpr:
		return n == nil
	case *ast.BinaryExpr:
		return n == nil
	case *ast.AssignExpr:
		return n == nil
	case *ast.CondExpr:
		return n == nil
	case *ast.CommaExpr:
		return n == nil
	case *ast.CallExpr:
		return n == nil
	case *ast.IndexExpr:
		return n == nil
	case *ast.MemberExpr:
		return n == nil
	case *ast.CastExpr:
		return n == nil
	case *ast.CompoundLit:
		return n == nil
	case *ast.SizeofExpr:
		return n == nil
	case *ast.StmtExpr:
		return n == nil
	case *ast.VaArgExpr:
		return n == nil
	case *ast.OffsetofExpr:
		return n == nil
	case *ast.BadExpr:
		return n == nil
	}
	return false
}

// Unparen strips parentheses around e.
func Unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok || p == nil {
			return e
		}
		e = p.X
	}
}

// InspectEval is Inspect restricted to evaluated code: it does not enter
// the operands of sizeof-like operators, type names and typeof.
func InspectEval(n ast.Node, f func(ast.Node) bool) { inspect(n, f, true) }
