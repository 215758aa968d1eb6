package finegrain

import (
	"sync"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Blocked pointers-to-shared, shared [B] T *p with B > 1, as benchmark and
// library code holds what upc_all_alloc(THREADS, B*sizeof(T)) or
// upc_global_alloc returns. Pointer arithmetic follows the pointer's type
// (UPC 1.3 §6.4.2): p + i is i elements further in the layout of a
// shared [B] T array, whatever p's phase. So:
//
//   - p[e] and p[f] through one pointer that the loop does not change are
//     f - e elements apart in that layout; under upc_forall (...; &p[e])
//     p[e + 1] is on p[e]'s thread except when p[e] ends its block;
//   - when p is aligned (every assignment of the unit stores a
//     upc_all_alloc or upc_global_alloc result, a declared array's start or
//     another aligned pointer: affinity.Aligned), its element 0 is thread
//     0's first, and p[i] lies where element i of a declared shared [B] T
//     array would: it is placed against MYTHREAD, an integer affinity or
//     another array's element as such an array's element is;
//   - otherwise its phase is unknown and only the first rule applies
//     (phasedPlace).
//
// The coalescing rewrite needs neither: it copies the bounding box of the
// indices block run by block run, each run ending where upc_phaseof says
// the block ends (boxFix), which is right for any phase.

// pointerBlock returns B for an access through a pointer to shared [B] T
// with B > 1 a constant.
func (c *checker) pointerBlock(a *affine.Access) (int64, bool) {
	if !a.Pointer || a.Layout != nil || c.info == nil {
		return 0, false
	}
	t := c.info.TypeOf(a.Expr)
	if t == nil || !types.IsShared(t) {
		return 0, false
	}
	b := types.QualsOf(t).Block
	if b.Kind != types.BlockDefinite || b.Size <= 1 {
		return 0, false
	}
	return b.Size, true
}

// alignedPtr reports whether a goes through an aligned pointer (see
// affinity.Aligned) whose target's block size is a's.
func (c *checker) alignedPtr(a *affine.Access) bool {
	bs, ok := c.pointerBlock(a)
	return ok && c.fn.Affinity().AlignedBlock(a) == bs
}

// sameFrame reports whether the indices of a and r, accesses with the same
// block size, count from elements whose distance in the layout is known
// (r is the affinity element of the upc_forall loop fl): two declared
// arrays or aligned pointers, whose element 0 is thread 0's first, or one
// pointer that fl does not assign.
func (c *checker) sameFrame(a, r *affine.Access, fl *cfg.Loop) bool {
	framed := func(x *affine.Access) bool { return x.Layout != nil || c.alignedPtr(x) }
	if framed(a) && framed(r) {
		return true
	}
	if !a.Pointer || !r.Pointer || a.Var == nil || a.Var != r.Var || a.Layout != nil {
		return false
	}
	id, ok := ast.Unparen(a.Base).(*ast.Name)
	return ok && fl != nil && (fl.Invariant(id) || c.localPointerFixed(id, a.Var, fl) || c.privatePointerFixed(id, a.Var, fl))
}

// ptrWritesAlias reports whether n writes shared data that the pointer a
// reads through may point into: any shared write, except, for an aligned
// pointer (whose every value is a fresh upc_all_alloc or upc_global_alloc
// block, or a declared array's start), a write to an element or member of
// a declared shared array or structure it never points into, and a write
// through another aligned pointer that never holds what a's does.
func (c *checker) ptrWritesAlias(n ast.Node, a *affine.Access) bool {
	found := false
	shared := func(e ast.Expr) bool {
		t := c.info.TypeOf(e)
		if t != nil && !types.IsShared(t) {
			return false
		}
		if r := c.declaredRoot(e); r != nil && a.Var != nil && c.allocs != nil && !c.allocs.get().MayPointInto(a.Var, r) {
			return false
		}
		w := c.af.Access(ast.Unparen(e))
		return w == nil || !c.distinctAllocs(w, a)
	}
	ast.InspectCode(n, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.AssignExpr:
			found = found || shared(x.L)
		case *ast.PostfixExpr:
			found = found || shared(x.X)
		case *ast.UnaryExpr:
			found = found || (x.Op == "++" || x.Op == "--") && shared(x.X)
		}
		return !found
	})
	return found
}

// declaredRoot returns the shared array or structure declared as such
// (not a parameter, which is a pointer) that e is an element or member of,
// selected by indexing and "." only, or nil.
func (c *checker) declaredRoot(e ast.Expr) *types.Var {
	if c.arrayRoot(e) == "" {
		return nil
	}
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			v, _ := c.info.Uses[x].(*types.Var)
			if v == nil || v.Param || !types.IsShared(v.Type()) {
				return nil
			}
			return v
		case *ast.IndexExpr:
			e = x.X
		case *ast.MemberExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// privatePointerFixed reports whether id, a private blocked pointer
// variable of static storage (a file-scope shared [B] T *p, B > 1), keeps
// its value through l: l does not assign it, calls no function and stores
// through no private pointer, so its stores, all to shared memory or to
// named private objects, cannot reach it. (cfg's invariance takes any
// store in the loop to move every global.)
func (c *checker) privatePointerFixed(id *ast.Name, v *types.Var, l *cfg.Loop) bool {
	if v == nil || !v.IsStatic() || types.IsShared(v.Type()) || c.fn.Decl.Body == nil {
		return false
	}
	if p, ok := types.Core(v.Type()).(*types.Pointer); !ok || types.QualsOf(p.Elem).Block.BlockSize() <= 1 {
		return false
	}
	if !cfg.FixedInLoop(c.fn.Decl.Body, l, id.Name) || c.derefThrough(l.Stmt, false) {
		return false
	}
	for _, b := range l.Blocks {
		for _, n := range b.Nodes {
			call := false
			ast.InspectCode(n, func(m ast.Node) bool {
				_, isCall := m.(*ast.CallExpr)
				call = call || isCall
				return !call
			})
			if call {
				return false
			}
		}
	}
	return true
}

// ptrWriteLayout returns the layout the write rewrite sees through the
// blocked pointer a writes through (see pointeeLayout), or nil. The
// rewrite puts the elements after the loop block run by block run with
// upc_phaseof, right for any phase. Moving the writes past the loop's
// other shared accesses is only sound when they cannot overlap: each is
// to a declared array the pointer never holds the start of, or through an
// aligned pointer that never holds what it holds (writeShape refuses other
// accesses through pointers anyway).
func (c *checker) ptrWriteLayout(a *affine.Access) *types.Layout {
	if _, ok := c.pointerBlock(a); !ok || a.Var == nil {
		return nil
	}
	if _, ok := ast.Unparen(a.Base).(*ast.Name); !ok {
		return nil
	}
	lay := pointeeLayout(c.info.TypeOf(a.Base), a.Var)
	if lay == nil || lay.Strict {
		return nil
	}
	if c.ptrWriteOverlaps(a) != nil {
		return nil
	}
	return lay
}

// ptrWriteOverlaps returns another shared access of the loop of a, a
// write through a blocked pointer, that the pointer may point into (see
// ptrWriteLayout), or nil. Other accesses through the same pointer are
// writeShape's to refuse.
func (c *checker) ptrWriteOverlaps(a *affine.Access) *affine.Access {
	if len(a.Loops) == 0 {
		return nil
	}
	for _, o := range c.af.Accesses {
		if o != a && o.Shared && !o.Addr && o.Var != a.Var && a.Loops[0].Contains(o.Block) && !c.distinctAllocs(a, o) {
			return o
		}
	}
	return nil
}

// skipsElements reports whether the indices of a over the iterations of l
// leave elements of their bounding box unread (p[lo + k] for k += st,
// p[2*k], rows p[r*N + c] with fewer than N columns), so that a copy of
// the box would fetch more than the loop reads: from the innermost loop
// out, each loop's stride in the index must stay within the run the loops
// inside it cover. It says nothing about loops it cannot bound.
func (c *checker) skipsElements(a *affine.Access, l *cfg.Loop) bool {
	if a.Index == nil {
		return false
	}
	run := int64(1) // contiguous elements the inner loops read
	for _, m := range a.Loops {
		iv := m.Induction()
		if iv == nil {
			return false
		}
		coef, _, ok := a.Index.Split(iv.Name)
		if ok && coef != 0 {
			if !iv.StepKnown {
				return true
			}
			stride := abs(coef * iv.StepConst)
			if run < 0 || stride > run {
				return run >= 0
			}
			run = -1 // unknown from here out, unless the range is constant
			if lo, hi, _ := c.af.IVRange(m); lo != nil {
				if span := hi.Sub(lo); span.IsConst() {
					run = stride + abs(coef)*span.Const
				}
			}
		}
		if m == l {
			break
		}
	}
	return false
}

// phasedPlace places a, through a blocked pointer of unknown phase, outside
// a upc_forall on that pointer: at most one block's worth of elements from
// where the pointer points (p[k], 0 <= k < B, a routine handed a block) is
// not reported, as a loop over one block of an array whose owner is not
// known is not (the caller usually passes its own); anything else may be on
// any thread.
func (c *checker) phasedPlace(a *affine.Access, bs int64) place {
	lo, hi := a.Index, a.Index
	if !a.Index.IsConst() {
		lo, hi, _ = c.af.Bounds(a.Index, a.Loops[len(a.Loops)-1])
	}
	if lo != nil && lo.IsConst() && hi.IsConst() && lo.Const >= 0 && hi.Const <= bs-1 {
		return place{skip: true}
	}
	return place{class: classVarying}
}

// unitAllocs is what the unit's aligned pointers may point to the start
// of, computed on first use.
type unitAllocs struct {
	file *ast.File
	info *types.Info
	once sync.Once
	m    affinity.Allocs
}

func (u *unitAllocs) get() affinity.Allocs {
	u.once.Do(func() { u.m = affinity.Allocations(u.file, u.info) })
	return u.m
}

// distinctAllocs reports whether the accesses w and a, one at least
// through a pointer, cannot reach the same object: two aligned pointers
// that never hold the same allocation (NAS's and the GWU benchmarks' a, b
// and c, each from its own upc_all_alloc), or an aligned pointer and a
// declared array whose start it never holds.
func (c *checker) distinctAllocs(w, a *affine.Access) bool {
	if c.allocs == nil || w.Var == nil || a.Var == nil || w.Var == a.Var {
		return false
	}
	al := c.allocs.get()
	switch {
	case w.Pointer && a.Pointer:
		return al.Disjoint(w.Var, a.Var)
	case w.Pointer && a.Layout != nil:
		return !al.MayPointInto(w.Var, a.Var)
	case a.Pointer && w.Layout != nil:
		return !al.MayPointInto(a.Var, w.Var)
	}
	return false
}
