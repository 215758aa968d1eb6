package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
)

// TestOwnBlock: outside a upc_forall, a loop over a range of MYTHREAD's own
// block is local when every index stays in the block (the thread's part of
// a 1-d stencil), and not when an index reaches a neighbour's block.
func TestOwnBlock(t *testing.T) {
	src := `
shared [500] double in[500*THREADS], out[500*THREADS];
void g(int n) {
	int i, j;
	for (i = 0; i < n; i++)
		for (j = MYTHREAD*500 + 1; j < (MYTHREAD+1)*500 - 1; j++)
			out[j] = in[j-1] + in[j+1];
	for (j = MYTHREAD*500; j < (MYTHREAD+1)*500; j++)
		out[j] = in[j+1];
	for (j = MYTHREAD*500; j <= (MYTHREAD+1)*500; j++)
		in[j] = 0;
}`
	for _, threads := range []int{0, 4} {
		got := kinds(t, src, threads)
		want := map[string][]affinity.Kind{
			"out[j]":    {affinity.Local, affinity.Local},
			"in[j - 1]": {affinity.Local},
			"in[j + 1]": {affinity.Local, affinity.Unknown}, // the second reaches the next block
			"in[j]":     {affinity.Unknown},                 // j ends one past the block
		}
		for k, w := range want {
			if len(got[k]) != len(w) {
				t.Errorf("THREADS %d: %s: got %v, want %v", threads, k, got[k], w)
				continue
			}
			for i := range w {
				if got[k][i] != w[i] {
					t.Errorf("THREADS %d: %s #%d: got %v, want %v", threads, k, i, got[k][i], w[i])
				}
			}
		}
	}
}
