package finegrain_test

import "testing"

// TestCopyLoopNames: the copy loops' variables take the short names (k,
// len; t, n, k, part) unless a declaration visible where the loop is
// (a local of an enclosing block, a parameter, a global) or a macro
// uses them; names declared in a sibling block, which the copy loop
// cannot see, do not count.
func TestCopyLoopNames(t *testing.T) {
	const src = `#include <upc_relaxed.h>
#define len 4
shared [8] int B[64 * THREADS];
shared int C[64 * THREADS];
int part;

int blocked(int lo)
{
    int k, s = 0;
    for (k = 0; k < 40; k++)
        s += B[lo + k];
    return s;
}

int cyclic(int lo, int n)
{
    int j, s = 0;
    {
        int t = 0;
        s += t;
    }
    for (j = 0; j < 40; j++)
        s += C[lo + j] * n;
    return s;
}
`
	fixedText(t, "names.upc", src,
		"size_t off, count;", // k is blocked's loop variable, len a macro
		"size_t t, cnt, k;",  // n is a parameter; t of the sibling block is not visible
		"int *got = malloc(", // part is a global
		"for (off = 0; off < 40; off += count) {")
}
