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
// each arm of "if (MYTHREAD == 0)"): the fact is then Aligned (see
// Mismatch). Limits: the sequences compare the kinds of the operations
// (barrier, notify, wait, upc_all_* name, call of a collective function),
// not their arguments; a loop with collectives inside a diverging region
// is compared only as a counted loop with a single-valued trip count and
// one sequence per iteration; at most six single-valued conditions are
// matched between the arms. Loops of barriers whose thread-dependent trip
// counts add up to the same total on every thread (a wavefront's prologue
// of MYTHREAD barriers and epilogue of THREADS-MYTHREAD) do not diverge
// (see counts.go); only counts linear in MYTHREAD are added up.
package collective

import (
	"slices"
	"strings"

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
	V      *variance.Func
	Info   *variance.Info
	Graph  *cfg.Graph
	facts  map[*cfg.Block]*Fact
	align  map[*cfg.Block]alignment
	block  map[ast.Node]*cfg.Block
	counts *counts // see barrierCounts
	// opsOf memoizes ops by block index (nil: not computed yet);
	// alignment asks it for every block of a region and outcome.
	opsOf [][]ast.Node
}

// Analyze computes the collectivity facts of the function vf of in.
func Analyze(in *variance.Info, vf *variance.Func) *Func {
	return &Func{V: vf, Info: in, Graph: vf.Graph, facts: map[*cfg.Block]*Fact{}, align: map[*cfg.Block]alignment{}}
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
	if b.Index >= len(f.Graph.Blocks) || f.Graph.Blocks[b.Index] != b {
		return f.computeOps(b)
	}
	if f.opsOf == nil {
		f.opsOf = make([][]ast.Node, len(f.Graph.Blocks))
	}
	if f.opsOf[b.Index] == nil {
		ops := f.computeOps(b)
		if ops == nil {
			ops = []ast.Node{} // computed, empty
		}
		f.opsOf[b.Index] = ops
	}
	return f.opsOf[b.Index]
}

func (f *Func) computeOps(b *cfg.Block) []ast.Node {
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
		ast.InspectCode(n, func(m ast.Node) bool {
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
// operations, for each outcome of the single-valued conditions on the way
// (see Mismatch).
func (f *Func) Aligned(c *cfg.Block) bool {
	_, _, ok := f.alignment(c)
	return ok
}

// Mismatch returns two different sequences of collective operations
// (operation kinds joined by "; ", "" for none) that threads taking
// different arms of the thread-dependent branch c execute before the arms
// join, or ok false when every path executes the same sequence or the
// region is too large to tell.
//
// The question is PARCOACH's (Saillard, Carribault and Barthou, "PARCOACH:
// Combining static and dynamic validation of MPI collective
// communications"): do all threads execute the same sequence of
// collective operations? Here the sequences are compared along the arms;
// a condition that is
// single-valued and not written in the region takes the same outcome on
// every thread, so paths are compared only for the same outcome of each
// such condition (the same test written in both arms, as error checks in
// macros are). Paths that end the program (exit, upc_global_exit) are left
// out.
func (f *Func) Mismatch(c *cfg.Block) (a, b string, ok bool) {
	a, b, aligned := f.alignment(c)
	return a, b, !aligned && a != b
}

type alignment struct {
	a, b string
	ok   bool
}

// maxPinned bounds the single-valued conditions whose outcomes are
// enumerated (2^maxPinned walks of the region).
const maxPinned = 6

func (f *Func) alignment(c *cfg.Block) (string, string, bool) {
	if a, ok := f.align[c]; ok {
		return a.a, a.b, a.ok
	}
	f.align[c] = alignment{} // cycles: not aligned meanwhile
	res := f.computeAlignment(c)
	f.align[c] = res
	return res.a, res.b, res.ok
}

func (f *Func) computeAlignment(c *cfg.Block) alignment {
	join := f.join(c)
	region := f.region(c, join)
	if !slices.ContainsFunc(region, func(b *cfg.Block) bool { return len(f.ops(b)) > 0 }) {
		return alignment{ok: true} // every path executes no collective
	}
	keys, pinOf := f.pinned(region)
	for v := 0; v < 1<<len(keys); v++ {
		seqs, ok := f.sequences(c, join, region, func(b *cfg.Block) int {
			if k, ok := pinOf[b]; ok {
				return v >> k & 1
			}
			return -1
		})
		if !ok {
			return alignment{}
		}
		if len(seqs) > 1 {
			return alignment{a: seqs[0], b: seqs[1]}
		}
	}
	return alignment{ok: true}
}

// join returns the block where the arms of branch c meet again: its
// immediate post-dominator, or, when error exits (calls that never
// return) make that the function's exit, the end of c's if or switch
// statement if every path from c that does not end the program passes it.
func (f *Func) join(c *cfg.Block) *cfg.Block {
	g := f.Graph
	j := g.Ipdom(c)
	if j != g.Exit {
		return j
	}
	ctl := c.Control()
	if ctl == nil {
		return j
	}
	s := enclosingBranch(g, ctl)
	if s == nil {
		return j
	}
	for _, b := range g.Blocks {
		if b.Stmt == s && (b.Kind == "if.done" || b.Kind == "switch.done") && g.AlwaysThrough(b, c) {
			return b
		}
	}
	return j
}

// region returns the blocks reachable from c's successors before join.
func (f *Func) region(c, join *cfg.Block) []*cfg.Block {
	return reachable(c.Succs, c, join, f.Graph.Exit)
}

// reachable returns the blocks reachable from the blocks from without
// passing through a block of stop (which it does not return), in
// depth-first order.
func reachable(from []*cfg.Block, stop ...*cfg.Block) []*cfg.Block {
	seen := map[*cfg.Block]bool{}
	for _, b := range stop {
		seen[b] = true
	}
	var out []*cfg.Block
	stack := append([]*cfg.Block(nil), from...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		out = append(out, b)
		stack = append(stack, b.Succs...)
	}
	return out
}

// pinned returns the texts of the two-way conditions in region that are
// single-valued and read no variable written in the region, and for each
// block testing one, the index of its text.
func (f *Func) pinned(region []*cfg.Block) ([]string, map[*cfg.Block]int) {
	written := map[string]bool{}
	for _, b := range region {
		for _, n := range b.Nodes {
			ast.InspectCode(n, func(m ast.Node) bool {
				if lv := cfg.Stored(m); lv != nil {
					written[cfg.LvalueRoot(lv)] = true
				} else if u, ok := m.(*ast.UnaryExpr); ok && u.Op == "&" {
					written[cfg.LvalueRoot(u.X)] = true // may be written through the pointer
				}
				return true
			})
		}
	}
	u := f.Uniformity()
	var keys []string
	index := map[string]int{}
	pin := map[*cfg.Block]int{}
	for _, b := range region {
		e, ok := b.Control().(ast.Expr)
		if !ok || len(b.Succs) != 2 || b.Forall != nil && b.Kind == "forall.affinity" {
			continue
		}
		clean := true
		ast.InspectCode(e, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.Name:
				clean = clean && !written[m.Name]
			case *ast.CallExpr:
				clean = false // a call may change what the condition reads
			case *ast.AssignExpr, *ast.PostfixExpr:
				clean = false
			}
			return clean
		})
		if !clean || f.V.Branch(b) != nil && u.Variant(e, b) != nil {
			continue
		}
		k := ast.NodeString(e)
		i, ok := index[k]
		if !ok {
			if len(keys) == maxPinned {
				continue
			}
			i = len(keys)
			index[k] = i
			keys = append(keys, k)
		}
		pin[b] = i
	}
	return keys, pin
}

// sequences returns the distinct sequences of collective operations of the
// paths from c to join (up to two), following only successor choose(b) of
// a block when it is not negative; ok is false when a collective runs in a
// cycle of the region. The sets of sequences reaching each block are
// propagated forward, so that branches whose arms execute the same
// collectives (error checks) do not multiply the paths.
func (f *Func) sequences(c, join *cfg.Block, region []*cfg.Block, choose func(*cfg.Block) int) (seqs []string, ok bool) {
	in := map[*cfg.Block][]string{}
	ops := map[*cfg.Block]string{}
	loops := map[*cfg.Block]*cfg.Loop{} // header of a summarised loop
	for _, b := range region {
		var seq []string
		for _, n := range f.ops(b) {
			seq = append(seq, f.Info.CollectiveKind(n))
		}
		if len(seq) == 0 {
			continue
		}
		if l := f.Graph.Loops().LoopOf(b); l != nil && !l.Contains(c) || l != nil && slices.Contains(region, l.Header) {
			// a collective in a loop of the region: comparable only as a
			// whole, a counted loop with one sequence per iteration
			if l.Contains(c) || l.Parent != nil && !l.Parent.Contains(c) {
				return nil, false
			}
			tok, ok := f.loopToken(l)
			if !ok {
				return nil, false
			}
			ops[l.Header], loops[l.Header] = tok, l
			continue
		}
		ops[b] = strings.Join(seq, "; ")
	}
	add := func(set []string, s string) ([]string, bool) {
		if slices.ContainsFunc(set, func(x string) bool { return sameOps(x, s) }) || len(set) > 1 {
			return set, false
		}
		return append(set, s), true
	}
	var work []*cfg.Block
	for _, s := range c.Succs {
		var changed bool
		if in[s], changed = add(in[s], ""); changed {
			work = append(work, s)
		}
	}
	var ends []string
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == join || b == f.Graph.Exit {
			for _, s := range in[b] {
				ends, _ = add(ends, s)
			}
			continue
		}
		out := in[b]
		if o := ops[b]; o != "" {
			out = make([]string, len(in[b]))
			for i, s := range in[b] {
				if s != "" {
					s += "; "
				}
				out[i] = s + o
			}
		}
		only := choose(b)
		l := loops[b]
		for i, s := range b.Succs {
			if only >= 0 && i != only || s == f.Graph.Exit && b.Edges[i].Kind == cfg.NoReturn {
				continue // not this outcome, or the program ends here
			}
			if l != nil && l.Contains(s) {
				continue // the summarised loop: on to its exit
			}
			grew := false
			for _, x := range out {
				var changed bool
				if in[s], changed = add(in[s], x); changed {
					grew = true
				}
			}
			if grew {
				work = append(work, s)
			}
		}
	}
	return ends, true
}

// sameOps reports whether two sequences of collective operations match:
// a upc_barrier is a upc_notify followed by a upc_wait (UPC 1.3 §6.6.1).
func sameOps(a, b string) bool {
	if a == b {
		return true
	}
	return splitBarriers.Replace(a) == splitBarriers.Replace(b)
}

// splitBarriers is made once: a Replacer builds its tables at its first
// use, and is safe for concurrent use.
var splitBarriers = strings.NewReplacer("upc_barrier", "upc_notify; upc_wait")

// counted reports whether every thread runs the canonical counted loop l,
// which leaves only by its test, the same number of times, with the
// precision assumptions of Divergence: its trip count is single-valued
// (variance.Uniformity.LoopUniform), or its start, step and bound have no
// strong thread-dependence (a bound read from memory the analysis cannot
// follow, such as atoi(argv[1]), counts as single-valued there too).
func (f *Func) counted(l *cfg.Loop, test *cfg.Block) bool {
	u := f.Uniformity()
	if u.LoopUniform(l, test) {
		return true
	}
	iv := l.Induction()
	if iv.Start == nil {
		return false
	}
	for _, e := range []ast.Expr{iv.Start, iv.Bound, iv.Step} {
		if e != nil && u.Variant(e, test) != nil {
			return false
		}
	}
	return true
}

// loopToken summarises a loop with collectives inside a branch region as
// one operation, "for (clauses) { sequence }", when every thread runs it
// the same number of times (a canonical counted loop with single-valued
// start, step and bound that leaves only by its test) and every iteration
// executes the same sequence: two arms with the same loop of barriers
// match (a loop of upc_barrier matches a loop of upc_notify; upc_wait).
func (f *Func) loopToken(l *cfg.Loop) (string, bool) {
	iv, test, body, ok := f.iteration(l)
	if !ok || !f.counted(l, test) {
		return "", false
	}
	clauses := ""
	if iv.Start != nil {
		clauses = iv.Name + " = " + ast.NodeString(iv.Start)
	}
	clauses += "; " + ast.NodeString(iv.Cond) + "; "
	if iv.Update != nil {
		clauses += ast.NodeString(iv.Update)
	}
	return "for (" + clauses + ") { " + body + " }", true
}

// iteration returns the canonical induction variable of loop l, the block
// testing it (the loop's only exit) and the sequence of collective
// operations every iteration executes, or ok false when l has no such
// variable, inner loops, another exit, or iterations that execute
// different sequences.
func (f *Func) iteration(l *cfg.Loop) (iv *cfg.InductionVar, test *cfg.Block, body string, ok bool) {
	iv = l.Induction()
	if iv == nil || iv.Cond == nil || len(l.Inner) > 0 {
		return nil, nil, "", false
	}
	for _, e := range l.Exits {
		if test != nil && e.From != test {
			return nil, nil, "", false // another exit (break, return)
		}
		test = e.From
	}
	if test == nil {
		return nil, nil, "", false
	}
	// the sequences of one iteration, from the test back to it
	seqs := map[string]bool{}
	var walk func(b *cfg.Block, seq string, depth int) bool
	walk = func(b *cfg.Block, seq string, depth int) bool {
		if depth > len(l.Blocks) {
			return false
		}
		for _, n := range f.ops(b) {
			if seq != "" {
				seq += "; "
			}
			seq += f.Info.CollectiveKind(n)
		}
		for _, s := range b.Succs {
			switch {
			case s == test:
				seqs[seq] = true
			case l.Contains(s):
				if !walk(s, seq, depth+1) {
					return false
				}
			}
		}
		return len(seqs) <= 1
	}
	for _, s := range test.Succs {
		if l.Contains(s) && !walk(s, "", 0) {
			return nil, nil, "", false
		}
	}
	if len(seqs) != 1 {
		return nil, nil, "", false
	}
	for s := range seqs {
		body = s
	}
	return iv, test, body, true
}
