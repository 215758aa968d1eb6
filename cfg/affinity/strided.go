package affinity

import (
	"strings"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Strided returns the index of a with the induction variable i of every
// enclosing loop that starts at S and steps by k*THREADS (k constant, a
// static THREADS count threads counts as THREADS) replaced by
// S + k*THREADS*#i: such a loop (the forall rewrite's
// "for (r = MYTHREAD; ...; r += THREADS)") visits elements that keep
// their owner from one iteration to the next, and #i is a fresh atom that
// only ever multiplies THREADS.
func Strided(af *affine.Func, a *affine.Access, threads int) *affine.Form {
	idx := a.Index
	if idx == nil {
		return nil
	}
	for _, l := range a.Loops {
		iv := l.Induction()
		if iv == nil || iv.Start == nil || iv.Step == nil {
			continue
		}
		sf, _ := af.Form(iv.Step, l.Header)
		if sf == nil || !ThreadsMultiple(sf, threads) {
			continue
		}
		if iv.StepNeg {
			sf = sf.Scale(-1)
		}
		start, _ := af.Form(iv.Start, l.Header)
		if start == nil {
			start = firstOwned(af, iv.Start, l.Header, "#"+iv.Name+"0", threads)
		}
		if start == nil {
			continue
		}
		coef, rest, ok := idx.Split(iv.Name)
		if !ok || coef == 0 {
			continue
		}
		idx = rest.Add(start.Scale(coef)).Add(sf.Mul(affine.AtomForm("#" + iv.Name)).Scale(coef))
	}
	return idx
}

// firstOwned returns the form of e = L + ((A) % THREADS + THREADS) %
// THREADS, the first iteration from L that the forall rewrite computes,
// as A + L + THREADS*k with k the atom named k (e is A + L modulo
// THREADS), or of e = U - ((A) % THREADS + THREADS) % THREADS, its last
// iteration from U counting down, as U - A + THREADS*k; also with
// (A) % THREADS for an affine A (its remainder is A plus a multiple of
// THREADS, whatever its sign), as the rewrite
// writes L + (MYTHREAD + THREADS - 1) % THREADS; nil when e has another
// shape.
func firstOwned(af *affine.Func, e ast.Expr, b *cfg.Block, k string, threads int) *affine.Form {
	isThreads := func(e ast.Expr) bool { return types.IsThreads(e, threads) }
	sum, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || sum.Op != "+" && sum.Op != "-" {
		return nil
	}
	mod := func(e ast.Expr) (ast.Expr, bool) {
		x, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || x.Op != "%" {
			return nil, false
		}
		return x.X, isThreads(x.Y)
	}
	inner, ok := mod(sum.Y)
	if !ok {
		return nil
	}
	// A itself when inner is (A) % THREADS + THREADS; else inner, when it
	// is affine (MYTHREAD + THREADS - 1: its remainder is itself plus a
	// multiple of THREADS, which the atom k takes).
	a := inner
	if plus, ok := ast.Unparen(inner).(*ast.BinaryExpr); ok && plus.Op == "+" && isThreads(plus.Y) {
		if x, ok := mod(plus.X); ok {
			a = x
		}
	}
	fl, _ := af.Form(sum.X, b)
	fa, _ := af.Form(a, b)
	if fl == nil || fa == nil {
		return nil
	}
	if sum.Op == "-" {
		fa = fa.Scale(-1) // counting down: U - MOD(U - R) is R modulo THREADS
	}
	f := fa.Add(fl)
	if threads > 0 {
		// A static THREADS is a constant in the forms: the constant is
		// known modulo it, as a dynamic THREADS term goes into k
		// (MYTHREAD + THREADS - 2 from 2 is MYTHREAD).
		c := (f.Const%int64(threads) + int64(threads)) % int64(threads)
		f = f.Add(affine.ConstForm(c - f.Const))
	}
	return f.Add(affine.AtomForm(affine.Threads).Mul(affine.AtomForm(k)))
}

// ThreadsMultiple reports whether the step sf is a constant multiple of
// THREADS (of threads, the static count, when it is a constant).
func ThreadsMultiple(sf *affine.Form, threads int) bool {
	if sf.IsConst() {
		return threads > 0 && sf.Const != 0 && sf.Const%int64(threads) == 0
	}
	return len(sf.Terms) == 1 && sf.Const == 0 && len(sf.Terms[0].Atoms) == 1 && sf.Terms[0].Atoms[0] == affine.Threads
}

// DropOwner removes from d the terms that are multiples of B*THREADS (bs
// is B): they move an index by whole rounds of blocks and keep its owner.
func DropOwner(d *affine.Form, bs int64, threads int) *affine.Form {
	out := &affine.Form{Const: d.Const}
	round := bs * int64(threads)
	if threads > 0 && out.Const%round == 0 {
		out.Const = 0
	}
	for _, t := range d.Terms {
		hasThreads := false
		for _, at := range t.Atoms {
			hasThreads = hasThreads || at == affine.Threads
		}
		if hasThreads && t.Coef%bs == 0 || threads > 0 && t.Coef%round == 0 {
			continue
		}
		out.Terms = append(out.Terms, t)
	}
	return out
}

// stridedMine says why a, outside any upc_forall, is local in a loop
// nest that steps by THREADS from MYTHREAD's own element, or "": its
// index with the strided loops' variables replaced (see Strided) lies in
// the block of MYTHREAD, B*MYTHREAD + [0, B-1] up to whole rounds of
// B*THREADS, over every iteration (grid[r][c] in the forall rewrite's
// for (r = MYTHREAD; r < NR*THREADS; r += THREADS) for (c = 0; c < B; c++)).
func (f *Func) stridedMine(a *affine.Access, bs int64) string {
	if bs <= 0 || len(a.Loops) == 0 {
		return ""
	}
	idx := Strided(f.Affine, a, f.Threads)
	if idx == nil || idx.Equal(a.Index) {
		return "" // no strided loop: the constant-offset rules decide
	}
	d := DropOwner(idx.Sub(affine.AtomForm(affine.MyThread).Scale(bs)), bs, f.Threads)
	for _, name := range d.Atoms() {
		if name[0] == '#' {
			return ""
		}
		if at := f.Affine.Atoms[name]; at == nil || at.Kind != affine.Induction {
			return ""
		}
	}
	lo, hi := d, d
	if !d.IsConst() {
		lo, hi, _ = f.Affine.Bounds(d, a.Loops[len(a.Loops)-1])
		if lo == nil || !lo.IsConst() || !hi.IsConst() {
			return ""
		}
	}
	if lo.Const < 0 || hi.Const > bs-1 {
		return ""
	}
	return "in the block of MYTHREAD on every iteration of a loop stepping by THREADS"
}

// ownerTested says why a, an element of a declared array whose elements
// one thread owns (or a shared scalar), is local: it runs only under a
// test that this thread owns an element of the same array (the forall
// rewrite's "if (upc_threadof(&d[0]) == MYTHREAD) for ...") or under
// MYTHREAD == 0 (declared, they lie on thread 0, UPC 1.3 §6.5.1.1), or "".
func (f *Func) ownerTested(a *affine.Access) string {
	g := f.Affine.Graph
	if g == nil || a.Block == nil || a.Pointer || a.Layout == nil {
		return ""
	}
	base := ast.Unparen(a.Expr)
	for {
		x, ok := base.(*ast.IndexExpr)
		if !ok {
			break
		}
		base = ast.Unparen(x.X)
	}
	name := ast.NodeString(base)
	if g.Guarded(a.Block, nil, func(e ast.Expr, kind cfg.EdgeKind) bool {
		r := cfg.ThreadTest(e, kind)
		return r == "0" || strings.HasPrefix(r, "upc_threadof(&"+name+"[") || r == "upc_threadof("+name+")"
	}) {
		return "this thread owns an element of " + name + ", whose elements one thread owns all"
	}
	return ""
}
