package irregular

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
)

// sweep reports whether a, an access with an index that is not affine in
// its innermost loop l, is an irregular sweep: one access per iteration of
// l, at an index the loop's own statements change, to elements spread
// over the threads. It is not when
//   - the array has one element per thread (flags[THREADS]): the index is
//     the owner's thread number, an exchange between threads, not a
//     gather (Alvanos et al., §4, coalesce accesses to arrays whose owner
//     is unknown);
//   - a runs on a path that leaves an inner loop (the element found by a
//     search, read before its break): once per execution of that loop;
//   - no statement of l changes a variable of the index and it calls
//     nothing, or each variable l changes is set before a, in its block,
//     from values l does not change (j = MYTHREAD*B; a[j - 1]): the index
//     is the same on every iteration as far as the loop shows;
//   - the index wraps the loop's counter around by % ((i + off) % N): the
//     owners follow the layout in runs, not at random.
func (c *checker) sweep(a *affine.Access, index ast.Expr) bool {
	l := a.Loops[0]
	if affinity.OnePerThread(a, c.info.StaticThreads) || c.leavesInner(a, l) || !c.changedAt(a, index) {
		return false
	}
	if id, ok := ast.Unparen(index).(*ast.Name); ok {
		if d := definition(a, id.Name); d != nil {
			index = d // j = (i + off) % N; a[j]
		}
	}
	if x, ok := ast.Unparen(index).(*ast.BinaryExpr); ok && x.Op == "%" {
		f, _ := c.af.Form(x.X, a.Block)
		if iv := l.Induction(); f != nil && iv != nil && (f.Coef(iv.Name) == 1 || f.Coef(iv.Name) == -1) {
			return false
		}
	}
	return true
}

// leavesInner reports whether a lies in the body of a loop statement
// nested in l's whose natural loop does not hold a's block: a runs on the
// way out of that loop (before its break or return), not on each of its
// iterations.
func (c *checker) leavesInner(a *affine.Access, l *cfg.Loop) bool {
	found := false
	ast.Inspect(l.Stmt, func(n ast.Node) bool {
		if found || n == nil || n.Start() > a.Expr.Start() || n.End() < a.Expr.End() {
			return false
		}
		if body := ast.LoopBody(n); n != l.Stmt && body != nil && body.Start() <= a.Expr.Start() && a.Expr.End() <= body.End() {
			found = true
		}
		return !found
	})
	return found
}

// changedBy reports whether a statement of l assigns, increments or
// declares a variable that index names, or index calls a function.
func changedBy(l *cfg.Loop, index ast.Expr) bool {
	names := map[string]bool{}
	call := false
	ast.InspectCode(index, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Name:
			names[x.Name] = true
		case *ast.CallExpr:
			call = true
		}
		return true
	})
	if call {
		return true
	}
	changed := false
	ast.InspectCode(l.Stmt, func(n ast.Node) bool {
		if d, ok := n.(*ast.InitDeclarator); ok && names[ast.DeclaratorName(d.Decl)] {
			changed = true
		}
		if id, ok := ast.Unparen(cfg.Stored(n)).(*ast.Name); ok && names[id.Name] {
			changed = true
		}
		return !changed
	})
	return changed
}

// drawn reports whether index takes its value from memory or a call
// (idx[i], ran[j] & mask, rand() % n), directly or through a variable
// that l sets from one (i = N * drand48(); col = *p++).
func drawn(l *cfg.Loop, index ast.Expr) bool {
	if fetches(index) {
		return true
	}
	names := map[string]bool{}
	ast.InspectCode(index, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok {
			names[x.Name] = true
		}
		return true
	})
	found := false
	ast.InspectCode(l.Stmt, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignExpr:
			if id, ok := ast.Unparen(x.L).(*ast.Name); ok && names[id.Name] && fetches(x.R) {
				found = true
			}
		case *ast.InitDeclarator:
			if names[ast.DeclaratorName(x.Decl)] && x.Init != nil && x.Init.X != nil && fetches(x.Init.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// fetches reports whether e reads memory (an element, a member, through a
// pointer) or calls a function.
func fetches(e ast.Expr) bool {
	found := false
	ast.InspectCode(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr, *ast.IndexExpr, *ast.MemberExpr:
			found = true
		case *ast.UnaryExpr:
			found = found || x.Op == "*"
		}
		return !found
	})
	return found
}

// changedAt reports whether index, at a, may differ from one iteration
// of a's innermost loop to the next: it calls a function or names a
// variable the loop changes that is not set, before a in its block, from
// values the loop does not change.
func (c *checker) changedAt(a *affine.Access, index ast.Expr) bool {
	l := a.Loops[0]
	if !changedBy(l, index) {
		return false
	}
	changed := false
	ast.InspectCode(index, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			changed = true
		case *ast.Name:
			if changedBy(l, x) {
				d := definition(a, x.Name)
				changed = d == nil || changedBy(l, d)
			}
		}
		return !changed
	})
	return changed
}

// definition returns the value of the last plain assignment "name = e"
// of a's block before a, or nil.
func definition(a *affine.Access, name string) ast.Expr {
	var out ast.Expr
	for _, n := range a.Block.Nodes {
		if n.Start() <= a.Expr.Start() && a.Expr.End() <= n.End() {
			break
		}
		ast.InspectCode(n, func(m ast.Node) bool {
			if st := cfg.Stored(m); st != nil {
				if id, ok := ast.Unparen(st).(*ast.Name); ok && id.Name == name {
					out = nil
					if x, ok := m.(*ast.AssignExpr); ok && x.Op == "=" {
						out = x.R
					}
				}
			}
			return true
		})
	}
	return out
}
