package finegrain

import (
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// pointeeLayout returns the layout the coalescing rewrites see through the
// pointer-to-shared v (shared [B] T *p, as upc_all_alloc and
// upc_global_alloc hand out): one dimension of unknown length, the
// elements T. The rewrites take the block size from the pointer's type
// and the phase of the first element from the pointer (upc_phaseof), and
// fetch only the bounding box of the indices the loop reads, which lies in
// the object p points to as the reads do. nil when v is not such a
// pointer or T is an array.
func pointeeLayout(v *types.Var) *types.Layout {
	if v == nil {
		return nil
	}
	pt, ok := types.Core(v.Type()).(*types.Pointer)
	if !ok || !types.IsShared(pt.Elem) {
		return nil
	}
	elem := types.Unqualified(pt.Elem)
	if _, isArray := types.Core(elem).(*types.Array); isArray || elem == nil {
		return nil
	}
	size, ok := types.Sizeof(elem)
	if !ok || size <= 0 {
		return nil
	}
	return &types.Layout{Var: v, Elem: elem, ElemSize: size, IsArray: true, Dims: []types.Dim{{Len: -1}},
		Strict: types.QualsOf(pt.Elem).Flags&types.StrictQ != 0}
}

// writesShared reports whether n assigns, increments or decrements a
// shared object, wherever it is.
func (c *checker) writesShared(n ast.Node) bool {
	found := false
	shared := func(e ast.Expr) bool {
		t := c.info.TypeOf(e)
		return t == nil || types.IsShared(t)
	}
	ast.InspectCode(n, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.AssignExpr:
			found = found || shared(x.L)
		case *ast.PostfixExpr:
			found = found || shared(x.X)
		case *ast.UnaryExpr:
			found = found || (x.Op == "++" || x.Op == "--") && shared(x.X)
		}
		return !found
	})
	return found
}
