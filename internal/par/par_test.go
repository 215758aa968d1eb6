package par

import (
	"sync/atomic"
	"testing"
)

func TestForEach(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 100} {
		const n = 50
		var calls [n]atomic.Int32
		var running, most atomic.Int32
		ForEach(n, workers, func(i int) {
			r := running.Add(1)
			for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
			}
			calls[i].Add(1)
			running.Add(-1)
		})
		for i := range calls {
			if c := calls[i].Load(); c != 1 {
				t.Errorf("workers %d: do(%d) called %d times, want 1", workers, i, c)
			}
		}
		if limit := int32(max(workers, 1)); most.Load() > limit {
			t.Errorf("workers %d: %d calls ran at once", workers, most.Load())
		}
	}
	ForEach(0, 4, func(int) { t.Error("do called for n = 0") })
}
