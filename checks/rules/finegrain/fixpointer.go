package finegrain

import (
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// pointeeLayout returns the layout the coalescing rewrites see through a
// pointer-to-shared of type t (shared [B] T *p, as upc_all_alloc and
// upc_global_alloc hand out, or an element's address &A[i]) named after
// v: one dimension of unknown length, the elements T. The rewrites take
// the block size from the pointer's type and the phase of the first
// element from the pointer (upc_phaseof), and fetch only the bounding box
// of the indices the loop reads, which lies in the object the pointer
// points into as the reads do. A pointer to rows of constant length (T is
// an array) has them as inner dimensions. nil when t is not such a
// pointer.
func pointeeLayout(t types.Type, v *types.Var) *types.Layout {
	if v == nil || t == nil {
		return nil
	}
	pt, ok := types.Core(t).(*types.Pointer)
	if !ok || !types.IsShared(pt.Elem) {
		return nil
	}
	elem := types.Unqualified(pt.Elem)
	dims := []types.Dim{{Len: -1}}
	for {
		// a pointer to rows (a parameter declared T m[][N]): the rows'
		// constant lengths are the inner dimensions
		arr, isArray := types.Core(elem).(*types.Array)
		if !isArray {
			break
		}
		if arr.Kind != types.FixedLen || arr.Len <= 0 {
			return nil
		}
		dims = append(dims, types.Dim{Len: arr.Len})
		elem = types.Unqualified(arr.Elem)
	}
	if elem == nil {
		return nil
	}
	size, ok := types.Sizeof(elem)
	if !ok || size <= 0 {
		return nil
	}
	return &types.Layout{Var: v, Elem: elem, ElemSize: size, IsArray: true, Dims: dims,
		Strict: types.QualsOf(pt.Elem).Flags&types.StrictQ != 0}
}

// addrBase recognises accesses through the address of an element of a
// named shared array, (&A[i])[j], *(&A[i] + j), (&M[i][0])[k] or
// *(A + i + j): element-wise accesses of A at i + j (pointer arithmetic
// on a pointer-to-shared follows the array's layout, UPC 1.3 §6.4.2). It
// returns A and the address's text, which the rewrite indexes from; nil
// when the base is another expression, has side effects or is not the
// source's own text.
func (c *checker) addrBase(fx *fixer, a *affine.Access) (*types.Var, string) {
	base := ast.Unparen(a.Base)
	v := c.addrRoot(a)
	if v == nil {
		return nil, ""
	}
	if _, pure := indexNames(base); !pure || fx == nil || !fx.plainText(base) {
		return nil, ""
	}
	return v, ast.NodeString(base)
}

// addrRoot returns A when a's base is the address of an element of the
// named shared array A (&A[i], &M[r][0], A + i), else nil.
func (c *checker) addrRoot(a *affine.Access) *types.Var {
	base := ast.Unparen(a.Base)
	var arr ast.Expr
	switch x := base.(type) {
	case *ast.UnaryExpr:
		if x.Op != "&" {
			return nil
		}
		ix, ok := ast.Unparen(x.X).(*ast.IndexExpr)
		if !ok {
			return nil
		}
		for ok {
			arr = ast.Unparen(ix.X)
			ix, ok = arr.(*ast.IndexExpr)
		}
	case *ast.BinaryExpr:
		if x.Op != "+" && x.Op != "-" {
			return nil
		}
		arr = ast.Unparen(x.X)
	default:
		return nil
	}
	id, ok := arr.(*ast.Name)
	if !ok {
		return nil
	}
	v, _ := c.info.Uses[id].(*types.Var)
	if v == nil || c.info.Layouts[v] == nil || !c.info.Layouts[v].IsArray {
		return nil
	}
	return v
}

// pointerNoFix says why the reads of g, through a pointer-to-shared, get
// no coalescing rewrite where one is recommended, or "" when they may get
// one: the finding then says so rather than leave the user looking for a
// fix. It depends on the analysis only, not on the fixer.
func (c *checker) pointerNoFix(g *group) string {
	first := g.accs[0]
	if !first.Pointer {
		return ""
	}
	base := ast.NodeString(ast.Unparen(first.Base))
	for _, a := range g.accs {
		if !a.Write {
			continue
		}
		if _, blocked := c.pointerBlock(a); !blocked {
			return "only writes through a blocked pointer-to-shared (shared [B] T *, B > 1) are rewritten"
		}
		if o := c.ptrWriteOverlaps(a); o != nil {
			return base + " may point into " + ast.NodeString(o.Base) + ", which the loop also accesses, and the writes cannot move after it"
		}
		return ""
	}
	v := first.Var
	if v == nil {
		v = c.addrRoot(first)
	}
	if v == nil {
		if v = c.castRoot(first, g.loop); v != nil && c.fx != nil && !c.macrosInCastType(c.fx, first) {
			return "a macro makes part of the index of the reads through " + base + ", and the rewrite would write its value"
		}
	}
	if v == nil {
		if _, cast := ast.Unparen(first.Base).(*ast.CastExpr); cast {
			return base + " is a cast of an expression or of a pointer the loop changes, not of a pointer variable it leaves unchanged"
		}
		return base + " is computed (an expression), not a pointer variable, a cast of one or an element's address"
	}
	if pointeeLayout(c.info.TypeOf(first.Base), v) == nil {
		return base + " points to rows of no constant length or to elements of unknown size"
	}
	if c.ptrWritesAlias(g.loop.Stmt, first) {
		return "the loop writes shared data, which " + base + " may point into"
	}
	for _, a := range g.accs {
		f := c.firstForm(a)
		if f == nil {
			return "the elements read through " + base + " have no bounds known before the loop"
		}
		if lo, hi, _ := c.af.Bounds(f, g.loop); lo == nil || !c.invariantIn(lo, g.loop) || !c.invariantIn(hi, g.loop) {
			return "the elements read through " + base + " have no bounds known before the loop"
		}
	}
	if bs, _ := c.pointerBlock(first); bs > 1 {
		for _, a := range g.accs {
			if c.skipsElements(a, g.loop) {
				return "the loop reads only some of the elements of " + base + " between the first and the last it reads, and a copy of them all would fetch more"
			}
		}
	}
	if _, ok := c.tripTest(g.loop); !ok {
		return "the loop's iterations are not known before it runs (its step or bounds)"
	}
	return ""
}

// castRoot returns v when a's base is a cast of the pointer variable v to
// a pointer-to-shared type ((shared const T *)src in the UPC collectives
// reference implementation) and the loop leaves v unchanged: the reads
// follow the cast's layout (its block size, whatever src's), from where v
// points. nil otherwise.
func (c *checker) castRoot(a *affine.Access, l *cfg.Loop) *types.Var {
	cast, ok := ast.Unparen(a.Base).(*ast.CastExpr)
	if !ok || cast.Type == nil || !types.IsPointerToShared(c.info.TypeOf(cast)) {
		return nil
	}
	id, ok := ast.Unparen(cast.X).(*ast.Name)
	if !ok {
		return nil
	}
	v, _ := c.info.Uses[id].(*types.Var)
	if v == nil || !types.IsPointer(v.Type()) || !cfg.FixedInLoop(c.fn.Decl.Body, l, id.Name) {
		return nil
	}
	return v
}

// castQuals matches what the element type of a cast's pointer-to-shared
// type has that a private buffer's must not: shared and its layout
// qualifier, the other qualifiers.
var castQuals = regexp.MustCompile(`\bshared\s*(\[[^\]]*\])?|\b(const|volatile|strict|relaxed|restrict)\b`)

// castBase recognises accesses through a cast of a pointer variable to a
// pointer-to-shared type (castRoot). It returns the variable, the cast's
// text, which the rewrite indexes from, and the element type as the cast
// spells it without its qualifiers (_UPC_RED_T where a macro names the
// type, as in a file included once per type); nil when the cast is not
// the source's own text or its type is not a pointer to elements.
func (c *checker) castBase(fx *fixer, a *affine.Access, l *cfg.Loop) (*types.Var, string, string) {
	v := c.castRoot(a, l)
	if v == nil || fx == nil {
		return nil, "", ""
	}
	cast := ast.Unparen(a.Base).(*ast.CastExpr)
	d := cast.Type.Decl
	if d == nil || len(d.Ptrs) != 1 || d.Direct != nil && (d.Direct.Nested != nil || len(d.Direct.Suffixes) > 0) || cast.Type.Specs == nil {
		return nil, "", ""
	}
	if !c.macrosInCastType(fx, a) {
		return nil, "", ""
	}
	consts := fx.consts()
	at, ok1 := consts.Spelled(cast)
	specs, ok2 := consts.Spelled(cast.Type.Specs)
	elem := strings.Join(strings.Fields(castQuals.ReplaceAllString(specs, " ")), " ")
	if !ok1 || !ok2 || elem == "" {
		return nil, "", ""
	}
	return v, at, elem
}

// castEdits makes the rewrite of accesses through a cast whose type a
// macro spells (*((shared const _UPC_RED_T *)src + i)) one the edit guard
// lets through: an edit that rewrites the cast deletes the text it spans
// whole, invocations and all, and writes its new text (the buffer, at the
// loop's index) right after it. The macros must lie in the cast's type:
// an index a macro makes would have its value written. nil when one does
// not.
func (c *checker) castEdits(fx *fixer, g *group, sf *analysis.SuggestedFix) *analysis.SuggestedFix {
	if sf == nil || fx.unit == nil || fx.unit.File == nil {
		return sf
	}
	toks := fx.unit.File.Tokens
	var out []analysis.TextEdit
	for _, e := range sf.TextEdits {
		macro := false
		for _, a := range g.accs {
			x, ok := ast.Unparen(a.Base).(*ast.CastExpr)
			if !ok || e.Pos > x.Start() || x.End() > e.End || e.Pos < a.Expr.Start() || a.Expr.End() < e.End {
				continue
			}
			tf, te := x.Type.Span()
			first, end := a.Expr.Span()
			for i := first; i < end && i < len(toks); i++ {
				if p := toks[i].SitePos(); !toks[i].FromMacro() || p < e.Pos || p >= e.End {
					continue
				}
				if i < tf || i >= te {
					return nil
				}
				macro = true
			}
		}
		if !macro {
			out = append(out, e)
			continue
		}
		out = append(out, analysis.TextEdit{Pos: e.Pos, End: e.End},
			analysis.TextEdit{Pos: e.End, End: e.End, NewText: e.NewText})
	}
	sf.TextEdits = out
	return sf
}

// castLayoutText returns the block size of the cast a's base is as its
// layout qualifier spells it (B of (shared [B] long *)src), "" when the
// cast has none (a cyclic pointer) or does not spell it in a file.
func (c *checker) castLayoutText(fx *fixer, a *affine.Access) string {
	cast, ok := ast.Unparen(a.Base).(*ast.CastExpr)
	if !ok || cast.Type == nil || cast.Type.Specs == nil {
		return ""
	}
	for _, s := range cast.Type.Specs.List {
		if s.Shared != nil && s.Shared.Layout != nil && s.Shared.Layout.Size != nil {
			t, _ := fx.consts().Spelled(s.Shared.Layout.Size)
			return t
		}
	}
	return ""
}

// macrosInCastType reports whether the macros of a's text all lie in the
// type of the cast a's base is: one elsewhere in the access (an index
// + OFF) would have its value written in the fetch's bounds.
func (c *checker) macrosInCastType(fx *fixer, a *affine.Access) bool {
	cast, ok := ast.Unparen(a.Base).(*ast.CastExpr)
	if !ok || cast.Type == nil || fx.unit == nil || fx.unit.File == nil {
		return false
	}
	toks := fx.unit.File.Tokens
	tf, te := cast.Type.Span()
	first, end := a.Expr.Span()
	for i := max(first, 0); i < end && i < len(toks); i++ {
		if toks[i].FromMacro() && (i < tf || i >= te) {
			return false
		}
	}
	return true
}
