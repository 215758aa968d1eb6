package finegrain

import "fmt"

// stepGaps says why a copy of the range of p's reads would move more
// bytes than the loop reads, "" when it would not or it cannot tell: the
// loop steps the index of a one-dimensional array by more than one
// element (for (j = 0; j < n; j += 2) s += v[j]) and its reads leave
// elements of every step unread. v[2*k] and v[2*k + 1] together read
// them all.
func (c *checker) stepGaps(p *plan) string {
	l := p.g.loop
	iv := l.Induction()
	if len(p.lay.Dims) != 1 || iv == nil || !iv.StepKnown {
		return ""
	}
	var stride int64
	first := p.g.accs[0]
	res := map[int64]bool{}
	for _, a := range p.g.accs {
		if len(a.Loops) == 0 || a.Loops[0] != l || a.Index == nil {
			return ""
		}
		coef, rest, ok := a.Index.Split(iv.Name)
		_, rest0, ok0 := first.Index.Split(iv.Name)
		if !ok || !ok0 {
			return ""
		}
		d := rest.Sub(rest0)
		s := abs(coef * iv.StepConst)
		if !d.IsConst() || stride != 0 && s != stride {
			return ""
		}
		stride = s
		res[(d.Const%s+s)%s] = true
	}
	if stride <= 1 || int64(len(res)) >= stride {
		return ""
	}
	return fmt.Sprintf("the loop reads %d of every %d elements of %s, and a copy of the range would move %d times the bytes it reads",
		len(res), stride, p.v.Name(), stride/int64(len(res)))
}
