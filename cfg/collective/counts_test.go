package collective_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/collective"
)

// divergent returns, for each collective operation of function name, its
// line and whether Divergence reports it.
func divergent(t *testing.T, src, name string) map[int]bool {
	t.Helper()
	fset, in := load(t, src)
	f := collective.Analyze(in, fn(t, in, name))
	out := map[int]bool{}
	for _, op := range f.Ops() {
		out[fset.Position(op.Node.Start()).Line] = f.Divergence(op.Block) != nil
	}
	return out
}

func wantDivergent(t *testing.T, name string, got map[int]bool, lines ...int) {
	t.Helper()
	want := map[int]bool{}
	for _, l := range lines {
		want[l] = true
	}
	for l, d := range got {
		if d != want[l] {
			t.Errorf("%s: line %d: divergent %v, want %v", name, l, d, want[l])
		}
	}
	if len(got) == 0 {
		t.Errorf("%s: no collective operation", name)
	}
}

// TestCompensatedLoops: barriers match by count, so a prologue of MYTHREAD
// barriers and an epilogue of THREADS-MYTHREAD ones (a wavefront, as in
// Edmiston's algorithm) make every thread run THREADS of them.
func TestCompensatedLoops(t *testing.T) {
	const src = `#include <upc.h>
#include <upc_collective.h>
shared int a[THREADS];
int n = 10;
void wave(void) {
	int i, r;
	for (i = 0; i < MYTHREAD; i++) { upc_barrier; }
	for (r = 0; r <= n; r++) {
		a[MYTHREAD] += r;
		upc_barrier;
	}
	for (i = MYTHREAD; i < THREADS; i++) { upc_barrier; }
	upc_barrier 1234;
}
void pairs(void) {
	int i;
	for (i = 0; i < 2 * MYTHREAD; i++) { upc_barrier; }
	for (i = MYTHREAD; i < THREADS; i++) { upc_notify; upc_wait; upc_barrier; }
}
void unbalanced(void) {
	int i;
	for (i = 0; i < MYTHREAD; i++) { upc_barrier; }
	for (i = MYTHREAD; i < THREADS - 1; i += 1) { upc_notify; upc_wait; }
	for (i = 0; i < MYTHREAD; i++) { upc_barrier; }
}
void shifted(void) {
	int i;
	for (i = 0; i < MYTHREAD; i++) { upc_barrier; }
	upc_all_broadcast((shared void *)a, (shared void *)a, 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	for (i = MYTHREAD; i < THREADS; i++) { upc_barrier; }
}
void skipped(void) {
	int i;
	for (i = 0; i < MYTHREAD; i++) { upc_barrier; }
	if (MYTHREAD == 0)
		upc_barrier;
	for (i = MYTHREAD; i < THREADS; i++) { upc_barrier; }
}
void nonlinear(void) {
	int i;
	for (i = 0; i < MYTHREAD * MYTHREAD; i++) { upc_barrier; }
	for (i = MYTHREAD; i < THREADS; i++) { upc_barrier; }
}
void guarded(void) {
	int i;
	if (n > 3)
		for (i = 0; i < MYTHREAD; i++) { upc_barrier; }
	for (i = MYTHREAD; i < THREADS; i++) { upc_barrier; }
}
`
	wantDivergent(t, "wave", divergent(t, src, "wave"))
	wantDivergent(t, "pairs", divergent(t, src, "pairs"))
	// MYTHREAD + (THREADS-1-MYTHREAD) + MYTHREAD: the total depends on the thread
	wantDivergent(t, "unbalanced", divergent(t, src, "unbalanced"), 22, 23, 24)
	// the totals match, but the broadcast meets a barrier of another thread
	wantDivergent(t, "shifted", divergent(t, src, "shifted"), 28, 30)
	wantDivergent(t, "skipped", divergent(t, src, "skipped"), 34, 36, 37)
	wantDivergent(t, "nonlinear", divergent(t, src, "nonlinear"), 41, 42)
	wantDivergent(t, "guarded", divergent(t, src, "guarded"), 47, 48)

	// the totals cannot be added up only when a count is not linear
	_, in := load(t, src)
	for name, want := range map[string]bool{"nonlinear": true, "unbalanced": false, "wave": false, "shifted": false} {
		f := collective.Analyze(in, fn(t, in, name))
		got := false
		for _, l := range f.Graph.Loops().Roots {
			got = got || f.CountPartner(l) != nil
		}
		if got != want {
			t.Errorf("%s: CountPartner found %v, want %v", name, got, want)
		}
	}
}

// TestCountedArms: both arms of a thread-dependent branch run counted
// loops of barriers up to a private global bound (Berkeley's barriertest:
// read with atoi from argv, memory the analysis cannot follow, and not
// changed by a barrier); the arms match as loops, a upc_barrier matching a
// upc_notify, upc_wait pair. With different bounds they do not.
func TestCountedArms(t *testing.T) {
	const src = `#include <upc.h>
#include <stdlib.h>
int iters = 100;
shared int flag;
void same(void) {
	int i;
	if (MYTHREAD % 2 == 0) {
		for (i = 0; i < iters; i++) { upc_barrier i; }
		for (i = 0; i < iters; i++) { upc_notify i; upc_wait i; }
	} else {
		for (i = 0; i < iters; i++) { upc_notify; upc_wait; }
		for (i = 0; i < iters; i++) { upc_barrier; }
	}
}
void other(void) {
	int i;
	if (MYTHREAD % 2 == 0) {
		for (i = 0; i < iters; i++) { upc_barrier; }
	} else {
		for (i = 0; i <= iters; i++) { upc_barrier; }
	}
}
int main(int argc, char **argv) {
	int i;
	if (argc > 1)
		iters = atoi(argv[1]);
	for (i = 0; i < iters; i++)
		if (i % THREADS == MYTHREAD)
			flag = MYTHREAD;
	same();
	other();
	return 0;
}
`
	wantDivergent(t, "same", divergent(t, src, "same"))
	wantDivergent(t, "other", divergent(t, src, "other"), 18, 20)
}
