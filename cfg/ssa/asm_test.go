package ssa_test

import (
	"testing"

	"github.com/upclint/upclint/cfg/ssa"
)

// TestAsmOperands checks that a GNU asm statement is a call that may
// write the locals its operands name: they stay in memory (no φ, no
// register value survives across the asm), and the asm's arguments are
// their addresses.
func TestAsmOperands(t *testing.T) {
	fs := build(t, `
unsigned long rdtsc(void)
{
	unsigned lo = 0, hi = 0, k = 3;
	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	asm volatile("" ::: "memory");
	return ((unsigned long)hi << 32) | lo | k;
}`)
	f := fs["rdtsc"]
	var asms []*ssa.Call
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok && c.Callee == "__asm__" {
				asms = append(asms, c)
			}
		}
	}
	if len(asms) != 2 {
		t.Fatalf("%d asm calls, want 2\n%s", len(asms), f)
	}
	var names []string
	for _, a := range asms[0].Args {
		al, ok := a.(*ssa.Alloc)
		if !ok {
			t.Fatalf("asm argument %v is not an address\n%s", a, f)
		}
		names = append(names, al.Var.Name)
	}
	if len(names) != 2 || names[0] != "lo" || names[1] != "hi" {
		t.Errorf("asm operands = %v, want [lo hi]\n%s", names, f)
	}
	if len(asms[1].Args) != 0 {
		t.Errorf("clobber-only asm has arguments %v", asms[1].Args)
	}
	// lo and hi are read back from memory after the asm; k is promoted.
	if n := count[*ssa.Load](f); n != 2 {
		t.Errorf("%d loads, want 2 (lo and hi after the asm)\n%s", n, f)
	}
	for _, v := range f.Vars {
		if (v.Name == "lo" || v.Name == "hi") != v.AddrTaken {
			t.Errorf("%s: AddrTaken = %v", v.Name, v.AddrTaken)
		}
	}
}
