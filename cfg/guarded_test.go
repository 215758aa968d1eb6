package cfg_test

import (
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/internal/testprogs"
	"github.com/upclint/upclint/grammar/ast"
)

// guardedWalk is Guarded by its definition: every dominator of b, b
// included, whose only predecessor branches to it.
func guardedWalk(g *cfg.Graph, b *cfg.Block, in *cfg.Loop, match func(ast.Expr, cfg.EdgeKind) bool) bool {
	for d := b; d != nil; d = g.Idom(d) {
		if len(d.Preds) != 1 {
			continue
		}
		p := d.Preds[0]
		e, ok := p.Control().(ast.Expr)
		if !ok || len(p.Succs) < 2 || in != nil && !in.Contains(p) {
			continue
		}
		if i := p.SuccIndex(d); i >= 0 && match(ast.Unparen(e), p.Edges[i].Kind) {
			return true
		}
	}
	return false
}

// TestGuardedMatchesWalk: Guarded, which visits only the dominators
// entered from a branch, answers as the walk of every dominator, for every
// block of the test programs, with and without each loop around it, for
// the thread tests and for tests on one edge kind.
func TestGuardedMatchesWalk(t *testing.T) {
	matches := []func(ast.Expr, cfg.EdgeKind) bool{
		func(e ast.Expr, k cfg.EdgeKind) bool { return cfg.ThreadTest(e, k) == "0" },
		func(e ast.Expr, k cfg.EdgeKind) bool { return cfg.ThreadTest(e, k) != "" },
		func(_ ast.Expr, k cfg.EdgeKind) bool { return k == cfg.True },
	}
	guarded, checked := 0, 0
	eachTestFunc(t, func(name string, d *ast.Decl, g *cfg.Graph) {
		for _, b := range g.Blocks {
			ins := []*cfg.Loop{nil}
			for l := g.Loops().LoopOf(b); l != nil; l = l.Parent {
				ins = append(ins, l)
			}
			for _, in := range ins {
				for k, m := range matches {
					want := guardedWalk(g, b, in, m)
					if got := g.Guarded(b, in, m); got != want {
						t.Fatalf("%s: %s, block %d, match %d: Guarded = %v, the walk says %v", name, ast.FuncName(d), b.Index, k, got, want)
					}
					checked++
					if want {
						guarded++
					}
				}
			}
		}
	})
	if guarded == 0 || guarded == checked {
		t.Errorf("%d of %d guarded: the programs do not test both answers", guarded, checked)
	}
	t.Logf("%d of %d guarded", guarded, checked)
}

// eachTestFunc calls f with every function definition of the repository's
// test programs and its graph; it skips in -short mode.
func eachTestFunc(t *testing.T, f func(name string, d *ast.Decl, g *cfg.Graph)) {
	t.Helper()
	if testing.Short() {
		t.Skip("loads every test program")
	}
	files, err := testprogs.Files("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		u, _, err := testprogs.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		if u.File == nil {
			continue
		}
		for _, d := range u.File.Decls {
			if d, ok := d.(*ast.Decl); ok && d.Body != nil {
				f(name, d, cfg.Build(d))
			}
		}
	}
}
