package ssa_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/upclint/upclint/cfg/ssa"
)

// phis returns "block:var" for every φ of f.
func phis(f *ssa.Function) []string {
	var out []string
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			if p, ok := instr.(*ssa.Phi); ok {
				out = append(out, strconv.Itoa(b.Index)+":"+p.Var.Name)
			}
		}
	}
	return out
}

func count[T any](f *ssa.Function) int {
	n := 0
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := instr.(T); ok {
				n++
			}
		}
	}
	return n
}

func TestPhiPlacement(t *testing.T) {
	fs := build(t, `
int f(int n, int *q) {
	int s = 0, t, u = 1;
	for (int i = 0; i < n; i++) {
		if (q[i] > 0)
			s += q[i];
		else
			t = s;
	}
	while (u < n) u *= 2;
	return s + u;
}`)
	f := fs["f"]
	// for.cond (b2) merges s and i; if.done (b8) merges s; while.cond
	// (b9) merges u. t is never read: no φ. The φ for i at b8 is dead.
	if got, want := strings.Join(phis(f), " "), "2:s 2:i 8:s 9:u"; got != want {
		t.Errorf("φs = %s, want %s\n%s", got, want, f)
	}
	if count[*ssa.Load](f) != 2 || count[*ssa.Store](f) != 0 || count[*ssa.Alloc](f) != 0 {
		t.Errorf("memory: %d loads, %d stores, %d allocs\n%s", count[*ssa.Load](f), count[*ssa.Store](f), count[*ssa.Alloc](f), f)
	}
	// The φ for s at for.cond has 0 from the entry and the if.done value
	// from the latch.
	for _, instr := range f.Blocks[2].Instrs {
		if p, ok := instr.(*ssa.Phi); ok && p.Var.Name == "s" {
			if c, ok := p.Edges[0].(*ssa.Const); !ok || c.Int != 0 {
				t.Errorf("s φ edge 0 = %v", p.Edges[0])
			}
			if q, ok := p.Edges[1].(*ssa.Phi); !ok || q.Block().Index != 8 {
				t.Errorf("s φ edge 1 = %v", p.Edges[1])
			}
			if len(*p.Referrers()) != 3 { // i<n? no: s+=, t=s, φ at b8, s+u
				_ = 0
			}
		}
	}
}

func TestMemoryAndUPC(t *testing.T) {
	fs := build(t, `
#include <upc.h>
#include <stdlib.h>
shared int a[100*THREADS];
shared [] int *p;
int x;
int g(int n, int *q) {
	int s = 0, loc;
	int *r = &loc;
	upc_forall (int i = 0; i < n; i++; &a[i])
		a[i] = s + *p;
	upc_forall (int i = 0; i < n; i++; i)
		s += a[i];
	upc_forall (int i = 0; i < n; i++; continue)
		x++;
	upc_barrier 3;
	upc_notify; upc_wait;
	upc_fence;
	upc_memget(q, &a[MYTHREAD], 4);
	upc_memput(&a[0], q, 4);
	*r = 2;
	if (n < 0) upc_global_exit(1);
	switch (n) { case 1: s = 2; break; default: s = 3; }
	return s + loc;
}`)
	f := fs["g"]
	var affs []*ssa.Affinity
	var barriers []string
	var bulk []string
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			switch i := instr.(type) {
			case *ssa.Affinity:
				affs = append(affs, i)
			case *ssa.Barrier:
				barriers = append(barriers, i.Kind)
			case *ssa.BulkCopy:
				bulk = append(bulk, i.Op)
			}
		}
	}
	if len(affs) != 2 || !affs[0].Pointer || affs[1].Pointer {
		t.Errorf("affinity tests: %v", affs)
	}
	if got := strings.Join(barriers, " "); got != "upc_barrier upc_notify upc_wait upc_fence" {
		t.Errorf("barriers: %s", got)
	}
	if got := strings.Join(bulk, " "); got != "upc_memget upc_memput" {
		t.Errorf("bulk copies: %s", got)
	}
	// Gets: *p, a[i]; puts: a[i] =. x++ is a private global load/store;
	// loc lives in memory (its address is taken).
	if count[*ssa.Get](f) != 2 || count[*ssa.Put](f) != 1 {
		t.Errorf("%d gets, %d puts\n%s", count[*ssa.Get](f), count[*ssa.Put](f), f)
	}
	if count[*ssa.Alloc](f) != 1 || count[*ssa.Halt](f) != 1 || count[*ssa.Switch](f) != 1 {
		t.Errorf("allocs %d halts %d switches %d\n%s", count[*ssa.Alloc](f), count[*ssa.Halt](f), count[*ssa.Switch](f), f)
	}
	for _, v := range f.Promoted {
		if v.Name == "loc" || v.Name == "x" {
			t.Errorf("%s should not be promoted", v.Name)
		}
	}
}

func TestStatementExpressionAndShortCircuit(t *testing.T) {
	fs := build(t, `
int h(int n) {
	int x = ({ int t = 0; for (int i = 0; i < n; i++) t += i; t; });
	if (n > 0 && x > 10 || n == -1)
		x = 0;
	return x;
}`)
	f := fs["h"]
	// The value of the statement expression is the φ of t at the loop
	// header; the return merges it with 0.
	ret := f.Blocks[len(f.Blocks)-1]
	var r *ssa.Return
	for _, b := range f.Blocks {
		if x, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			r, ret = x, b
		}
	}
	p, ok := r.X.(*ssa.Phi)
	if !ok || p.Var.Name != "x" || len(p.Edges) != 2 {
		t.Fatalf("return operand %v in block %d\n%s", r.X, ret.Index, f)
	}
	var fromLoop, zero int
	for _, e := range p.Edges {
		switch e := e.(type) {
		case *ssa.Phi:
			if e.Var.Name == "t" {
				fromLoop++
			}
		case *ssa.Const:
			if e.IsInt && e.Int == 0 {
				zero++
			}
		}
	}
	if fromLoop != 1 || zero != 1 {
		t.Errorf("x φ edges %v\n%s", p, f)
	}
	if count[*ssa.If](f) != 4 {
		t.Errorf("%d conditional branches, want 4 (loop + three sub-conditions)", count[*ssa.If](f))
	}
}
