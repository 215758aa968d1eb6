package affinity_test

import (
	"strings"
	"testing"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/types"
)

// TestAlignedArrayStart: a blocked pointer parameter that every call
// passes the start of a declared shared array (A, &A[0], a 2-D array's
// name for a pointer to its rows, as the cryptanalysis pearl's
// findDC(r, DTS)) is aligned like one holding upc_all_alloc's result:
// p[MYTHREAD*4 + 3] is the thread's own, also through a parameter declared
// as an array (a pointer) that is passed A. &A[1], and it is not.
func TestAlignedArrayStart(t *testing.T) {
	for _, tc := range []struct {
		name, calls string
		local       bool
	}{
		{"name", "g(A); g(B);", true},
		{"first element", "g(&A[0]); g((shared [4] long *)&B[0]);", true},
		{"rows", "h(M);", true},
		{"second element", "g(A); g(&A[1]);", false},
		{"array parameter", "g(A); k(A);", true},
		{"array parameter, second element", "g(A); k(&A[1]);", false},
	} {
		last := `
void g(shared [4] long *p) {
	p[4 * MYTHREAD + 3] = 1;
}`
		if tc.name == "rows" {
			last = `
void h(shared [4] long m[THREADS][4]) {
	m[MYTHREAD][3] = 1;
}`
		}
		src := `
#include <upc.h>
shared [4] long A[4 * THREADS];
shared [4] long B[8 * THREADS];
shared [4] long M[THREADS][4];
void g(shared [4] long *p);
void h(shared [4] long m[THREADS][4]);
` + kDef(tc.calls) + `
void init(void) {
	` + tc.calls + `
}` + last
		u, af := load(t, src, 4)
		checkAlignedLocal(t, tc.name, u, af, tc.local, 1)
	}
}

// kDef is the definition of k, which passes its array parameter to g,
// when calls calls it (a definition's call of g counts whether or not k
// is called).
func kDef(calls string) string {
	if !strings.Contains(calls, "k(") {
		return ""
	}
	return "void k(shared [4] long q[]) {\n\tg(q);\n}"
}

// TestAllocations: pointers set from their own upc_all_alloc calls hold
// disjoint allocations, a copy holds what its source holds, a parameter
// what its callers pass, and a pointer set to a declared array's start
// may point into that array only.
func TestAllocations(t *testing.T) {
	src := `
#include <upc.h>
shared [4] long A[4 * THREADS];
shared [4] long *a, *b, *c, *pa, *any;
void g(shared [4] long *p) { p[0] = 1; }
void init(void) {
	a = upc_all_alloc(THREADS, 4 * sizeof(long));
	b = upc_all_alloc(THREADS, 4 * sizeof(long));
	c = a;
	pa = &A[0];
	any = a;
	any = b;
	g(b);
}`
	u, _ := load(t, src, 0)
	al := affinity.Allocations(u.File, u.Info)
	v := map[string]*types.Var{}
	for id, obj := range u.Info.Defs {
		if x, ok := obj.(*types.Var); ok {
			v[id.Name] = x
		}
	}
	for _, tc := range []struct {
		p, q     string
		disjoint bool
	}{
		{"a", "b", true}, {"a", "c", false}, {"b", "p", false}, {"a", "p", true},
		{"any", "a", false}, {"any", "b", false}, {"pa", "a", true}, {"pa", "pa", false},
	} {
		if got := al.Disjoint(v[tc.p], v[tc.q]); got != tc.disjoint {
			t.Errorf("Disjoint(%s, %s) = %v, want %v", tc.p, tc.q, got, tc.disjoint)
		}
	}
	if !al.MayPointInto(v["pa"], v["A"]) || al.MayPointInto(v["a"], v["A"]) {
		t.Errorf("MayPointInto: pa into A %v (want true), a into A %v (want false)", al.MayPointInto(v["pa"], v["A"]), al.MayPointInto(v["a"], v["A"]))
	}
}
