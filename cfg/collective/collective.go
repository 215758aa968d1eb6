// Package collective is the collectivity analysis (the IBM xlUPC evaluation of UPC collectives on Power7-IH, §5.1): for
// every block, statement and edge of a function, whether every thread
// executes it the same number of times, and if not, why: a branch on a
// thread-dependent condition, a loop whose trip count depends on the
// thread, a thread-dependent early exit (return, break, goto, exit), or a
// upc_forall affinity test. It is built on package variance.
//
// A collective operation under a thread-dependent branch is still matched
// when every path from the branch to the point where its arms join
// executes the same sequence of collective operations (e.g. one barrier in
// each arm of "if (MYTHREAD == 0)"): the fact is then Aligned. Limits: the
// sequences compare the kinds of the operations (barrier, notify, wait,
// upc_all_* name, call of a collective function), not their arguments;
// a loop with a collective inside a diverging region is never aligned;
// regions with more than a few thousand paths are not aligned.
package collective

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar/ast"
)

// Kind classifies why something is not executed collectively.
type Kind uint8

// Kinds of divergence.
const (
	Collective Kind = iota // every thread executes it the same number of times
	Branch                 // under a thread-dependent branch
	Loop                   // in a loop with a thread-dependent trip count
	EarlyExit              // after a thread-dependent return, break, goto or exit
	Forall                 // under the affinity test of a upc_forall
)

var kindNames = [...]string{"collective", "thread-dependent branch", "thread-dependent trip count", "thread-dependent early exit", "upc_forall affinity"}

func (k Kind) String() string { return kindNames[k] }

// Fact is the collectivity of a block (and of its statements).
type Fact struct {
	Kind Kind
	// Reason is the variance reason of the diverging branch (its Branch is
	// the block and Node the thread-dependent part of the condition); nil
	// when Kind is Collective.
	Reason *variance.Reason
	// Loop is the loop for Kind Loop.
	Loop *cfg.Loop
	// Aligned: not executed by every thread alike, but every diverging
	// branch above it leads each thread through the same sequence of
	// collective operations (so a collective here is matched).
	Aligned bool
	// Forall is the innermost upc_forall whose body (statically) contains
	// the block, or nil.
	Forall *ast.ForallStmt
}

// OK reports whether a collective operation with this fact is matched on
// every thread: executed collectively or aligned, and not in a forall.
func (f *Fact) OK() bool { return (f.Kind == Collective || f.Aligned) && f.Forall == nil }

// Func is the collectivity of one function.
type Func struct {
	V     *variance.Func
	Info  *variance.Info
	Graph *cfg.Graph
	facts map[*cfg.Block]*Fact
	align map[*cfg.Block]int8 // 1 aligned, -1 not
	block map[ast.Node]*cfg.Block
}

// Analyze computes the collectivity facts of the function vf of in.
func Analyze(in *variance.Info, vf *variance.Func) *Func {
	return &Func{V: vf, Info: in, Graph: vf.Graph, facts: map[*cfg.Block]*Fact{}, align: map[*cfg.Block]int8{}}
}

// Block returns the fact of block b.
func (f *Func) Block(b *cfg.Block) *Fact {
	if x := f.facts[b]; x != nil {
		return x
	}
	x := &Fact{Forall: b.Forall}
	f.facts[b] = x // breaks cycles
	aligned := false
	for _, d := range f.Graph.ControlDeps(b) {
		br := f.V.Branch(d.Block)
		if br != nil && !f.Aligned(d.Block) {
			f.classify(x, b, d.Block, br)
			return x
		}
		if br != nil {
			aligned = true
		}
		if d.Block != b {
			if up := f.Block(d.Block); up.Kind != Collective {
				*x = *up
				x.Forall = b.Forall
				return x
			} else if up.Aligned {
				aligned = true
			}
		}
	}
	if aligned {
		x.Aligned = true
		for _, d := range f.Graph.ControlDeps(b) {
			if br := f.V.Branch(d.Block); br != nil {
				f.classify(x, b, d.Block, br)
				break
			}
		}
	}
	return x
}

func (f *Func) classify(x *Fact, b, c *cfg.Block, why *variance.Reason) {
	x.Reason = why.At(c)
	if c.Kind == "forall.affinity" {
		x.Kind = Forall
		return
	}
	for l := f.Graph.Loops().LoopOf(c); l != nil; l = l.Parent {
		if !l.Contains(b) {
			continue
		}
		for _, e := range l.Exits {
			if e.From == c {
				x.Kind, x.Loop = Loop, l
				return
			}
		}
	}
	if s := f.branchStmt(c); s != nil && b.Pos() >= s.Start() && b.Pos() < s.End() {
		x.Kind = Branch
		return
	}
	x.Kind = EarlyExit
}

// branchStmt returns the innermost if, switch or loop statement whose
// range contains the control node of c, else c's statement.
func (f *Func) branchStmt(c *cfg.Block) ast.Stmt {
	ctl := c.Control()
	if ctl == nil {
		return c.Stmt
	}
	if best := enclosingBranch(f.Graph, ctl); best != nil {
		return best
	}
	return c.Stmt
}

// Node returns the fact of the block evaluating node n (a statement or
// expression of a block's Nodes, or inside one), or nil.
func (f *Func) Node(n ast.Node) *Fact {
	if f.block == nil {
		// Built on first use: most functions are never asked.
		f.block = map[ast.Node]*cfg.Block{}
		for _, b := range f.Graph.Blocks {
			for _, m := range b.Nodes {
				f.block[m] = b
			}
		}
	}
	if b := f.block[n]; b != nil {
		return f.Block(b)
	}
	for _, b := range f.Graph.Blocks {
		for _, m := range b.Nodes {
			if n.Start() >= m.Start() && n.End() <= m.End() {
				return f.Block(b)
			}
		}
	}
	return nil
}

// Edge returns the fact of the edge from b to its i-th successor: that of
// b, or, when b's choice is thread-dependent, a divergence at b.
func (f *Func) Edge(b *cfg.Block, i int) *Fact {
	x := f.Block(b)
	if x.Kind != Collective || len(b.Succs) < 2 {
		return x
	}
	br := f.V.Branch(b)
	if br == nil {
		return x
	}
	y := &Fact{Forall: b.Forall, Aligned: f.Aligned(b)}
	f.classify(y, b.Succs[i], b, br)
	return y
}

// Op is a collective operation of the function with its fact.
type Op struct {
	Node  ast.Node // *ast.BarrierStmt, *ast.CallExpr or *ast.ForallStmt
	Kind  string   // see variance.Info.CollectiveKind
	Block *cfg.Block
	Fact  *Fact
}

// Ops returns the collective operations of the function in block order.
func (f *Func) Ops() []*Op {
	var out []*Op
	for _, b := range f.Graph.Blocks {
		if !b.Live {
			continue
		}
		for _, n := range f.ops(b) {
			out = append(out, &Op{Node: n, Kind: f.Info.CollectiveKind(n), Block: b, Fact: f.Block(b)})
		}
	}
	return out
}

// ops returns the collective operations evaluated by block b in order.
func (f *Func) ops(b *cfg.Block) []ast.Node {
	var out []ast.Node
	if s, ok := b.Stmt.(*ast.ForallStmt); ok && b.Kind == "forall.cond" && b.Forall == nil {
		// the forall itself, counted once where it is entered: its cond
		// block is reached from outside the loop by its init edge
		out = append(out, s)
	}
	for _, n := range b.Nodes {
		if _, ok := n.(*ast.StmtExpr); ok {
			continue
		}
		cfg.Inspect(n, func(m ast.Node) bool {
			switch m.(type) {
			case *ast.StmtExpr:
				return false
			case *ast.BarrierStmt, *ast.CallExpr:
				if f.Info.CollectiveKind(m) != "" {
					out = append(out, m)
				}
			}
			return true
		})
	}
	return out
}

// Aligned reports whether every path from the branch block c to its
// immediate post-dominator executes the same sequence of collective
// operations.
func (f *Func) Aligned(c *cfg.Block) bool {
	if a, ok := f.align[c]; ok {
		return a > 0
	}
	f.align[c] = -1
	join := f.Graph.Ipdom(c)
	var seqs map[string]bool
	budget := 4096
	ok := true
	onPath := map[*cfg.Block]bool{c: true}
	var walk func(b *cfg.Block, seq string)
	walk = func(b *cfg.Block, seq string) {
		if !ok {
			return
		}
		if budget--; budget < 0 {
			ok = false
			return
		}
		if b == join || b == f.Graph.Exit {
			if seqs == nil {
				seqs = map[string]bool{}
			}
			seqs[seq] = true
			if len(seqs) > 1 {
				ok = false
			}
			return
		}
		if onPath[b] {
			// a cycle: fine only if no collective runs in it
			if l := f.Graph.Loops().LoopOf(b); l != nil {
				for _, m := range l.Blocks {
					if len(f.ops(m)) > 0 {
						ok = false
						return
					}
				}
			}
			return
		}
		onPath[b] = true
		for _, n := range f.ops(b) {
			seq += f.Info.CollectiveKind(n) + ";"
		}
		for _, s := range b.Succs {
			walk(s, seq)
		}
		onPath[b] = false
	}
	for _, s := range c.Succs {
		walk(s, "")
	}
	if ok && len(seqs) == 1 {
		f.align[c] = 1
		return true
	}
	return false
}
