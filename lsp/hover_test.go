package lsp

import (
	"testing"
)

// TestHoverPointers: accesses through pointers-to-shared get the owner
// formula of their block size and an "unknown" affinity; an address
// expression &a[e] names the thread of the element it points to.
func TestHoverPointers(t *testing.T) {
	src := `#include <upc.h>
shared [4] int a[4*THREADS];
shared [4] int *p;
shared int *q;
shared [] int *r;
int f(int n) {
  int s = 0;
  p = &a[4*MYTHREAD];
  s += p[n] + q[n+1] + r[2];
  return s;
}
`
	c, u := openOne(t, nil, "", "p.upc", src)
	checkHovers(t, c, u, src, []hoverCase{
		{"blocked pointer element", 8, "p[n]", 0, []string{
			"pointer-to-shared `shared [4] int *p`", "block size: 4",
			"owner of `p[n]`: thread `(upc_threadof(p) + (upc_phaseof(p) + n) / 4) % THREADS`",
			"affinity here: **unknown** (access through a pointer-to-shared)"}, []string{"**local**"}},
		{"cyclic pointer element", 8, "q[n+1]", 1, []string{
			"block size: 1 (cyclic)", "owner of `q[n + 1]`: thread `(upc_threadof(q) + (n + 1)) % THREADS`", "**unknown**"}, nil},
		{"indefinite pointer element", 8, "r[2]", 0, []string{
			"block size: indefinite", "owner of `r[2]`: thread `upc_threadof(r)`"}, nil},
		{"pointer declaration", 2, "*p", 1, []string{
			"shared [4] int *p", "pointer-to-shared", "owner of `p[i]`: thread `(upc_threadof(p) + (upc_phaseof(p) + i) / 4) % THREADS`"}, nil},
		{"address expression", 7, "&a", 0, []string{
			"type `shared [4] int *`", "pointer-to-shared to `a[4 * MYTHREAD]`, which lives on thread `((4 * MYTHREAD) / 4) % THREADS`",
			"**varies between threads**: depends on `MYTHREAD`"}, nil},
	})
}

// TestHoverForallAffinity: the hover's locality is the affinity analysis's
// (read from the snapshot's facts), as the rules' is: the element of a
// upc_forall's affinity through a pointer is local, its neighbour is not
// known to be, and the affinity of a nested upc_forall is ignored.
func TestHoverForallAffinity(t *testing.T) {
	src := `#include <upc.h>
shared int c[16*THREADS], o[16*THREADS];
int f(shared int *p) {
  int s = 0, i, j;
  upc_forall (i = 0; i < 16; i++; &p[i]) s += p[i] + p[i+1];
  upc_forall (i = 0; i < 16; i++; &o[i]) upc_forall (j = 0; j < 16; j++; &c[j]) s += c[j];
  return s;
}
`
	c, u := openOne(t, nil, "", "f.upc", src)
	checkHovers(t, c, u, src, []hoverCase{
		{"affinity element through a pointer", 4, "s += p[i]", 5, []string{"affinity here: **local** (the element of the upc_forall's affinity &p[i])"}, nil},
		{"neighbour through a pointer", 4, "p[i+1]", 0, []string{"affinity here: **unknown**"}, []string{"**local**"}},
		{"nested forall", 5, "s += c[j]", 5, []string{"affinity here: **unknown**"}, []string{"**local**"}},
	})
}
