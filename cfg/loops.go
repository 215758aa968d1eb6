package cfg

import (
	"slices"
	"sync"

	"github.com/upclint/upclint/grammar/ast"
)

// LoopForest is the natural loop forest of a graph: a loop per block that
// is the target of a back edge (an edge whose target dominates its source),
// nested by containment. Cycles entered at more than one block are not
// natural loops; their retreating edges are listed in Irreducible.
type LoopForest struct {
	Loops []*Loop // every loop, outer loops before the loops they contain
	Roots []*Loop // the outermost loops, in order of their headers
	// Irreducible lists the retreating edges of the depth-first search
	// whose target does not dominate their source: each marks a cycle with
	// several entries (made by goto or switch into a loop body).
	Irreducible []IrreducibleEdge

	g      *Graph
	loopOf []*Loop // innermost loop of each block
}

// IrreducibleEdge is an edge closing a cycle that is not a natural loop.
type IrreducibleEdge struct {
	From, To *Block
}

// Loop is a natural loop.
type Loop struct {
	Header  *Block
	Latches []*Block // sources of the back edges to Header
	Blocks  []*Block // the loop's blocks (inner loops' included), by index
	Parent  *Loop
	Inner   []*Loop
	Depth   int // 1 for an outermost loop
	// Entries are the blocks outside the loop that jump to Header.
	Entries []*Block
	// Preheader is the only entry if it has no other successor, else nil.
	Preheader *Block
	// Exits are the edges leaving the loop.
	Exits []LoopExit
	// Stmt is the for, while, do or upc_forall statement the loop comes
	// from, or nil for a loop made by goto.
	Stmt ast.Stmt

	forest  *LoopForest
	nblocks int // the number of Blocks, while they are collected
	invOnce sync.Once
	inv     *invariance
	ivOnce  sync.Once
	iv      *InductionVar
	// storedOnce guards stored: see storedNames
	storedOnce sync.Once
	stored     map[string]bool
}

// LoopExit is an edge from a block of a loop to a block outside it.
type LoopExit struct {
	From *Block
	Succ int // index into From.Succs
}

// To returns the block outside the loop.
func (e LoopExit) To() *Block { return e.From.Succs[e.Succ] }

// Contains reports whether b belongs to the loop (or to a loop inside it).
func (l *Loop) Contains(b *Block) bool {
	for m := l.forest.loopOf[b.Index]; m != nil && m.Depth >= l.Depth; m = m.Parent {
		if m == l {
			return true
		}
	}
	return false
}

// Loops returns the natural loop forest of g, computed on first use.
func (g *Graph) Loops() *LoopForest {
	if g.loops == nil {
		g.loops = findLoops(g)
	}
	return g.loops
}

// LoopOf returns the innermost loop containing b, or nil.
func (f *LoopForest) LoopOf(b *Block) *Loop { return f.loopOf[b.Index] }

// Depth returns the loop nesting depth of b (0 outside loops).
func (f *LoopForest) Depth(b *Block) int {
	if l := f.loopOf[b.Index]; l != nil {
		return l.Depth
	}
	return 0
}

// LoopFor returns the loop made by the statement s (a for, while, do or
// upc_forall statement), or nil if s makes no loop (its body never
// reaches the header again).
func (f *LoopForest) LoopFor(s ast.Stmt) *Loop {
	for _, l := range f.Loops {
		if l.Stmt == s {
			return l
		}
	}
	return nil
}

func findLoops(g *Graph) *LoopForest {
	t := g.domTree()
	n := len(g.Blocks)
	f := &LoopForest{g: g, loopOf: make([]*Loop, n)}
	rpo := make([]int, n)
	for i := range rpo {
		rpo[i] = -1
	}
	for i, b := range t.order {
		rpo[b] = i
	}
	// Back edges and irreducible retreating edges.
	latches := make([][]*Block, n)
	for _, bi := range t.order {
		b := g.Blocks[bi]
		for _, s := range b.Succs {
			if rpo[s.Index] < 0 || rpo[s.Index] > rpo[b.Index] {
				continue
			}
			if t.dominates(s.Index, b.Index) {
				latches[s.Index] = append(latches[s.Index], b)
			} else {
				f.Irreducible = append(f.Irreducible, IrreducibleEdge{b, s})
			}
		}
	}
	// Headers from the innermost (last in reverse postorder) outwards.
	outermost := func(l *Loop) *Loop {
		for l.Parent != nil {
			l = l.Parent
		}
		return l
	}
	var loops []*Loop
	var work []*Block
	for i := len(t.order) - 1; i >= 0; i-- {
		h := g.Blocks[t.order[i]]
		if len(latches[h.Index]) == 0 {
			continue
		}
		l := &Loop{Header: h, Latches: latches[h.Index], forest: f}
		loops = append(loops, l)
		f.loopOf[h.Index] = l
		work = append(work[:0], l.Latches...)
		for len(work) > 0 {
			b := work[len(work)-1]
			work = work[:len(work)-1]
			if inner := f.loopOf[b.Index]; inner != nil {
				m := outermost(inner)
				if m == l {
					continue
				}
				m.Parent = l
				b = m.Header
			} else {
				f.loopOf[b.Index] = l
			}
			for _, p := range b.Preds {
				if p.Live {
					work = append(work, p)
				}
			}
		}
	}
	// Blocks, exits and entries, outer loops first: the loops were found
	// in decreasing reverse postorder of their (distinct) headers.
	slices.Reverse(loops)
	for _, l := range loops {
		if l.Parent == nil {
			l.Depth = 1
			f.Roots = append(f.Roots, l)
		} else {
			l.Depth = l.Parent.Depth + 1
			l.Parent.Inner = append(l.Parent.Inner, l)
		}
	}
	// Each loop's blocks are counted first, to allocate them in one array.
	for _, b := range g.Blocks {
		for l := f.loopOf[b.Index]; l != nil; l = l.Parent {
			l.nblocks++
		}
	}
	total := 0
	for _, l := range loops {
		total += l.nblocks
	}
	blocks := make([]*Block, total)
	for _, l := range loops {
		l.Blocks, blocks = blocks[:0:l.nblocks], blocks[l.nblocks:]
	}
	for _, b := range g.Blocks {
		for l := f.loopOf[b.Index]; l != nil; l = l.Parent {
			l.Blocks = append(l.Blocks, b)
			for i, s := range b.Succs {
				if !l.Contains(s) {
					l.Exits = append(l.Exits, LoopExit{b, i})
				}
			}
		}
	}
	for _, l := range loops {
		for _, p := range l.Header.Preds {
			if !l.Contains(p) && p.Live {
				l.Entries = append(l.Entries, p)
			}
		}
		if len(l.Entries) == 1 && len(l.Entries[0].Succs) == 1 {
			l.Preheader = l.Entries[0]
		}
		switch l.Header.Kind {
		case "for.cond", "while.cond", "do.body", "forall.cond":
			l.Stmt = l.Header.Stmt
		}
	}
	f.Loops = loops
	return f
}

// Counting returns l or the first loop nested in l whose induction
// variable is name, or nil.
func (l *Loop) Counting(name string) *Loop {
	if iv := l.Induction(); iv != nil && iv.Name == name {
		return l
	}
	for _, m := range l.Inner {
		if r := m.Counting(name); r != nil {
			return r
		}
	}
	return nil
}
