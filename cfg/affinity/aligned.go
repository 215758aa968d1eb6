package affinity

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Aligned is the set of a unit's pointers-to-shared (of static storage,
// or parameters) that always point to the first element of a block
// allocated with upc_all_alloc or upc_global_alloc: its element 0 has affinity to thread
// 0 and phase 0 (UPC 1.3 §7.2.2.1-2: the space is laid out like a shared
// array declared [n] char[nblocks*n], whose first element is thread 0's),
// so p[i] lies where the element i of an array laid out like p's target
// type would, whichever function reads it. A pointer is aligned when it
// is assigned at least once in the unit, every assignment (and the
// initializer, if any) stores such a call's result, the start of a
// declared shared array (A or &A[0], whose element 0 is thread 0's first
// too) or another aligned pointer (under casts: a cast to another block
// size resets the phase, which is 0 already) or upc_alloc's under
// "if (MYTHREAD == 0)", and its address is never taken. Assignments in other translation units are not
// seen: the fact is the unit's.
type Aligned map[*types.Var]bool

// AlignedPointers computes the Aligned pointers of a unit. A parameter of
// a function that the unit calls only by name (its address never taken)
// is aligned when it is in every call an aligned pointer or allocation,
// and otherwise like a static pointer; callers in other units are not
// seen either.
func AlignedPointers(file *ast.File, info *types.Info) Aligned {
	al, _, _ := alignedSources(file, info)
	return al
}

// alignedSources computes the Aligned pointers of a unit, with what each
// candidate pointer may be set to (nil for thread 0's upc_alloc under
// MYTHREAD == 0) and the function that tells a candidate pointer's name.
func alignedSources(file *ast.File, info *types.Info) (Aligned, map[*types.Var][]ast.Expr, func(ast.Expr) *types.Var) {
	if file == nil || info == nil {
		return nil, nil, nil
	}
	if !mayAlign(info) {
		return Aligned{}, nil, nil // no candidate: the walks below would find none
	}
	cand := func(e ast.Expr) *types.Var {
		n, ok := ast.Unparen(e).(*ast.Name)
		if !ok {
			return nil
		}
		v, ok := info.Uses[n].(*types.Var)
		if !ok || !staticSharedPointer(v) && !sharedPointerParam(v) {
			return nil
		}
		return v
	}
	sources := map[*types.Var][]ast.Expr{}
	bad := map[*types.Var]bool{}
	calls := map[*types.FuncObj][]*ast.CallExpr{}
	callee := map[*ast.Name]bool{}
	escaped := map[*types.FuncObj]bool{}
	// Assignments that only thread 0 runs (inside "if (MYTHREAD == 0)"):
	// the upc_alloc there returns thread 0's memory.
	// One walk: an if statement is visited before the assignments of its
	// then branch.
	zero := map[*ast.AssignExpr]bool{}
	for _, d := range file.Decls {
		ast.Inspect(d, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.IfStmt:
				if cfg.ThreadTest(ast.Unparen(n.Cond), cfg.True) == "0" {
					ast.Inspect(n.Then, func(m ast.Node) bool {
						if a, ok := m.(*ast.AssignExpr); ok {
							zero[a] = true
						}
						return true
					})
				}
			case *ast.CallExpr:
				if id, ok := ast.Unparen(n.Fun).(*ast.Name); ok {
					if fo, ok := info.Uses[id].(*types.FuncObj); ok {
						callee[id] = true
						calls[fo] = append(calls[fo], n)
					}
				}
			case *ast.Name:
				if fo, ok := info.Uses[n].(*types.FuncObj); ok && !callee[n] {
					escaped[fo] = true // called through a pointer: callers unknown
				}
			case *ast.AssignExpr:
				if v := cand(n.L); v != nil {
					if n.Op != "=" {
						bad[v] = true
					} else if zero[n] && localAlloc(n.R) {
						sources[v] = append(sources[v], nil) // thread 0's block
					} else {
						sources[v] = append(sources[v], n.R)
					}
				}
			case *ast.UnaryExpr:
				if n.Op == "&" || n.Op == "++" || n.Op == "--" {
					if v := cand(n.X); v != nil {
						bad[v] = true
					}
				}
			case *ast.PostfixExpr:
				if v := cand(n.X); v != nil {
					bad[v] = true
				}
			case *ast.InitDeclarator:
				if id := ast.DeclaratorIdent(n.Decl); id != nil && n.Init != nil {
					if v, ok := info.Defs[id].(*types.Var); ok && staticSharedPointer(v) {
						if n.Init.X == nil {
							bad[v] = true
						} else {
							sources[v] = append(sources[v], n.Init.X)
						}
					}
				}
			}
			return true
		})
	}
	// A parameter receives the arguments of the unit's calls of its
	// function, when the function is only ever called by name.
	for _, fd := range info.Funcs {
		sig := fd.Obj.Signature()
		if sig == nil || escaped[fd.Obj] || fd.Scope == nil {
			continue
		}
		for k, p := range sig.Params {
			v, ok := fd.Scope.LookupLocal(p.Name).(*types.Var)
			if !ok || !sharedPointerParam(v) {
				continue
			}
			for _, c := range calls[fd.Obj] {
				if k >= len(c.Args) {
					bad[v] = true
				} else {
					sources[v] = append(sources[v], c.Args[k])
				}
			}
		}
	}
	al := Aligned{}
	for v, srcs := range sources {
		if !bad[v] && len(srcs) > 0 {
			al[v] = true
		}
	}
	// Greatest fixpoint: drop a pointer with a source that is neither an
	// allocation nor a pointer still in the set.
	for changed := true; changed; {
		changed = false
		for v := range al {
			for _, src := range sources[v] {
				if src != nil && !teamAlloc(src) && !arrayStart(src, info) && !al[cand(uncast(src))] {
					delete(al, v)
					changed = true
					break
				}
			}
		}
	}
	return al, sources, cand
}

// Allocs maps each aligned pointer of a unit to what it may point to the
// start of: the upc_all_alloc and upc_global_alloc calls whose results it
// may hold, the declared shared arrays whose start it may hold (their
// *types.Var), and threadZero for upc_alloc under MYTHREAD == 0.
type Allocs map[*types.Var]map[any]bool

// threadZero stands for any upc_alloc block of thread 0 in Allocs.
var threadZero = new(int)

// Allocations computes the Allocs of a unit.
func Allocations(file *ast.File, info *types.Info) Allocs {
	al, sources, cand := alignedSources(file, info)
	out := Allocs{}
	for v := range al {
		out[v] = map[any]bool{}
	}
	// Least fixpoint: a pointer copied from another may hold what that
	// one holds.
	for changed := true; changed; {
		changed = false
		for v := range al {
			for _, src := range sources[v] {
				var add []any
				switch {
				case src == nil:
					add = []any{threadZero}
				case teamAlloc(src):
					add = []any{uncast(src)}
				case arrayStart(src, info):
					add = []any{arrayOf(src, info)}
				default:
					for k := range out[cand(uncast(src))] {
						add = append(add, k)
					}
				}
				for _, k := range add {
					if !out[v][k] {
						out[v][k] = true
						changed = true
					}
				}
			}
		}
	}
	return out
}

// Disjoint reports whether the aligned pointers p and q never point into
// one object: no allocation or array is among what both may hold.
func (al Allocs) Disjoint(p, q *types.Var) bool {
	sp, sq := al[p], al[q]
	if len(sp) == 0 || len(sq) == 0 {
		return false
	}
	for k := range sp {
		if sq[k] {
			return false
		}
	}
	return true
}

// MayPointInto reports whether the pointer p may point into the declared
// array v: unless p is aligned and v's start is not among what it may hold.
func (al Allocs) MayPointInto(p, v *types.Var) bool {
	s := al[p]
	return len(s) == 0 || s[v]
}

// arrayOf returns the declared array whose start e is (see arrayStart).
func arrayOf(e ast.Expr, info *types.Info) *types.Var {
	x := uncast(e)
	for {
		switch y := x.(type) {
		case *ast.UnaryExpr:
			x = ast.Unparen(y.X)
		case *ast.IndexExpr:
			x = ast.Unparen(y.X)
		case *ast.Name:
			v, _ := info.Uses[y].(*types.Var)
			return v
		default:
			return nil
		}
	}
}

// mayAlign reports whether the unit has a candidate of Aligned: a static
// pointer-to-shared that it defines or names, or a pointer-to-shared
// parameter of a function it defines. Most units have none, and their
// declarations need not be walked.
func mayAlign(info *types.Info) bool {
	for _, o := range info.Uses {
		if v, ok := o.(*types.Var); ok && (staticSharedPointer(v) || sharedPointerParam(v)) {
			return true
		}
	}
	for _, o := range info.Defs {
		if v, ok := o.(*types.Var); ok && staticSharedPointer(v) {
			return true
		}
	}
	for _, fd := range info.Funcs {
		sig := fd.Obj.Signature()
		if sig == nil || fd.Scope == nil {
			continue
		}
		for _, p := range sig.Params {
			if v, ok := fd.Scope.LookupLocal(p.Name).(*types.Var); ok && sharedPointerParam(v) {
				return true
			}
		}
	}
	return false
}

// staticSharedPointer reports whether v is a pointer-to-shared variable of
// static storage duration (file scope or static).
func staticSharedPointer(v *types.Var) bool {
	if v == nil || v.Param || v.Field || !v.IsStatic() {
		return false
	}
	p, ok := types.Core(v.Type()).(*types.Pointer)
	return ok && types.IsShared(p.Elem)
}

// sharedPointerParam reports whether v is a pointer-to-shared parameter.
func sharedPointerParam(v *types.Var) bool {
	if v == nil || !v.Param {
		return false
	}
	p, ok := types.Core(v.Type()).(*types.Pointer)
	return ok && types.IsShared(p.Elem)
}

// uncast returns e without its casts and parentheses.
func uncast(e ast.Expr) ast.Expr {
	for {
		c, ok := ast.Unparen(e).(*ast.CastExpr)
		if !ok {
			return ast.Unparen(e)
		}
		e = c.X
	}
}

// arrayStart reports whether e is (a cast of) the start of a declared
// shared array, A or &A[0]...[0]: its element 0 is thread 0's first (UPC
// 1.3 §6.5.2.1), like an allocation's. A parameter declared as an array
// is a pointer, and does not count.
func arrayStart(e ast.Expr, info *types.Info) bool {
	x := uncast(e)
	if u, ok := x.(*ast.UnaryExpr); ok && u.Op == "&" {
		x = ast.Unparen(u.X)
		ix, ok := x.(*ast.IndexExpr)
		if !ok {
			return false
		}
		for ok {
			if c, isLit := ast.Unparen(ix.Index).(*ast.BasicLit); !isLit || c.Value != "0" {
				return false
			}
			x = ast.Unparen(ix.X)
			ix, ok = x.(*ast.IndexExpr)
		}
	}
	n, ok := x.(*ast.Name)
	if !ok {
		return false
	}
	v, ok := info.Uses[n].(*types.Var)
	return ok && !v.Param && !v.Field && isArrayType(v.Type()) && types.IsShared(v.Type())
}

// teamAlloc reports whether e is (a cast of) a call of upc_all_alloc or
// upc_global_alloc, whose result points to thread 0's first block.
func teamAlloc(e ast.Expr) bool {
	call, ok := uncast(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	name := ast.CalleeName(call)
	return name == "upc_all_alloc" || name == "upc_global_alloc"
}

// AlignedBlock returns the block size B of the target of a's aligned
// pointer (see Aligned): a[i] then lies where element i of a declared
// shared [B] array would. 0 when a is not through such a pointer or B is
// not a positive constant.
func (f *Func) AlignedBlock(a *affine.Access) int64 { return f.alignedBlock(a) }

// alignedBlock returns the block size of the target of a's aligned
// pointer (see Aligned), or 0 when a is not through such a pointer or the
// block size is not a positive constant.
func (f *Func) alignedBlock(a *affine.Access) int64 {
	if a.Layout != nil || !a.Pointer || a.Var == nil || !f.aligned[a.Var] {
		return 0
	}
	p, ok := types.Core(a.Var.Type()).(*types.Pointer)
	if !ok {
		return 0
	}
	bs := types.QualsOf(p.Elem).Block.BlockSize()
	if bs < 1 {
		return 0
	}
	return bs
}

// alignedOnZero says why a, through an aligned pointer to shared [] data
// (every element on thread 0, the thread of the block's start), is local,
// or returns "": only thread 0 runs it.
func (f *Func) alignedOnZero(a *affine.Access) string {
	if a.Layout != nil || !a.Pointer || a.Var == nil || !f.aligned[a.Var] || !indefinitePointer(a.Var.Type()) || a.Block == nil || f.Affine.Graph == nil {
		return ""
	}
	if f.Affine.Graph.Guarded(a.Block, nil, func(e ast.Expr, kind cfg.EdgeKind) bool { return cfg.ThreadTest(e, kind) == "0" }) {
		return a.Var.Name() + " points to thread 0's memory (every assignment of the unit), and only thread 0 runs this"
	}
	return ""
}
