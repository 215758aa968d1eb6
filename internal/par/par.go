// Package par runs independent pieces of work on a bounded number of
// goroutines.
package par

import (
	"sync"
	"sync/atomic"
)

// ForEach calls do(i) for every i in [0, n), in increasing order of
// start, from up to workers goroutines (in the caller's when workers is
// 1 or less), and returns when all calls have returned.
func ForEach(n, workers int, do func(i int)) {
	workers = min(workers, n)
	if workers <= 1 {
		for i := range n {
			do(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				do(i)
			}
		}()
	}
	wg.Wait()
}
