package collective

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar/ast"
)

// Divergence is a thread-dependent branch that makes threads disagree on
// how often they reach a block.
type Divergence struct {
	Kind   Kind // Branch, Loop or EarlyExit
	Branch *cfg.Block
	Why    *variance.Reason
	Loop   *cfg.Loop // for Kind Loop
}

// Divergence returns the thread-dependent branch that makes threads
// disagree on how often they execute block b, or nil, with the precision
// assumptions of the collectivity rule: only strong reasons count (see
// variance.Reason.Weak); a branch whose other arms only end the program
// (error exits) does not diverge; nor does the comparison of a counted
// loop with a single-valued trip count (variance.Uniformity.LoopUniform);
// nor a branch whose arms execute the same collectives (Aligned). The
// affinity test of a upc_forall is left to the caller (Fact.Forall).
func (f *Func) Divergence(b *cfg.Block) *Divergence {
	return (&diverger{f: f, u: f.Uniformity()}).find(b)
}

// Executed returns why the threads may execute block b a different number
// of times, or nil when every thread executes it alike: Divergence, where
// aligned branches count too (the question is whether every thread
// executes b, not whether collectives match), and the affinity test of an
// enclosing upc_forall.
func (f *Func) Executed(b *cfg.Block) *variance.Reason {
	if b.Forall != nil {
		return &variance.Reason{What: "upc_forall affinity test", Origin: variance.FromForall}
	}
	if d := (&diverger{f: f, u: f.Uniformity(), strict: true}).find(b); d != nil {
		return d.Why
	}
	return nil
}

// Uniformity returns the flow-precise thread-variance of the function.
func (f *Func) Uniformity() *variance.Uniformity {
	return &variance.Uniformity{V: f.V, Types: f.Info.Types, Unit: f.Info}
}

type diverger struct {
	f *Func
	u *variance.Uniformity
	// strict: aligned branches count as divergence too
	strict bool
}

// find is Divergence.
func (c *diverger) find(b *cfg.Block) *Divergence {
	seen := map[*cfg.Block]bool{}
	// target is the block whose execution is in question at this step: b,
	// or the last branch above it that decides it other than by stopping
	// the program.
	var walk func(x, target *cfg.Block) *Divergence
	walk = func(x, target *cfg.Block) *Divergence {
		for _, d := range c.f.Graph.ControlDeps(x) {
			br := d.Block
			if seen[br] {
				continue
			}
			seen[br] = true
			next := target
			if c.f.Graph.ControlsUnlessStopped(target, br) {
				next = br
				if c.f.V.Branch(br) != nil && (c.strict || !c.f.Aligned(br)) {
					if dv := c.diverges(b, br); dv != nil {
						return dv
					}
				}
			}
			if dv := walk(br, next); dv != nil {
				return dv
			}
		}
		return nil
	}
	return walk(b, b)
}

// diverges classifies the branch br above block b, or returns nil if it
// does not really make threads disagree about b.
func (c *diverger) diverges(b, br *cfg.Block) *Divergence {
	ctl := br.Control()
	if _, ok := ctl.(*ast.Affinity); ok {
		return nil // reported as forall above
	}
	e, ok := ctl.(ast.Expr)
	if !ok {
		return nil
	}
	why := c.u.Variant(e, br)
	if why == nil {
		return nil
	}
	d := &Divergence{Kind: Branch, Branch: br, Why: why}
	for l := c.f.Graph.Loops().LoopOf(br); l != nil; l = l.Parent {
		if !l.Contains(b) {
			continue
		}
		for _, ex := range l.Exits {
			if ex.From == br {
				if c.u.LoopUniform(l, br) || !c.strict && c.f.compensated(l) {
					return nil
				}
				d.Kind, d.Loop = Loop, l
				return d
			}
		}
	}
	if c.terminatesOnly(b, br) {
		return nil
	}
	if s := enclosingBranch(c.f.Graph, ctl); s == nil || b.Pos() < s.Start() || b.Pos() >= s.End() {
		d.Kind = EarlyExit
	}
	return d
}

// terminatesOnly reports whether every path from br that avoids b ends the
// program: a call that never returns (exit, abort, upc_global_exit), or a
// return from main that b cannot reach again. Such paths are error exits.
func (c *diverger) terminatesOnly(b, br *cfg.Block) bool {
	g := c.f.Graph
	isMain := g.Name == "main"
	fromB := reach(b)
	seen := map[*cfg.Block]bool{b: true, br: true}
	var stack []*cfg.Block
	for _, s := range br.Succs {
		if !seen[s] {
			seen[s] = true
			stack = append(stack, s)
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, s := range x.Succs {
			if s == g.Exit {
				switch x.Edges[i].Kind {
				case cfg.NoReturn:
					continue
				case cfg.Return:
					if isMain && !fromB[x] {
						continue
					}
				}
				return false
			}
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}

// reach returns b and the blocks reachable from it.
func reach(b *cfg.Block) map[*cfg.Block]bool {
	out := map[*cfg.Block]bool{b: true}
	for _, x := range reachable(b.Succs) {
		out[x] = true
	}
	return out
}

// enclosingBranch returns the innermost if, switch or loop statement of g
// whose range contains the condition ctl.
func enclosingBranch(g *cfg.Graph, ctl ast.Node) ast.Stmt {
	if g.Func == nil || g.Func.Body == nil {
		return nil
	}
	var best ast.Stmt
	ast.InspectCode(g.Func.Body, func(n ast.Node) bool {
		if n == nil || ctl.Start() < n.Start() || ctl.End() > n.End() {
			return false
		}
		switch s := n.(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.WhileStmt, *ast.DoStmt, *ast.ForStmt, *ast.ForallStmt:
			best = s.(ast.Stmt)
		}
		return true
	})
	return best
}
