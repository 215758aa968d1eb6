package finegrain

import (
	"strconv"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
)

// oneEach reports whether the loop reads or writes at most one element on
// each other thread (an array with one element per thread, e.g.
// err[THREADS], swept by a loop over the threads, from 0 or from 1): a
// bulk copy per owning thread would still be one message per element, so
// there is nothing to coalesce. Such a loop is a hand-written collective
// (reduction, gather, broadcast), which collidiom and allreduce report
// with the collective that replaces it.
func (c *checker) oneEach(g *group) bool {
	if g.indef {
		return false
	}
	// each access touches at most one element per other thread (an
	// element read twice is still one element)
	for i, a := range g.accs {
		if c.locality(a).class != classVarying {
			return false
		}
		if !c.onePerOwner(a, g.loop) && !c.threadsMinus1(g.ests[i]) {
			return false
		}
	}
	return true
}

// threadsMinus1 reports whether the estimate is THREADS-1 elements.
func (c *checker) threadsMinus1(e estimate) bool {
	want := "THREADS-1"
	if c.threads > 0 {
		want = strconv.Itoa(c.threads - 1)
	}
	e.uneven = false // the count of elements, not of remote ones
	return renderSum([]estimate{e}, c.threads) == want
}

// onePerOwner reports whether a, an element of a cyclic array, steps by
// one element per iteration of l and no other loop, over at most THREADS
// iterations: consecutive iterations land on consecutive threads, so no
// thread owns two of them.
func (c *checker) onePerOwner(a *affine.Access, l *cfg.Loop) bool {
	if affinity.OnePerThread(a, c.threads) {
		return true
	}
	bs, ok := c.blockOf(a)
	iv := l.Induction()
	if !ok || bs != 1 || iv == nil || a.Index == nil {
		return false
	}
	var coef int64
	for _, t := range a.Index.Terms {
		for _, name := range t.Atoms {
			at := c.af.Atoms[name]
			switch {
			case name == iv.Name && len(t.Atoms) == 1:
				coef = t.Coef
			case name == iv.Name, at != nil && at.Kind == affine.Induction && c.inside(name, l):
				return false // another loop of l moves the index too
			}
		}
	}
	if coef != 1 && coef != -1 {
		return false
	}
	lo, hi, _ := c.af.IVRange(l)
	if lo == nil || hi == nil {
		return false
	}
	span := hi.Sub(lo).Add(affine.ConstForm(1))
	if span.IsConst() {
		return c.threads > 0 && span.Const <= int64(c.threads)
	}
	d := span.Sub(affine.AtomForm(affine.Threads))
	return d.IsConst() && d.Const <= 0
}

// inside reports whether name is the induction variable of a loop nested
// in l.
func (c *checker) inside(name string, l *cfg.Loop) bool {
	for _, m := range c.fn.Graph.Loops().Loops {
		if m != l && l.Contains(m.Header) {
			if iv := m.Induction(); iv != nil && iv.Name == name {
				return true
			}
		}
	}
	return false
}
