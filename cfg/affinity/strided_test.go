package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
)

// The shapes of the forall rewrite keep the affinity the upc_forall gave:
// a loop stepping by THREADS from MYTHREAD over the rows of a row-blocked
// array, and the owner's test before a loop over an indefinite array.
const stridedSrc = `
#include <upc.h>
#define NR 4
#define NC 24
shared [NC] int grid[NR * THREADS][NC];
shared int cyc[NR * THREADS];
shared [] int d[37];
void g(void) {
	int r, c, i;
	for (r = MYTHREAD; r < NR * THREADS; r += THREADS)
		for (c = 0; c < NC; c++) {
			grid[r][c] = cyc[r] + cyc[r + 1];
			grid[r + 1][c] = 0;
		}
	for (r = MYTHREAD + 1; r < NR * THREADS; r += THREADS)
		grid[r][0] = 1;
	for (r = 2 + ((MYTHREAD - 2) % THREADS + THREADS) % THREADS; r < NR * THREADS; r += THREADS)
		grid[r][1] = 1;
	for (r = 2 + ((MYTHREAD - 1) % THREADS + THREADS) % THREADS; r < NR * THREADS; r += THREADS)
		grid[r][2] = 1;
	for (r = NR * THREADS - 1 - ((NR * THREADS - 1 - MYTHREAD) % THREADS + THREADS) % THREADS; r >= 0; r -= THREADS)
		grid[r][3] = 1;
	for (r = 2 + (MYTHREAD + THREADS - 2) % THREADS; r < NR * THREADS; r += THREADS)
		grid[r][5] = 1;
	for (r = 1 + (MYTHREAD + THREADS - 2) % THREADS; r < NR * THREADS; r += THREADS)
		grid[r][6] = 1;
	for (r = NR * THREADS - 1 - ((NR * THREADS - MYTHREAD) % THREADS + THREADS) % THREADS; r >= 0; r -= THREADS)
		grid[r][4] = 1;
	for (r = MYTHREAD; r < NR * THREADS; r += 2 * THREADS)
		for (c = 0; c <= NC; c++)
			grid[r][c] = 2;
	if (upc_threadof(&d[0]) == MYTHREAD)
		for (i = 0; i < 37; i++)
			d[i] = i;
	for (i = 0; i < 37; i++)
		d[i] = -i;
}`

func TestStridedLoops(t *testing.T) {
	for _, threads := range []int{0, 4} {
		got := kinds(t, stridedSrc, threads)
		want := map[string][]affinity.Kind{
			"grid[r][c]":     {affinity.Local, affinity.Unknown}, // the second sweep's c reaches NC: the next row
			"cyc[r]":         {affinity.Local},
			"cyc[r + 1]":     {affinity.Unknown},
			"grid[r + 1][c]": {affinity.Unknown},
			"grid[r][0]":     {affinity.Unknown}, // starts at the next thread's row
			"grid[r][1]":     {affinity.Local},   // the forall rewrite's first iteration from 2
			"grid[r][2]":     {affinity.Unknown},
			"grid[r][3]":     {affinity.Local}, // the rewrite's last owned iteration counting down
			"grid[r][4]":     {affinity.Unknown},
			"grid[r][5]":     {affinity.Local},   // the same first iteration, as the rewrite now writes it
			"grid[r][6]":     {affinity.Unknown}, // one row before it
			"d[i]":           {affinity.Local, affinity.Unknown},
		}
		for e, ks := range want {
			if len(got[e]) != len(ks) {
				t.Errorf("THREADS=%d: %s has facts %v, want %v", threads, e, got[e], ks)
				continue
			}
			for i, k := range ks {
				if got[e][i] != k {
					t.Errorf("THREADS=%d: access %d of %s is %v, want %v", threads, i, e, got[e][i], k)
				}
			}
		}
	}
}
