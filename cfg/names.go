package cfg

import "github.com/upclint/upclint/grammar/ast"

// IsName reports whether e, without parentheses, is a use of the name.
func IsName(e ast.Expr, name string) bool {
	n, ok := Unparen(e).(*ast.Name)
	return ok && n.Name == name
}

// FixedInLoop reports whether the variable name keeps its value through
// the loop l of the function whose body is body: no assignment, increment
// or decrement of it in the loop, and its address never taken in the
// function (so no store through a pointer can change it). Stores through
// the variable (p[i] = x when it is a pointer) do not move it.
func FixedInLoop(body ast.Node, l *Loop, name string) bool {
	moved := false
	Inspect(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" && IsName(u.X, name) {
			moved = true
		}
		return !moved
	})
	for _, b := range l.Blocks {
		for _, n := range b.Nodes {
			moved = moved || assigns(n, name)
		}
	}
	return !moved
}
