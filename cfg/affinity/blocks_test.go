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
