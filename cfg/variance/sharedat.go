package variance

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// ownStore is a store into an element of a shared array, s[index] = value,
// in function f.
type ownStore struct {
	f     *Func
	index string
	value ast.Expr
}

// sharedStores finds, once per unit, the plain stores into each shared
// array variable.
func (in *Info) sharedStores() map[*types.Var][]ownStore {
	if in.sharedWrites != nil {
		return in.sharedWrites
	}
	in.sharedWrites = map[*types.Var][]ownStore{}
	in.inspectLive(func(f *Func, _ *cfg.Block, m ast.Node) bool {
		a, ok := m.(*ast.AssignExpr)
		if !ok || a.Op != "=" {
			return true
		}
		ix, ok := ast.Unparen(a.L).(*ast.IndexExpr)
		if !ok {
			return true
		}
		x, ok := ast.Unparen(ix.X).(*ast.Name)
		if !ok {
			return true
		}
		if v, _ := in.Types.Uses[x].(*types.Var); v != nil && types.IsShared(v.Type()) {
			in.sharedWrites[v] = append(in.sharedWrites[v], ownStore{f: f, index: ast.NodeString(ix.Index), value: a.R})
		}
		return true
	})
	return in.sharedWrites
}

// ownCopy reports whether the element base[index] that a thread reads at
// a thread-dependent index is one it stored itself, at the same index
// expression, and always with a value that is not thread-dependent
// (tally[4*MYTHREAD+1] = retries, where every thread counts the same
// retries): the read then gives every thread the same value.
func (f *Func) ownCopy(base, index ast.Expr) bool {
	x, ok := ast.Unparen(base).(*ast.Name)
	if !ok || f.info.Types == nil {
		return false
	}
	v, _ := f.info.Types.Uses[x].(*types.Var)
	if v == nil {
		return false
	}
	if f.info.ownBusy[v] {
		return false // a store of a value read from the same array
	}
	if f.info.ownBusy == nil {
		f.info.ownBusy = map[*types.Var]bool{}
	}
	f.info.ownBusy[v] = true
	defer delete(f.info.ownBusy, v)
	key := ast.NodeString(index)
	found := false
	for _, s := range f.info.sharedStores()[v] {
		if s.index != key {
			continue
		}
		if r := s.f.Variant(s.value); r != nil && !r.Weak() {
			return false
		}
		found = true
	}
	return found
}

// inspectLive calls visit, as ast.InspectCode does, on the nodes of every
// reachable block of every function, with the function and block that
// hold them.
func (in *Info) inspectLive(visit func(f *Func, b *cfg.Block, n ast.Node) bool) {
	for _, f := range in.Funcs {
		for _, b := range f.Graph.LiveBlocks() {
			for _, n := range b.Nodes {
				ast.InspectCode(n, func(m ast.Node) bool { return visit(f, b, m) })
			}
		}
	}
}
