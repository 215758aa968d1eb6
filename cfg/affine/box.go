package affine

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Box is the bounding box of the element indices at which one loop
// accesses one array or pointer target (Chen, "Building a Source-to-Source UPC-to-C Translator", §8.1): every access of
// Accesses made during the loop touches an element in [Lo, Hi], provided
// the loop runs at least once. Lo and Hi are forms over atoms invariant in
// the loop. When the accesses do not share comparable bounds, Lo and Hi
// are nil and Reason says why.
type Box struct {
	Loop     *cfg.Loop
	Base     string     // the array or pointer, as written
	Var      *types.Var // its variable, or nil
	Shared   bool
	Accesses []*Access
	Lo, Hi   *Form
	Reason   string
	// Stride is the distance in elements between the indices of
	// consecutive iterations of Loop, when every access has the same
	// constant one (StrideKnown).
	Stride      int64
	StrideKnown bool
}

// Span returns Hi - Lo + 1, the number of elements the box covers, or nil.
func (b *Box) Span() *Form {
	if b.Lo == nil {
		return nil
	}
	return b.Hi.Sub(b.Lo).Add(ConstForm(1))
}

type ivRange struct {
	lo, hi *Form
	why    string
}

// IVRange returns the range [lo, hi] of the induction variable of l over
// the iterations of l, as forms over atoms invariant in l and the
// induction variables of loops enclosing l. It is nil with a reason when
// the variable or its bounds are not known.
func (f *Func) IVRange(l *cfg.Loop) (lo, hi *Form, why string) {
	if r := f.ranges[l]; r != nil {
		return r.lo, r.hi, r.why
	}
	r := &ivRange{}
	f.ranges[l] = r
	iv := l.Induction()
	switch {
	case iv == nil:
		r.why = "loop without a recognised induction variable"
		return nil, nil, r.why
	case iv.Start == nil:
		r.why = "induction variable " + iv.Name + " has no start value"
		return nil, nil, r.why
	}
	var outer []*cfg.Loop
	for p := l.Parent; p != nil; p = p.Parent {
		outer = append(outer, p)
	}
	s, why, _ := f.form(iv.Start, outer)
	if s == nil {
		r.why = "start of " + iv.Name + ": " + why
		return nil, nil, r.why
	}
	bd, why, _ := f.form(iv.Bound, outer)
	if bd == nil {
		r.why = "bound of " + iv.Name + ": " + why
		return nil, nil, r.why
	}
	one := ConstForm(1)
	switch {
	case iv.Dir > 0 && (iv.Op == "<" || iv.Op == "!=" && iv.StepKnown && iv.StepConst == 1):
		r.lo, r.hi = s, bd.Sub(one)
	case iv.Dir > 0 && iv.Op == "<=":
		r.lo, r.hi = s, bd
	case iv.Dir < 0 && (iv.Op == ">" || iv.Op == "!=" && iv.StepKnown && iv.StepConst == -1):
		r.lo, r.hi = bd.Add(one), s
	case iv.Dir < 0 && iv.Op == ">=":
		r.lo, r.hi = bd, s
	default:
		r.why = "induction variable " + iv.Name + " has an unknown direction or comparison"
	}
	return r.lo, r.hi, r.why
}

// Bounds returns lower and upper bounds of fo over the iterations of loop
// l (the induction variables of l and of the loops inside it replaced by
// their ranges), or a reason. Atoms other than induction variables must be
// invariant in l.
func (f *Func) Bounds(fo *Form, l *cfg.Loop) (lo, hi *Form, why string) {
	return f.bounds(fo, l, 0)
}

func (f *Func) bounds(fo *Form, l *cfg.Loop, depth int) (lo, hi *Form, why string) {
	if depth > 8 {
		return nil, nil, "loop nest too deep"
	}
	lo, hi = ConstForm(fo.Const), ConstForm(fo.Const)
	for _, t := range fo.Terms {
		var ivLoop *cfg.Loop
		for _, a := range t.Atoms {
			at := f.Atoms[a]
			if a == MyThread || a == Threads {
				continue // the same on every iteration, recorded or not
			}
			if m := l.Counting(a); m != nil && at != nil && at.Kind == Induction {
				ivLoop = m
			} else if at == nil || at.Kind == Invariant {
				if !l.Invariant(&ast.Name{Name: a}) {
					return nil, nil, a + " changes in the loop"
				}
			}
		}
		term := &Form{Terms: []Term{t}}
		if ivLoop == nil {
			lo, hi = lo.Add(term), hi.Add(term)
			continue
		}
		if len(t.Atoms) != 1 {
			return nil, nil, "non-constant coefficient in " + t.key()
		}
		ilo, ihi, why := f.IVRange(ivLoop)
		if ilo == nil {
			return nil, nil, why
		}
		if !f.sameRanges(l, ivLoop, t.Atoms[0]) {
			return nil, nil, "several loops count " + t.Atoms[0] + " over different ranges"
		}
		// The range of an inner variable may mention outer ones.
		llo, _, why := f.bounds(ilo, l, depth+1)
		if llo == nil {
			return nil, nil, why
		}
		_, hhi, why := f.bounds(ihi, l, depth+1)
		if hhi == nil {
			return nil, nil, why
		}
		if t.Coef > 0 {
			lo, hi = lo.Add(llo.Scale(t.Coef)), hi.Add(hhi.Scale(t.Coef))
		} else {
			lo, hi = lo.Add(hhi.Scale(t.Coef)), hi.Add(llo.Scale(t.Coef))
		}
	}
	return lo, hi, ""
}

// sameRanges reports whether every loop nested in l (or l) counting name
// has the range of m: a form does not tell which of the loops counting the
// same variable its induction variable belongs to.
func (f *Func) sameRanges(l, m *cfg.Loop, name string) bool {
	if iv := l.Induction(); l != m && iv != nil && iv.Name == name {
		lo, hi, _ := f.IVRange(l)
		mlo, mhi, _ := f.IVRange(m)
		if lo == nil || !lo.Equal(mlo) || !hi.Equal(mhi) {
			return false
		}
	}
	for _, in := range l.Inner {
		if !f.sameRanges(in, m, name) {
			return false
		}
	}
	return true
}

// Stride returns the distance in elements between the indices of access a
// in consecutive iterations of l (the coefficient of l's induction
// variable times its step), if it is constant.
func (f *Func) Stride(a *Access, l *cfg.Loop) (int64, bool) {
	iv := l.Induction()
	if a.Index == nil || iv == nil || !iv.StepKnown {
		return 0, false
	}
	c, _, ok := a.Index.Split(iv.Name)
	if !ok {
		return 0, false
	}
	return c * iv.StepConst, true
}

// Boxes returns the bounding boxes of the accesses made in loop l (inner
// loops included), one per accessed array or pointer, in order of first
// access.
func (f *Func) Boxes(l *cfg.Loop) []*Box {
	if bs, ok := f.boxes[l]; ok {
		return bs
	}
	var out []*Box
	byKey := map[string]*Box{}
	for _, a := range f.Accesses {
		if !l.Contains(a.Block) {
			continue
		}
		key := ast.NodeString(a.Base)
		bx := byKey[key]
		if bx == nil {
			bx = &Box{Loop: l, Base: key, Var: a.Var, Shared: a.Shared, StrideKnown: true}
			byKey[key] = bx
			out = append(out, bx)
		}
		first := len(bx.Accesses) == 0
		bx.Accesses = append(bx.Accesses, a)
		if s, ok := f.Stride(a, l); !ok || (!first && s != bx.Stride) {
			bx.StrideKnown, bx.Stride = false, 0
		} else {
			bx.Stride = s
		}
		if bx.Reason != "" {
			continue
		}
		if a.Pointer && !l.Invariant(a.Base) {
			bx.Lo, bx.Hi, bx.Reason = nil, nil, "the pointer changes in the loop"
			continue
		}
		if a.Index == nil {
			bx.Lo, bx.Hi, bx.Reason = nil, nil, a.Reason
			continue
		}
		lo, hi, why := f.Bounds(a.Index, l)
		if lo == nil {
			bx.Lo, bx.Hi, bx.Reason = nil, nil, why
			continue
		}
		if first {
			bx.Lo, bx.Hi = lo, hi
			continue
		}
		dl, dh := lo.Sub(bx.Lo), hi.Sub(bx.Hi)
		if !dl.IsConst() || !dh.IsConst() {
			bx.Lo, bx.Hi, bx.Reason = nil, nil, "accesses with incomparable bounds"
			continue
		}
		if dl.Const < 0 {
			bx.Lo = lo
		}
		if dh.Const > 0 {
			bx.Hi = hi
		}
	}
	f.boxes[l] = out
	return out
}
