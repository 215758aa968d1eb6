package irregular

import (
	"fmt"
	"slices"
	"strconv"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

func run(pass *analysis.Pass, fs *facts.Facts) error {
	var ed *edit.Editor
	for _, fn := range fs.Funcs {
		if fn.Graph.Func == nil || fn.Graph.Func.Body == nil {
			continue
		}
		// The editor also proves which functions every thread calls,
		// which the message reports with or without fixes.
		if ed == nil {
			ed = edit.New(pass, fs)
		}
		c := &checker{pass: pass, fs: fs, fn: fn, af: fn.Affine(), aff: fn.Affinity(), info: fs.Unit.Info, ed: ed}
		c.check()
	}
	return nil
}

type checker struct {
	pass *analysis.Pass
	fs   *facts.Facts
	fn   *facts.Func
	af   *affine.Func
	aff  *affinity.Func
	info *types.Info
	ed   *edit.Editor // nil when fixes are not wanted
}

// group is the irregular accesses of one array in one loop.
type group struct {
	loop *cfg.Loop
	base string
	accs []*affine.Access
}

func (c *checker) check() {
	if c.info.StaticThreads == 1 {
		return // every access is local
	}
	type key struct {
		l    *cfg.Loop
		base string
	}
	groups := map[key]*group{}
	var order []*group
	for _, a := range c.af.Accesses {
		if !c.irregular(a) {
			continue
		}
		k := key{a.Loops[0], ast.NodeString(a.Base)}
		g := groups[k]
		if g == nil {
			g = &group{loop: k.l, base: k.base}
			groups[k] = g
			order = append(order, g)
		}
		g.accs = append(g.accs, a)
	}
	for _, g := range order {
		if c.sameElementFields(g) {
			continue // several fields of one element: static coalescing (finegrain)
		}
		c.report(g)
	}
}

// irregular reports whether a is an element access of a shared array, in
// a loop, whose index is not affine and changes from one iteration of the
// innermost loop to the next.
func (c *checker) irregular(a *affine.Access) bool {
	if !a.Shared || a.Addr || a.Index != nil || len(a.Loops) == 0 || a.Var == nil || a.Layout == nil || a.Pointer {
		return false
	}
	if f := c.aff.Of(a); f != nil && f.Kind == affinity.Local {
		return false
	}
	ix, ok := a.Expr.(*ast.IndexExpr)
	if !ok || a.Base != ix.X {
		return false // a multi-dimensional access
	}
	if _, ok := ast.Unparen(ix.X).(*ast.Name); !ok {
		return false
	}
	return !a.Loops[0].Invariant(ix.Index) && !c.sameEachIteration(a.Loops[0], ix.Index) && !c.counter(a.Loops[0], ix.Index) && c.sweep(a, ix.Index)
}

// counter reports whether index is a private variable that every change
// in loop l (outside the init clause of l's for or upc_forall) increments
// or decrements by a constant or a value l does not change (i++, i -= 2,
// i += sieve, ++offset at the end of a while body), plus or minus such a
// value (base + i): a basic induction variable, so the accesses are
// strided and their owners follow the layout in runs (the affine analysis
// could not use the loop's bound or start: "i < N && i < blk + B", a
// start read from memory, a while loop), not an irregular one.
func (c *checker) counter(l *cfg.Loop, index ast.Expr) bool {
	index = ast.Unparen(index)
	if x, ok := index.(*ast.BinaryExpr); ok && (x.Op == "+" || x.Op == "-") {
		switch {
		case !changedBy(l, x.Y):
			index = ast.Unparen(x.X)
		case x.Op == "+" && !changedBy(l, x.X):
			index = ast.Unparen(x.Y)
		}
	}
	id, ok := index.(*ast.Name)
	if !ok {
		return false
	}
	if v, isVar := c.info.Uses[id].(*types.Var); !isVar || types.IsShared(v.Type()) {
		return false // other threads change a shared counter
	}
	var init ast.Node
	switch s := l.Stmt.(type) {
	case *ast.ForStmt:
		init = &s.Init
	case *ast.ForallStmt:
		init = &s.Init
	}
	stepped, other := false, false
	ast.InspectCode(l.Stmt, func(n ast.Node) bool {
		var lv ast.Expr
		step := true
		switch x := n.(type) {
		case *ast.AssignExpr:
			lv = x.L
			step = (x.Op == "+=" || x.Op == "-=") && !changedBy(l, x.R)
		case *ast.PostfixExpr:
			lv = x.X
		case *ast.UnaryExpr:
			if x.Op == "++" || x.Op == "--" {
				lv = x.X
			} else if x.Op == "&" {
				lv, step = x.X, false // its address escapes
			}
		case *ast.InitDeclarator:
			other = other || ast.DeclaratorName(x.Decl) == id.Name
		}
		if v, isName := ast.Unparen(lv).(*ast.Name); lv != nil && isName && v.Name == id.Name {
			inInit := init != nil && n.Start() >= init.Start() && n.End() <= init.End()
			switch {
			case step:
				stepped = true
			case !inInit:
				other = true
			}
		}
		return true
	})
	return stepped && !other
}

// sameEachIteration reports whether index has the same value in every
// iteration of l although l assigns its variables: each variable is
// invariant in l or assigned in l only by "v = e" with e invariant in l
// (j = MYTHREAD*B; a[j] in a timing loop).
func (c *checker) sameEachIteration(l *cfg.Loop, index ast.Expr) bool {
	vars := map[string]*ast.Name{}
	ast.InspectCode(index, func(n ast.Node) bool {
		if id, ok := n.(*ast.Name); ok {
			vars[id.Name] = id
		}
		return true
	})
	fixed := map[string]bool{}
	ok := true
	ast.InspectCode(l.Stmt, func(n ast.Node) bool {
		var lv ast.Expr
		switch x := n.(type) {
		case *ast.AssignExpr:
			if id, isName := ast.Unparen(x.L).(*ast.Name); isName && vars[id.Name] != nil {
				if x.Op != "=" || !l.Invariant(x.R) {
					ok = false
				}
				fixed[id.Name] = true
			}
			return ok
		case *ast.PostfixExpr:
			lv = x.X
		case *ast.UnaryExpr:
			if x.Op == "++" || x.Op == "--" {
				lv = x.X
			}
		}
		if id, isName := ast.Unparen(lv).(*ast.Name); lv != nil && isName && vars[id.Name] != nil {
			ok = false
		}
		return ok
	})
	if !ok || len(fixed) == 0 {
		return false
	}
	for name, id := range vars {
		if !fixed[name] && !l.Invariant(id) {
			return false
		}
	}
	return true
}

// sameElementFields reports whether the group reads two fields or more of
// the element at one index: the static coalescing of the finegrain rule
// (Alvanos et al., §4) fetches that element in one transfer.
func (c *checker) sameElementFields(g *group) bool {
	seen := map[string]int{}
	for _, a := range g.accs {
		if !a.Write {
			seen[ast.NodeString(a.Expr.(*ast.IndexExpr).Index)]++
		}
	}
	for _, n := range seen {
		if n > 1 {
			return true
		}
	}
	return false
}

func (c *checker) report(g *group) {
	first := g.accs[0]
	reads, writes := false, false
	ops := 0
	for _, a := range g.accs {
		ops++
		if c.readModifyWrite(a) {
			reads, writes = true, true
			ops++
		} else if a.Write {
			writes = true
		} else {
			reads = true
		}
	}
	kind := "reads"
	switch {
	case reads && writes:
		kind = "updates"
	case writes:
		kind = "writes"
	}
	idx := ast.NodeString(first.Expr.(*ast.IndexExpr).Index)
	msg := fmt.Sprintf("irregular remote %s of %s: the index %s is not affine, so each access may be a remote operation to an owner known only at run time", kind, g.base, idx)
	// The estimate counts a uniformly random owner: an index drawn from
	// memory or a call; one computed from the loop counter alone (a
	// stencil on a Z-order grid) may stay mostly local.
	if n := c.iterations(g.loop); n != "" && drawn(g.loop, first.Expr.(*ast.IndexExpr).Index) {
		msg += fmt.Sprintf("; about %s remote operations per thread per execution of the loop", estimate(n, ops, c.info.StaticThreads))
	}
	var fixes []checks.SuggestedFix
	f, why := c.aggregate(g)
	if f == nil && why == "" {
		if f, why = c.gather(g); f != nil {
			msg += "; prefetch the elements in strips (inspector-executor)"
			if c.fs.WantFixes {
				fixes = append(fixes, *f)
			}
		} else if why != "" {
			msg += " (not prefetched: " + why + ")"
		}
	} else if f != nil {
		msg += "; aggregate the updates by owner thread"
		if c.fs.WantFixes {
			fixes = append(fixes, *f)
		}
	} else if why != "" {
		msg += " (not aggregated: " + why + ")"
	}
	d := analysis.Diagnostic{Pos: first.Expr.Start(), End: first.Expr.End(), Category: Name, Message: msg}
	if s := g.loop.Stmt; s != nil {
		d.Related = []analysis.RelatedInformation{{Pos: s.Start(), End: s.Start() + 1, Message: "in this loop"}}
	}
	checks.Report(c.pass, d, fixes...)
}

// readModifyWrite reports whether a is the target of a compound
// assignment or an increment, which reads it too.
func (c *checker) readModifyWrite(a *affine.Access) bool {
	_, _, _, _, ok := c.update(a)
	return ok
}

// update returns the update whose lvalue lv holds a (op=, ++, --): the
// update expression, lv, its right operand (nil for ++ and --) and its
// operator.
func (c *checker) update(a *affine.Access) (target, lv, rhs ast.Expr, op string, ok bool) {
	for _, n := range a.Block.Nodes {
		ast.InspectCode(n, func(m ast.Node) bool {
			if ok {
				return false
			}
			var t, r ast.Expr
			var o string
			switch m := m.(type) {
			case *ast.AssignExpr:
				t, r, o = m.L, m.R, m.Op
			case *ast.PostfixExpr:
				t, o = m.X, m.Op
			case *ast.UnaryExpr:
				if m.Op == "++" || m.Op == "--" {
					t, o = m.X, m.Op
				}
			}
			if t == nil || o == "=" || !holds(t, a.Expr) {
				return true
			}
			target, lv, rhs, op, ok = m.(ast.Expr), t, r, o, true
			return false
		})
	}
	return target, lv, rhs, op, ok
}

// holds reports whether the lvalue t is e or a field of it (e.f, e.g.h).
func holds(t, e ast.Expr) bool {
	for {
		t = ast.Unparen(t)
		if t == e {
			return true
		}
		m, ok := t.(*ast.MemberExpr)
		if !ok || m.Arrow {
			return false
		}
		t = m.X
	}
}

// iterations renders the number of iterations of l per thread, or "".
func (c *checker) iterations(l *cfg.Loop) string {
	iv := l.Induction()
	if iv == nil || !iv.StepKnown && iv.Step == nil {
		return ""
	}
	lo, hi, _ := c.af.IVRange(l)
	if lo == nil || hi == nil {
		return ""
	}
	// A start at MYTHREAD shifts the range by less than one step.
	span := hi.Sub(lo).Add(affine.ConstForm(1)).Without(affine.MyThread)
	s := span.FactorString()
	switch {
	case iv.StepKnown && abs(iv.StepConst) == 1:
	case iv.StepKnown:
		s += fmt.Sprintf("/%d", abs(iv.StepConst))
	default:
		sf, _ := c.af.Form(iv.Step, l.Header)
		if sf == nil {
			return ""
		}
		s += "/" + sf.FactorString()
	}
	threads := int64(c.info.StaticThreads)
	if fs, ok := l.Stmt.(*ast.ForallStmt); ok && fs.Affinity != nil && !fs.Affinity.Continue {
		// each thread runs the iterations whose affinity it owns
		switch {
		case span.IsConst() && iv.StepKnown && threads > 0:
			return fmt.Sprint(max(span.Const, 0) / max(abs(iv.StepConst), 1) / threads)
		case threads > 0:
			return fmt.Sprintf("(%s)/%d", s, threads)
		}
		if per := perThread(span); per != nil && iv.StepKnown && abs(iv.StepConst) == 1 {
			return per.FactorString()
		}
		return "(" + s + ")/THREADS"
	}
	if span.IsConst() && iv.StepKnown {
		return fmt.Sprint(max(span.Const, 0) / max(abs(iv.StepConst), 1))
	}
	return s
}

// perThread returns span/THREADS when every term of span multiplies
// THREADS (N*THREADS), or nil.
func perThread(span *affine.Form) *affine.Form {
	if span.Const != 0 || span.IsConst() {
		return nil
	}
	out := &affine.Form{}
	for _, t := range span.Terms {
		atoms := slices.Clone(t.Atoms)
		i := slices.Index(atoms, affine.Threads)
		if i < 0 {
			return nil
		}
		atoms = slices.Delete(atoms, i, i+1)
		if len(atoms) == 0 {
			out.Const += t.Coef
			continue
		}
		out.Terms = append(out.Terms, affine.Term{Coef: t.Coef, Atoms: atoms})
	}
	return out
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// estimate renders the remote operations of ops accesses per iteration
// over n iterations when each element is owned by a uniformly random
// thread: a fraction (THREADS-1)/THREADS of them is remote.
func estimate(n string, ops, threads int) string {
	if threads > 0 {
		if v, err := strconv.ParseInt(n, 10, 64); err == nil {
			return fmt.Sprint(v * int64(ops) * int64(threads-1) / int64(threads))
		}
		return fmt.Sprintf("%s*%d*%d/%d", n, ops, threads-1, threads)
	}
	if ops == 1 {
		return n + "*(THREADS-1)/THREADS"
	}
	return fmt.Sprintf("%s*%d*(THREADS-1)/THREADS", n, ops)
}
