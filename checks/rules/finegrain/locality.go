package finegrain

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Classes of non-local accesses, for the estimate of remote operations.
const (
	classVarying    = iota // the index sweeps over several threads' elements
	classIndefinite        // every element on one thread
	classOffset            // a constant distance from an owned element (cyclic)
	classBoundary          // remote only near block boundaries
	classOneBlock          // one block, on a thread computed from MYTHREAD
)

// place is the locality of one shared access.
type place struct {
	local bool
	skip  bool // layout not known well enough to say
	class int
	ratio int64 // for classBoundary: iterations per block of the reference
}

// blockOf returns the block size of the elements a accesses (see
// affinity.BlockOf), or of a blocked pointer's target (pointerBlock).
func (c *checker) blockOf(a *affine.Access) (int64, bool) {
	if bs, ok := affinity.BlockOf(a, c.info); ok {
		return bs, true
	}
	return c.pointerBlock(a) // fixptrblock.go
}

// locality decides whether a is always local to the executing thread.
func (c *checker) locality(a *affine.Access) place {
	if c.threads == 1 {
		return place{local: true}
	}
	if f := c.fn.Affinity().Of(a); f != nil && f.Kind == affinity.Local {
		return place{local: true}
	}
	bs, ok := c.blockOf(a)
	if !ok {
		return place{skip: true}
	}
	fs, fl := c.controlling(a)
	if bs == 0 {
		// One thread owns every element; under a upc_forall on one of
		// them the affinity analysis found it local above.
		return place{class: classIndefinite}
	}
	// bptr: a blocked pointer's target, placed like an array's elements
	// relative to an element of known place (fixptrblock.go)
	bptr := a.Layout == nil && a.Pointer && bs > 1
	if a.Layout == nil && !bptr {
		return place{class: classVarying}
	}
	phased := bptr && !c.alignedPtr(a) // the phase of a's element 0 is unknown
	// ref is an element the executing thread owns in this iteration; its
	// phase is a multiple of g.
	var ref *affine.Form
	if fs != nil {
		x := ast.Unparen(fs.Affinity.X)
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == "&" {
			r := c.af.Access(u.X)
			if r == nil || r.Index == nil {
				return place{class: classVarying}
			}
			if rbs, ok := c.blockOf(r); !ok || rbs != bs || !c.sameFrame(a, r, fl) {
				return place{class: classVarying}
			}
			ref = r.Index
		} else if phased {
			return place{class: classVarying}
		} else {
			e, _ := c.af.Form(x, fl.Header)
			if e == nil {
				return place{class: classVarying}
			}
			ref = e.Scale(bs)
		}
	} else if phased {
		return c.phasedPlace(a, bs) // fixptrblock.go
	} else {
		ref = affine.AtomForm(affine.MyThread).Scale(bs)
	}
	g := bs
	if phased {
		g = 1 // a and ref through one pointer: only their distance is known
	}
	g = affine.GCD(g, ref.Const)
	for _, t := range ref.Terms {
		g = affine.GCD(g, t.Coef)
	}
	d := affinity.DropOwner(affinity.Strided(c.af, a, c.threads).Sub(ref), bs, c.threads)
	if !phased && c.singleBlock(d, bs, a) {
		if c.threadChosen(d, a) {
			// A block the thread picks from MYTHREAD (a neighbour's,
			// ring[peer*LEN + j]): another thread's in general.
			return place{class: classOneBlock}
		}
		// The loop stays in one block whose owner depends on values not
		// known here (a row index parameter): the caller usually passes
		// its own rows. Not reported.
		return place{skip: true}
	}
	for _, name := range d.Atoms() {
		if at := c.af.Atoms[name]; at == nil || at.Kind != affine.Induction {
			return place{class: classVarying}
		}
	}
	lo, hi := d.Const, d.Const
	if !d.IsConst() {
		outer := a.Loops[len(a.Loops)-1]
		flo, fhi, _ := c.af.Bounds(d, outer)
		if flo == nil || !flo.IsConst() || !fhi.IsConst() {
			return place{class: classVarying}
		}
		lo, hi = flo.Const, fhi.Const
	}
	if bs == 1 {
		switch {
		case lo == 0 && hi == 0:
			return place{local: true}
		case lo == hi && c.threads > 0 && lo%int64(c.threads) == 0:
			return place{local: true}
		case lo == hi:
			return place{class: classOffset}
		}
		return place{class: classVarying}
	}
	if lo >= 0 && hi <= g-1 {
		return place{local: true}
	}
	if g == bs && (lo >= bs && hi <= 2*bs-1 || lo >= -bs && hi <= -1) {
		// Entirely in the neighbouring block: always another thread's.
		return place{class: classOffset}
	}
	if hi-lo < bs && lo > -bs && hi < bs+g-1 {
		return place{class: classBoundary, ratio: bs / g}
	}
	return place{class: classVarying}
}

// singleBlock reports whether d = inv + v, with inv a form over atoms
// other than induction variables (not constant) and v over induction
// variables, keeps every index in the block of inv: v ranges within
// [0, g-1] where g divides bs and every coefficient of inv.
func (c *checker) singleBlock(d *affine.Form, bs int64, a *affine.Access) bool {
	inv := &affine.Form{Const: d.Const}
	iv := &affine.Form{}
	for _, t := range d.Terms {
		isIV := false
		for _, name := range t.Atoms {
			if at := c.af.Atoms[name]; at != nil && at.Kind == affine.Induction && counted(a, name) {
				isIV = true
			}
		}
		if isIV {
			iv.Terms = append(iv.Terms, t)
		} else {
			inv.Terms = append(inv.Terms, t)
		}
	}
	if inv.IsConst() || iv.IsConst() || bs <= 1 {
		return false
	}
	g := affine.GCD(bs, inv.Const)
	for _, t := range inv.Terms {
		g = affine.GCD(g, t.Coef)
	}
	lo, hi, _ := c.af.Bounds(iv, a.Loops[len(a.Loops)-1])
	return lo != nil && lo.IsConst() && hi.IsConst() && lo.Const >= 0 && hi.Const <= g-1
}

// threadChosen reports whether the invariant part of d names a variable
// that is thread-dependent because of MYTHREAD or a library result (not
// a parameter or a value read from memory): the block is one the thread
// chose, not a row its caller passed.
func (c *checker) threadChosen(d *affine.Form, a *affine.Access) bool {
	vf := c.fn.Variance
	if vf == nil {
		return false
	}
	names := map[string]bool{}
	for _, name := range d.Atoms() {
		if at := c.af.Atoms[name]; at != nil && at.Kind == affine.Invariant {
			names[name] = true
		}
	}
	found := false
	ast.InspectCode(a.Expr, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok && names[x.Name] {
			v, _ := c.info.Uses[x].(*types.Var)
			if r := vf.Variant(x); v != nil && r != nil && !r.Weak() && (r.Origin == variance.FromMyThread || r.Origin == variance.FromLibrary) && !c.mayBeMyThread(v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// mayBeMyThread reports whether some assignment of v in the function
// gives it MYTHREAD's value (me = MYTHREAD, then a[me*B + j] is the
// thread's own block) or changes it otherwise than by =.
func (c *checker) mayBeMyThread(v *types.Var) bool {
	isV := func(e ast.Expr) bool {
		n, ok := ast.Unparen(e).(*ast.Name)
		return ok && c.info.Uses[n] == types.Object(v)
	}
	mine := func(e ast.Expr, b *cfg.Block) bool {
		f, _ := c.af.Form(e, b)
		if f == nil {
			return false // not affine: (MYTHREAD + 1) % THREADS
		}
		d := f.Sub(affine.AtomForm(affine.MyThread))
		return d.IsConst() && (d.Const == 0 || c.threads > 0 && d.Const%int64(c.threads) == 0)
	}
	may := false
	for _, b := range c.fn.Graph.Blocks {
		for _, n := range b.Nodes {
			ast.InspectCode(n, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.AssignExpr:
					may = may || isV(m.L) && (m.Op != "=" || mine(m.R, b))
				case *ast.PostfixExpr:
					may = may || isV(m.X)
				case *ast.UnaryExpr:
					may = may || (m.Op == "++" || m.Op == "--" || m.Op == "&") && isV(m.X)
				case *ast.InitDeclarator:
					if id := ast.DeclaratorIdent(m.Decl); id != nil && c.info.Defs[id] == types.Object(v) && m.Init != nil && m.Init.X != nil {
						may = may || mine(m.Init.X, b)
					}
				}
				return !may
			})
		}
	}
	return may
}

// counted reports whether name is the induction variable of a loop around
// a: an atom is named after its variable, which may count another loop of
// the function and be set otherwise here (the forall rewrite's
// for (i = i_blk; i < N && i < i_blk + B; i++) has no induction variable).
func counted(a *affine.Access, name string) bool {
	for _, l := range a.Loops {
		if iv := l.Induction(); iv != nil && iv.Name == name {
			return true
		}
	}
	return false
}
