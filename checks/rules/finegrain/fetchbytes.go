package finegrain

import (
	"fmt"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// fieldBytes returns how many bytes of each structure element the
// accesses in n read: the sizes of the distinct members they select, or
// the element's size when one of them uses the element whole. ok is false
// when elem is not a structure or union or a size is unknown.
func (c *checker) fieldBytes(n ast.Node, accs map[ast.Expr]bool, elem types.Type) (read, size int64, ok bool) {
	if _, isRecord := types.Core(elem).(*types.Record); !isRecord {
		return 0, 0, false
	}
	size, ok = types.Sizeof(elem)
	if !ok || size <= 0 {
		return 0, 0, false
	}
	// An array member read only at constant indices (w[0] and w[2] of
	// double w[3]) counts those elements, not the whole member.
	uses, elems := map[string]int{}, map[string]map[string]int{}
	ast.InspectCode(n, func(m ast.Node) bool {
		if x, isMember := m.(*ast.MemberExpr); isMember && !x.Arrow && x.Name != nil && accs[ast.Unparen(x.X)] {
			uses[x.Name.Name]++
		}
		ix, isIndex := m.(*ast.IndexExpr)
		if !isIndex {
			return true
		}
		x, isMember := ast.Unparen(ix.X).(*ast.MemberExpr)
		lit, isLit := ast.Unparen(ix.Index).(*ast.BasicLit)
		if isMember && isLit && !x.Arrow && x.Name != nil && accs[ast.Unparen(x.X)] {
			if elems[x.Name.Name] == nil {
				elems[x.Name.Name] = map[string]int{}
			}
			elems[x.Name.Name][lit.Value]++
		}
		return true
	})
	members := map[string]bool{}
	under := map[ast.Expr]bool{}
	ast.InspectCode(n, func(m ast.Node) bool {
		x, isMember := m.(*ast.MemberExpr)
		if !isMember || x.Arrow || x.Name == nil {
			return ok
		}
		base := ast.Unparen(x.X)
		if !accs[base] {
			return ok
		}
		under[base] = true
		if members[x.Name.Name] {
			return ok
		}
		members[x.Name.Name] = true
		t := c.info.TypeOf(x)
		if t == nil {
			ok = false
			return false
		}
		s, known := types.Sizeof(t)
		if !known {
			ok = false
			return false
		}
		if arr, isArr := types.Core(t).(*types.Array); isArr && len(elems[x.Name.Name]) > 0 && countIndexed(elems[x.Name.Name]) == uses[x.Name.Name] {
			if es, known := types.Sizeof(arr.Elem); known {
				s = min(s, es*int64(len(elems[x.Name.Name])))
			}
		}
		read += s
		return ok
	})
	if !ok {
		return 0, 0, false
	}
	for e := range accs {
		if !under[e] {
			return size, size, true // used whole
		}
	}
	return min(read, size), size, true
}

// countIndexed is how many reads the constant indices of a member make.
func countIndexed(byIndex map[string]int) int {
	n := 0
	for _, k := range byIndex {
		n += k
	}
	return n
}

// moreBytes says, when copying whole elements of a structure brings more
// bytes than the fields the accesses read, by how much: a bulk copy makes
// far fewer operations, but more bytes than the original reads, which
// fix --validate refuses, so the rewrite is only shown; "" otherwise.
func (c *checker) moreBytes(n ast.Node, accs map[ast.Expr]bool, elem types.Type) string {
	read, size, ok := c.fieldBytes(n, accs, elem)
	if !ok || read >= size {
		return ""
	}
	return fmt.Sprintf("it copies whole %d-byte elements where the loop reads %d bytes of each: fewer operations but more bytes", size, read)
}

// partialRows says, when the box fetches whole rows (every inner
// dimension in full) but the loop reads only part of a row, why that
// moves more bytes than the loop reads: mcop's print loop reads iPsize
// columns of 4096-element rows, heat_1's stencil columns 1 to N of N+2.
// A column range counts as full only when its bounds over the loop are
// constants that cover the dimension; a run-time bound may be smaller.
// cols is the constant column range [lo, hi] of a 2-D array read in part,
// which a fetch of only those columns of each row moves (nil otherwise).
// why is "" when every inner index covers its dimension.
func (c *checker) partialRows(p *plan) (why string, cols []int64) {
	l := p.g.loop
	for k, n := range p.inner {
		var lo, hi *affine.Form
		for _, a := range p.g.accs {
			ix := indices(a.Expr)
			if len(ix) != len(p.inner)+1 {
				return "", nil // the box logic decides for other shapes
			}
			f, _ := c.af.Form(ix[k+1], a.Block)
			if f == nil {
				return rowWhy(k, n), nil
			}
			flo, fhi, _ := c.af.Bounds(f, l)
			if flo == nil || !flo.IsConst() || !fhi.IsConst() {
				return rowWhy(k, n), nil
			}
			if lo == nil || flo.Const < lo.Const {
				lo = flo
			}
			if hi == nil || fhi.Const > hi.Const {
				hi = fhi
			}
		}
		if lo == nil || lo.Const > 0 || hi.Const < n-1 {
			if len(p.inner) == 1 && lo != nil && lo.Const >= 0 && hi.Const < n && lo.Const <= hi.Const {
				cols = []int64{lo.Const, hi.Const}
			}
			return rowWhy(k, n), cols
		}
	}
	return "", nil
}

// rowWhy is partialRows' reason for inner dimension k of n elements.
func rowWhy(k int, n int64) string {
	what := "rows"
	if k > 0 {
		what = "inner dimensions"
	}
	return fmt.Sprintf("it fetches whole %s of %d elements where the loop may read only part of each: more bytes than the loop reads", what, n)
}

// sparseBox says, when the loop's accesses of v read only some of the
// elements of their bounding box, by how much: a loop over the diagonal
// (c[i][i], i < N) reaches from c[0][0] to c[N-1][N-1], N*N elements, and
// reads N of them; a copy of the box would move N times the bytes. It
// tells so when an access reads fewer elements than it spans over the
// loop (the trips of the loops around it up to the loop of g, known only
// when each has constant bounds and step) and all the accesses together
// read fewer than the box holds; v[j] and v[j + 1] with j += 2 read all of
// it. The rows of a box that no access reads (a stencil's own row, the
// thread's own under owner-computes) do not count against it. "" when the
// counts are not known.
func (c *checker) sparseBox(g *group, v *types.Var) string {
	for _, b := range c.af.Boxes(g.loop) {
		if b.Var != v || b.Span() == nil || !b.Span().IsConst() {
			continue
		}
		var total int64
		var sparse ast.Expr
		for _, a := range b.Accesses {
			if a.Index == nil {
				return ""
			}
			reads := int64(1)
			for _, l := range a.Loops {
				t, ok := c.trips(l)
				if !ok {
					return ""
				}
				reads *= t
				if l == g.loop {
					break
				}
			}
			total += reads
			if lo, hi, _ := c.af.Bounds(a.Index, g.loop); lo != nil && lo.IsConst() && hi.IsConst() && hi.Const-lo.Const+1 > reads {
				sparse = a.Expr
			}
		}
		if span := b.Span().Const; sparse != nil && span > total {
			who := ast.NodeString(sparse) + " reads"
			if len(b.Accesses) > 1 {
				who = "the loop's reads of " + v.Name() + " read"
			}
			return fmt.Sprintf("%s at most %d of the %d elements from the first to the last: a copy would move more bytes than the loop reads",
				who, total, span)
		}
	}
	return ""
}

// trips returns the number of iterations of l when its bounds and step
// are constants.
func (c *checker) trips(l *cfg.Loop) (int64, bool) {
	iv := l.Induction()
	if iv == nil || !iv.StepKnown || iv.StepConst == 0 {
		return 0, false
	}
	lo, hi, _ := c.af.IVRange(l)
	if lo == nil || !lo.IsConst() || !hi.IsConst() {
		return 0, false
	}
	step := iv.StepConst
	if step < 0 {
		step = -step
	}
	if hi.Const < lo.Const {
		return 0, true
	}
	return (hi.Const-lo.Const)/step + 1, true
}
