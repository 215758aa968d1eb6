package affinity

import (
	"strconv"

	"github.com/upclint/upclint/cfg/affine"
)

// ownBlock says why a, outside any upc_forall, is local, or returns "": d,
// its index minus the first element of MYTHREAD's block (B*MYTHREAD, up to
// whole rounds of B*THREADS), stays within [0, B-1] over every iteration
// of the loops around a, so each element lies in the executing thread's
// own block (for (j = MYTHREAD*B + 1; j < (MYTHREAD+1)*B - 1; j++) a[j-1]).
func (f *Func) ownBlock(a *affine.Access, d *affine.Form, bs int64) string {
	if len(a.Loops) == 0 || d.IsConst() {
		return ""
	}
	lo, hi, _ := f.Affine.Bounds(d, a.Loops[len(a.Loops)-1])
	if lo == nil || !lo.IsConst() || !hi.IsConst() || lo.Const < 0 || hi.Const > bs-1 {
		return ""
	}
	return "offsets " + strconv.FormatInt(lo.Const, 10) + " to " + strconv.FormatInt(hi.Const, 10) + " from the start of MYTHREAD's block of " + strconv.FormatInt(bs, 10)
}
