package cfg_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
)

// deps renders the control dependences of b as "b0:true b3:case".
func deps(g *cfg.Graph, b *cfg.Block) string {
	var parts []string
	for _, d := range g.ControlDeps(b) {
		parts = append(parts, fmt.Sprintf("b%d:%s", d.Block.Index, d.Edge()))
	}
	return strings.Join(parts, " ")
}

func idx(b *cfg.Block) int {
	if b == nil {
		return -1
	}
	return b.Index
}

func TestIfElse(t *testing.T) {
	g := build(t, `
int f(int a) {
	int x;
	if (a) x = 1; else x = 2;
	return x;
}`, "f")
	if want := "b0->b2:true b0->b3:false b2->b4:jump b3->b4:jump b4->b1:return"; edges(g) != want {
		t.Errorf("edges\n got %s\nwant %s", edges(g), want)
	}
	for b, want := range map[int]int{2: 0, 3: 0, 4: 0, 1: 4} {
		if got := idx(g.Idom(g.Blocks[b])); got != want {
			t.Errorf("idom(b%d) = b%d, want b%d", b, got, want)
		}
	}
	if got := idx(g.Ipdom(g.Blocks[0])); got != 4 {
		t.Errorf("ipdom(b0) = b%d, want b4", got)
	}
	for b, want := range map[int]string{2: "b0:true", 3: "b0:false", 4: "", 0: ""} {
		if got := deps(g, g.Blocks[b]); got != want {
			t.Errorf("cd(b%d) = %q, want %q", b, got, want)
		}
	}
	if df := g.DominanceFrontier(g.Blocks[2]); len(df) != 1 || df[0].Index != 4 {
		t.Errorf("DF(b2) = %v, want [b4]", df)
	}
}

func TestShortCircuit(t *testing.T) {
	g := build(t, `
void s(void);
void f(int a, int b, int c) {
	if (a && (b || !c)) s();
}`, "f")
	// b0: a; and.rhs: b; or.rhs: c (negated: edges swapped).
	then := blockByKind(t, g, "if.then", 0)
	and := blockByKind(t, g, "and.rhs", 0)
	or := blockByKind(t, g, "or.rhs", 0)
	done := blockByKind(t, g, "if.done", 0)
	if ast.NodeString(g.Entry.Control()) != "a" || ast.NodeString(and.Control()) != "b" || ast.NodeString(or.Control()) != "c" {
		t.Fatalf("conditions not decomposed:\n%s", g)
	}
	if or.Succs[0] != done || or.Succs[1] != then || or.Edges[0].Kind != cfg.True {
		t.Errorf("!c: true edge should go to if.done, false to if.then:\n%s", g)
	}
	if got, want := deps(g, then), fmt.Sprintf("b%d:true b%d:false", and.Index, or.Index); got != want {
		t.Errorf("cd(then) = %q, want %q", got, want)
	}
	if got, want := deps(g, or), fmt.Sprintf("b%d:false", and.Index); got != want {
		t.Errorf("cd(or.rhs) = %q, want %q", got, want)
	}
	// ?: and comma in a condition.
	g = build(t, `
int f(int a, int b, int c) {
	while (a ? b : (c++, c)) a--;
	return a;
}`, "f")
	ct := blockByKind(t, g, "cond.true", 0)
	cf := blockByKind(t, g, "cond.false", 0)
	if ast.NodeString(ct.Control()) != "b" || len(cf.Nodes) != 2 || ast.NodeString(cf.Control()) != "c" {
		t.Errorf("?: not decomposed:\n%s", g)
	}
}

func TestSwitch(t *testing.T) {
	g := build(t, `
#include <stdlib.h>
int g(int x, int y) {
	switch (x) {
	case 1:
		y++;
	case 2 ... 4:
		y += 2;
		break;
	default:
		y = 0;
	case 9:
		return y;
	}
	switch (y) { case 0: y = 1; }
	if (x < 0) exit(1);
	return y;
}`, "g")
	want := "b0->b3:case b0->b4:case b0->b5:default b0->b6:case b2->b8:case b2->b7:default " +
		"b3->b4:jump b4->b2:jump b5->b6:jump b6->b1:return b7->b9:true b7->b10:false b8->b7:jump " +
		"b9->b1:noreturn b10->b1:return"
	if edges(g) != want {
		t.Errorf("edges\n got %s\nwant %s\n%s", edges(g), want, g)
	}
	if g.Blocks[4].Kind != "switch.case" || ast.NodeString(g.Entry.Edges[1].Label) != "case 2 ... 4" {
		t.Errorf("case range edge: %v", g.Entry.Edges[1])
	}
	if g.Blocks[2].Edges[1].Label != nil {
		t.Errorf("switch without default: default edge should have no label")
	}
	if g.Blocks[9].NoReturn == nil || ast.CalleeName(g.Blocks[9].NoReturn) != "exit" {
		t.Errorf("exit call not marked noreturn")
	}
	// b4 runs for case 1 (through b3) and for case 2...4.
	if got := deps(g, g.Blocks[4]); got != "b0:case b0:case" {
		t.Errorf("cd(b4) = %q", got)
	}
	if got := idx(g.Ipdom(g.Blocks[7])); got != 1 {
		t.Errorf("ipdom(b7) = b%d, want exit", got)
	}
}

func TestLoopsAndInduction(t *testing.T) {
	g := build(t, `
void work(int);
int f(int n, int m) {
	int s = 0;
	for (int i = 0; i < n; i++)
		for (int j = n; j >= 1; j -= 2)
			s += i * j;
	while (1) {
		if (s) work(s);
	}
	return s;
}`, "f")
	lf := g.Loops()
	if len(lf.Loops) != 3 || len(lf.Roots) != 2 || len(lf.Irreducible) != 0 {
		t.Fatalf("loops: %d, roots %d, irreducible %v", len(lf.Loops), len(lf.Roots), lf.Irreducible)
	}
	outer, inner, forever := lf.Loops[0], lf.Loops[2], lf.Loops[1]
	if outer.Header.Index != 2 || inner.Header.Index != 6 || forever.Header.Index != 10 {
		t.Fatalf("headers b%d b%d b%d", outer.Header.Index, inner.Header.Index, forever.Header.Index)
	}
	if inner.Parent != outer || inner.Depth != 2 || lf.Depth(g.Blocks[7]) != 2 || lf.Depth(g.Blocks[3]) != 1 {
		t.Errorf("nesting wrong")
	}
	if outer.Preheader != g.Entry || inner.Preheader != g.Blocks[3] || len(forever.Exits) != 0 {
		t.Errorf("preheaders/exits wrong")
	}
	iv := outer.Induction()
	if iv == nil || iv.Name != "i" || iv.Dir != 1 || iv.Op != "<" || iv.TripCount().String() != "max0(n)" {
		t.Fatalf("outer iv: %+v", iv)
	}
	iv = inner.Induction()
	if iv == nil || iv.Name != "j" || iv.StepConst != -2 || iv.Dir != -1 || iv.TripCount().String() != "max0(((n + 1) / 2))" {
		t.Fatalf("inner iv: %+v %v", iv, iv.TripCount())
	}
	if forever.Induction() != nil {
		t.Errorf("while(1) has no induction variable")
	}
	// The infinite loop gets a virtual exit from its latch.
	if v := g.VirtualExits(); len(v) != 1 || v[0].Kind != "if.done" {
		t.Errorf("virtual exits %v", v)
	}
	if g.Exit.Live {
		t.Errorf("exit is unreachable")
	}
	ifThen := blockByKind(t, g, "if.then", 0)
	if got := deps(g, ifThen); got != "b11:true" {
		t.Errorf("cd(if.then in infinite loop) = %q", got)
	}
	if got := deps(g, g.Blocks[11]); got != "" {
		t.Errorf("body of an infinite loop depends on nothing, got %q", got)
	}
	// The outer loop header depends on itself.
	if got := deps(g, g.Blocks[2]); got != "b2:true" {
		t.Errorf("cd(for.cond) = %q", got)
	}
}

func TestTripCounts(t *testing.T) {
	for _, tc := range []struct{ loop, trip string }{
		{"for (i = 0; i < 10; i++)", "10"},
		{"for (i = 0; i <= 10; i += 3)", "4"},
		{"for (i = 10; i > 0; i--)", "10"},
		{"for (i = 10; i >= 0; i -= 5)", "3"},
		{"for (i = 0; i != n; i++)", "n"},
		{"for (i = lo; i < hi; i = i + 4)", "max0((((hi - lo) + 3) / 4))"},
		{"for (i = 0; n > i; ++i)", "max0(n)"},
		{"for (i = 0; i < n; i += k)", "max0(((n + (k - 1)) / k))"},
		{"upc_forall (i = 0; i < n; i++; i)", "max0(n)"},
		{"for (; i < n; i++)", "?"},
	} {
		g := build(t, "void f(int n, int lo, int hi, int k) { int i; "+tc.loop+" { } }", "f")
		lf := g.Loops()
		if len(lf.Loops) != 1 {
			t.Fatalf("%s: %d loops", tc.loop, len(lf.Loops))
		}
		iv := lf.Loops[0].Induction()
		if iv == nil {
			t.Errorf("%s: no induction variable", tc.loop)
			continue
		}
		got := "?"
		if tr := iv.TripCount(); tr != nil {
			got = tr.String()
		}
		if got != tc.trip {
			t.Errorf("%s: trip %s, want %s", tc.loop, got, tc.trip)
		}
	}
}

func TestInvariant(t *testing.T) {
	_, f := parse(t, `
int G;
int get(void);
void f(int n, int *p, int q) {
	int i, t = 0, u = 3;
	int *r = &u;
	for (i = 0; i < n; i++) {
		t += p[i] * q;
		p[i] = 0;
	}
	for (i = 0; i < n; i++) {
		t += q * G + u + i + n;
	}
	for (i = 0; i < n; i++) {
		t += get();
	}
}`)
	g := cfg.Build(funcs(f)["f"])
	lf := g.Loops()
	if len(lf.Loops) != 3 {
		t.Fatalf("%d loops", len(lf.Loops))
	}
	expr := func(l *cfg.Loop, s string) bool {
		for _, b := range l.Blocks {
			for _, n := range b.Nodes {
				var found bool
				var res bool
				ast.InspectCode(n, func(m ast.Node) bool {
					if e, ok := m.(ast.Expr); ok && !found && ast.NodeString(e) == s {
						found, res = true, l.Invariant(e)
					}
					return !found
				})
				if found {
					return res
				}
			}
		}
		t.Fatalf("no expression %q in loop", s)
		return false
	}
	l1, l2, l3 := lf.Loops[0], lf.Loops[1], lf.Loops[2]
	for _, c := range []struct {
		l    *cfg.Loop
		e    string
		want bool
	}{
		{l1, "q", true}, {l1, "p[i]", false}, {l1, "t", false}, {l1, "i", false}, {l1, "p[i] * q", false},
		{l2, "q * G", true}, {l2, "u", true}, {l2, "n", true}, {l2, "q * G + u + i", false},
		{l3, "get()", false}, {l3, "n", true},
	} {
		if got := expr(c.l, c.e); got != c.want {
			t.Errorf("loop b%d: Invariant(%s) = %v, want %v", c.l.Header.Index, c.e, got, c.want)
		}
	}
	// In loop 1 there is a store through p: globals and address-taken
	// locals could change, but locals whose address is not taken cannot.
	if l1.Induction() == nil || l3.Induction() == nil {
		t.Errorf("induction variables not found")
	}
}

// TestInvariantAcrossBarrier: a barrier or fence in a loop lets other
// threads' writes be seen, so a shared global may change there but a
// private one may not: a loop of barriers up to a private global bound
// (Berkeley's barriertest runs `iters` of them) is counted. A store to a
// shared element changes no private variable either; one through a
// private pointer may.
func TestInvariantAcrossBarrier(t *testing.T) {
	_, f := parse(t, `
int niter;
shared int S;
shared int A[100];
int *p;
void touch(void);
void f(void) {
	int i;
	for (i = 0; i < niter; i++) { upc_barrier; }
	for (i = 0; i < S; i++) { upc_barrier; }
	for (i = 0; i < niter; i++) { upc_fence; touch(); }
	for (i = 0; i < niter; i++) { upc_notify; upc_wait; }
	for (i = 0; i < niter; i++) { A[i] = i; upc_barrier; }
	for (i = 0; i < niter; i++) { p[i] = i; }
}`)
	// S and the elements of A are shared; p is a private pointer
	shared := func(e ast.Expr) bool {
		if x, ok := e.(*ast.IndexExpr); ok {
			e = x.X
		}
		n, ok := e.(*ast.Name)
		return ok && (n.Name == "S" || n.Name == "A")
	}
	for _, c := range []struct {
		opts *cfg.Options
		want []bool // Induction found, per loop
	}{
		{&cfg.Options{Shared: shared}, []bool{true, false, false, true, true, false}},
		{nil, []bool{false, false, false, false, false, false}}, // without types any global may be shared
	} {
		lf := cfg.BuildOptions(funcs(f)["f"], c.opts).Loops()
		if len(lf.Loops) != len(c.want) {
			t.Fatalf("%d loops", len(lf.Loops))
		}
		for i, l := range lf.Loops {
			if got := l.Induction() != nil; got != c.want[i] {
				t.Errorf("options %v: loop %d: induction variable found %v, want %v", c.opts != nil, i+1, got, c.want[i])
			}
		}
	}
}

// TestWhileStartAbove: the start of a while loop's counter is found above
// its preheader, up the blocks with one predecessor (the counter set
// before the if whose arm holds the loop), unless paths merge on the way
// or the counter's address is taken.
func TestWhileStartAbove(t *testing.T) {
	_, f := parse(t, `
void g(int *);
void f(int c, int n) {
	int i = 0, j = 0, k = 0;
	g(&k);
	if (c) {
		while (i < n) { c++; i++; }
	}
	if (c > 1)
		j = 5;
	while (j < n) { c++; j++; }
	if (c) {
		while (k < n) { c++; k++; }
	}
}`)
	lf := cfg.Build(funcs(f)["f"]).Loops()
	want := map[string]bool{"i": true, "j": false, "k": false}
	if len(lf.Loops) != len(want) {
		t.Fatalf("%d loops", len(lf.Loops))
	}
	for _, l := range lf.Loops {
		iv := l.Induction()
		if iv == nil {
			t.Errorf("loop b%d: no induction variable", l.Header.Index)
			continue
		}
		if got := iv.Start != nil; got != want[iv.Name] {
			t.Errorf("%s: start found %v, want %v", iv.Name, got, want[iv.Name])
		}
	}
}
