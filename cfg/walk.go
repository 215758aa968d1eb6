package cfg

import "github.com/upclint/upclint/grammar/ast"

// Inspect traverses the tree rooted at n in depth-first order (children in
// source order). It calls f(n); if that returns true it visits n's
// children. Declarators are visited for the expressions they contain (array
// sizes, initializers); type names are not entered except for typeof and
// VLA sizes. Unevaluated operands (sizeof, typeof) are visited too: use
// Unevaluated to tell them apart.
func Inspect(n ast.Node, f func(ast.Node) bool) {
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
			Inspect(n.Specs, f)
		}
		for _, d := range n.Inits {
			Inspect(d, f)
		}
		if n.Body != nil {
			Inspect(n.Body, f)
		}
	case *ast.DeclSpecs:
		if n == nil || !f(n) {
			return
		}
		for _, s := range n.List {
			if s.Typeof != nil {
				Inspect(s.Typeof, f)
			}
		}
	case *ast.TypeofSpec:
		if n == nil || !f(n) {
			return
		}
		if n.Type != nil {
			Inspect(n.Type, f)
		}
		if n.X != nil {
			Inspect(n.X, f)
		}
	case *ast.TypeName:
		if n == nil || !f(n) {
			return
		}
		if n.Specs != nil {
			Inspect(n.Specs, f)
		}
		if n.Decl != nil {
			Inspect(n.Decl, f)
		}
	case *ast.InitDeclarator:
		if n == nil || !f(n) {
			return
		}
		if n.Decl != nil {
			Inspect(n.Decl, f)
		}
		if n.Init != nil {
			Inspect(n.Init, f)
		}
	case *ast.Declarator:
		if n == nil || !f(n) {
			return
		}
		if n.Direct != nil {
			Inspect(n.Direct, f)
		}
	case *ast.DirectDecl:
		if n == nil || !f(n) {
			return
		}
		if n.Nested != nil {
			Inspect(n.Nested, f)
		}
		for _, s := range n.Suffixes {
			if s.Array != nil && s.Array.Size != nil {
				Inspect(s.Array.Size, f)
			}
		}
	case *ast.Initializer:
		if n == nil || !f(n) {
			return
		}
		if n.List != nil {
			Inspect(n.List, f)
		}
		if n.X != nil {
			Inspect(n.X, f)
		}
	case *ast.InitList:
		if n == nil || !f(n) {
			return
		}
		for _, it := range n.Items {
			for _, d := range it.Designators {
				if d.Index != nil {
					Inspect(d.Index, f)
				}
				if d.High != nil {
					Inspect(d.High, f)
				}
			}
			if it.Init != nil {
				Inspect(it.Init, f)
			}
		}

	// Statements.
	case *ast.Block:
		if n == nil || !f(n) {
			return
		}
		for _, s := range n.Items {
			Inspect(s, f)
		}
	case *ast.DeclStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Decl, f)
	case *ast.ExprStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
	case *ast.IfStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Cond, f)
		Inspect(n.Then, f)
		Inspect(n.Else, f)
	case *ast.WhileStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Cond, f)
		Inspect(n.Body, f)
	case *ast.DoStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Body, f)
		Inspect(n.Cond, f)
	case *ast.ForStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(&n.Init, f)
		Inspect(n.Cond, f)
		Inspect(n.Post, f)
		Inspect(n.Body, f)
	case *ast.ForInit:
		if n == nil || !f(n) {
			return
		}
		if n.Decl != nil {
			Inspect(n.Decl, f)
		}
		Inspect(n.X, f)
	case *ast.ForallStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(&n.Init, f)
		Inspect(n.Cond, f)
		Inspect(n.Post, f)
		if n.Affinity != nil {
			Inspect(n.Affinity, f)
		}
		Inspect(n.Body, f)
	case *ast.Affinity:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
	case *ast.SwitchStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Tag, f)
		Inspect(n.Body, f)
	case *ast.CaseStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Value, f)
		Inspect(n.High, f)
		Inspect(n.Body, f)
	case *ast.DefaultStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Body, f)
	case *ast.LabeledStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Body, f)
	case *ast.GotoStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
	case *ast.ReturnStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
	case *ast.BarrierStmt:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.ID, f)

	// Expressions.
	case *ast.ParenExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
	case *ast.UnaryExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
	case *ast.PostfixExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
	case *ast.BinaryExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
		Inspect(n.Y, f)
	case *ast.AssignExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.L, f)
		Inspect(n.R, f)
	case *ast.CondExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Cond, f)
		Inspect(n.Then, f)
		Inspect(n.Else, f)
	case *ast.CommaExpr:
		if n == nil || !f(n) {
			return
		}
		for _, x := range n.List {
			Inspect(x, f)
		}
	case *ast.CallExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.Fun, f)
		for _, x := range n.Args {
			Inspect(x, f)
		}
	case *ast.IndexExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
		Inspect(n.Index, f)
	case *ast.MemberExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)
	case *ast.CastExpr:
		if n == nil || !f(n) {
			return
		}
		if n.Type != nil {
			Inspect(n.Type, f)
		}
		Inspect(n.X, f)
	case *ast.CompoundLit:
		if n == nil || !f(n) {
			return
		}
		if n.Type != nil {
			Inspect(n.Type, f)
		}
		if n.Init != nil {
			Inspect(n.Init, f)
		}
	case *ast.SizeofExpr:
		if n == nil || !f(n) {
			return
		}
		if n.Type != nil {
			Inspect(n.Type, f)
		}
		Inspect(n.X, f)
	case *ast.StmtExpr:
		if n == nil || !f(n) {
			return
		}
		if n.Body != nil {
			Inspect(n.Body, f)
		}
	case *ast.VaArgExpr:
		if n == nil || !f(n) {
			return
		}
		Inspect(n.X, f)

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
func InspectEval(n ast.Node, f func(ast.Node) bool) {
	Inspect(n, func(m ast.Node) bool {
		if !f(m) {
			return false
		}
		switch m.(type) {
		case *ast.SizeofExpr, *ast.TypeName, *ast.TypeofSpec, *ast.OffsetofExpr:
			return false
		}
		return true
	})
}
