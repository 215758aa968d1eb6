package finegrain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar"
)

// findingsOf runs finegrain (with fixes) on src and returns its findings
// by line (the last of a line's).
func findingsOf(t *testing.T, src string) map[int]checks.Finding {
	byLine := map[int]checks.Finding{}
	for _, f := range findingList(t, src) {
		byLine[f.Pos.Line] = f
	}
	return byLine
}

// findingList runs finegrain (with fixes) on src and returns its findings.
func findingList(t *testing.T, src string) []checks.Finding {
	t.Helper()
	res, _ := finegrainOn(t, src)
	return res.Findings
}

// blockedSrc holds blocked pointers-to-shared (shared [8] int *): al and
// al2 hold upc_all_alloc results only (aligned), the parameters p and q
// receive al and &A[3] (an element in the middle of a block).
const blockedSrc = `#include <upc_relaxed.h>
#define B 8
shared [B] int *al;
shared [B] int *al2;
shared [B] int A[B * THREADS];
int buf[B];

long own_aligned(shared [B] int *p)
{
    int k;
    long s = 0;
    for (k = 0; k < B; k++)
        s += p[MYTHREAD * B + k]; /* L13 */
    return s;
}

long own_unknown(shared [B] int *q)
{
    int k;
    long s = 0;
    for (k = 0; k < B; k++)
        s += q[MYTHREAD * B + k]; /* L22 */
    return s;
}

long forward(shared [B] int *q, int n)
{
    int i;
    long s = 0;
    upc_forall (i = 0; i < n - 1; i++; &q[i])
        s += q[i + 1] - q[i]; /* L31 */
    return s;
}

long neighbour(void)
{
    int k;
    long s = 0;
    int peer = (MYTHREAD + 1) % THREADS;
    for (k = 0; k < B; k++)
        s += al[peer * B + k]; /* L41 */
    return s;
}

void ring(void)
{
    int k;
    int peer = (MYTHREAD + 1) % THREADS;
    for (k = 0; k < B; k++)
        al2[peer * B + k] = buf[k]; /* L50 */
}

int main(void)
{
    al = upc_all_alloc(THREADS, B * sizeof(int));
    al2 = upc_all_alloc(THREADS, B * sizeof(int));
    ring();
    return own_aligned(al) + own_unknown(&A[3]) + forward(al, 10) + neighbour() > 0;
}
`

// TestBlockedPointerPlaces: accesses through blocked pointers are placed
// like a declared array's elements when the pointer is aligned (its own
// block is local, a neighbour's block is one remote block), only relative
// to another access through the same pointer when its phase is unknown,
// and the estimates say so.
func TestBlockedPointerPlaces(t *testing.T) {
	got := findingsOf(t, blockedSrc)
	want := map[int]string{
		22: "about 8*(THREADS-1)/THREADS remote reads", // phase unknown: anywhere
		31: "about (n - 1)/(8*THREADS) remote reads",   // one iteration in 8 ends a block
		41: "about 8 remote reads per thread per execution (one block of al, on a thread computed from MYTHREAD)",
		50: "about 8 remote writes per thread per execution (one block of al2, on a thread computed from MYTHREAD)",
	}
	for line, w := range want {
		f, ok := got[line]
		if !ok {
			t.Errorf("line %d: not reported, want %q", line, w)
			continue
		}
		if !strings.Contains(f.Message, w) {
			t.Errorf("line %d: %s\nwant %q", line, f.Message, w)
		}
	}
	if f, ok := got[13]; ok {
		t.Errorf("line 13: p is aligned and p[MYTHREAD*B + k] the thread's own block, but: %s", f.Message)
	}
	if len(got) != len(want) {
		t.Errorf("%d findings, want %d: %v", len(got), len(want), got)
	}
	// Every one but the upc_forall's (a copy before it would fetch what
	// the other threads read) gets a rewrite.
	for _, line := range []int{22, 41, 50} {
		if f := got[line]; len(f.Fixes) == 0 {
			t.Errorf("line %d: no fix: %s", line, f.Message)
		}
	}
	if f := got[31]; len(f.Fixes) != 0 || !strings.Contains(f.Message, "not coalescible here: each thread runs only its own iterations") {
		t.Errorf("line 31: want no fix and why, got %d fixes: %s", len(f.Fixes), f.Message)
	}
}

// TestBlockedPointerNoFix: reads and writes through blocked pointers that
// keep their finding without a rewrite, and say why: a write through
// another pointer that may hold the same allocation, a write to a declared
// array the pointer may hold the start of or to shared data a pointer of
// unknown origin may point into, a write through a pointer in a loop that
// reads a declared array it may point into, a loop that skips elements;
// and the controls that are rewritten: pointers holding distinct
// allocations, a write to a declared array the pointer never points into.
func TestBlockedPointerNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define B 8
shared [B] int *al;
shared [B] int *al2;
shared [B] int *al3;
shared [B] int *pa;
shared [B] int A[B * THREADS];
shared [B] int D[B * THREADS];

void alias(int lo, int n)
{
    int k;
    for (k = 0; k < n; k++)
        al3[k] = al[lo + k]; /* NOFIX */
}

long distinct(int lo)
{
    int k;
    long s = 0;
    for (k = 0; k < B; k++) {
        al2[lo + k] = k; /* NOFIX */
        s += al[lo + k]; /* FIX */
    }
    return s;
}

void declared(int lo)
{
    int k;
    for (k = 0; k < B; k++)
        D[k] = al[lo + k]; /* FIX */
}

void into_array(int lo)
{
    int k;
    for (k = 0; k < B; k++)
        A[k + 1] = pa[lo + k]; /* NOFIX */
}

void from_array(int lo)
{
    int k;
    for (k = 0; k < B; k++)
        pa[lo + k] = A[lo + k + 1]; /* NOFIX */
}

void unknown_origin(shared [B] int *q, int lo)
{
    int k;
    for (k = 0; k < B; k++)
        D[lo + k] = q[lo + k + 1]; /* NOFIX */
}

void put_unknown(shared [B] int *q, int lo)
{
    int k;
    for (k = 0; k < B; k++)
        q[lo + k] = D[lo + k + 1] + 1; /* NOFIX */
}

void put_unknown_private(shared [B] int *q, int lo)
{
    int k;
    for (k = 0; k < B; k++)
        q[lo + k] = k * lo; /* FIX */
}

long stepped(int lo, int n, int st)
{
    int k;
    long s = 0;
    for (k = 0; k < n; k += st)
        s += al[lo + k]; /* NOFIX */
    return s;
}

int main(void)
{
    al = upc_all_alloc(THREADS, B * sizeof(int));
    al2 = upc_all_alloc(THREADS, B * sizeof(int));
    al3 = al;
    pa = A;
    alias(0, 4);
    declared(1);
    into_array(1);
    from_array(1);
    unknown_origin(&A[1], 2);
    put_unknown(&A[2], 1);
    put_unknown_private(&D[2], 1);
    return stepped(0, 4, 2) + distinct(3) > 0;
}
`
	checkFixMarks(t, src)
	got := findingList(t, src)
	for _, w := range []struct {
		line int
		why  string
	}{
		{14, "a write through al3 may alias al"},
		{39, "no rewrite offered: the loop writes shared data, which pa may point into"},
		{46, "no rewrite offered: pa may point into A, which the loop also accesses"},
		{53, "no rewrite offered: the loop writes shared data, which q may point into"},
		{60, "a write through q may alias D"},
		{60, "no rewrite offered: q may point into D, which the loop also accesses"},
		{75, "no rewrite offered: the loop reads only some of the elements of al"},
	} {
		found := false
		for _, f := range got {
			found = found || f.Pos.Line == w.line && strings.Contains(f.Message, w.why)
		}
		if !found {
			t.Errorf("line %d: no finding says %q", w.line, w.why)
		}
	}
}

// TestNoFetchBeforeUncountedIV: a loop nest like the one the forall
// rewrite makes of a blocked upc_forall, "for (i = i_blk; i < N && i <
// i_blk + 4; i++)", has no induction variable of its own (two bounds), and
// an earlier loop of the function counts i: the reads of the cyclic
// out[i + 1][j] are not fetched before the i_blk loop, where i is not yet
// set, but at most per row.
func TestNoFetchBeforeUncountedIV(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define NC 16
shared double out[4 * THREADS][NC];
shared [4 * NC] double *in;
double s;
int main(void)
{
    int i, j;
    upc_forall (i = 0; i < 4 * NC * THREADS; i++; &in[i])
        in[i] = i;
    for (long i_blk = MYTHREAD * 4; i_blk < 4 * THREADS; i_blk += THREADS * 4)
    for (i = i_blk; i < 4 * THREADS - 1 && i < i_blk + 4; i++)
        for (j = 0; j < NC; j++)
            s += out[i + 1][j];
    return 0;
}
`
	fs := findingList(t, src)
	if len(fs) == 0 {
		t.Fatal("out[i + 1][j] not reported")
	}
	for _, f := range fs {
		if len(f.Related) == 0 || f.Related[0].Pos.Line != 13 {
			t.Errorf("%d: %s: reported in the loop of line %v, want the j loop (line 13)", f.Pos.Line, f.Message, f.Related)
		}
	}
}

// TestCyclicPointerWriteSaysWhy: a write through a cyclic pointer gets no
// rewrite, and the finding says so.
func TestCyclicPointerWriteSaysWhy(t *testing.T) {
	src := `#include <upc_relaxed.h>
void fill(shared int *cp, int lo)
{
    int k;
    for (k = 0; k < 40; k++)
        cp[lo + k] = k;
}
`
	fs := findingList(t, src)
	if len(fs) != 1 || len(fs[0].Fixes) != 0 || !strings.Contains(fs[0].Message, "no rewrite offered: only writes through a blocked pointer-to-shared") {
		t.Errorf("want one finding without a fix that says why, got %v", fs)
	}
}

// TestBlockSizeNotConstant: a blocked pointer whose block size depends on
// dynamic THREADS has no layout to copy by: no finegrain finding, no fix
// (the front end says the program needs static THREADS). With static
// THREADS the block size is a constant and the read is coalesced.
func TestBlockSizeNotConstant(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define N 64
shared [N / THREADS] double *p;

double f(int lo)
{
    int k;
    double s = 0;
    for (k = 0; k < 10; k++)
        s += p[lo + k];
    return s;
}

int main(void)
{
    p = upc_all_alloc(THREADS, N / THREADS * sizeof(double));
    return f(0) > 0;
}
`
	for _, tc := range []struct {
		threads int
		fixes   int
	}{{0, 0}, {4, 1}} {
		path := filepath.Join(t.TempDir(), "t.upc")
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		res, err := checks.Run([]string{path}, &checks.Options{Jobs: 1, Config: grammar.Config{StaticThreads: tc.threads},
			Enabled: func(r string) bool { return r == "finegrain" }})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, f := range res.Findings {
			if f.Rule == "finegrain" {
				n += len(f.Fixes)
			}
		}
		if n != tc.fixes {
			t.Errorf("THREADS %d: %d finegrain fixes, want %d: %v", tc.threads, n, tc.fixes, res.Findings)
		}
	}
}
