package variance

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// A per-thread table is a one-dimensional array, private or shared, that
// every thread fills for all threads with values that do not depend on
// the element: NAS CG's l2npcols_g[t], computed for t = 0..THREADS-1 from
// the process grid alone (a shared table written so by every thread holds
// the same values whichever store lands last). Reading it at MYTHREAD
// gives every thread the same value, although the index is
// thread-dependent.

// tableWrite is one store into a candidate table: node (an assignment,
// ++ or --) in block b of function f, with the index variable t.
type tableWrite struct {
	f     *Func
	b     *cfg.Block
	node  ast.Node
	value ast.Expr // the value stored or added, nil for ++ and --
	index *types.Var
}

// tables finds, once per unit, the stores into each array variable, or nil for an array that is written otherwise (through a
// pointer, by a call, at an index that is not a loop counter over all the
// threads).
func (in *Info) tables() map[*types.Var][]tableWrite {
	if in.tableWrites != nil {
		return in.tableWrites
	}
	in.tableWrites = map[*types.Var][]tableWrite{}
	bad := map[*types.Var]bool{}
	uses := in.Types.Uses
	arrayVar := func(e ast.Expr) *types.Var {
		x, ok := ast.Unparen(e).(*ast.Name)
		if !ok {
			return nil
		}
		v, _ := uses[x].(*types.Var)
		if v == nil || v.Field || !isArray(v.Type()) {
			return nil
		}
		if t, ok := types.Core(v.Type()).(*types.Array); !ok || isArray(t.Elem) || !types.IsScalar(t.Elem) {
			bad[v] = true // only one-dimensional tables of scalars
			return nil
		}
		return v
	}
	in.inspectLive(func(f *Func, b *cfg.Block, m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			for _, a := range call.Args {
				if v := arrayVar(a); v != nil {
					bad[v] = true // filled by the callee
				}
			}
		}
		target := cfg.Stored(m)
		var value ast.Expr // nil for ++ and --
		if a, ok := m.(*ast.AssignExpr); ok {
			value = a.R
		}
		if target == nil {
			return true
		}
		ix, ok := ast.Unparen(target).(*ast.IndexExpr)
		if !ok {
			return true
		}
		v := arrayVar(ix.X)
		if v == nil {
			return true
		}
		t := f.threadCounter(b, ix.Index)
		if t == nil {
			bad[v] = true
			return true
		}
		in.tableWrites[v] = append(in.tableWrites[v], tableWrite{f: f, b: b, node: m, value: value, index: t})
		return true
	})
	for _, n := range in.addrOfArrays() {
		bad[n] = true
	}
	for v := range bad {
		delete(in.tableWrites, v)
	}
	return in.tableWrites
}

// addrOfArrays returns the arrays whose address is taken with &.
func (in *Info) addrOfArrays() []*types.Var {
	var out []*types.Var
	for _, f := range in.Funcs {
		for _, u := range f.Graph.AddressOfs() {
			if x, ok := ast.Unparen(rootOf(u.X)).(*ast.Name); ok {
				if v, ok := in.Types.Uses[x].(*types.Var); ok {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// threadCounter returns the counter of the loop around b that e names when
// the loop runs it over every thread (from 0 while below THREADS, step 1),
// or nil.
func (f *Func) threadCounter(b *cfg.Block, e ast.Expr) *types.Var {
	x, ok := ast.Unparen(e).(*ast.Name)
	if !ok {
		return nil
	}
	v, _ := f.info.Types.Uses[x].(*types.Var)
	if v == nil {
		return nil
	}
	for l := f.Graph.Loops().LoopOf(b); l != nil; l = l.Parent {
		iv := l.Induction()
		if iv == nil || iv.Name != x.Name {
			continue
		}
		start, ok := ast.IntConst(iv.Start)
		if ok && start == 0 && f.info.Types.IsThreads(iv.Bound) && iv.Op == "<" && iv.StepKnown && iv.StepConst == 1 {
			return v
		}
		return nil
	}
	return nil
}

// uniformTable reports whether v is a per-thread table whose elements all
// hold the same value: every store is executed by every thread (or by the
// thread that runs its upc_forall iteration), under no condition on the
// element, of a single-valued value that does not depend on the element.
func (in *Info) uniformTable(v *types.Var) bool {
	ws := in.tables()[v]
	if len(ws) == 0 {
		return false
	}
	for _, w := range ws {
		// every thread stores, or the owner of each iteration of a
		// upc_forall does: either way every element gets the same stores
		if r := w.f.Control(w.b); r != nil && r.Origin != FromForall {
			return false
		}
		for _, d := range w.f.Graph.ControlDeps(w.b) {
			if ctl, ok := d.Block.Control().(ast.Expr); ok && mentions(in.Types, ctl, w.index) && !isLoopTest(w.f, d.Block, w.index) {
				return false // a condition on the element
			}
		}
		if w.value != nil && (w.f.Variant(w.value) != nil || mentions(in.Types, w.value, w.index)) {
			return false
		}
	}
	return true
}

// isLoopTest reports whether block c tests the counter t of its own loop.
func isLoopTest(f *Func, c *cfg.Block, t *types.Var) bool {
	l := f.Graph.Loops().LoopOf(c)
	return l != nil && l.Induction() != nil && l.Induction().Name == t.Name() && c.Control() == ast.Node(l.Induction().Cond)
}

// mentions reports whether e reads v.
func mentions(info *types.Info, e ast.Node, v *types.Var) bool {
	found := false
	ast.InspectCode(e, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok && info.Uses[x] == types.Object(v) {
			found = true
		}
		return !found
	})
	return found
}
