package affinity_test

import (
	"slices"
	"testing"

	"github.com/upclint/upclint/grammar/ast"

	"github.com/upclint/upclint/cfg/affinity"
)

// TestBlockOf checks the one answer to how the elements an access reads
// are distributed. finegrain and forall answered it apart before and
// disagreed: for an array member of a shared structure forall did not know
// (UPC 1.3 §6.5.2.1: the structure, members and all, lies on one thread);
// for a pointer stored in shared memory finegrain took the pointer's own
// place (thread 0) for its elements'.
func TestBlockOf(t *testing.T) {
	const src = `
#define N 16
struct S { int a[N]; struct { int b[N]; } in; int *p; };
shared int cyc[N*THREADS];
shared [4] int blk[N*THREADS];
shared [] int ind[N];
shared struct S st;
shared struct S sts[THREADS];
shared int *shared sp;
shared [4] int *shared bsp;
shared [] int *ip;
shared [4] int *bp;
int sum;
void g(int t) {
	int i;
	for (i = 0; i < N; i++)
		sum += cyc[i] + blk[i] + ind[i] + st.a[i] + st.in.b[i] + sts[t].a[i] + sp[i] + bsp[i] + ip[i] + bp[i];
}`
	for _, tc := range []struct {
		threads int
		want    map[string]int64 // block size; -1: not known
	}{
		{0, map[string]int64{"cyc[i]": 1, "blk[i]": 4, "ind[i]": 0, "st.a[i]": 0, "st.in.b[i]": 0, "sts[t].a[i]": 0,
			"sp[i]": 1, "bsp[i]": -1, "ip[i]": 0, "bp[i]": -1}},
		{4, map[string]int64{"cyc[i]": 1, "blk[i]": 4, "sp[i]": 1, "bsp[i]": -1}},
	} {
		u, af := load(t, src, tc.threads)
		got := map[string]int64{}
		for _, a := range af.Accesses {
			if !a.Shared {
				continue
			}
			bs, ok := affinity.BlockOf(a, u.Info)
			if !ok {
				bs = -1
			}
			got[ast.NodeString(a.Expr)] = bs
		}
		for e, want := range tc.want {
			if g, ok := got[e]; !ok || g != want {
				t.Errorf("THREADS %d: BlockOf(%s) = %d (found %v), want %d", tc.threads, e, g, ok, want)
			}
		}
	}
}

// TestForallOwner checks the locality of accesses under a upc_forall that
// the layout alone does not decide, which finegrain, forall and the
// language server's hover each judged on their own before: the element of
// the affinity through a pointer (the hover said local, finegrain remote),
// a member of a shared structure or an indefinite array under an affinity
// on the same object (finegrain local, the affinity analysis unknown), and
// a nested upc_forall, whose own affinity UPC 1.3 §6.6.2 ignores (the
// affinity analysis took the innermost upc_forall, finegrain the
// outermost).
func TestForallOwner(t *testing.T) {
	const src = `
#define N 16
struct S { int a[N]; };
shared struct S st;
shared [] int ind[N];
shared int cyc[N*THREADS], out[N*THREADS];
int sum;
void g(shared int *p, shared int *q) {
	int i, j;
	upc_forall (i = 0; i < N; i++; &p[i])
		sum += p[i] + p[i+1] + q[i];
	upc_forall (i = 0; i < N; i++; &st.a[i])
		sum += st.a[i+1];
	upc_forall (i = 0; i < N; i++; &ind[i])
		sum += ind[2*i];
	upc_forall (i = 0; i < N; i++; &out[i])
		upc_forall (j = 0; j < N; j++; &cyc[j])
			sum += cyc[j] + out[i];
	upc_forall (i = 0; i < N; i++; &p[i]) {
		p++;
		sum += p[i];
	}
}`
	got := kinds(t, src, 0)
	for e, want := range map[string][]affinity.Kind{
		"p[i]":        {affinity.Local, affinity.Unknown}, // the second: p moves in the loop
		"p[i + 1]":    {affinity.Unknown},
		"q[i]":        {affinity.Unknown},
		"st.a[i + 1]": {affinity.Local},
		"ind[2 * i]":  {affinity.Local},
		"cyc[j]":      {affinity.Unknown}, // the inner affinity is ignored
		"out[i]":      {affinity.Local},
	} {
		if g := got[e]; !slices.Equal(g, want) {
			t.Errorf("%s: %v, want %v", e, g, want)
		}
	}
}
