package affine

import (
	"fmt"
	"slices"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// AtomKind says what an atom of a Form stands for.
type AtomKind uint8

// Atom kinds.
const (
	Induction AtomKind = iota // the induction variable of an enclosing loop
	Thread                    // MYTHREAD
	NThreads                  // THREADS (dynamic THREADS)
	Invariant                 // a name invariant in the enclosing loops
)

// Atom describes an atom name used in the forms of a function.
type Atom struct {
	Name string
	Kind AtomKind
	// Loop is, for Induction, the first loop found with this variable (a
	// name may be the induction variable of several loops).
	Loop *cfg.Loop
}

// Access is an array element access (a[i], a[i][j], *(a+i)) or an access
// through a pointer (p[i], *p, *(p+i)).
type Access struct {
	Expr  ast.Expr   // the outermost IndexExpr, or the * UnaryExpr
	Base  ast.Expr   // the array or pointer expression indexed
	Var   *types.Var // the variable Base names, or nil
	Block *cfg.Block // the block evaluating the access
	// Loops are the natural loops containing the access, innermost first.
	Loops []*cfg.Loop
	// Shared: the accessed element is shared (an element of a shared array
	// or the target of a pointer-to-shared).
	Shared bool
	// Layout is the layout of Var when it is a shared object that Base
	// accesses directly (not through a pointer, even one stored in shared
	// memory: the elements are then wherever it points), else nil.
	Layout *types.Layout
	// Pointer: Base is a pointer, so Index counts from where it points.
	Pointer bool
	// Index is the flattened (row-major) element index in units of the
	// ultimate element type, or nil when it is not affine; Reason then says
	// why and At points at the culprit.
	Index  *Form
	Reason string
	At     ast.Node
	Write  bool // the access is assigned to (=, op=, ++, --)
	// Addr: only the address is computed (&a[i], a forall affinity), no
	// element is read or written.
	Addr bool
}

// Func holds the affine facts of one function.
type Func struct {
	Graph    *cfg.Graph
	Info     *types.Info
	Accesses []*Access // in block order, then evaluation order
	Atoms    map[string]*Atom

	byExpr map[ast.Expr]*Access
	boxes  map[*cfg.Loop][]*Box
	ranges map[*cfg.Loop]*ivRange
}

// Access returns the access whose Expr is e, or nil.
func (f *Func) Access(e ast.Expr) *Access { return f.byExpr[ast.Unparen(e)] }

// Analyze computes the accesses of g's function and their index forms.
func Analyze(g *cfg.Graph, info *types.Info) *Func {
	f := &Func{Graph: g, Info: info, Atoms: map[string]*Atom{}, byExpr: map[ast.Expr]*Access{},
		boxes: map[*cfg.Loop][]*Box{}, ranges: map[*cfg.Loop]*ivRange{}}
	forest := g.Loops()
	// The maps are per block; they are cleared rather than remade, and
	// the visitor is made once: this runs for every block of every
	// function.
	inner := map[ast.Expr]bool{}
	writes := map[ast.Expr]bool{}
	addr := map[ast.Expr]bool{}
	var b *cfg.Block
	var loops []*cfg.Loop
	var loopsOf *cfg.Loop // the innermost loop loops was computed for
	// mark marks e and the elements whose members it names (s[i] of
	// s[i].f = v, s[d] of &s[d].t[0]): storing to or taking the address of
	// a member reads nothing of the element.
	mark := func(set map[ast.Expr]bool, e ast.Expr) {
		e = ast.Unparen(e)
		set[e] = true
		for {
			switch x := e.(type) {
			case *ast.IndexExpr:
				e = ast.Unparen(x.X)
				continue
			case *ast.MemberExpr:
				if !x.Arrow {
					e = ast.Unparen(x.X)
					if _, ok := e.(*ast.IndexExpr); ok {
						set[e] = true
					}
					continue
				}
			}
			return
		}
	}
	visit := func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.StmtExpr:
			return false
		case *ast.AssignExpr:
			mark(writes, m.L)
		case *ast.PostfixExpr:
			mark(writes, m.X)
		case *ast.UnaryExpr:
			if m.Op == "++" || m.Op == "--" {
				mark(writes, m.X)
			}
			if m.Op == "&" {
				mark(addr, m.X)
			}
			if m.Op == "*" && !addr[m] {
				f.addDeref(m, b, loops, writes[m])
			}
		case *ast.IndexExpr:
			if !inner[m] {
				for x := ast.Unparen(m.X); ; {
					ix, ok := x.(*ast.IndexExpr)
					if !ok {
						break
					}
					inner[ix] = true
					x = ast.Unparen(ix.X)
				}
				f.addIndex(m, b, loops, writes[m])
				// A row (an element that is an array) converts to its
				// address: DPS[r][dx] + i reads nothing.
				f.byExpr[m].Addr = addr[m] || isArray(f.typeOf(m))
			}
		}
		return true
	}
	for _, blk := range g.Blocks {
		if !blk.Live {
			continue
		}
		b = blk
		// Blocks of the same innermost loop share its chain of loops.
		if l := forest.LoopOf(b); l != loopsOf {
			loopsOf, loops = l, nil
			for ; l != nil; l = l.Parent {
				loops = append(loops, l)
			}
		}
		inner, writes, addr = reset(inner), reset(writes), reset(addr)
		for _, n := range b.Nodes {
			ast.InspectCode(n, visit)
		}
	}
	return f
}

// reset empties m for reuse; a map grown large is dropped instead, as
// clearing costs its capacity.
func reset(m map[ast.Expr]bool) map[ast.Expr]bool {
	if len(m) > 64 {
		return map[ast.Expr]bool{}
	}
	clear(m)
	return m
}

func (f *Func) typeOf(e ast.Expr) types.Type {
	if f.Info == nil {
		return nil
	}
	return f.Info.TypeOf(e)
}

func (f *Func) varOf(e ast.Expr) *types.Var {
	if n, ok := ast.Unparen(e).(*ast.Name); ok && f.Info != nil {
		v, _ := f.Info.Uses[n].(*types.Var)
		return v
	}
	return nil
}

func (f *Func) newAccess(e, base ast.Expr, b *cfg.Block, loops []*cfg.Loop, write bool) *Access {
	a := &Access{Expr: e, Base: base, Block: b, Loops: loops, Write: write, Var: f.varOf(base)}
	if t := f.typeOf(e); t != nil && types.IsShared(t) {
		a.Shared = true
	}
	if bt := f.typeOf(base); bt != nil && types.IsPointer(bt) {
		a.Pointer = true
	}
	if a.Var != nil && f.Info != nil && !a.Pointer {
		a.Layout = f.Info.Layouts[a.Var]
	}
	f.Accesses = append(f.Accesses, a)
	f.byExpr[e] = a
	return a
}

func (a *Access) fail(reason string, at ast.Node) {
	a.Index, a.Reason, a.At = nil, reason, at
}

// addIndex records the access X[i1][i2]...[in].
func (f *Func) addIndex(e *ast.IndexExpr, b *cfg.Block, loops []*cfg.Loop, write bool) {
	// The indices in source order (i, j for a[i][j]); the walk from e
	// meets them last first.
	var buf [4]ast.Expr
	idx := buf[:0]
	x := ast.Expr(e)
	for {
		ix, ok := ast.Unparen(x).(*ast.IndexExpr)
		if !ok {
			break
		}
		idx = append(idx, ix.Index)
		x = ix.X
	}
	slices.Reverse(idx)
	base := ast.Unparen(x)
	a := f.newAccess(e, base, b, loops, write)
	bt := f.typeOf(base)
	if bt == nil {
		a.fail("untyped base", base)
		return
	}
	// Element counts of the dimensions below each index.
	var t types.Type
	switch c := types.Core(bt).(type) {
	case *types.Pointer:
		t = c.Elem
	case *types.Array:
		t = c.Elem
	default:
		a.fail("not an array or pointer", base)
		return
	}
	dims := []*Form{}
	for t != nil {
		arr, ok := types.Core(t).(*types.Array)
		if !ok {
			break
		}
		switch arr.Kind {
		case types.FixedLen:
			dims = append(dims, ConstForm(arr.Len))
		case types.ThreadsLen:
			dims = append(dims, f.atom(Threads, NThreads, nil).Scale(arr.Len))
		default:
			dims = append(dims, nil)
		}
		t = arr.Elem
	}
	// idx[k] is multiplied by the product of dims[k:] restricted to the
	// dimensions below the last index, times the elements below them.
	if len(idx)-1 > len(dims) {
		a.fail("more indices than dimensions", e)
		return
	}
	below := ConstForm(1)
	for _, d := range dims[len(idx)-1:] {
		if d == nil {
			a.fail("variable-length dimension", base)
			return
		}
		below = below.Mul(d)
	}
	sum := ConstForm(0)
	mult := below
	for k := len(idx) - 1; k >= 0; k-- {
		fk, why, at := f.form(idx[k], loops)
		if fk == nil {
			a.fail(why, at)
			return
		}
		sum = sum.Add(fk.Mul(mult))
		if k > 0 {
			d := dims[k-1]
			if d == nil {
				a.fail("variable-length dimension", base)
				return
			}
			mult = mult.Mul(d)
		}
	}
	a.Index = sum
	f.checkAffine(a)
}

// addDeref records *p and *(p + i) when p is a pointer-to-shared or the
// operand is array arithmetic.
func (f *Func) addDeref(e *ast.UnaryExpr, b *cfg.Block, loops []*cfg.Loop, write bool) {
	x := ast.Unparen(e.X)
	base, off := x, ast.Expr(nil)
	neg := false
	if be, ok := x.(*ast.BinaryExpr); ok && (be.Op == "+" || be.Op == "-") {
		if lt := f.typeOf(be.X); lt != nil && (types.IsPointer(lt) || isArray(lt)) {
			base, off, neg = ast.Unparen(be.X), be.Y, be.Op == "-"
		} else if rt := f.typeOf(be.Y); rt != nil && be.Op == "+" && (types.IsPointer(rt) || isArray(rt)) {
			base, off = ast.Unparen(be.Y), be.X
		}
	}
	bt := f.typeOf(base)
	if bt == nil || !(types.IsPointerToShared(bt) || isArray(bt)) {
		return
	}
	a := f.newAccess(e, base, b, loops, write)
	if off == nil {
		a.Index = ConstForm(0)
		return
	}
	fo, why, at := f.form(off, loops)
	if fo == nil {
		a.fail(why, at)
		return
	}
	if neg {
		fo = fo.Scale(-1)
	}
	a.Index = fo
	f.checkAffine(a)
}

func isArray(t types.Type) bool { _, ok := types.Core(t).(*types.Array); return ok }

// checkAffine turns a polynomial index that multiplies an induction
// variable by another induction variable (or itself) into "not affine".
// A product with invariant atoms (i*THREADS, i*n) is affine with a
// symbolic coefficient.
func (f *Func) checkAffine(a *Access) {
	for _, t := range a.Index.Terms {
		ivs := 0
		for _, at := range t.Atoms {
			if f.Atoms[at] != nil && f.Atoms[at].Kind == Induction {
				ivs++
			}
		}
		if ivs > 1 {
			a.fail(fmt.Sprintf("product of induction variables %s", t.key()), a.Expr)
			return
		}
	}
}

// Form returns the affine form of the integer expression e evaluated in
// block b, or nil and the reason it is not affine.
func (f *Func) Form(e ast.Expr, b *cfg.Block) (*Form, string) {
	var loops []*cfg.Loop
	for l := f.Graph.Loops().LoopOf(b); l != nil; l = l.Parent {
		loops = append(loops, l)
	}
	fo, why, _ := f.form(e, loops)
	return fo, why
}

// FormIn is Form without an analysed function: the affine form of e
// evaluated in block b of g. It records atoms in a Func of its own, so it
// may run while other analyses use the function's Func.
func FormIn(g *cfg.Graph, info *types.Info, e ast.Expr, b *cfg.Block) (*Form, string) {
	f := &Func{Graph: g, Info: info, Atoms: map[string]*Atom{}}
	return f.Form(e, b)
}

func (f *Func) atom(name string, kind AtomKind, l *cfg.Loop) *Form {
	if a := f.Atoms[name]; a == nil {
		f.Atoms[name] = &Atom{Name: name, Kind: kind, Loop: l}
	} else if kind == Induction && a.Kind != Induction {
		a.Kind, a.Loop = kind, l
	}
	return AtomForm(name)
}

// form converts e in the context of loops (innermost first).
func (f *Func) form(e ast.Expr, loops []*cfg.Loop) (*Form, string, ast.Node) {
	e = ast.Unparen(e)
	if f.Info != nil {
		if tv, ok := f.Info.Types[e]; ok && tv.Value.IsInt() {
			return ConstForm(tv.Value.Int), "", nil
		}
	}
	if v, ok := ast.IntConst(e); ok {
		return ConstForm(v), "", nil
	}
	switch x := e.(type) {
	case *ast.UPCConst:
		switch x.Name {
		case "MYTHREAD":
			return f.atom(MyThread, Thread, nil), "", nil
		case "THREADS":
			return f.atom(Threads, NThreads, nil), "", nil
		}
	case *ast.Name:
		if f.Info != nil {
			if c, ok := f.Info.Uses[x].(*types.EnumConst); ok {
				return ConstForm(c.Value), "", nil
			}
		}
		for _, l := range loops {
			if iv := l.Induction(); iv != nil && iv.Name == x.Name {
				return f.atom(x.Name, Induction, l), "", nil
			}
		}
		if len(loops) > 0 && !loops[0].Invariant(x) {
			return nil, x.Name + " changes in the loop", x
		}
		return f.atom(x.Name, Invariant, nil), "", nil
	case *ast.UnaryExpr:
		switch x.Op {
		case "-", "+":
			g, why, at := f.form(x.X, loops)
			if g == nil || x.Op == "+" {
				return g, why, at
			}
			return g.Scale(-1), "", nil
		}
	case *ast.CastExpr:
		if t := f.typeOf(x); t == nil || types.IsInteger(t) {
			return f.form(x.X, loops)
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case "+", "-", "*", "<<":
			l, why, at := f.form(x.X, loops)
			if l == nil {
				return nil, why, at
			}
			r, why, at := f.form(x.Y, loops)
			if r == nil {
				return nil, why, at
			}
			switch x.Op {
			case "+":
				return l.Add(r), "", nil
			case "-":
				return l.Sub(r), "", nil
			case "*":
				return l.Mul(r), "", nil
			case "<<":
				if r.IsConst() && r.Const >= 0 && r.Const < 62 {
					return l.Scale(1 << r.Const), "", nil
				}
				return nil, "shift by a non-constant", x
			}
		case "/", "%":
			return nil, "integer " + map[string]string{"/": "division", "%": "remainder"}[x.Op], x
		}
	case *ast.CallExpr:
		return nil, "call of " + ast.CalleeName(x), x
	case *ast.IndexExpr, *ast.MemberExpr:
		return nil, "memory read " + ast.NodeString(x), x
	}
	return nil, "not affine: " + ast.NodeString(e), e
}
