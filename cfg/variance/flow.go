package variance

import (
	"slices"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Flow sensitivity. The promotable scalar locals of a function (automatic
// scalars and parameters whose address is never taken, neither shared nor
// volatile) are put in SSA form: every assignment is a definition of its
// own, φ-definitions merge them at the iterated dominance frontier of the
// assignments (and, in the manner of loop-closed SSA, at the targets of the
// exits of the loops that assign them), and every read of such a variable
// refers to the one definition that reaches it. Variance is then a property
// of definitions:
//
//   - an assignment is variant if its value is;
//   - a φ is variant if an incoming definition is, if its block is a join
//     of a thread-variant branch (two paths from different successors of
//     the branch meet there first) and its incoming definitions differ, or
//     if it merges a definition made inside a loop along an exit of that
//     loop whose exit is thread-variant (threads leave after different
//     numbers of iterations).
//
// An assignment under thread-variant control is therefore not variant by
// itself: the threads that execute it compute the same value; the values
// only differ after the branch joins again, which its φ records.

type defKind uint8

const (
	defUndef  defKind = iota // the indeterminate value of a declaration
	defParam                 // a parameter on entry
	defAssign                // an assignment, ++/-- or initialization
	defPhi
)

// def is one SSA definition of a promoted variable.
type def struct {
	v      *types.Var
	vi     int32 // v's id in the flow
	kind   defKind
	impure bool       // see nilAt; beside kind, so that a def takes 112 bytes, not 120
	node   ast.Node   // the assignment, ++/--, or InitDeclarator
	old    *def       // the definition it updates (compound assignment, ++/--, guarded)
	guard  []ast.Expr // conditions of && || ?: the definition is evaluated under
	block  *cfg.Block
	edges  []*def // φ: by predecessor of block
	why    *Reason
	// nilAt is epoch+1 when why was last found nil; impure φs (whose
	// variance reads the per-round cache of loop exits) are not memoized.
	nilAt uint64
}

// flow holds the SSA definitions of a function.
type flow struct {
	promoted map[*types.Var]int32 // i+1 for the promoted variable i
	defs     []*def
	use      map[*ast.Name]*def
	phis     []*def
	gate     []*cfg.Block // by block index: for a join of a variant branch, the branch
	branched []bool       // by block index: variant branches whose joins are in gate
	loops    *cfg.LoopForest
	users    map[*def][]*def // the φs each definition reaches, on first use

	// joins' buffers, by block index, made at its first use
	rpo   []*cfg.Block
	label []int32
	reach []uint32 // stamp when the block is reached from the branch
	dirty []bool   // a predecessor's label changed since the block's last evaluation
	stamp uint32
	sub   []*cfg.Block
}

// defChunk is the number of definitions allocated at once, at most: the
// definitions of all functions of a unit live until the end of the
// analysis, so they are carved out of shared chunks. The chunks double
// from a small first one: most units define a few dozen.
const defChunk = 256

// newDef returns a zeroed definition from the current chunk.
func (in *Info) newDef() *def {
	if len(in.defBuf) == cap(in.defBuf) {
		in.defBuf = make([]def, 0, min(defChunk, max(16, 2*cap(in.defBuf))))
	}
	in.defBuf = in.defBuf[:len(in.defBuf)+1]
	return &in.defBuf[len(in.defBuf)-1]
}

// newEdges returns a zeroed list of n φ edges from the current chunk.
func (in *Info) newEdges(n int) []*def {
	if len(in.edgeBuf)+n > cap(in.edgeBuf) {
		in.edgeBuf = make([]*def, 0, max(min(4*defChunk, max(64, 2*cap(in.edgeBuf))), n))
	}
	k := len(in.edgeBuf)
	in.edgeBuf = in.edgeBuf[:k+n]
	return in.edgeBuf[k : k+n : k+n]
}

// buildFlow computes the SSA definitions of f, or returns nil when the
// function is not suited (no type information, irreducible control flow).
func (f *Func) buildFlow() *flow {
	in := f.info
	g := f.Graph
	if in.Types == nil || g == nil || g.Entry == nil || !g.Entry.Live {
		return nil
	}
	loops := g.Loops()
	if len(loops.Irreducible) > 0 {
		return nil
	}
	fl := &flow{
		promoted: map[*types.Var]int32{},
		use:      map[*ast.Name]*def{},
		gate:     make([]*cfg.Block, len(g.Blocks)),
		branched: make([]bool, len(g.Blocks)),
		loops:    loops,
	}
	// Candidates: the scalar automatic variables the body declares or
	// names, and the parameters; minus those whose address is taken.
	addrTaken := map[*types.Var]bool{}
	var cands []*types.Var
	consider := func(v *types.Var) {
		if v == nil || v.IsStatic() || v.Field || v.Storage == types.Typedef {
			return
		}
		if _, seen := fl.promoted[v]; seen {
			return
		}
		t := v.Type()
		ok := t != nil && types.IsScalar(t) && !types.IsShared(t) && types.QualsOf(t).Flags&types.Volatile == 0
		fl.promoted[v] = 0
		if ok {
			cands = append(cands, v)
		}
	}
	for _, p := range f.ps {
		consider(p)
	}
	initDecl := func(n *ast.InitDeclarator) {
		if id := ast.DeclaratorIdent(n.Decl); id != nil {
			v, _ := in.Types.Defs[id].(*types.Var)
			consider(v)
		}
	}
	addrOf := func(n *ast.UnaryExpr) {
		if x, ok := ast.Unparen(n.X).(*ast.Name); ok {
			if v, ok := in.Types.Uses[x].(*types.Var); ok {
				addrTaken[v] = true
			}
		}
	}
	if g.Func == f.Decl {
		for _, n := range g.InitDeclarators() {
			initDecl(n)
		}
		for _, n := range g.AddressOfs() {
			addrOf(n)
		}
	} else {
		ast.InspectCode(f.Decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.InitDeclarator:
				initDecl(n)
			case *ast.UnaryExpr:
				if n.Op == "&" {
					addrOf(n)
				}
			}
			return true
		})
	}
	// The promoted variables get dense ids in the order they were met.
	vars := make([]*types.Var, 0, len(cands))
	for _, v := range cands {
		if !addrTaken[v] {
			vars = append(vars, v)
			fl.promoted[v] = int32(len(vars))
		}
	}
	for v, id := range fl.promoted {
		if id == 0 {
			delete(fl.promoted, v)
		}
	}
	if len(vars) == 0 {
		return fl
	}

	// The reads and writes of promoted variables of each live block, in
	// evaluation order, walked once; and the blocks that define each
	// variable.
	evs := in.flowBuf[:0]
	defer func() { in.flowBuf = evs[:0] }()
	evStart := make([]int32, len(g.Blocks)+1)
	nuse := 0
	w := &walker{fl: fl, in: in, names: promotedNames(vars),
		use: func(n *ast.Name, vi int32) {
			evs = append(evs, flowEvent{vi: vi, name: n})
			nuse++
		},
		def: func(vi int32, n ast.Node, guard []ast.Expr) {
			evs = append(evs, flowEvent{vi: vi, node: n, guard: guard})
		}}
	defBlocks := make([][]*cfg.Block, len(vars))
	for _, b := range g.Blocks {
		evStart[b.Index] = int32(len(evs))
		if b.Live {
			for _, n := range b.Nodes {
				w.walk(n)
			}
			for _, e := range evs[evStart[b.Index]:] {
				if e.node != nil {
					if bs := defBlocks[e.vi]; len(bs) == 0 || bs[len(bs)-1] != b {
						defBlocks[e.vi] = append(bs, b)
					}
				}
			}
		}
		evStart[b.Index+1] = int32(len(evs))
	}
	fl.use = make(map[*ast.Name]*def, nuse)

	// φ placement: the iterated dominance frontier of the defining blocks
	// and of the exits of the loops containing one.
	phiAt := make([][]*def, len(g.Blocks))
	has := make([]int32, len(g.Blocks)) // i+1 for vars[i]
	inWork := make([]int32, len(g.Blocks))
	var work []*cfg.Block
	for i, v := range vars {
		stamp := int32(i + 1)
		work = append(append(work[:0], g.Entry), defBlocks[i]...)
		for _, b := range work {
			inWork[b.Index] = stamp
		}
		addPhi := func(y *cfg.Block) {
			if !y.Live || has[y.Index] == stamp {
				return
			}
			has[y.Index] = stamp
			phi := in.newDef()
			*phi = def{v: v, vi: int32(i), kind: defPhi, block: y, edges: in.newEdges(len(y.Preds))}
			phiAt[y.Index] = append(phiAt[y.Index], phi)
			fl.phis = append(fl.phis, phi)
			if inWork[y.Index] != stamp {
				inWork[y.Index] = stamp
				work = append(work, y)
			}
		}
		for _, l := range loops.Loops {
			for _, b := range defBlocks[i] {
				if l.Contains(b) {
					for _, e := range l.Exits {
						addPhi(e.To())
					}
					break
				}
			}
		}
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			for _, y := range g.DominanceFrontier(x) {
				addPhi(y)
			}
		}
	}

	// Renaming along the dominator tree: cur holds the definition of
	// each variable that reaches the point visited, undo the values it
	// had before the pushes of the blocks on the current path.
	cur := make([]*def, len(vars))
	var undo []*def
	ndefs := len(evs) - nuse
	fl.defs = make([]*def, 0, len(vars)+ndefs+len(fl.phis))
	for i, v := range vars {
		d := in.newDef()
		*d = def{v: v, vi: int32(i), kind: defUndef, block: g.Entry}
		if slices.Contains(f.ps, v) {
			d.kind = defParam
		}
		fl.defs = append(fl.defs, d)
		cur[i] = d
	}
	var rename func(b *cfg.Block)
	rename = func(b *cfg.Block) {
		mark := len(undo)
		push := func(d *def) {
			undo = append(undo, cur[d.vi])
			cur[d.vi] = d
		}
		for _, phi := range phiAt[b.Index] {
			push(phi)
		}
		for _, e := range evs[evStart[b.Index]:evStart[b.Index+1]] {
			if e.node == nil {
				fl.use[e.name] = cur[e.vi]
				continue
			}
			d := in.newDef()
			*d = def{v: vars[e.vi], vi: e.vi, kind: defAssign, node: e.node, old: cur[e.vi], block: b, guard: e.guard}
			if id, ok := e.node.(*ast.InitDeclarator); ok && id.Init == nil {
				d.kind, d.old = defUndef, nil
			}
			fl.defs = append(fl.defs, d)
			push(d)
		}
		for _, s := range b.Succs {
			for _, phi := range phiAt[s.Index] {
				for i, p := range s.Preds {
					if p == b {
						phi.edges[i] = cur[phi.vi]
					}
				}
			}
		}
		for _, c := range g.DomChildren(b) {
			rename(c)
		}
		for i := len(undo) - 1; i >= mark; i-- {
			p := undo[i]
			cur[p.vi] = p
		}
		undo = undo[:mark]
	}
	rename(g.Entry)
	fl.defs = append(fl.defs, fl.phis...)
	return fl
}

// flowEvent is a read (name set) or a write (node set) of a promoted
// variable.
type flowEvent struct {
	vi    int32 // the promoted variable's id
	name  *ast.Name
	node  ast.Node
	guard []ast.Expr
}

// walker visits the reads and writes of promoted variables of a node in
// evaluation order.
type walker struct {
	fl    *flow
	in    *Info
	names []string // see promotedNames
	guard []ast.Expr
	use   func(*ast.Name, int32)
	def   func(int32, ast.Node, []ast.Expr)
}

// promotedNames returns the names of vars when they are few enough to be
// searched faster than the unit's table of uses, else nil.
func promotedNames(vars []*types.Var) []string {
	if len(vars) > 16 {
		return nil
	}
	names := make([]string, len(vars))
	for i, v := range vars {
		names[i] = v.Name()
	}
	return names
}

// promoted returns the name and the id+1 of the promoted variable e
// names, or 0.
func (w *walker) promoted(e ast.Expr) (*ast.Name, int32) {
	if x, ok := ast.Unparen(e).(*ast.Name); ok {
		if w.names != nil && !slices.Contains(w.names, x.Name) {
			return nil, 0 // no promoted variable has this name
		}
		if v, ok := w.in.Types.Uses[x].(*types.Var); ok {
			if id := w.fl.promoted[v]; id > 0 {
				return x, id
			}
		}
	}
	return nil, 0
}

func (w *walker) under(cond ast.Expr, n ast.Node) {
	saved := w.guard
	w.guard = append(w.guard[:len(w.guard):len(w.guard)], cond)
	w.walk(n)
	w.guard = saved
}

func (w *walker) walk(n ast.Node) {
	if n == nil {
		return
	}
	ast.InspectEval(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.StmtExpr:
			return false // its statements are in blocks of their own
		case *ast.Name:
			if x, v := w.promoted(m); v > 0 {
				w.use(x, v-1)
			}
		case *ast.AssignExpr:
			x, v := w.promoted(m.L)
			if v == 0 {
				return true
			}
			v--
			w.walk(m.R)
			if m.Op == "=" {
				// the target is not read: it names the value assigned
				w.def(v, m, w.guard)
				w.use(x, v)
			} else {
				w.use(x, v)
				w.def(v, m, w.guard)
			}
			return false
		case *ast.PostfixExpr:
			if x, v := w.promoted(m.X); v > 0 {
				w.use(x, v-1)
				w.def(v-1, m, w.guard)
				return false
			}
		case *ast.UnaryExpr:
			if m.Op == "++" || m.Op == "--" {
				if x, v := w.promoted(m.X); v > 0 {
					w.use(x, v-1)
					w.def(v-1, m, w.guard)
					return false
				}
			}
		case *ast.BinaryExpr:
			if m.Op == "&&" || m.Op == "||" {
				w.walk(m.X)
				w.under(m.X, m.Y)
				return false
			}
		case *ast.CondExpr:
			w.walk(m.Cond)
			if m.Then != nil {
				w.under(m.Cond, m.Then)
			}
			w.under(m.Cond, m.Else)
			return false
		case *ast.InitDeclarator:
			if m.Init != nil {
				w.walk(m.Init)
			}
			if id := ast.DeclaratorIdent(m.Decl); id != nil {
				if v, ok := w.in.Types.Defs[id].(*types.Var); ok {
					if vi := w.fl.promoted[v]; vi > 0 {
						w.def(vi-1, m, w.guard)
					}
				}
			}
			return false
		}
		return true
	})
}

// evalDefs computes the variance of the definitions not yet known to be
// variant and reports whether one changed.
func (f *Func) evalDefs() bool {
	fl := f.flow
	in := f.info
	changed := false
	// Joins of the branches that became variant.
	for _, b := range f.Graph.Blocks {
		if !b.Live || len(b.Succs) < 2 || fl.branched[b.Index] || f.branch(b) == nil {
			continue
		}
		fl.branched[b.Index] = true
		for _, j := range fl.joins(f.Graph, b) {
			if fl.gate[j.Index] == nil {
				fl.gate[j.Index] = b
				in.epoch++
			}
		}
	}
	exitCache := map[*cfg.Loop]*cfg.Block{}
	exitDone := map[*cfg.Loop]bool{}
	for _, d := range fl.defs {
		if d.why != nil || d.nilAt == in.epoch+1 {
			continue
		}
		var why *Reason
		switch d.kind {
		case defParam:
			why = in.params[d.v]
		case defAssign:
			why = f.assignVariant(d)
		case defPhi:
			why = f.phiVariant(d, exitCache, exitDone)
		}
		if why != nil {
			d.why = why
			changed = true
			in.epoch++
			if in.Vars[d.v] == nil {
				in.Vars[d.v] = why
			}
			f.spread(d, exitCache, exitDone)
		} else if !d.impure {
			d.nilAt = in.epoch + 1
		}
	}
	return changed
}

// spread evaluates again the φs that d, now variant, reaches, and those
// that these reach when they become variant: a chain of φs (a variable of
// the innermost of n nested loops has one at each loop's head and exit)
// becomes variant in one round instead of one link per round, which made
// n nested loops cost n³.
func (f *Func) spread(d *def, exitCache map[*cfg.Loop]*cfg.Block, exitDone map[*cfg.Loop]bool) {
	fl, in := f.flow, f.info
	if fl.users == nil {
		fl.users = map[*def][]*def{}
		for _, p := range fl.phis {
			for _, e := range p.edges {
				if e != nil && e != p {
					fl.users[e] = append(fl.users[e], p)
				}
			}
		}
	}
	stack := []*def{d}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, u := range fl.users[x] {
			if u.why != nil {
				continue
			}
			if why := f.phiVariant(u, exitCache, exitDone); why != nil {
				u.why = why
				in.epoch++
				if in.Vars[u.v] == nil {
					in.Vars[u.v] = why
				}
				stack = append(stack, u)
			}
		}
	}
}

func (f *Func) assignVariant(d *def) *Reason {
	name := d.v.Name()
	for _, c := range d.guard {
		if r := f.Variant(c); r != nil {
			return wrap(d.node, FormAssigned, name, name+" assigned under a thread-dependent condition", r)
		}
	}
	if len(d.guard) > 0 && d.old != nil && d.old.why != nil {
		return d.old.why
	}
	switch n := d.node.(type) {
	case *ast.InitDeclarator:
		return f.initVariant(n.Init)
	case *ast.AssignExpr:
		if n.Op != "=" && d.old != nil && d.old.why != nil {
			return d.old.why
		}
		return f.Variant(n.R)
	case *ast.PostfixExpr, *ast.UnaryExpr:
		if d.old != nil {
			return d.old.why
		}
	}
	return nil
}

func (f *Func) phiVariant(d *def, exitCache map[*cfg.Loop]*cfg.Block, exitDone map[*cfg.Loop]bool) *Reason {
	var first *def
	differ := false
	for _, e := range d.edges {
		if e == nil || e == d {
			continue
		}
		if e.why != nil {
			return e.why
		}
		if first == nil {
			first = e
		} else if e != first {
			differ = true
		}
	}
	name := d.v.Name()
	if br := f.flow.gate[d.block.Index]; br != nil && differ {
		r := f.branch(br)
		c := wrap(r.Node, FormControl, name, name+" assigned under thread-dependent control", r)
		c.Branch, c.Control = br, true
		return c
	}
	// Exits of loops whose exit is thread-variant.
	for i, p := range d.block.Preds {
		e := d.edges[i]
		if e == nil || e == d || !p.Live {
			continue
		}
		for l := f.flow.loops.LoopOf(p); l != nil; l = l.Parent {
			if l.Contains(d.block) {
				break
			}
			if !l.Contains(e.block) {
				continue
			}
			d.impure = true
			if !exitDone[l] {
				exitDone[l] = true
				exitCache[l] = f.variantExit(l)
			}
			if br := exitCache[l]; br != nil {
				r := f.branch(br)
				c := wrap(e.node, FormLoopExit, name, name+" changed in a loop whose exit is under thread-dependent control", r)
				c.Branch, c.Control = br, true
				return c
			}
		}
	}
	return nil
}

// variantExit returns a thread-variant branch of loop l that decides
// whether the loop is left, or nil.
func (f *Func) variantExit(l *cfg.Loop) *cfg.Block {
	seen := map[*cfg.Block]bool{}
	var work []*cfg.Block
	for _, e := range l.Exits {
		if !seen[e.From] {
			seen[e.From] = true
			work = append(work, e.From)
		}
	}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if len(b.Succs) > 1 && f.branch(b) != nil {
			return b
		}
		for _, cd := range f.Graph.ControlDeps(b) {
			if l.Contains(cd.Block) && !seen[cd.Block] {
				seen[cd.Block] = true
				work = append(work, cd.Block)
			}
		}
	}
	return nil
}

// joins returns the join points of branch b: the blocks where paths from
// two different successors of b first meet. Each block gets the label of
// the edge of b or of the join whose definition reaches it (like a φ that
// merges the successors' values); a block whose predecessors bring
// different labels is a join and labels itself. A join's own label coming
// back around a loop does not make it one.
//
// Only the blocks b reaches are labelled (the others keep no label), in
// reverse postorder; the order, the buffers and the reverse postorder are
// the flow's, kept from one branch to the next.
func (fl *flow) joins(g *cfg.Graph, b *cfg.Block) []*cfg.Block {
	n := int32(len(g.Blocks))
	if fl.rpo == nil {
		fl.rpo = g.ReversePostorder()
		fl.label = make([]int32, n) // successor index s, or n+j for join j; -1: none
		fl.reach = make([]uint32, n)
		fl.dirty = make([]bool, n)
	}
	// The blocks b reaches, in reverse postorder.
	fl.stamp++
	stamp := fl.stamp
	stack := append(fl.sub[:0], b)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range x.Succs {
			if fl.reach[s.Index] != stamp {
				fl.reach[s.Index] = stamp
				stack = append(stack, s)
			}
		}
	}
	sub := stack[:0]
	for _, x := range fl.rpo {
		if fl.reach[x.Index] == stamp {
			sub = append(sub, x)
		}
	}
	fl.sub = sub
	label := fl.label
	for _, x := range sub {
		label[x.Index] = -1
		fl.dirty[x.Index] = true
	}
	// The bound is that of the whole graph: blocks b does not reach never
	// change, so the rounds are those a pass over every block would make.
	// A round evaluates again only the blocks a predecessor's label
	// changed for since their last evaluation: the others would compute
	// what they hold, so the rounds and the labels are those of full passes.
	for iter := 0; iter < 2*len(fl.rpo)+8; iter++ {
		changed := false
		for _, x := range sub {
			if !fl.dirty[x.Index] {
				continue
			}
			fl.dirty[x.Index] = false
			own := n + int32(x.Index)
			lab, conflict := int32(-1), false
			for _, p := range x.Preds {
				l := int32(-1)
				if p == b {
					l = int32(x.Index)
				} else if fl.reach[p.Index] == stamp {
					l = label[p.Index]
				}
				if l < 0 || l == own {
					continue
				}
				if lab < 0 {
					lab = l
				} else if lab != l {
					conflict = true
				}
			}
			if conflict {
				lab = own
			}
			if label[x.Index] != lab {
				label[x.Index] = lab
				changed = true
				for _, s := range x.Succs {
					fl.dirty[s.Index] = true
				}
			}
		}
		if !changed {
			var out []*cfg.Block
			for _, x := range sub {
				if label[x.Index] == n+int32(x.Index) {
					out = append(out, x)
				}
			}
			return out
		}
	}
	// No fixpoint: every block the branch reaches may be a join.
	var out []*cfg.Block
	for _, x := range sub {
		if label[x.Index] >= 0 {
			out = append(out, x)
		}
	}
	return out
}
