package finegrain

import "strconv"

// oneEach reports whether the loop reads or writes one element on each
// other thread (an array with one element per thread, e.g. err[THREADS],
// swept by a loop over THREADS): a bulk copy per owning thread would still
// be one message per element, so there is nothing to coalesce. Such a
// loop is a hand-written collective (reduction, gather, broadcast), which
// collidiom and allreduce report with the collective that replaces it.
func (c *checker) oneEach(g *group) bool {
	if g.indef {
		return false
	}
	// each access touches one element per other thread (an element read
	// twice is still one element)
	for _, a := range g.accs {
		if c.locality(a).class != classVarying {
			return false
		}
	}
	want := "THREADS-1"
	if c.threads > 0 {
		want = strconv.Itoa(c.threads - 1)
	}
	for _, e := range g.ests {
		if renderSum([]estimate{e}, c.threads) != want {
			return false
		}
	}
	return true
}
