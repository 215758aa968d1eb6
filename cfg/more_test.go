package cfg_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/upclint/upclint/cfg"
)

func TestDoWhileContinueBreak(t *testing.T) {
	g := build(t, `
int f(int n) {
	int i = 0;
	do {
		if (i == 3) continue;
		if (i == 8) break;
		n--;
	} while (++i < n);
	return i;
}`, "f")
	body := blockByKind(t, g, "do.body", 0)
	cond := blockByKind(t, g, "do.cond", 0)
	done := blockByKind(t, g, "do.done", 0)
	// continue jumps to the condition, break to the end.
	then0 := blockByKind(t, g, "if.then", 0)
	then1 := blockByKind(t, g, "if.then", 1)
	if then0.Succs[0] != cond || then1.Succs[0] != done {
		t.Errorf("continue → %v, break → %v\n%s", then0.Succs[0], then1.Succs[0], g)
	}
	l := g.Loops().LoopFor(body.Stmt)
	if l == nil || l.Header != body || len(l.Latches) != 1 || l.Latches[0] != cond {
		t.Fatalf("do loop: %+v", l)
	}
	if len(l.Exits) != 2 {
		t.Errorf("%d exits, want 2 (condition false, break)", len(l.Exits))
	}
}

func TestGotoIntoAndOutOfLoops(t *testing.T) {
	g := build(t, `
int f(int n) {
	int i = 0;
	if (n > 5) goto mid;
	while (i < n) {
		i += 2;
mid:
		i--;
		if (i == 42) goto out;
	}
out:
	return i;
}`, "f")
	lf := g.Loops()
	if len(lf.Loops) != 0 || len(lf.Irreducible) != 1 {
		t.Errorf("a jump into a loop body makes it irreducible: %d loops, %v", len(lf.Loops), lf.Irreducible)
	}
	mid := g.Labels["mid"]
	if mid == nil || len(mid.Preds) != 2 || !mid.Live {
		t.Fatalf("label mid: %v", mid)
	}
	out := g.Labels["out"]
	if len(out.Preds) != 2 { // from the while's false edge and the goto
		t.Errorf("out preds %v", out.Preds)
	}
	// Backward goto makes a natural loop.
	g = build(t, `
void f(int n) {
again:
	n--;
	if (n) goto again;
}`, "f")
	lf = g.Loops()
	if len(lf.Loops) != 1 || lf.Loops[0].Header != g.Labels["again"] || lf.Loops[0].Stmt != nil {
		t.Errorf("goto loop not found:\n%s", g)
	}
}

func TestComputedGoto(t *testing.T) {
	g := build(t, `
int f(int k) {
	void *tab[] = { &&a, &&b };
	goto *tab[k];
a:	return 1;
b:	return 2;
c:	return 3;
}`, "f")
	if got := strings.Join(g.AddrLabels, " "); got != "a b" {
		t.Errorf("address-taken labels %q", got)
	}
	var from *cfg.Block
	for _, b := range g.Blocks {
		if len(b.Edges) > 0 && b.Edges[0].Kind == cfg.Computed {
			from = b
		}
	}
	if from == nil || len(from.Succs) != 2 || from.Succs[0] != g.Labels["a"] || from.Succs[1] != g.Labels["b"] {
		t.Fatalf("computed goto edges wrong:\n%s", g)
	}
	if g.Labels["c"].Live {
		t.Errorf("label c is not reachable")
	}
}

func TestUnreachableAndNoReturn(t *testing.T) {
	g := build(t, `
#include <stdlib.h>
#include <upc.h>
int f(int n) {
	if (n < 0) {
		abort();
		n = 1;
	}
	return n;
	n++;
}`, "f")
	dead := 0
	for _, b := range g.Blocks {
		if !b.Live {
			dead++
			if len(b.Nodes) != 1 {
				t.Errorf("dead block b%d should hold its statement", b.Index)
			}
			if g.Idom(b) != nil {
				t.Errorf("dead block has a dominator")
			}
		}
	}
	if dead != 2 {
		t.Errorf("%d dead blocks, want 2 (n = 1 and n++)\n%s", dead, g)
	}
	then := blockByKind(t, g, "if.then", 0)
	if then.NoReturn == nil || then.Succs[0] != g.Exit || then.Edges[0].Kind != cfg.NoReturn {
		t.Errorf("abort() should end its block with an edge to exit")
	}
}

func TestBarrierBlocks(t *testing.T) {
	g := build(t, `
#include <upc.h>
void f(int n) {
	n++;
	upc_notify n;
	n--;
	upc_wait;
	upc_barrier;
	upc_fence;
}`, "f")
	var kinds []string
	for _, b := range g.Blocks {
		if len(b.Nodes) == 1 {
			switch b.Kind {
			case "notify", "wait", "barrier", "fence":
				kinds = append(kinds, b.Kind)
			}
		}
	}
	if got := strings.Join(kinds, " "); got != "notify wait barrier fence" {
		t.Errorf("barrier blocks: %s\n%s", got, g)
	}
}

func TestForallAffinityKinds(t *testing.T) {
	g := build(t, `
#include <upc.h>
shared int a[10*THREADS];
void h(int n) {
	int i, j;
	upc_forall (i = 0; i < n; i++; i) a[i] = 0;
	upc_forall (i = 0; i < n; i++; &a[i]) {
		upc_forall (j = 0; j < n; j++; j) a[j] = 1;
		if (i == 3) continue;
		a[i] += 1;
	}
	upc_forall (i = 0; i < n; i++; continue) a[i] = 2;
	upc_forall (i = 0; i < n; i++;) a[i] = 3;
}`, "h")
	// Two affinity tests: the nested forall's is ignored, and continue or
	// an empty clause test nothing.
	n := 0
	for _, b := range g.Blocks {
		if b.Kind == "forall.affinity" {
			n++
			if b.Edges[0].Kind != cfg.True || b.Succs[0].Kind != "forall.body" || b.Succs[1].Kind != "forall.post" {
				t.Errorf("affinity b%d: body on true, post (skip) on false", b.Index)
			}
			if b.Forall != nil {
				t.Errorf("affinity test is not inside the body")
			}
		}
	}
	if n != 2 {
		t.Errorf("%d affinity tests, want 2", n)
	}
	inner := blockByKind(t, g, "forall.body", 2) // the nested forall's body
	if inner.ForallDepth != 2 {
		t.Errorf("nested forall body depth %d", inner.ForallDepth)
	}
	// continue in a forall goes to its post block.
	then := blockByKind(t, g, "if.then", 0)
	if then.Succs[0].Kind != "forall.post" || then.Forall == nil {
		t.Errorf("continue in forall → %v", then.Succs[0])
	}
	// The body depends on the affinity test.
	aff := blockByKind(t, g, "forall.affinity", 0)
	body := blockByKind(t, g, "forall.body", 0)
	if got := deps(g, body); got != fmt.Sprintf("b%d:true", aff.Index) {
		t.Errorf("cd(forall body) = %q", got)
	}
	lf := g.Loops()
	if len(lf.Loops) != 5 || lf.Depth(inner) != 2 {
		t.Errorf("%d loops, inner depth %d", len(lf.Loops), lf.Depth(inner))
	}
}

func TestDotAndPrint(t *testing.T) {
	fset, f := parse(t, `
int f(int n) {
	switch (n) { case 1: return 2; default: break; }
	while (n > 0) n--;
	return n;
}`)
	g := cfg.Build(funcs(f)["f"])
	var buf bytes.Buffer
	g.WriteDot(&buf, &cfg.DotOptions{Fset: fset, Annotate: func(b *cfg.Block) []string {
		return []string{fmt.Sprintf("depth=%d", g.Loops().Depth(b))}
	}})
	dot := buf.String()
	for _, want := range []string{"digraph \"f\" {", "label=\"case 1\"", "label=\"default\"", "label=\"true\"", "depth=1", "style=bold", "4: n > 0"} {
		if !strings.Contains(dot, want) {
			t.Errorf("DOT output lacks %q:\n%s", want, dot)
		}
	}
	buf.Reset()
	g.Fprint(&buf, fset)
	if !strings.Contains(buf.String(), "5:2: return n") {
		t.Errorf("listing lacks positions:\n%s", buf.String())
	}
}
