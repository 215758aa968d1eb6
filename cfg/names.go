package cfg

import "github.com/upclint/upclint/grammar/ast"

// IsName reports whether e, without parentheses, is a use of the name.
func IsName(e ast.Expr, name string) bool {
	n, ok := ast.Unparen(e).(*ast.Name)
	return ok && n.Name == name
}

// FixedInLoop reports whether the variable name keeps its value through
// the loop l of the function whose body is body: no assignment, increment
// or decrement of it in the loop, and its address never taken in the
// function (so no store through a pointer can change it). Stores through
// the variable (p[i] = x when it is a pointer) do not move it.
func FixedInLoop(body ast.Node, l *Loop, name string) bool {
	if g := l.graph(); g.Func != nil && g.Func.Body != nil && body == ast.Node(g.Func.Body) {
		// the graph's builder collected the & operators of this body
		for _, u := range g.addrOfs {
			if IsName(u.X, name) {
				return false
			}
		}
	} else {
		moved := false
		ast.InspectCode(body, func(n ast.Node) bool {
			if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" && IsName(u.X, name) {
				moved = true
			}
			return !moved
		})
		if moved {
			return false
		}
	}
	return !l.storedNames()[name]
}

// storedNames returns the names the loop's nodes assign, increment or
// decrement (see Stored), computed once: rules ask FixedInLoop for many
// accesses of one loop. It is safe for concurrent use, as Induction.
func (l *Loop) storedNames() map[string]bool {
	l.storedOnce.Do(func() {
		l.stored = map[string]bool{}
		for _, b := range l.Blocks {
			for _, n := range b.Nodes {
				ast.InspectCode(n, func(m ast.Node) bool {
					if lv := Stored(m); lv != nil {
						if x, ok := ast.Unparen(lv).(*ast.Name); ok {
							l.stored[x.Name] = true
						}
					}
					return true
				})
			}
		}
	})
	return l.stored
}

// ThreadTest returns the text of e in a condition `MYTHREAD == e` (either
// side, `!=` on its false edge, `!MYTHREAD` and `MYTHREAD` as tests of 0)
// that holds on the edge of the given kind, or "".
func ThreadTest(e ast.Expr, kind EdgeKind) string {
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == "!" && kind == True && ast.NodeString(ast.Unparen(u.X)) == "MYTHREAD" {
		return "0"
	}
	x, ok := e.(*ast.BinaryExpr)
	if !ok || x.Op != "==" && x.Op != "!=" || (kind == True) != (x.Op == "==") {
		if kind == False && ast.NodeString(e) == "MYTHREAD" {
			return "0"
		}
		return ""
	}
	l, r := ast.NodeString(ast.Unparen(x.X)), ast.NodeString(ast.Unparen(x.Y))
	if r == "MYTHREAD" {
		l, r = r, l
	}
	if l != "MYTHREAD" {
		return ""
	}
	return r
}

// LvalueRoot returns the variable an lvalue starts from (a in a[i].f, *a,
// ((T *)a)[i]), or "" when it starts from anything else (a call, a
// constant): the name whose storage, or storage it points to, a write to
// the lvalue may change.
func LvalueRoot(e ast.Expr) string {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			return x.Name
		case *ast.IndexExpr:
			e = x.X
		case *ast.MemberExpr:
			e = x.X
		case *ast.UnaryExpr:
			e = x.X
		case *ast.CastExpr:
			e = x.X
		default:
			return ""
		}
	}
}

// Stored returns the lvalue n stores to when n is an assignment (simple
// or compound), an increment or a decrement, or nil.
func Stored(n ast.Node) ast.Expr {
	switch m := n.(type) {
	case *ast.AssignExpr:
		return m.L
	case *ast.PostfixExpr:
		return m.X
	case *ast.UnaryExpr:
		if m.Op == "++" || m.Op == "--" {
			return m.X
		}
	}
	return nil
}
