package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
)

// TestOwnersByBlock: under a upc_forall whose affinity array has another
// block size than the accessed one, or whose distance to the access varies
// in an inner loop, an access is placed by the block it reaches: row i of
// a matrix of rows of N lies on the owner of y[i] for a cyclic y, of
// iteration i under an integer affinity, and of A[i][5]; the next row
// does not (under static THREADS: is remote); a row THREADS blocks away
// is local; a column past a block's end or an inner index that may leave
// the block is not known. (With THREADS 4 the macro THREADS is 4 in the
// text.)
func TestOwnersByBlock(t *testing.T) {
	src := `
#include <upc.h>
#define N 64
shared [N] double A[N * THREADS][N];
shared [N] double C[N * THREADS][N + 1];
shared double y[N * THREADS];
shared [2] double z[N * THREADS];
double g(int k) {
	int i, j;
	double s = 0;
	upc_forall (i = 0; i < N; i++; &y[i])
		for (j = 0; j < N; j++)
			s += A[i][j] + A[i + 1][j] + C[i][j] + A[i][j + k];
	upc_forall (i = 0; i < N; i++; i)
		for (j = 1; j < N; j++)
			s += A[i][j - 1] + A[i + THREADS][j];
	upc_forall (i = 0; i < N; i++; &A[i][5])
		for (j = 0; j < N; j++)
			s += A[i][j] + y[i];
	upc_forall (i = 0; i < N; i++; &z[2 * i + 1])
		s += y[i] + y[i + 1];
	return s;
}`
	for _, c := range []struct {
		threads int
		want    map[string]affinity.Kind
	}{
		{0, map[string]affinity.Kind{
			"A[i][j]": affinity.Local, "A[i + 1][j]": affinity.PossiblyRemote, "C[i][j]": affinity.Unknown,
			"A[i][j + k]": affinity.Unknown, "A[i][j - 1]": affinity.Local, "A[i + THREADS][j]": affinity.Local,
			"y[i]": affinity.Local, "y[i + 1]": affinity.PossiblyRemote,
		}},
		{4, map[string]affinity.Kind{
			"A[i][j]": affinity.Local, "A[i + 1][j]": affinity.Remote, "C[i][j]": affinity.Unknown,
			"A[i][j + k]": affinity.Unknown, "A[i][j - 1]": affinity.Local, "A[i + 4][j]": affinity.Local,
			"y[i]": affinity.Local, "y[i + 1]": affinity.Remote,
		}},
	} {
		u, af := load(t, src, c.threads)
		f := affinity.Analyze(af, u.Info.StaticThreads)
		seen := map[string]bool{}
		for _, a := range af.Accesses {
			text := ast.NodeString(a.Expr)
			k, ok := c.want[text]
			x := f.Of(a)
			if !ok || x == nil {
				continue
			}
			seen[text] = true
			if x.Kind != k {
				t.Errorf("THREADS %d: %s at line %d: %v (%s), want %v", c.threads, text, u.Fset.Position(a.Expr.Start()).Line, x.Kind, x.Reason, k)
			}
		}
		if len(seen) != len(c.want) {
			t.Errorf("THREADS %d: saw %d of the %d accesses", c.threads, len(seen), len(c.want))
		}
	}
}

// TestWithinRefBlock: rows of 32 in blocks of 128 (four rows a block):
// under the affinity &c[i][0], whose phase is 0, 32, 64 or 96, every
// column of row i is in its block, the next column past the row's end and
// the row before are not known to be.
func TestWithinRefBlock(t *testing.T) {
	src := `
#include <upc.h>
#define N 32
shared [4 * N] double a[8 * THREADS][N];
shared [4 * N] double c[8 * THREADS][N];
double g(void) {
	int i, j;
	double s = 0;
	upc_forall (i = 1; i < 8 * THREADS - 1; i++; &c[i][0]) {
		for (j = 0; j < N; j++)
			s += c[i][j] + a[i - 1][j];
		for (j = 0; j < N - 1; j++)
			s += a[i][j + 1];
		for (j = 0; j < N; j++)
			s += a[i][j + 1];
	}
	return s;
}`
	u, af := load(t, src, 0)
	f := affinity.Analyze(af, u.Info.StaticThreads)
	want := []affinity.Kind{affinity.Local, affinity.Unknown, affinity.Local, affinity.Unknown}
	var got []affinity.Kind
	for _, a := range af.Accesses {
		if x := f.Of(a); x != nil && u.Fset.Position(a.Expr.Start()).Line > 10 {
			got = append(got, x.Kind)
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d accesses, want %d", len(got), len(want))
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("access %d: %v, want %v", k, got[k], want[k])
		}
	}
}
