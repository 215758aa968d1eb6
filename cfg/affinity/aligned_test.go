package affinity_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

// TestAligned: a file-scope pointer-to-shared that every assignment of the
// unit sets to upc_all_alloc's result (in another function, through a
// cast, or copied from another such pointer) points to thread 0's first
// element, so p[MYTHREAD] and a sweep from MYTHREAD by THREADS of a cyclic
// p are the thread's own, and s[MYTHREAD].m[i] a member of its own
// structure. A pointer also set to q + 1, one whose address escapes and
// one that the unit never allocates stay unknown.
func TestAligned(t *testing.T) {
	src := `
#include <upc.h>
typedef struct { double m[8]; } cell;
shared long *table;
shared long *copy;
shared cell *s;
shared long *shifted;
shared long *escaped;
shared long *elsewhere;
static shared [4] long *blocked;
void keep(shared long **pp);
void init(long n) {
	table = (shared long *) upc_all_alloc(n, sizeof(long));
	copy = table;
	s = (shared cell *) upc_all_alloc(THREADS, sizeof(cell));
	shifted = (shared long *) upc_all_alloc(n, sizeof(long));
	shifted = copy + 1;
	escaped = (shared long *) upc_all_alloc(n, sizeof(long));
	keep(&escaped);
	blocked = upc_global_alloc(THREADS, 4 * sizeof(long));
}
void g(long n) {
	long i, x = 0;
	for (i = MYTHREAD; i < n; i += THREADS)
		x += table[i];
	x += copy[MYTHREAD];
	x += s[MYTHREAD].m[3];
	x += shifted[MYTHREAD];
	x += escaped[MYTHREAD];
	x += elsewhere[MYTHREAD];
	x += blocked[4*MYTHREAD + 3];
	x += blocked[4*MYTHREAD + 4];
	table[0] = x;
}`
	want := map[string]affinity.Kind{
		"table[i]":                  affinity.Local,
		"copy[MYTHREAD]":            affinity.Local,
		"s[MYTHREAD].m[3]":          affinity.Local,
		"shifted[MYTHREAD]":         affinity.Unknown,
		"escaped[MYTHREAD]":         affinity.Unknown,
		"elsewhere[MYTHREAD]":       affinity.Unknown,
		"blocked[4 * MYTHREAD + 3]": affinity.Local,
		"table[0]":                  affinity.Unknown,
		"blocked[4 * MYTHREAD + 4]": affinity.Unknown,
	}
	u, af := load(t, src, 0)
	f := affinity.AnalyzeAligned(af, 0, affinity.AlignedPointers(u.File, u.Info))
	plain := affinity.Analyze(af, 0)
	got := map[string]affinity.Kind{}
	for _, a := range af.Accesses {
		if x := f.Of(a); x != nil {
			got[ast.NodeString(a.Expr)] = x.Kind
			if p := plain.Of(a); p.Kind == affinity.Local {
				t.Errorf("%s: local without the unit's aligned pointers: %s", ast.NodeString(a.Expr), p.Reason)
			}
		}
	}
	for k, w := range want {
		g, ok := got[k]
		if !ok {
			t.Errorf("%s: no fact (have %v)", k, got)
			continue
		}
		if (g == affinity.Local) != (w == affinity.Local) {
			t.Errorf("%s: got %v, want %v", k, g, w)
		}
	}
}

// TestAlignedParams: a parameter that every call of the unit passes an
// aligned pointer is aligned; one call with p + 1, or the function's
// address taken (callers unknown), and it is not.
func TestAlignedParams(t *testing.T) {
	for _, tc := range []struct {
		name, calls string
		local       bool
	}{
		{"aligned", "g(table, n); g(copy, n);", true},
		{"shifted", "g(table, n); g(table + 1, n);", false},
		{"escaped", "g(table, n); fp = g;", false},
		{"uncalled", "", false},
	} {
		src := `
#include <upc.h>
shared long *table;
shared long *copy;
void (*fp)(shared long *, long);
void g(shared long *p, long n);
void init(long n) {
	table = (shared long *) upc_all_alloc(n, sizeof(long));
	copy = table;
	` + tc.calls + `
}
void g(shared long *p, long n) {
	long i, x = 0;
	for (i = MYTHREAD; i < n; i += THREADS)
		x += p[i];
	p[MYTHREAD] = x;
}`
		u, af := load(t, src, 0)
		checkAlignedLocal(t, tc.name, u, af, tc.local, 2)
	}
}

// TestAlignedThreadZero: a shared [] pointer that only thread 0 sets, to
// its own upc_alloc block, points to thread 0's memory: read under
// MYTHREAD == 0 it is local; read by every thread, or set by every thread,
// it is not.
func TestAlignedThreadZero(t *testing.T) {
	for _, tc := range []struct {
		name, set, read string
		local           bool
	}{
		{"thread 0", "if (MYTHREAD == 0) { q = upc_alloc(n * sizeof(long)); }", "if (MYTHREAD == 0)", true},
		{"read by all", "if (MYTHREAD == 0) { q = upc_alloc(n * sizeof(long)); }", "if (n > 0)", false},
		{"set by all", "q = upc_alloc(n * sizeof(long));", "if (MYTHREAD == 0)", false},
	} {
		src := `
#include <upc.h>
shared [] long * shared q;
void init(long n) {
	` + tc.set + `
}
long g(long n) {
	long i, x = 0;
	` + tc.read + `
		for (i = 0; i < n; i++)
			x += q[i];
	return x;
}`
		u, af := load(t, src, 0)
		f := affinity.AnalyzeAligned(af, 0, affinity.AlignedPointers(u.File, u.Info))
		n := 0
		for _, a := range af.Accesses {
			if x := f.Of(a); x != nil && ast.NodeString(a.Expr) == "q[i]" {
				n++
				if (x.Kind == affinity.Local) != tc.local {
					t.Errorf("%s: q[i]: got %v (%s), want local %v", tc.name, x.Kind, x.Reason, tc.local)
				}
			}
		}
		if n != 1 {
			t.Errorf("%s: %d accesses q[i], want 1", tc.name, n)
		}
	}
}

// checkAlignedLocal requires that the unit's function af has want shared
// accesses, each local under the aligned-pointer facts exactly when local
// says.
func checkAlignedLocal(t *testing.T, name string, u *grammar.Unit, af *affine.Func, local bool, want int) {
	t.Helper()
	f := affinity.AnalyzeAligned(af, 0, affinity.AlignedPointers(u.File, u.Info))
	n := 0
	for _, a := range af.Accesses {
		if x := f.Of(a); x != nil {
			n++
			if (x.Kind == affinity.Local) != local {
				t.Errorf("%s: %s: got %v (%s), want local %v", name, ast.NodeString(a.Expr), x.Kind, x.Reason, local)
			}
		}
	}
	if n != want {
		t.Errorf("%s: %d shared accesses, want %d", name, n, want)
	}
}
