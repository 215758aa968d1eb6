package affinity

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// ownedByMe says why every element a accesses has affinity to the
// executing thread whatever the index, or "":
//   - an array member of the element MYTHREAD of a cyclic array of
//     structures (s[MYTHREAD].a[i]: the structure, members included, lies
//     on its owner, UPC 1.3 §6.5.2.1);
//   - the elements behind a private pointer to shared [] data that the
//     function only ever sets to a block this thread allocated with
//     upc_alloc (or Berkeley's upc_local_alloc), which has affinity to the
//     calling thread (UPC 1.3 §7.2.2.3).
func (f *Func) ownedByMe(a *affine.Access) string {
	info := f.Affine.Info
	if info == nil {
		return ""
	}
	base := ast.Unparen(a.Base)
	if m, ok := base.(*ast.MemberExpr); ok && !m.Arrow {
		if ix, ok := ast.Unparen(m.X).(*ast.IndexExpr); ok && isMyThread(ix.Index) {
			if t := info.TypeOf(ix.X); t != nil && types.IsShared(t) {
				if arr, ok := types.Core(t).(*types.Array); ok && !isArrayType(arr.Elem) && types.QualsOf(t).Block.BlockSize() == 1 {
					return "member of this thread's element " + ast.NodeString(ix)
				}
			}
		}
		return ""
	}
	if a.Pointer && a.Var != nil && !a.Var.IsStatic() && !a.Var.Param && indefinitePointer(a.Var.Type()) && f.onlyLocalAlloc(a.Var, a.Block) {
		return a.Var.Name() + " points to a block this thread allocated"
	}
	return ""
}

// onlyLocalAlloc reports whether the pointer v holds, in block at, a
// block this thread allocated: an assignment of upc_alloc or
// upc_local_alloc dominates at, every other change of v (an assignment,
// ++ or --) comes after at (at is not reachable from it), and v never has
// its address taken.
func (f *Func) onlyLocalAlloc(v *types.Var, at *cfg.Block) bool {
	info := f.Affine.Info
	g := f.Affine.Graph
	if g == nil || at == nil {
		return false
	}
	isV := func(e ast.Expr) bool {
		n, isName := ast.Unparen(e).(*ast.Name)
		return isName && info.Uses[n] == types.Object(v)
	}
	ok, dominated := true, false
	var others []*cfg.Block
	for _, b := range g.Blocks {
		for _, n := range b.Nodes {
			ast.InspectCode(n, func(m ast.Node) bool {
				alloc, assigns := false, false
				switch m := m.(type) {
				case *ast.AssignExpr:
					if isV(m.L) {
						assigns, alloc = true, m.Op == "=" && localAlloc(m.R)
					}
				case *ast.PostfixExpr:
					assigns = isV(m.X)
				case *ast.UnaryExpr:
					ok = ok && !(m.Op == "&" && isV(m.X))
					assigns = (m.Op == "++" || m.Op == "--") && isV(m.X)
				case *ast.InitDeclarator:
					if id := ast.DeclaratorIdent(m.Decl); id != nil && info.Defs[id] == types.Object(v) && m.Init != nil {
						assigns, alloc = true, m.Init.X != nil && localAlloc(m.Init.X)
					}
				}
				switch {
				case alloc:
					dominated = dominated || g.Dominates(b, at) && b != at
				case assigns:
					others = append(others, b)
				}
				return ok
			})
		}
	}
	if !ok || !dominated {
		return false
	}
	for _, o := range others {
		if o == at || reaches(o, at) {
			return false
		}
	}
	return true
}

// reaches reports whether block to can be reached from block from.
func reaches(from, to *cfg.Block) bool {
	seen := map[*cfg.Block]bool{from: true}
	stack := append([]*cfg.Block(nil), from.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if x == to {
			return true
		}
		if !seen[x] {
			seen[x] = true
			stack = append(stack, x.Succs...)
		}
	}
	return false
}

// localAlloc reports whether e is (a cast of, or an assignment of) a call
// of upc_alloc or upc_local_alloc.
func localAlloc(e ast.Expr) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.CastExpr:
			e = x.X
		case *ast.AssignExpr:
			if x.Op != "=" {
				return false
			}
			e = x.R
		case *ast.CallExpr:
			name := ast.CalleeName(x)
			return name == "upc_alloc" || name == "upc_local_alloc"
		default:
			return false
		}
	}
}

// indefinitePointer reports whether t is a pointer to shared [] data: the
// elements it reaches stay on the thread of the block (a cyclic pointer
// moves to the next thread with each element).
func indefinitePointer(t types.Type) bool {
	p, ok := types.Core(t).(*types.Pointer)
	return ok && types.IsShared(p.Elem) && types.QualsOf(p.Elem).Block.Kind == types.BlockIndefinite
}

func isMyThread(e ast.Expr) bool {
	c, ok := ast.Unparen(e).(*ast.UPCConst)
	return ok && c.Name == "MYTHREAD"
}

func isArrayType(t types.Type) bool { _, ok := types.Core(t).(*types.Array); return ok }
