package affinity

import (
	"strconv"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
)

// Owners compared by block, not by element.
//
// classify places an access under "upc_forall (...; &r[e])" by the
// distance of its index from e, which says nothing when the two arrays
// have different block sizes or the distance varies in the loop. Yet the
// owner of element k of an array of block size B is floor(k/B) mod THREADS
// (UPC 1.3 §6.5.2.1), so two elements have the same owner when their block
// numbers differ by a multiple of THREADS. In a matrix-vector product,
//
//	shared [N] double A[M][N]; shared double y[M];
//	upc_forall (i = 0; i < M; i++; &y[i])
//	    for (j = 0; j < N; j++) s += A[i][j] * x[j];
//
// A[i][j] is element i*N + j of blocks of N, block i for every j in
// [0, N-1], and y[i] is block i of blocks of 1: every A[i][j] is local.

// blockNumber returns g with floor(k / bs) == g for every value k of fo
// over the iterations of the loops inside inner (and inner itself), or
// nil: fo is bs*g' + h where h, the constant and the terms whose
// coefficient bs does not divide, stays within one block [q*bs,
// (q+1)*bs - 1], and g is g' + q. inner nil means no loop varies in fo: h
// must be constant.
func (f *Func) blockNumber(fo *affine.Form, bs int64, inner *cfg.Loop) *affine.Form {
	if fo == nil || bs <= 0 {
		return nil
	}
	g, h := &affine.Form{}, affine.ConstForm(fo.Const)
	for _, t := range fo.Terms {
		if t.Coef%bs == 0 {
			g = g.Add(&affine.Form{Terms: []affine.Term{{Coef: t.Coef / bs, Atoms: t.Atoms}}})
		} else {
			h = h.Add(&affine.Form{Terms: []affine.Term{t}})
		}
	}
	lo, hi := h, h
	if !h.IsConst() {
		if inner == nil {
			return nil
		}
		lo, hi, _ = f.Affine.Bounds(h, inner)
		if lo == nil || !lo.IsConst() || !hi.IsConst() {
			return nil
		}
	}
	// h's whole range must lie in one block: then floor(k/bs) is g plus
	// that block's number.
	q := floorDiv(lo.Const, bs)
	if floorDiv(hi.Const, bs) != q {
		return nil
	}
	return g.Add(affine.ConstForm(q))
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// byBlocks classifies a, an access of block size bs under the upc_forall
// fa (its loop fl), by comparing the number of the block a reaches with
// the number of the block of the affinity's element (or the integer
// affinity), or returns nil when they are not both known.
func (f *Func) byBlocks(a *affine.Access, bs int64, fa *ast.ForallStmt, fl *cfg.Loop) *Fact {
	if a.Index == nil {
		return nil
	}
	inner := insideForall(a, fl)
	ga := f.blockNumber(a.Index, bs, inner)
	if ga == nil {
		return nil
	}
	x := ast.Unparen(fa.Affinity.X)
	var gr *affine.Form
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == "&" {
		r := f.Affine.Access(u.X)
		if r == nil || r.Index == nil {
			return nil
		}
		rb := blockOf(r.Layout, f.Threads)
		if r.Layout == nil {
			rb = f.alignedBlock(r)
		}
		gr = f.blockNumber(r.Index, rb, nil)
	} else {
		gr, _ = f.Affine.Form(modThreads(x), a.Block)
	}
	if gr == nil {
		return nil
	}
	d := &affine.Form{Const: ga.Sub(gr).Const}
	for _, t := range ga.Sub(gr).Terms {
		if !termHas(t, affine.Threads) { // a multiple of THREADS blocks away: the same owner
			d.Terms = append(d.Terms, t)
		}
	}
	if !d.IsConst() {
		return nil
	}
	what := "the block of the upc_forall's affinity " + ast.NodeString(x)
	n := d.Const
	blocks := strconv.FormatInt(n, 10) + " blocks from "
	if n == 1 || n == -1 {
		blocks = strconv.FormatInt(n, 10) + " block from "
	}
	switch {
	case n == 0:
		return &Fact{Kind: Local, Reason: "in " + what}
	case f.Threads > 0 && n%int64(f.Threads) == 0:
		return &Fact{Kind: Local, Reason: blocks + what + ", a multiple of THREADS"}
	case f.Threads > 0:
		return &Fact{Kind: Remote, Reason: blocks + what}
	default:
		return &Fact{Kind: PossiblyRemote, Reason: blocks + what + " (remote unless THREADS divides it)"}
	}
}

// insideForall returns the outermost loop around a inside the forall loop
// fl, nil when a is directly in its body: those loops vary in a's index,
// the forall's own variable is fixed for an iteration.
func insideForall(a *affine.Access, fl *cfg.Loop) *cfg.Loop {
	var inner *cfg.Loop
	for _, l := range a.Loops { // innermost first
		if l == fl {
			break
		}
		inner = l
	}
	return inner
}

func termHas(t affine.Term, atom string) bool {
	for _, a := range t.Atoms {
		if a == atom {
			return true
		}
	}
	return false
}

// inRefBlock says why a, whose distance d from the upc_forall's affinity
// element ref (same block size bs) varies over the loops inside the
// forall, stays in the block of ref, or returns "". ref's phase (its
// offset in its block) is unknown, but every term of ref is a multiple of
// m = gcd(bs, its coefficients), so the phase is one of c, c+m, ...,
// bs-m+c with c = ref's constant mod m: &c[i][0] of rows of 32 in blocks
// of 128 is at phase 0, 32, 64 or 96, and c[i][j] for j in [0, 31] is in
// its block whatever the phase.
func (f *Func) inRefBlock(a *affine.Access, ref, d *affine.Form, bs int64, fl *cfg.Loop) string {
	inner := insideForall(a, fl)
	if inner == nil || bs <= 1 {
		return ""
	}
	m := bs
	for _, t := range ref.Terms {
		m = affine.GCD(m, t.Coef)
	}
	c := (ref.Const%m + m) % m
	lo, hi, _ := f.Affine.Bounds(d, inner)
	if lo == nil || !lo.IsConst() || !hi.IsConst() || c+lo.Const < 0 || bs-m+c+hi.Const > bs-1 {
		return ""
	}
	return "within the block of the upc_forall's affinity element (offsets " + strconv.FormatInt(lo.Const, 10) + " to " +
		strconv.FormatInt(hi.Const, 10) + " from it, which lies at a multiple of " + strconv.FormatInt(m, 10) + " in its block)"
}
