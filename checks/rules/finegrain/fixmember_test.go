package finegrain_test

import "testing"

// TestMemberNoFix lists reads of the array member of shared structure
// elements: rows at constant distances from an invariant element get the
// member rewrite; a write to the array, a read that only some iterations
// make, rows at a distance the loop cannot bound and a loop leaving early
// keep the finding without one; a write through a private pointer makes
// the fix unsafe. One fix fetches all the rows (the finding of the first).
func TestMemberNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
typedef struct { int n; double v[40]; } row_t;
shared [2] row_t R[8 * THREADS];

double rows(int k)
{
    int j;
    double s = 0;
    for (j = 1; j < 39; j++)
        s += R[k - 1].v[j - 1] /* FIX */
             + R[k + 1].v[j + 1];
    return s;
}

double writes(int k)
{
    int j;
    double s = 0;
    for (j = 1; j < 39; j++) {
        s += R[k + 1].v[j]; /* NOFIX */
        R[k].v[j] = s;
    }
    return s;
}

double guarded(int k)
{
    int j;
    double s = 0;
    for (j = 0; j < 39; j++)
        if (j > 3)
            s += R[k].v[j + 1]; /* NOFIX */
    return s;
}

double unrelated(int k, int m)
{
    int j;
    double s = 0;
    for (j = 0; j < 39; j++)
        s += R[k].v[j] * R[m].v[j]; /* NOFIX */
    return s;
}

double leaves(int k)
{
    int j;
    double s = 0;
    for (j = 0; j < 39; j++) {
        if (s > 100)
            break;
        s += R[k].v[j]; /* NOFIX */
    }
    return s;
}

double through(int k, double *out)
{
    int j;
    double s = 0;
    for (j = 0; j < 39; j++) {
        s += R[k].v[j]; /* UNSAFE */
        *out = s;
    }
    return s;
}
`
	checkFixMarks(t, src)
}

// TestMemberMacroIndex: a row index made by one macro invocation (Sobel's
// orig[PREV_ROW(i)].r[j+1]) is read from the buffer at its value, the
// invocation replaced whole (R_v_local[0], not R_v_local[PREV(k) - (k -
// 1)]), also between blanks inside the brackets; an index that a macro
// makes only part of keeps its text, with the row's start subtracted
// after it.
func TestMemberMacroIndex(t *testing.T) {
	const src = `#include <upc_relaxed.h>
#define PREV(i) ((i) - 1)
#define NEXT(i) ((i) + 1)
typedef struct { int n; double v[40]; } row_t;
shared [2] row_t R[8 * THREADS];

double whole(int k)
{
    int j;
    double s = 0;
    for (j = 1; j < 39; j++)
        s += R[PREV(k)].v[j - 1] + R[ NEXT(k) ].v[j + 1];
    return s;
}

double part(int k)
{
    int j;
    double s = 0;
    for (j = 1; j < 39; j++)
        s += R[PREV(k) + 2].v[j - 1] + R[k].v[j + 1];
    return s;
}
`
	fixedText(t, "macro_rows.upc", src,
		"/* the elements of R[k - 1 .. k + 1].v this loop reads */",
		"s += R_v_local[0][j - 1] + R_v_local[ 2 ][j + 1];",
		"s += R_v_local2[PREV(k) + 2 - k][j - 1] + R_v_local2[0][j + 1];")
}
