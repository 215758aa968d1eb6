package affinity

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
)

// ownerGuarded says why a only runs on the thread that owns its element,
// or returns "": a declared shared object whose elements thread 0 owns (an
// indefinite array, a shared scalar or structure) under a test that the
// thread is 0; an element a[e] under upc_threadof(&a[e]) == MYTHREAD; an
// element a[e] of a one-dimensional cyclic array under e == MYTHREAD or
// e % THREADS == MYTHREAD (the hand-written work distribution "if (j %
// THREADS == MYTHREAD)"), tested in the same iteration of the innermost
// loop around a.
func (f *Func) ownerGuarded(a *affine.Access) string {
	g := f.Affine.Graph
	if g == nil || a.Block == nil || a.Layout == nil || a.Pointer {
		return ""
	}
	bs, ok := BlockOf(a, f.Affine.Info)
	if !ok {
		return ""
	}
	if bs == 0 {
		if g.Guarded(a.Block, nil, func(e ast.Expr, kind cfg.EdgeKind) bool { return cfg.ThreadTest(e, kind) == "0" }) {
			return "thread 0 owns every element, and only thread 0 runs this"
		}
		return ""
	}
	var idx ast.Expr
	if x, ok := ast.Unparen(a.Expr).(*ast.IndexExpr); ok && bs == 1 {
		if _, inner := ast.Unparen(x.X).(*ast.IndexExpr); !inner {
			idx = ast.Unparen(x.Index)
		}
	}
	var in *cfg.Loop
	if len(a.Loops) > 0 {
		in = a.Loops[0]
	}
	self := "upc_threadof(&" + ast.NodeString(a.Expr) + ")"
	if g.Guarded(a.Block, in, func(e ast.Expr, kind cfg.EdgeKind) bool {
		r := cfg.ThreadTest(e, kind)
		return r != "" && (r == self || idx != nil && (r == ast.NodeString(idx) || f.wrapsThreads(e, idx)))
	}) {
		return "only the owner of the element runs this (tested against MYTHREAD)"
	}
	return ""
}

// wrapsThreads reports whether the test e (x == MYTHREAD or MYTHREAD == x)
// compares MYTHREAD with idx % THREADS.
func (f *Func) wrapsThreads(e, idx ast.Expr) bool {
	x, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	other := ast.Unparen(x.X)
	if isMyThread(other) {
		other = ast.Unparen(x.Y)
	}
	m, ok := other.(*ast.BinaryExpr)
	if !ok || m.Op != "%" || ast.NodeString(ast.Unparen(m.X)) != ast.NodeString(idx) {
		return false
	}
	if c, ok := ast.Unparen(m.Y).(*ast.UPCConst); ok && c.Name == "THREADS" {
		return true
	}
	n, ok := f.evalInt(m.Y, map[string]int64{affine.Threads: int64(f.Threads)})
	return ok && f.Threads > 0 && n == int64(f.Threads)
}

// memberOfLocal says why a, an element of an array member of a structure
// element (s[i].a[j]), is local, or returns "": the structure element is
// (UPC 1.3 §6.5.2.1: a structure's members lie on its thread), as s[i]
// under upc_forall (...; i) for a cyclic s.
func (f *Func) memberOfLocal(a *affine.Access) string {
	m, ok := ast.Unparen(a.Base).(*ast.MemberExpr)
	if !ok || m.Arrow {
		return ""
	}
	c := f.Affine.Access(m.X)
	if c == nil || c == a || !c.Shared {
		return ""
	}
	fc := f.facts[c]
	if fc == nil {
		fc = f.classify(c)
		f.facts[c] = fc
	}
	if fc.Kind != Local {
		return ""
	}
	return "member of " + ast.NodeString(c.Expr) + ", which is local (" + fc.Reason + ")"
}

// threadZeroAffinity reports whether the upc_forall fa runs every
// iteration on thread 0: its integer affinity is a constant multiple of
// THREADS (0 under dynamic THREADS).
func (f *Func) threadZeroAffinity(fa *ast.ForallStmt, b *cfg.Block) bool {
	x := ast.Unparen(fa.Affinity.X)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == "&" {
		return false
	}
	e, _ := f.Affine.Form(x, b)
	if e == nil || !e.IsConst() {
		return false
	}
	return e.Const == 0 || f.Threads > 0 && e.Const%int64(f.Threads) == 0
}
