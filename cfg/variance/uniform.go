package variance

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Uniformity evaluates the thread-variance of expressions more precisely
// than Func.Variant inside loops: the canonical induction
// variable of a loop whose start, step and bound are single-valued is
// single-valued inside that loop, whatever other assignments to the same
// variable elsewhere in the function do (package variance is
// flow-insensitive for the variables it does not put in SSA form, and
// conservative at the exits of loops).
type Uniformity struct {
	V     *Func
	Types *types.Info
	// Unit, if set, lets reasons be followed into other functions (a
	// callee's result, a global assigned elsewhere).
	Unit *Info
}

// Variant returns why e, evaluated in block at, may differ between
// threads, or nil; only strong reasons count (see Reason.Weak).
func (u *Uniformity) Variant(e ast.Expr, at *cfg.Block, uniform ...string) *Reason {
	ivs := u.uniformIVs(at)
	for _, name := range uniform {
		ivs[name] = true
	}
	r := u.variant(e, ivs)
	if u.weak(r, map[*cfg.Block]bool{}) {
		return nil
	}
	return r
}

// weak extends Reason.Weak to reasons that come from control dependence: a value
// assigned under a branch that is itself weak, or in the body of a
// upc_forall (variables reused after a forall, e.g. its inner loop
// counters, would otherwise be thread-dependent everywhere: see the known
// limits).
func (u *Uniformity) weak(r *Reason, seen map[*cfg.Block]bool) bool {
	if r == nil {
		return false
	}
	if r.Weak() {
		return true
	}
	if call, ok := r.Node.(*ast.CallExpr); ok && r.Form == FormResult && u.Unit != nil {
		if callee := u.Unit.Callee(call); callee != nil && callee.Result != nil {
			return u.weak(callee.Result, seen)
		}
		return false
	}
	b := r.Branch
	if b == nil || !r.Control {
		return false
	}
	if b.Kind == "forall.affinity" {
		return true
	}
	if seen[b] {
		return false
	}
	seen[b] = true
	owner := u.owner(b)
	ctl, ok := b.Control().(ast.Expr)
	if owner == nil || !ok {
		return false
	}
	return u.weak(owner.Variant(ctl), seen)
}

// owner returns the function whose graph holds block b, or nil.
func (u *Uniformity) owner(b *cfg.Block) *Func {
	fns := []*Func{u.V}
	if u.Unit != nil {
		fns = append(fns, u.Unit.Funcs...)
	}
	for _, f := range fns {
		if g := f.Graph; b.Index < len(g.Blocks) && g.Blocks[b.Index] == b {
			return f
		}
	}
	return nil
}

// uniformIVs returns the names of the canonical induction variables of the
// loops containing at whose trip is single-valued.
func (u *Uniformity) uniformIVs(at *cfg.Block) map[string]bool {
	ivs := map[string]bool{}
	if at == nil {
		return ivs
	}
	var loops []*cfg.Loop
	for l := u.V.Graph.Loops().LoopOf(at); l != nil; l = l.Parent {
		loops = append(loops, l)
	}
	// outer loops first: an inner bound may use an outer variable
	for i := len(loops) - 1; i >= 0; i-- {
		iv := loops[i].Induction()
		if iv == nil || iv.Start == nil {
			continue
		}
		ok := u.variant(iv.Start, ivs) == nil && u.variant(iv.Bound, ivs) == nil
		if iv.Step != nil && u.variant(iv.Step, ivs) != nil {
			ok = false
		}
		if ok {
			ivs[iv.Name] = true
		}
	}
	return ivs
}

// LoopUniform reports whether the trip count of loop l is single-valued
// because of a canonical induction variable with single-valued start, step
// and bound, or with a single-valued step and a single-valued distance
// from start to bound (see sameDistance), and the block c deciding the
// exit is its comparison.
func (u *Uniformity) LoopUniform(l *cfg.Loop, c *cfg.Block) bool {
	iv := l.Induction()
	if iv == nil || iv.Cond == nil || c.Control() != ast.Node(iv.Cond) {
		return false
	}
	ivs := u.uniformIVs(c)
	return ivs[iv.Name] || u.sameDistance(iv, c, ivs) || u.cyclicCount(iv, c, ivs)
}

// sameDistance reports whether the loop of iv runs the same number of
// iterations on every thread although its start and bound depend on the
// thread: the step is single-valued and bound - start, in affine form, has
// only single-valued atoms left (THREADS, uniform induction variables of
// enclosing loops, single-valued names) once the thread-dependent terms
// common to both sides cancel:
//
//	for (i = MYTHREAD; i < MYTHREAD + 5; i++)        // distance 5
//	for (i = MYTHREAD*nb; i < (MYTHREAD+1)*nb; i++)  // distance nb
//
// The variable itself stays thread-dependent inside the loop.
func (u *Uniformity) sameDistance(iv *cfg.InductionVar, c *cfg.Block, ivs map[string]bool) bool {
	if iv.Start == nil || iv.Bound == nil || u.V == nil || u.V.Graph == nil {
		return false
	}
	if iv.Step != nil && u.variant(iv.Step, ivs) != nil {
		return false
	}
	lo, _ := affine.FormIn(u.V.Graph, u.Types, iv.Start, c)
	hi, _ := affine.FormIn(u.V.Graph, u.Types, iv.Bound, c)
	if lo == nil || hi == nil || lo.Has(iv.Name) || hi.Has(iv.Name) {
		return false
	}
	for _, a := range hi.Sub(lo).Atoms() {
		if a == affine.MyThread || !u.singleAtom(a, iv, ivs) {
			return false
		}
	}
	return true
}

// singleAtom reports whether the atom a of the affine forms of iv's start,
// bound or step is single-valued: THREADS, a uniform induction variable of
// an enclosing loop, or a name single-valued wherever they read it.
func (u *Uniformity) singleAtom(a string, iv *cfg.InductionVar, ivs map[string]bool) bool {
	if a == affine.Threads || ivs[a] {
		return true
	}
	if a == affine.MyThread {
		return false
	}
	found, single := false, true
	for _, e := range []ast.Expr{iv.Start, iv.Bound, iv.Step} {
		if e == nil {
			continue
		}
		ast.InspectCode(e, func(m ast.Node) bool {
			if x, ok := m.(*ast.Name); ok && x.Name == a {
				found = true
				single = single && u.variant(x, ivs) == nil
			}
			return single
		})
	}
	return found && single
}

// cyclicCount reports whether the loop of iv deals its iterations
// cyclically and every thread runs the same number of them: it starts at
// MYTHREAD plus some s, steps by THREADS and stops before s + K*THREADS
// (i < s + K*THREADS, or i <= s + K*THREADS - 1) with K single-valued.
// Thread t runs the iterations j with t + j*THREADS < K*THREADS, that is
// j < K, since 0 <= t < THREADS: K of them, or none, on every thread.
//
//	for (i = MYTHREAD; i < N*THREADS; i += THREADS)   // N each
//
// With a bound that is not a multiple of THREADS (i < N) the counts differ.
func (u *Uniformity) cyclicCount(iv *cfg.InductionVar, c *cfg.Block, ivs map[string]bool) bool {
	if iv.Start == nil || iv.Bound == nil || iv.Step == nil || iv.StepNeg || u.V == nil || u.V.Graph == nil {
		return false
	}
	step, _ := affine.FormIn(u.V.Graph, u.Types, iv.Step, c)
	if step == nil || !step.Equal(affine.AtomForm(affine.Threads)) {
		return false
	}
	lo, _ := affine.FormIn(u.V.Graph, u.Types, iv.Start, c)
	hi, _ := affine.FormIn(u.V.Graph, u.Types, iv.Bound, c)
	if lo == nil || hi == nil || lo.Has(iv.Name) || hi.Has(iv.Name) {
		return false
	}
	d := hi.Sub(lo)
	switch iv.Op {
	case "<":
	case "<=":
		d = d.Add(affine.ConstForm(1))
	default:
		return false
	}
	m, rest, ok := d.Split(affine.MyThread)
	if !ok || m != -1 || rest.Const != 0 {
		return false
	}
	// rest is K*THREADS: every term has THREADS once as a factor
	for _, t := range rest.Terms {
		threads := 0
		for _, a := range t.Atoms {
			if a == affine.Threads {
				threads++
			} else if !u.singleAtom(a, iv, ivs) {
				return false
			}
		}
		if threads != 1 {
			return false
		}
	}
	return true
}

func (u *Uniformity) variant(e ast.Expr, ivs map[string]bool) *Reason {
	if e == nil {
		return nil
	}
	if len(ivs) == 0 {
		return u.V.Variant(e)
	}
	switch x := e.(type) {
	case *ast.Name:
		if ivs[x.Name] {
			return nil
		}
	case *ast.ParenExpr:
		return u.variant(x.X, ivs)
	case *ast.BinaryExpr:
		if Absorbed(x) {
			return nil
		}
		if r := u.variant(x.X, ivs); r != nil {
			return r
		}
		return u.variant(x.Y, ivs)
	case *ast.CastExpr:
		return u.variant(x.X, ivs)
	case *ast.PostfixExpr:
		return u.variant(x.X, ivs)
	case *ast.AssignExpr:
		if x.Op != "=" {
			if r := u.variant(x.L, ivs); r != nil {
				return r
			}
		}
		return u.variant(x.R, ivs)
	case *ast.CondExpr:
		for _, y := range []ast.Expr{x.Cond, x.Then, x.Else} {
			if r := u.variant(y, ivs); r != nil {
				return r
			}
		}
		return nil
	case *ast.UnaryExpr:
		switch x.Op {
		case "-", "+", "!", "~", "++", "--":
			return u.variant(x.X, ivs)
		case "&":
			if ix, ok := ast.Unparen(x.X).(*ast.IndexExpr); ok {
				if r := u.variant(ix.Index, ivs); r != nil {
					return r
				}
				if t := u.Types.TypeOf(ix.X); t != nil && isArray(t) {
					return u.variant(&ast.UnaryExpr{Op: "&", X: ix.X}, ivs)
				}
				return u.variant(ix.X, ivs)
			}
		}
	case *ast.IndexExpr:
		if t := u.Types.TypeOf(x); t != nil && types.IsShared(t) {
			return u.V.Variant(x) // a read of shared data
		}
		if r := u.variant(x.Index, ivs); r != nil && !u.V.tableRead(x.X) {
			return r
		}
		if t := u.Types.TypeOf(x.X); t != nil && isArray(t) {
			return u.variant(x.X, ivs)
		}
		return u.V.Variant(&ast.IndexExpr{X: x.X, Index: &ast.BasicLit{Value: "0"}})
	}
	return u.V.Variant(e)
}
