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
//     calling thread (UPC 1.3 §7.2.2.3);
//   - the elements behind such a pointer set only to upc_all_alloc(1, n),
//     whose one block is thread 0's (§7.2.2.2), accessed under a test
//     that the executing thread is 0.
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
	if a.Pointer && a.Var != nil && !a.Var.IsStatic() && !a.Var.Param && indefinitePointer(a.Var.Type()) {
		if f.onlyAlloc(a.Var, a.Block, localAlloc) {
			return a.Var.Name() + " points to a block this thread allocated"
		}
		if f.onlyAlloc(a.Var, a.Block, oneBlockAlloc) && f.Affine.Graph.Guarded(a.Block, nil, func(e ast.Expr, kind cfg.EdgeKind) bool {
			return cfg.ThreadTest(e, kind) == "0"
		}) {
			return a.Var.Name() + " points to the one block of upc_all_alloc(1, ...), on thread 0, and thread 0 runs this"
		}
	}
	return ""
}

// onlyAlloc reports whether the pointer v holds, in block at, a block
// that isAlloc says how it was allocated: an assignment of such a call
// dominates at, every other change of v (an assignment, ++ or --) comes
// after at (at is not reachable from it), and v never has its address
// taken.
func (f *Func) onlyAlloc(v *types.Var, at *cfg.Block, isAlloc func(ast.Expr) bool) bool {
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
						assigns, alloc = true, m.Op == "=" && isAlloc(m.R)
					}
				case *ast.PostfixExpr:
					assigns = isV(m.X)
				case *ast.UnaryExpr:
					ok = ok && !(m.Op == "&" && isV(m.X))
					assigns = (m.Op == "++" || m.Op == "--") && isV(m.X)
				case *ast.InitDeclarator:
					if id := ast.DeclaratorIdent(m.Decl); id != nil && info.Defs[id] == types.Object(v) && m.Init != nil {
						assigns, alloc = true, m.Init.X != nil && isAlloc(m.Init.X)
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
	call := allocCall(e)
	return call != nil && (ast.CalleeName(call) == "upc_alloc" || ast.CalleeName(call) == "upc_local_alloc")
}

// oneBlockAlloc reports whether e is (a cast of, or an assignment of) a
// call upc_all_alloc(1, n): its one block has affinity to thread 0 (UPC
// 1.3 §7.2.2.2: the blocks are laid out like shared [n] char[nblocks*n]).
func oneBlockAlloc(e ast.Expr) bool {
	call := allocCall(e)
	if call == nil || ast.CalleeName(call) != "upc_all_alloc" || len(call.Args) != 2 {
		return false
	}
	n, ok := ast.IntConst(call.Args[0])
	return ok && n == 1
}

// allocCall returns the call that e is, under casts and assignments, or
// nil.
func allocCall(e ast.Expr) *ast.CallExpr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.CastExpr:
			e = x.X
		case *ast.AssignExpr:
			if x.Op != "=" {
				return nil
			}
			e = x.R
		case *ast.CallExpr:
			return x
		default:
			return nil
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
