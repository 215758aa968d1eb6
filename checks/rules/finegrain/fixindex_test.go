package finegrain_test

import "testing"

// TestBoxIndexByValue: a coalesced read indexes the buffer at its offset
// in the fetched rows, written out: from the index's text (IN[i + 1][j]
// read as IN_local[2][j]), or from the value of the one macro
// invocation that makes the whole index (IN[PREV(i)][j] as IN_local[0][j]),
// never as an offset that only cancels (IN_local[PREV(i) - (i - 1)][j]).
// The rows are blocked: only the columns 1 to N-2 the loop reads are fetched.
func TestBoxIndexByValue(t *testing.T) {
	const src = `#include <upc_relaxed.h>
#define N 24
#define PREV(i) ((i) - 1)
shared [N] int IN[N * THREADS][N];

long rows(int r)
{
    int i, j;
    long s = 0;
    upc_forall (i = r; i < r + 3; i++; i + 2) {
        for (j = 1; j < N - 1; j++)
            s += IN[PREV(i)][j] + IN[i + 1][j] + IN[i][j];
    }
    return s;
}
`
	fixedText(t, "rows.upc", src, "s += IN_local[0][j] + IN_local[2][j] + IN_local[1][j];")
}
