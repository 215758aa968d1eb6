package forall

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

func run(pass *analysis.Pass, f *facts.Facts) error {
	var nested *forallCalls // computed on the first finding
	for _, fn := range f.Funcs {
		tested := map[ast.Stmt]bool{}
		for _, b := range fn.Graph.Blocks {
			if b.Live && b.Kind == "forall.affinity" {
				tested[b.Stmt] = true
			}
		}
		if len(tested) == 0 {
			continue
		}
		for _, l := range fn.Graph.Loops().Loops {
			s, ok := l.Stmt.(*ast.ForallStmt)
			if !ok || !tested[s] {
				continue
			}
			if msg, p, ok := check(fn, l, s, f.Unit.Info); ok {
				if nested == nil {
					nested = callGraph(f.Unit.Info)
				}
				aff := s.Affinity
				var fixes []checks.SuggestedFix
				if f.WantFixes {
					fixes = suggest(pass, fn, f.Unit.Info, l, s, p, nested)
				}
				checks.Report(pass, analysis.Diagnostic{
					Pos: s.Start(), End: aff.End(), Category: Name, Message: msg,
					Related: []analysis.RelatedInformation{{Pos: aff.Start(), End: aff.End(),
						Message: "affinity tested on every iteration by every thread"}},
				}, fixes...)
			}
		}
	}
	return nil
}

// check returns the message for a removable affinity test of loop l.
func check(fn *facts.Func, l *cfg.Loop, s *ast.ForallStmt, info *types.Info) (string, *plan, bool) {
	iv := l.Induction()
	if iv == nil || iv.Start == nil || !iv.StepKnown || (iv.StepConst != 1 && iv.StepConst != -1) {
		return "", nil, false
	}
	if addressTaken(s, iv.Name) || callAssigns(s, iv.Name, info) || pointerMayStep(fn, l, s, iv.Name) {
		return "", nil, false
	}
	x := ast.Unparen(s.Affinity.X)
	af := fn.Affine()
	text := ast.NodeString(x)
	prefix := fmt.Sprintf("upc_forall tests affinity %s on every iteration", text)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == "&" {
		a := af.Access(u.X)
		if a == nil || a.Index == nil || !(isArrayVar(a) || arrayMember(a, info) || l.Invariant(a.Base) || localPointerFixed(fn, l, a)) {
			return "", nil, false
		}
		c, rest, ok := a.Index.Split(iv.Name)
		if !ok || c == 0 || !invariantForm(rest, af, l) {
			return "", nil, false
		}
		name := ast.NodeString(a.Base)
		p := &plan{iv: iv, coef: c, rest: rest, base: a.Base, pointer: a.Pointer, oneDim: oneIndex(u.X), v: a.Var}
		bs, ok := affinity.BlockOf(a, info)
		if !ok {
			return "", nil, false
		}
		switch {
		case bs == 0:
			p.shape = shapeIndefinite
			what := "is indefinite"
			if _, member := ast.Unparen(a.Base).(*ast.MemberExpr); member {
				what = "is a member of a shared structure"
			}
			return prefix + fmt.Sprintf("; %s %s (one thread owns every element): test the affinity once before the loop instead", name, what), p, true
		case bs == 1 && (c == 1 || c == -1):
			p.shape = shapeCyclic
			return prefix + fmt.Sprintf("; %s is cyclic: iterate with stride THREADS from the first iteration this thread owns instead", name), p, true
		case bs > 1 && c > 0 && bs%c == 0:
			per := bs / c
			p.shape, p.per = shapeBlocked, per
			if per == 1 {
				// each iteration starts a block: the rewrite steps by THREADS
				return prefix + fmt.Sprintf("; each iteration reaches a new block of %s: iterate with stride THREADS from the first iteration this thread owns instead", name), p, true
			}
			return prefix + fmt.Sprintf("; %s is blocked (%d iterations per block): iterate over this thread's blocks with an outer stride of THREADS*%d and an inner unit-stride loop instead", name, per, per), p, true
		}
		return "", nil, false
	}
	if t := info.TypeOf(x); t == nil || !types.IsInteger(t) {
		return "", nil, false
	}
	fo, _ := af.Form(x, l.Header)
	if fo == nil {
		return "", nil, false
	}
	c, rest, ok := fo.Split(iv.Name)
	if !ok || c != 1 || !invariantForm(rest, af, l) {
		return "", nil, false
	}
	return prefix + "; iterate with stride THREADS from the first iteration this thread owns instead",
		&plan{shape: shapeInt, iv: iv, coef: 1, rest: rest}, true
}

// invariantForm reports whether every atom of fo is invariant in l.
func invariantForm(fo *affine.Form, af *affine.Func, l *cfg.Loop) bool {
	for _, name := range fo.Atoms() {
		if at := af.Atoms[name]; at != nil && at.Kind != affine.Invariant {
			if at.Kind == affine.Induction && at.Loop != nil && l.Contains(at.Loop.Header) {
				return false
			}
			continue
		}
		if !l.Invariant(&ast.Name{Name: name}) {
			return false
		}
	}
	return true
}

// addressTaken reports whether the body of s takes the address of name
// (a call could then change the loop variable).
func addressTaken(s *ast.ForallStmt, name string) bool {
	found := false
	ast.InspectCode(s.Body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" {
			if id, ok := ast.Unparen(u.X).(*ast.Name); ok && id.Name == name {
				found = true
			}
		}
		return !found
	})
	return found
}

// callAssigns reports whether the loop variable name of s is a file-scope
// or static variable that a function of the file called from s (directly
// or through other calls) assigns or takes the address of: the loop's own
// step is then not the only change of the variable.
func callAssigns(s *ast.ForallStmt, name string, info *types.Info) bool {
	id := initName(s, name)
	if id == nil {
		return false
	}
	if v, ok := info.Uses[id].(*types.Var); !ok || !v.FileScope && !v.IsStatic() {
		return false
	}
	bodies := map[string]ast.Node{}
	for _, fd := range info.Funcs {
		if fd.Obj != nil && fd.Decl != nil {
			bodies[fd.Obj.Name()] = fd.Decl
		}
	}
	seen := map[string]bool{}
	var assigns func(n ast.Node) bool
	assigns = func(n ast.Node) bool {
		found := false
		ast.InspectCode(n, func(m ast.Node) bool {
			switch x := m.(type) {
			case *ast.AssignExpr:
				found = found || isName(x.L, name)
			case *ast.PostfixExpr:
				found = found || isName(x.X, name)
			case *ast.UnaryExpr:
				found = found || (x.Op == "++" || x.Op == "--" || x.Op == "&") && isName(x.X, name)
			case *ast.CallExpr:
				if f, ok := ast.Unparen(x.Fun).(*ast.Name); ok && !seen[f.Name] && bodies[f.Name] != nil {
					seen[f.Name] = true
					found = found || assigns(bodies[f.Name])
				}
			}
			return !found
		})
		return found
	}
	// The loop's own step assigns name: look at the calls only.
	found := false
	ast.InspectCode(s, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok {
			if f, ok := ast.Unparen(c.Fun).(*ast.Name); ok && !seen[f.Name] && bodies[f.Name] != nil {
				seen[f.Name] = true
				found = found || assigns(bodies[f.Name])
			}
		}
		return !found
	})
	return found
}

// pointerMayStep reports whether the function takes the address of name
// (a local loop variable) before loop l, or anywhere when l is nested in
// another loop, and the body of s calls a function or stores through a
// pointer, an array or a member: the store may go to the variable through
// the pointer.
func pointerMayStep(fn *facts.Func, l *cfg.Loop, s *ast.ForallStmt, name string) bool {
	if fn.Decl == nil {
		return false
	}
	taken := false
	ast.InspectCode(fn.Decl, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" && isName(u.X, name) {
			taken = l.Parent != nil || u.Start() < s.End()
		}
		return !taken
	})
	if !taken {
		return false
	}
	memory := func(e ast.Expr) bool {
		_, plain := ast.Unparen(e).(*ast.Name)
		return !plain
	}
	found := false
	ast.InspectCode(s.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			found = true
		case *ast.AssignExpr:
			found = found || memory(x.L)
		case *ast.PostfixExpr:
			found = found || memory(x.X)
		case *ast.UnaryExpr:
			found = found || (x.Op == "++" || x.Op == "--") && memory(x.X)
		}
		return !found
	})
	return found
}

// initName returns the first occurrence of name in the init clause of s,
// or nil.
func initName(s *ast.ForallStmt, name string) *ast.Name {
	var id *ast.Name
	ast.InspectCode(s.Init.X, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok && x.Name == name && id == nil {
			id = x
		}
		return id == nil
	})
	return id
}

func isName(e ast.Expr, name string) bool {
	id, ok := ast.Unparen(e).(*ast.Name)
	return ok && id.Name == name
}

// isArrayVar reports whether a indexes an array variable, whose address
// never changes.
func isArrayVar(a *affine.Access) bool {
	if a.Var == nil || a.Pointer {
		return false
	}
	_, ok := types.Core(a.Var.Type()).(*types.Array)
	return ok
}

// arrayMember reports whether a indexes an array member of a structure
// variable (s.a, s.in.a): an address no store in the loop can move.
func arrayMember(a *affine.Access, info *types.Info) bool {
	if a.Pointer {
		return false
	}
	for e := ast.Unparen(a.Base); ; {
		switch x := e.(type) {
		case *ast.MemberExpr:
			if x.Arrow {
				return false
			}
			if t := info.TypeOf(x); t == nil {
				return false
			}
			e = ast.Unparen(x.X)
		case *ast.Name:
			_, ok := info.Uses[x].(*types.Var)
			return ok && e != ast.Unparen(a.Base)
		default:
			return false
		}
	}
}

// localPointerFixed reports whether a indexes a local pointer variable (or
// parameter) that the loop never assigns and whose address is never taken:
// stores through the pointer (p[i] = x) do not move it.
func localPointerFixed(fn *facts.Func, l *cfg.Loop, a *affine.Access) bool {
	id, ok := ast.Unparen(a.Base).(*ast.Name)
	if !ok || a.Var == nil || !a.Pointer || a.Var.IsStatic() || fn.Decl.Body == nil {
		return false
	}
	return cfg.FixedInLoop(fn.Decl.Body, l, id.Name)
}

// oneIndex reports whether e indexes its base once (a[x], not a[x][y]).
func oneIndex(e ast.Expr) bool {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return false
	}
	_, inner := ast.Unparen(ix.X).(*ast.IndexExpr)
	return !inner
}
