package cfg_test

import (
	"testing"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
)

// fixedInLoopWalk is FixedInLoop by its definition: the body is walked for
// &name and every node of the loop for a store to name.
func fixedInLoopWalk(body ast.Node, l *cfg.Loop, name string) bool {
	moved := false
	ast.InspectCode(body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" && cfg.IsName(u.X, name) {
			moved = true
		}
		return !moved
	})
	for _, b := range l.Blocks {
		for _, n := range b.Nodes {
			ast.InspectCode(n, func(m ast.Node) bool {
				if lv := cfg.Stored(m); lv != nil && cfg.IsName(lv, name) {
					moved = true
				}
				return !moved
			})
		}
	}
	return !moved
}

// TestFixedInLoopMatchesWalk compares FixedInLoop, which reads the graph's
// & operators and each loop's stored names computed once, with the walks
// that define it, for every loop and name of the test programs, and for a
// body that is not the graph's (the loop's own statement).
func TestFixedInLoopMatchesWalk(t *testing.T) {
	loops, fixed, moved := 0, 0, 0
	eachTestFunc(t, func(name string, d *ast.Decl, g *cfg.Graph) {
		names := map[string]bool{}
		ast.InspectCode(d.Body, func(n ast.Node) bool {
			if x, ok := n.(*ast.Name); ok {
				names[x.Name] = true
			}
			return true
		})
		for _, l := range g.Loops().Loops {
			loops++
			bodies := []ast.Node{d.Body}
			if l.Stmt != nil {
				bodies = append(bodies, l.Stmt)
			}
			for v := range names {
				for _, body := range bodies {
					want := fixedInLoopWalk(body, l, v)
					if got := cfg.FixedInLoop(body, l, v); got != want {
						t.Errorf("%s: %s, loop at %v, %s: FixedInLoop = %v, the walks say %v", name, ast.FuncName(d), l.Header.Index, v, got, want)
					}
					if want {
						fixed++
					} else {
						moved++
					}
				}
			}
		}
	})
	// the comparison must have seen both answers many times
	if loops < 500 || fixed < 1000 || moved < 1000 {
		t.Errorf("only %d loops, %d fixed and %d moved answers", loops, fixed, moved)
	}
	t.Logf("%d loops, %d fixed, %d moved", loops, fixed, moved)
}
