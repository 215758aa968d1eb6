package finegrain

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/cfg/variance"
)

// estimate is the number of remote operations one access makes per
// thread per execution of a loop: c times the factors (forms over loop
// invariants), times THREADS-1 when minus1, divided by divConst and by
// THREADS to the power divThreads.
type estimate struct {
	unknown    bool
	c          int64
	factors    []*affine.Form
	minus1     bool
	divThreads int
	divConst   int64
	// uneven: the threads own unequal shares of the elements, so the
	// count, which assumes equal shares, is not stated (renderSum).
	uneven bool
}

// estimate computes the estimate of access a in loop l.
func (c *checker) estimate(a *affine.Access, l *cfg.Loop, p place) estimate {
	e := estimate{c: 1, divConst: 1}
	_, fl := c.controlling(a)
	for _, m := range a.Loops {
		iv := m.Induction()
		if iv == nil {
			return estimate{unknown: true}
		}
		lo, hi, _ := c.af.IVRange(m)
		if lo == nil {
			return estimate{unknown: true}
		}
		span := hi.Sub(lo).Add(affine.ConstForm(1)).Without(affine.MyThread)
		for _, name := range span.Atoms() {
			if at := c.af.Atoms[name]; at != nil && at.Kind == affine.Induction {
				return estimate{unknown: true}
			}
		}
		switch {
		case iv.Step == nil:
		case iv.StepKnown:
			e.divConst *= abs(iv.StepConst)
		default:
			sf, _ := c.af.Form(iv.Step, m.Header)
			if sf == nil || sf.IsConst() || !affinity.ThreadsMultiple(sf, c.threads) {
				return estimate{unknown: true}
			}
			e.divThreads++
			e.divConst *= abs(sf.Terms[0].Coef)
		}
		if m == fl {
			if c.threads > 0 {
				e.divConst *= int64(c.threads)
			} else {
				e.divThreads++
			}
		}
		if span.IsConst() {
			e.c *= max(span.Const, 0)
		} else {
			e.factors = append(e.factors, span)
		}
		if m == l {
			break
		}
	}
	switch p.class {
	case classVarying:
		// Fewer elements than a round of blocks: how many lie on the
		// executing thread depends on where they are.
		e.uneven = c.partRound(a)
		if c.threads > 0 {
			e.c *= int64(c.threads - 1)
			e.divConst *= int64(c.threads)
		} else {
			e.minus1 = true
			e.divThreads++
		}
	case classBoundary:
		e.divConst *= max(p.ratio, 1)
	}
	// Only some threads run a in some iterations (smemvec[k] = v[i]
	// under split[i] == MYTHREAD): no thread makes the count.
	e.uneven = e.uneven || c.threadSelected(a, l)
	return e
}

// threadSelected reports whether a runs in l only on some threads'
// iterations: it is control dependent, within l, on a branch whose
// outcome differs between threads (other than a upc_forall's affinity
// test, whose share the estimate divides by THREADS).
func (c *checker) threadSelected(a *affine.Access, l *cfg.Loop) bool {
	vf := c.fn.Variance
	if vf == nil || l == nil {
		return false
	}
	seen := map[*cfg.Block]bool{}
	var walk func(b *cfg.Block) bool
	walk = func(b *cfg.Block) bool {
		for _, d := range c.fn.Graph.ControlDeps(b) {
			br := d.Block
			if seen[br] || !l.Contains(br) || header(a, br) {
				continue // a loop's own condition: the iteration counts
			}
			seen[br] = true
			if r := vf.Branch(br); r != nil && r.Origin != variance.FromForall || walk(br) {
				return true
			}
		}
		return false
	}
	return walk(a.Block)
}

// header reports whether b is the header of a loop around a.
func header(a *affine.Access, b *cfg.Block) bool {
	for _, m := range a.Loops {
		if m.Header == b {
			return true
		}
	}
	return false
}

// partRound reports whether a is an element of a blocked array smaller
// than one round of blocks (B*THREADS elements): its threads own unequal
// shares (barray[THREADS] in blocks of 8 lies on thread 0 for THREADS up
// to 8), so the uniform share (THREADS-1)/THREADS of remote elements does
// not hold.
func (c *checker) partRound(a *affine.Access) bool {
	bs, ok := c.blockOf(a)
	l := a.Layout
	if !ok || bs <= 1 || l == nil || !l.IsArray || l.Incomplete {
		return false
	}
	if c.threads > 0 {
		return l.Total.For(c.threads) < bs*int64(c.threads)
	}
	return !l.Total.Threads || l.Total.Len < bs
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// renderSum renders the sum of the estimates, or "" when one is unknown.
func renderSum(ests []estimate, threads int) string {
	type shape struct {
		factors    string
		minus1     bool
		divThreads int
		divConst   int64
	}
	sums := map[shape]*estimate{}
	var order []shape
	for _, e := range ests {
		if e.unknown || e.uneven {
			return ""
		}
		var fs []string
		for _, f := range e.factors {
			fs = append(fs, f.String())
		}
		k := shape{strings.Join(fs, ";"), e.minus1, e.divThreads, e.divConst}
		if s := sums[k]; s != nil {
			s.c += e.c
			continue
		}
		cp := e
		sums[k] = &cp
		order = append(order, k)
	}
	var parts []string
	for _, k := range order {
		parts = append(parts, sums[k].render(threads))
	}
	return strings.Join(parts, " + ")
}

func (e *estimate) render(threads int) string {
	if len(e.factors) == 0 && !e.minus1 && e.divThreads == 0 {
		v := float64(e.c) / float64(e.divConst)
		if v >= 1 || v == 0 {
			return strconv.FormatInt(int64(math.Round(v)), 10)
		}
		return fmt.Sprintf("%.2g", v)
	}
	// THREADS in a factor cancels a division by THREADS.
	var factors []*affine.Form
	for _, f := range e.factors {
		if e.divThreads > 0 && f.Equal(affine.AtomForm(affine.Threads)) {
			e.divThreads--
			continue
		}
		factors = append(factors, f)
	}
	c, div := e.c, e.divConst
	if g := affine.GCD(c, div); g > 1 {
		c, div = c/g, div/g
	}
	if div > 1 && c/div >= 10 {
		c, div = int64(math.Round(float64(c)/float64(div))), 1
	}
	var num []string
	if c != 1 || (len(factors) == 0 && !e.minus1) {
		num = append(num, strconv.FormatInt(c, 10))
	}
	for _, f := range factors {
		s := f.String()
		if len(f.Terms) > 1 || len(f.Terms) == 1 && f.Const != 0 {
			s = "(" + s + ")"
		}
		num = append(num, s)
	}
	if e.minus1 && len(num) == 0 && e.divThreads == 0 && div == 1 {
		num = append(num, "THREADS-1")
	} else if e.minus1 {
		num = append(num, "(THREADS-1)")
	}
	var den []string
	if div > 1 {
		den = append(den, strconv.FormatInt(div, 10))
	}
	for range e.divThreads {
		den = append(den, "THREADS")
	}
	if len(num) == 1 && len(den) == 0 && strings.HasPrefix(num[0], "(") {
		num[0] = num[0][1 : len(num[0])-1]
	}
	s := strings.Join(num, "*")
	switch len(den) {
	case 0:
	case 1:
		s += "/" + den[0]
	default:
		s += "/(" + strings.Join(den, "*") + ")"
	}
	return s
}
