package cfg

import "github.com/upclint/upclint/grammar/ast"

// Inspect traverses the tree rooted at n in depth-first order (children in
// source order). It calls f(n); if that returns true it visits n's
// children. Declarators are visited for the expressions they contain (array
// sizes, initializers); type names are not entered except for typeof and
// VLA sizes. Unevaluated operands (sizeof, typeof) are visited too: use
// Unevaluated to tell them apart.
func Inspect(n ast.Node, f func(ast.Node) bool) {
	if isNil(n) || !f(n) {
		return
	}
	ins := func(m ast.Node) { Inspect(m, f) }
	switch n := n.(type) {
	case *ast.Decl:
		if n.Specs != nil {
			ins(n.Specs)
		}
		for _, d := range n.Inits {
			ins(d)
		}
		if n.Body != nil {
			ins(n.Body)
		}
	case *ast.DeclSpecs:
		for _, s := range n.List {
			if s.Typeof != nil {
				ins(s.Typeof)
			}
		}
	case *ast.TypeofSpec:
		if n.Type != nil {
			ins(n.Type)
		}
		if n.X != nil {
			ins(n.X)
		}
	case *ast.TypeName:
		if n.Specs != nil {
			ins(n.Specs)
		}
		if n.Decl != nil {
			ins(n.Decl)
		}
	case *ast.InitDeclarator:
		if n.Decl != nil {
			ins(n.Decl)
		}
		if n.Init != nil {
			ins(n.Init)
		}
	case *ast.Declarator:
		if n.Direct != nil {
			ins(n.Direct)
		}
	case *ast.DirectDecl:
		if n.Nested != nil {
			ins(n.Nested)
		}
		for _, s := range n.Suffixes {
			if s.Array != nil && s.Array.Size != nil {
				ins(s.Array.Size)
			}
		}
	case *ast.Initializer:
		if n.List != nil {
			ins(n.List)
		}
		if n.X != nil {
			ins(n.X)
		}
	case *ast.InitList:
		for _, it := range n.Items {
			for _, d := range it.Designators {
				if d.Index != nil {
					ins(d.Index)
				}
				if d.High != nil {
					ins(d.High)
				}
			}
			if it.Init != nil {
				ins(it.Init)
			}
		}

	// Statements.
	case *ast.Block:
		for _, s := range n.Items {
			ins(s)
		}
	case *ast.DeclStmt:
		ins(n.Decl)
	case *ast.ExprStmt:
		ins(n.X)
	case *ast.IfStmt:
		ins(n.Cond)
		ins(n.Then)
		ins(n.Else)
	case *ast.WhileStmt:
		ins(n.Cond)
		ins(n.Body)
	case *ast.DoStmt:
		ins(n.Body)
		ins(n.Cond)
	case *ast.ForStmt:
		ins(&n.Init)
		ins(n.Cond)
		ins(n.Post)
		ins(n.Body)
	case *ast.ForInit:
		if n.Decl != nil {
			ins(n.Decl)
		}
		ins(n.X)
	case *ast.ForallStmt:
		ins(&n.Init)
		ins(n.Cond)
		ins(n.Post)
		if n.Affinity != nil {
			ins(n.Affinity)
		}
		ins(n.Body)
	case *ast.Affinity:
		ins(n.X)
	case *ast.SwitchStmt:
		ins(n.Tag)
		ins(n.Body)
	case *ast.CaseStmt:
		ins(n.Value)
		ins(n.High)
		ins(n.Body)
	case *ast.DefaultStmt:
		ins(n.Body)
	case *ast.LabeledStmt:
		ins(n.Body)
	case *ast.GotoStmt:
		ins(n.X)
	case *ast.ReturnStmt:
		ins(n.X)
	case *ast.BarrierStmt:
		ins(n.ID)

	// Expressions.
	case *ast.ParenExpr:
		ins(n.X)
	case *ast.UnaryExpr:
		ins(n.X)
	case *ast.PostfixExpr:
		ins(n.X)
	case *ast.BinaryExpr:
		ins(n.X)
		ins(n.Y)
	case *ast.AssignExpr:
		ins(n.L)
		ins(n.R)
	case *ast.CondExpr:
		ins(n.Cond)
		ins(n.Then)
		ins(n.Else)
	case *ast.CommaExpr:
		for _, x := range n.List {
			ins(x)
		}
	case *ast.CallExpr:
		ins(n.Fun)
		for _, x := range n.Args {
			ins(x)
		}
	case *ast.IndexExpr:
		ins(n.X)
		ins(n.Index)
	case *ast.MemberExpr:
		ins(n.X)
	case *ast.CastExpr:
		if n.Type != nil {
			ins(n.Type)
		}
		ins(n.X)
	case *ast.CompoundLit:
		if n.Type != nil {
			ins(n.Type)
		}
		if n.Init != nil {
			ins(n.Init)
		}
	case *ast.SizeofExpr:
		if n.Type != nil {
			ins(n.Type)
		}
		ins(n.X)
	case *ast.StmtExpr:
		if n.Body != nil {
			ins(n.Body)
		}
	case *ast.VaArgExpr:
		ins(n.X)
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
