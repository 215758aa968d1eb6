package cfg

import (
	"slices"
	"sort"

	"github.com/upclint/upclint/grammar/ast"
)

// Dominators and post-dominators by the iterative algorithm of Cooper,
// Harvey and Kennedy ("A Simple, Fast Dominance Algorithm") over reverse
// postorder, dominance frontiers by the same paper's runner walk, and
// control dependence from the post-dominator tree (Ferrante, Ottenstein and
// Warren).
//
// Post-dominators need every block to reach Exit. A block from which Exit
// cannot be reached (an infinite loop, or the way into one) gets a virtual
// edge to Exit: the blocks are visited in postorder of a depth-first search
// from Entry, so the first one chosen in a loop is its latch, and the edge
// makes the loop's blocks post-dominated by the latch, as if the loop
// exited there. Virtual edges never appear in Succs; see VirtualExits.
//
// The trees are computed on first use and cached; a Graph must not be
// modified afterwards, and the first query must not race with others.

// domTree is a dominator or post-dominator tree over block indices.
type domTree struct {
	root     int32
	idom     []int32 // -1 for the root and for blocks outside the tree
	children [][]int32
	pre      []int32 // preorder number in the tree, -1 outside
	last     []int32 // largest preorder number in the subtree
	order    []int32 // the blocks in reverse postorder of the (reverse) graph
	frontier [][]int32
	virtual  []int32 // post-dominators: blocks given a virtual edge to Exit
	cd       [][]ControlDep
	// guard is, per block, the nearest dominator (itself included)
	// entered from a branch (see entered), or -1: Guarded visits only
	// those, not every dominator of a long straight function.
	guard []int32

	childBlocks, frontierBlocks [][]*Block // children and frontier as blocks, on first use
}

// adjacency returns the successor and predecessor index lists of g,
// computed once for both trees. They are shared: callers must not modify
// them.
func (g *Graph) adjacency() (succ, pred [][]int32) {
	if g.succIdx == nil {
		g.succIdx, g.predIdx = g.computeAdjacency()
	}
	return g.succIdx, g.predIdx
}

func (g *Graph) computeAdjacency() (succ, pred [][]int32) {
	n := len(g.Blocks)
	succ = make([][]int32, n)
	pred = make([][]int32, n)
	edges := 0
	for _, b := range g.Blocks {
		edges += len(b.Succs) + len(b.Preds)
	}
	// One backing array; each list is capped at its length, so appending
	// to one copies it.
	buf := make([]int32, 0, edges)
	for _, b := range g.Blocks {
		start := len(buf)
		for _, x := range b.Succs {
			buf = append(buf, int32(x.Index))
		}
		succ[b.Index] = buf[start:len(buf):len(buf)]
		start = len(buf)
		for _, x := range b.Preds {
			buf = append(buf, int32(x.Index))
		}
		pred[b.Index] = buf[start:len(buf):len(buf)]
	}
	return succ, pred
}

// postorder returns the blocks reachable from root along succ, in
// postorder of an iterative depth-first search.
func postorder(n int, root int32, succ [][]int32, seen []bool) []int32 {
	type frame struct {
		b int32
		i int
	}
	out := make([]int32, 0, n)
	stack := make([]frame, 1, min(n, 64))
	stack[0] = frame{root, 0}
	seen[root] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < len(succ[top.b]) {
			s := succ[top.b][top.i]
			top.i++
			if !seen[s] {
				seen[s] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		out = append(out, top.b)
		stack = stack[:len(stack)-1]
	}
	return out
}

// buildDomTree computes the dominator tree of the graph given by succ and
// pred (pred lists the edges into each node) from root.
func buildDomTree(n int, root int32, succ, pred [][]int32) *domTree {
	seen := make([]bool, n)
	po := postorder(n, root, succ, seen)
	t := &domTree{root: root}
	// The tree's per-block arrays and the scratch ones in one allocation.
	arrays := make([]int32, 5*n)
	rpoNum := arrays[0:n:n]
	for i := range rpoNum {
		rpoNum[i] = -1
	}
	slices.Reverse(po)
	t.order = po
	for i, b := range t.order {
		rpoNum[b] = int32(i)
	}
	idom := arrays[n : 2*n : 2*n]
	for i := range idom {
		idom[i] = -1
	}
	idom[root] = root
	intersect := func(a, b int32) int32 {
		for a != b {
			for rpoNum[a] > rpoNum[b] {
				a = idom[a]
			}
			for rpoNum[b] > rpoNum[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, b := range t.order[1:] {
			nd := int32(-1)
			for _, p := range pred[b] {
				if idom[p] < 0 {
					continue // not yet processed, or unreachable
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd >= 0 && idom[b] != nd {
				idom[b] = nd
				changed = true
			}
		}
	}
	idom[root] = -1
	t.idom = idom
	t.children = lists(n, func(add func(owner, x int32)) {
		for _, b := range t.order {
			if p := idom[b]; p >= 0 {
				add(p, b)
			}
		}
	})
	// Preorder numbering for constant-time dominance queries.
	t.pre = arrays[2*n : 3*n : 3*n]
	t.last = arrays[3*n : 4*n : 4*n]
	for i := range t.pre {
		t.pre[i] = -1
	}
	num := int32(0)
	type frame struct {
		b int32
		i int
	}
	stack := []frame{{root, 0}}
	t.pre[root] = num
	num++
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < len(t.children[top.b]) {
			c := t.children[top.b][top.i]
			top.i++
			t.pre[c] = num
			num++
			stack = append(stack, frame{c, 0})
			continue
		}
		t.last[top.b] = num - 1
		stack = stack[:len(stack)-1]
	}
	// Dominance frontiers.
	last := arrays[4*n : 5*n : 5*n] // b+1 when b was last added to r's frontier
	t.frontier = lists(n, func(add func(owner, x int32)) {
		clear(last)
		for _, b := range t.order {
			ps := pred[b]
			if len(ps) < 2 {
				continue
			}
			for _, p := range ps {
				if t.pre[p] < 0 {
					continue
				}
				for r := p; r != idom[b] && r >= 0; r = idom[r] {
					if last[r] == b+1 {
						break // already added, and so for the rest of the walk
					}
					last[r] = b + 1
					add(r, b)
				}
			}
		}
	})
	return t
}

// lists builds n lists of indices in one array: gen calls add(owner, x)
// to append x to list owner, and is called twice (count, then fill) with
// the same calls. Lists are capped at their length; empty ones are nil.
func lists(n int, gen func(add func(owner, x int32))) [][]int32 {
	count := make([]int32, n+1)
	gen(func(owner, _ int32) { count[owner+1]++ })
	for i := 1; i <= n; i++ {
		count[i] += count[i-1]
	}
	flat := make([]int32, count[n])
	out := make([][]int32, n)
	fill := count[:n:n]
	gen(func(owner, x int32) {
		flat[fill[owner]] = x
		fill[owner]++
	})
	start := int32(0)
	for i := range out {
		end := fill[i]
		if end > start {
			out[i] = flat[start:end:end]
		}
		start = end
	}
	return out
}

// dominates reports whether a dominates b (reflexively).
func (t *domTree) dominates(a, b int) bool {
	pa, pb := t.pre[a], t.pre[b]
	return pa >= 0 && pb >= 0 && pa <= pb && pb <= t.last[a]
}

func (g *Graph) domTree() *domTree {
	if g.dom == nil {
		succ, pred := g.adjacency()
		dom := buildDomTree(len(g.Blocks), int32(g.Entry.Index), succ, pred)
		dom.guard = make([]int32, len(g.Blocks))
		done := make([]bool, len(g.Blocks))
		var guardOf func(i int32) int32
		guardOf = func(i int32) int32 {
			if !done[i] {
				done[i] = true
				switch {
				case entered(g.Blocks[i]):
					dom.guard[i] = i
				case dom.idom[i] >= 0:
					dom.guard[i] = guardOf(dom.idom[i])
				default:
					dom.guard[i] = -1
				}
			}
			return dom.guard[i]
		}
		for _, i := range dom.order { // a dominator comes first: no recursion
			guardOf(i)
		}
		for i := range g.Blocks {
			guardOf(int32(i))
		}
		g.dom = dom
	}
	return g.dom
}

// entered reports whether d's only predecessor branches on a condition.
func entered(d *Block) bool {
	if len(d.Preds) != 1 {
		return false
	}
	p := d.Preds[0]
	_, ok := p.Control().(ast.Expr)
	return ok && len(p.Succs) >= 2
}

func (g *Graph) postDomTree() *domTree {
	if g.pdom != nil {
		return g.pdom
	}
	n := len(g.Blocks)
	succ, pred := g.adjacency()
	// Blocks that reach Exit.
	reaches := make([]bool, n)
	postorder(n, int32(g.Exit.Index), pred, reaches)
	// Virtual edges from the blocks that do not: one per terminal strongly
	// connected component (a cycle with no way out), from its block that
	// comes last in reverse postorder (a latch of the loop).
	var virtual []int32
	live := make([]bool, n)
	order := postorder(n, int32(g.Entry.Index), succ, live)
	rpo := make([]int32, n)
	for i, b := range order {
		rpo[b] = int32(len(order) - 1 - i)
	}
	for _, scc := range sinkSCCs(n, succ, live, reaches) {
		best := scc[0]
		for _, b := range scc {
			if rpo[b] > rpo[best] {
				best = b
			}
		}
		virtual = append(virtual, best)
	}
	sort.Slice(virtual, func(i, j int) bool { return virtual[i] < virtual[j] })
	// Reverse graph: succ' = pred (+ virtual edge Exit→b), pred' = succ (+ b→Exit).
	exit := int32(g.Exit.Index)
	rsucc := make([][]int32, n)
	rpred := make([][]int32, n)
	// The live predecessors of all blocks in one array; each list is
	// capped at its length.
	nlive := 0
	for _, b := range g.Blocks {
		if b.Live {
			for _, p := range pred[b.Index] {
				if g.Blocks[p].Live {
					nlive++
				}
			}
		}
	}
	buf := make([]int32, 0, nlive)
	for _, b := range g.Blocks {
		if !b.Live {
			continue
		}
		rpred[b.Index] = succ[b.Index]
		start := len(buf)
		for _, p := range pred[b.Index] {
			if g.Blocks[p].Live {
				buf = append(buf, p)
			}
		}
		if len(buf) > start {
			rsucc[b.Index] = buf[start:len(buf):len(buf)]
		}
	}
	if len(virtual) > 0 {
		rsucc[exit] = append(rsucc[exit], virtual...)
		for _, v := range virtual {
			rpred[v] = append(append([]int32(nil), succ[v]...), exit)
		}
	}
	g.pdom = buildDomTree(n, exit, rsucc, rpred)
	g.pdom.virtual = virtual
	return g.pdom
}

// blockLists converts lists of block indices to lists of blocks, all in
// one array; each list is capped at its length.
func (g *Graph) blockLists(lists [][]int32) [][]*Block {
	total := 0
	for _, l := range lists {
		total += len(l)
	}
	flat := make([]*Block, total)
	out := make([][]*Block, len(lists))
	k := 0
	for i, l := range lists {
		for j, x := range l {
			flat[k+j] = g.Blocks[x]
		}
		out[i] = flat[k : k+len(l) : k+len(l)]
		k += len(l)
	}
	return out
}

func (g *Graph) blocks(idx []int32) []*Block {
	out := make([]*Block, len(idx))
	for i, x := range idx {
		out[i] = g.Blocks[x]
	}
	return out
}

// ReversePostorder returns the live blocks in reverse postorder of a
// depth-first search from Entry.
func (g *Graph) ReversePostorder() []*Block { return g.blocks(g.domTree().order) }

// Idom returns the immediate dominator of b, or nil for Entry and for
// unreachable blocks.
func (g *Graph) Idom(b *Block) *Block {
	if i := g.domTree().idom[b.Index]; i >= 0 {
		return g.Blocks[i]
	}
	return nil
}

// DomChildren returns the blocks b immediately dominates. The slice is
// shared: callers must not modify it.
func (g *Graph) DomChildren(b *Block) []*Block {
	t := g.domTree()
	if t.childBlocks == nil {
		t.childBlocks = g.blockLists(t.children)
	}
	return t.childBlocks[b.Index]
}

// Dominates reports whether a dominates b: every path from Entry to b
// passes through a. A block dominates itself; unreachable blocks neither
// dominate nor are dominated.
func (g *Graph) Dominates(a, b *Block) bool { return g.domTree().dominates(a.Index, b.Index) }

// DominanceFrontier returns the dominance frontier of b: the blocks where
// b's dominance ends (a successor of a block b dominates that b does not
// strictly dominate). The slice is shared: callers must not modify it.
func (g *Graph) DominanceFrontier(b *Block) []*Block {
	t := g.domTree()
	if t.frontierBlocks == nil {
		t.frontierBlocks = g.blockLists(t.frontier)
	}
	return t.frontierBlocks[b.Index]
}

// Ipdom returns the immediate post-dominator of b, or nil for Exit and for
// unreachable blocks.
func (g *Graph) Ipdom(b *Block) *Block {
	if i := g.postDomTree().idom[b.Index]; i >= 0 {
		return g.Blocks[i]
	}
	return nil
}

// PostDomChildren returns the blocks b immediately post-dominates.
func (g *Graph) PostDomChildren(b *Block) []*Block {
	return g.blocks(g.postDomTree().children[b.Index])
}

// PostDominates reports whether a post-dominates b: every path from b to
// Exit (with virtual exit edges) passes through a. Reflexive.
func (g *Graph) PostDominates(a, b *Block) bool {
	return g.postDomTree().dominates(a.Index, b.Index)
}

// PostDominanceFrontier returns the post-dominance frontier of b: the
// blocks on which b is control dependent.
func (g *Graph) PostDominanceFrontier(b *Block) []*Block {
	return g.blocks(g.postDomTree().frontier[b.Index])
}

// VirtualExits returns the blocks given a virtual edge to Exit because Exit
// cannot be reached from them (see the package comment on infinite loops).
func (g *Graph) VirtualExits() []*Block { return g.blocks(g.postDomTree().virtual) }

// ControlDep says that a block is control dependent on a branch: taking
// edge Succ of Block decides that it executes.
type ControlDep struct {
	Block *Block // the branching block
	Succ  int    // index of the edge in Block.Succs (and Block.Edges)
}

// Edge returns the edge the dependence is on.
func (d ControlDep) Edge() Edge { return d.Block.Edges[d.Succ] }

// ControlDeps returns the branches b is control dependent on, sorted by
// block index and edge.
func (g *Graph) ControlDeps(b *Block) []ControlDep {
	return g.controlDeps()[b.Index]
}

// controlDeps computes the control dependences of every block: for each
// edge a→s where s does not post-dominate a, every block on the
// post-dominator tree path from s up to (excluding) ipdom(a) depends on it.
func (g *Graph) controlDeps() [][]ControlDep {
	t := g.postDomTree()
	if t.cd != nil {
		return t.cd
	}
	cd := make([][]ControlDep, len(g.Blocks))
	// Two passes: count the dependences of each block, then fill them in
	// one backing array.
	count := make([]int32, len(g.Blocks))
	total := 0
	each := func(visit func(r int32, a *Block, i int)) {
		for _, a := range g.Blocks {
			if len(a.Succs) < 2 || t.pre[a.Index] < 0 {
				continue
			}
			stop := t.idom[a.Index]
			for i, s := range a.Succs {
				if t.dominates(s.Index, a.Index) {
					continue // s post-dominates a: no dependence
				}
				for r := int32(s.Index); r >= 0 && r != stop; r = t.idom[r] {
					visit(r, a, i)
				}
			}
		}
	}
	each(func(r int32, _ *Block, _ int) { count[r]++; total++ })
	if total > 0 {
		slab := make([]ControlDep, total)
		off := int32(0)
		for r, c := range count {
			if c > 0 {
				cd[r] = slab[off : off : off+c]
				off += c
			}
		}
		each(func(r int32, a *Block, i int) { cd[r] = append(cd[r], ControlDep{a, i}) })
	}
	t.cd = cd
	return cd
}

// sinkSCCs returns the strongly connected components of the live blocks
// that do not reach Exit which no edge leaves (Tarjan's algorithm,
// iterative).
func sinkSCCs(n int, succ [][]int32, live, reaches []bool) [][]int32 {
	index := make([]int32, n)
	low := make([]int32, n)
	comp := make([]int32, n)
	for i := range index {
		index[i] = -1
		comp[i] = -1
	}
	var stack []int32
	onStack := make([]bool, n)
	var sccs [][]int32
	next := int32(0)
	type frame struct {
		b int32
		i int
	}
	for root := 0; root < n; root++ {
		if !live[root] || reaches[root] || index[root] >= 0 {
			continue
		}
		call := []frame{{int32(root), 0}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, int32(root))
		onStack[root] = true
		for len(call) > 0 {
			top := &call[len(call)-1]
			b := top.b
			if top.i < len(succ[b]) {
				s := succ[b][top.i]
				top.i++
				if index[s] < 0 {
					index[s], low[s] = next, next
					next++
					stack = append(stack, s)
					onStack[s] = true
					call = append(call, frame{s, 0})
				} else if onStack[s] && index[s] < low[b] {
					low[b] = index[s]
				}
				continue
			}
			call = call[:len(call)-1]
			if len(call) > 0 {
				if p := call[len(call)-1].b; low[b] < low[p] {
					low[p] = low[b]
				}
			}
			if low[b] == index[b] {
				var scc []int32
				for {
					x := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[x] = false
					comp[x] = int32(len(sccs))
					scc = append(scc, x)
					if x == b {
						break
					}
				}
				sccs = append(sccs, scc)
			}
		}
	}
	var sinks [][]int32
	for c, scc := range sccs {
		sink := true
		for _, b := range scc {
			for _, s := range succ[b] {
				if comp[s] != int32(c) {
					sink = false
				}
			}
		}
		if sink {
			sinks = append(sinks, scc)
		}
	}
	return sinks
}

// Guarded reports whether every path from the entry to b leaves a branch
// by an edge whose condition and kind satisfy match: a dominator of b (b
// included) whose only predecessor branches to it on that edge. When in is
// not nil the branch must belong to it, so that the values the condition
// tests in an iteration of in are still those of that iteration at b.
func (g *Graph) Guarded(b *Block, in *Loop, match func(cond ast.Expr, kind EdgeKind) bool) bool {
	t := g.domTree()
	for j := t.guard[b.Index]; j >= 0; j = t.guard[t.idom[j]] {
		d := g.Blocks[j]
		p := d.Preds[0]
		if in == nil || in.Contains(p) {
			if i := p.SuccIndex(d); i >= 0 && match(ast.Unparen(p.Control().(ast.Expr)), p.Edges[i].Kind) {
				return true
			}
		}
		if t.idom[j] < 0 {
			break
		}
	}
	return false
}
