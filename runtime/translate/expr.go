package translate

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// dirty reports whether a node needs translation (contains anything UPC
// that plain C cannot express).
func (t *translator) dirty(n ast.Node) bool {
	if isNilNode(n) {
		return false
	}
	if v, ok := t.dirtyMemo[n]; ok {
		return v
	}
	d := false
	ast.Inspect(n, func(m ast.Node) bool {
		if d || isNilNode(m) {
			return false
		}
		switch x := m.(type) {
		case *ast.SizeofExpr:
			if strings.HasPrefix(x.Op, "upc_") {
				d = true
			}
		case *ast.Name:
			if obj := t.info.Uses[x]; obj != nil {
				if _, ok := t.names[obj]; ok {
					d = true
				} else if fo, ok := obj.(*types.FuncObj); ok && t.isLibFunc(fo) {
					d = true
				}
			}
		case *ast.TypeName:
			if hasShared(t.info.TypeNames[x]) {
				d = true
			}
		case *ast.ForallStmt, *ast.BarrierStmt, *ast.FenceStmt, *ast.SharedQual:
			d = true
		case *ast.PragmaStmt:
			if isUPCPragma(x.Text) {
				d = true
			}
		case *ast.Ident:
			if obj := t.info.Defs[x]; obj != nil && hasShared(obj.Type()) {
				d = true
			}
		case *ast.Spec:
			if x.Keyword == "strict" || x.Keyword == "relaxed" {
				d = true
			}
		case *ast.TypedefName:
			if tn := t.info.TypedefUses[x]; tn != nil && hasShared(tn.Type()) {
				d = true
			}
		case *ast.RecordSpec:
			if x.HasBody && t.recordDirty(x) {
				d = true
			}
		case *ast.ReturnStmt:
			// return NULL from a function returning a pointer-to-shared
			if x.X != nil && t.fn != nil && t.fn.Obj != nil {
				if sig := t.fn.Obj.Signature(); sig != nil && sig.Result != nil && isSptr(sig.Result) {
					d = true
				}
			}
		case *ast.CallExpr:
			// f(NULL) or f(0) for a pointer-to-shared parameter
			if ft := t.valType(x.Fun); ft != nil {
				if sig, ok := types.Core(types.PointerElem(ft)).(*types.Func); ok {
					for _, p := range sig.Params {
						if isSptr(p.Type) {
							d = true
						}
					}
				}
			}
		}
		if e, ok := m.(ast.Expr); ok && !d {
			if tv, ok := t.info.Types[e]; ok && hasShared(tv.Type) {
				d = true
			}
		}
		return !d
	})
	t.dirtyMemo[n] = d
	return d
}

func (t *translator) recordDirty(r *ast.RecordSpec) bool {
	for _, f := range r.Fields {
		for _, fd := range f.Decls {
			if fd.Decl == nil {
				continue
			}
			if id := ast.DeclaratorIdent(fd.Decl); id != nil {
				if obj := t.info.Defs[id]; obj != nil && hasShared(obj.Type()) {
					return true
				}
			}
		}
		for _, s := range f.Specs.List {
			if s.Record != nil && s.Record.HasBody && t.recordDirty(s.Record) {
				return true
			}
		}
	}
	return false
}

func isUPCPragma(text string) bool {
	f := strings.Fields(text)
	return len(f) >= 1 && f[0] == "upc"
}

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// valType is the type of e's value after the lvalue, array and function
// conversions.
func (t *translator) valType(e ast.Expr) types.Type {
	tv, ok := t.info.Types[e]
	if !ok {
		return nil
	}
	ty := tv.Type
	switch c := types.Core(ty).(type) {
	case *types.Array:
		return &types.Pointer{Elem: t.decayElem(ty, c)}
	case *types.Func:
		return &types.Pointer{Elem: ty}
	}
	return ty
}

// decayElem is the element type of array type ty with the qualifiers ty
// carries through typedef names.
func (t *translator) decayElem(ty types.Type, a *types.Array) types.Type {
	e := a.Elem
	q := types.QualsOf(ty)
	if q.Shared() && !types.QualsOf(e).Shared() {
		return qualifyAll(e, q)
	}
	return e
}

func qualifyAll(ty types.Type, q types.Qualifiers) types.Type {
	if a, ok := types.Core(ty).(*types.Array); ok {
		return &types.Array{Elem: qualifyAll(a.Elem, q), Kind: a.Kind, Len: a.Len}
	}
	return &types.Qualified{Type: ty, Qual: q}
}

func (t *translator) isSharedLvalue(e ast.Expr) bool {
	tv, ok := t.info.Types[e]
	return ok && tv.Mode == types.ModeLvalue && types.IsShared(tv.Type)
}

func (t *translator) isNull(e ast.Expr) bool {
	tv, ok := t.info.Types[e]
	return ok && tv.Mode == types.ModeConstant && tv.Value.Kind == types.IntValue && tv.Value.Int == 0 &&
		(types.IsInteger(tv.Type) || types.IsPointer(tv.Type))
}

func (t *translator) isStrict(ty types.Type) bool {
	q := types.QualsOf(ty)
	if q.Flags&types.StrictQ != 0 {
		return true
	}
	if q.Flags&types.RelaxedQ != 0 {
		return false
	}
	return t.strict
}

// rv translates e used as a value.
func (t *translator) rv(e ast.Expr) string {
	if isNilNode(e) {
		return ""
	}
	if !t.dirty(e) {
		return t.nodeText(e)
	}
	tv := t.info.Types[e]
	if t.isSharedLvalue(e) {
		if _, isArr := types.Core(tv.Type).(*types.Array); isArr {
			return t.addr(e)
		}
		return t.read(e)
	}
	switch x := e.(type) {
	case *ast.Name:
		if obj := t.info.Uses[x]; obj != nil {
			if n, ok := t.names[obj]; ok {
				return n
			}
		}
		return t.nodeText(e)
	case *ast.UnaryExpr:
		switch x.Op {
		case "&":
			if t.isSharedLvalue(x.X) {
				return t.addr(x.X)
			}
		case "!":
			if isSptr(t.valType(x.X)) {
				return "upcr_isnull(" + t.rv(x.X) + ")"
			}
		case "++", "--":
			return t.incdec(x.X, x.Op, true, false, x)
		}
	case *ast.PostfixExpr:
		return t.incdec(x.X, x.Op, false, false, x)
	case *ast.BinaryExpr:
		if s, ok := t.binary(x); ok {
			return s
		}
	case *ast.AssignExpr:
		return t.assign(x, false)
	case *ast.CondExpr:
		res := tv.Type
		return t.gapText(x, []ast.Node{x.Cond, x.Then, x.Else}, func(c ast.Node) string {
			ce := c.(ast.Expr)
			if ce == x.Cond {
				return t.cond(ce)
			}
			if isSptr(res) {
				return t.convert(ce, res)
			}
			return t.rv(ce)
		})
	case *ast.CallExpr:
		return t.call(x)
	case *ast.CastExpr:
		return t.cast(x)
	case *ast.SizeofExpr:
		return t.sizeofExpr(x, tv)
	case *ast.StmtExpr:
		return t.gapText(x, []ast.Node{x.Body}, func(c ast.Node) string {
			return t.flat(func() { t.stmt(c.(ast.Stmt)) })
		})
	case *ast.CompoundLit:
		ty := t.info.TypeNames[x.Type]
		return "(" + t.ctype(ty, "") + ")" + t.initList(x.Init, ty)
	case *ast.VaArgExpr:
		return "__builtin_va_arg(" + t.rv(x.X) + ", " + t.ctype(t.info.TypeNames[x.Type], "") + ")"
	}
	return t.gapText(e, exprChildren(e), t.childText)
}

// childText translates a child node inside gap printing of an expression.
func (t *translator) childText(c ast.Node) string {
	switch x := c.(type) {
	case ast.Expr:
		return t.rv(x)
	case *ast.TypeName:
		if t.dirty(x) {
			return t.ctype(t.info.TypeNames[x], "")
		}
		return t.nodeText(x)
	case *ast.InitList:
		return t.initList(x, nil)
	case *ast.Block:
		return t.flat(func() { t.stmt(x) })
	}
	return t.nodeText(c)
}

func exprChildren(e ast.Expr) []ast.Node {
	var out []ast.Node
	add := func(ns ...ast.Node) {
		for _, n := range ns {
			if !isNilNode(n) {
				out = append(out, n)
			}
		}
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		add(x.X)
	case *ast.UnaryExpr:
		add(x.X)
	case *ast.PostfixExpr:
		add(x.X)
	case *ast.BinaryExpr:
		add(x.X, x.Y)
	case *ast.AssignExpr:
		add(x.L, x.R)
	case *ast.CondExpr:
		add(x.Cond, x.Then, x.Else)
	case *ast.CommaExpr:
		for _, y := range x.List {
			add(y)
		}
	case *ast.CallExpr:
		add(x.Fun)
		for _, y := range x.Args {
			add(y)
		}
	case *ast.IndexExpr:
		add(x.X, x.Index)
	case *ast.MemberExpr:
		add(x.X)
	case *ast.CastExpr:
		add(x.Type, x.X)
	case *ast.CompoundLit:
		add(x.Type, x.Init)
	case *ast.SizeofExpr:
		add(x.X, x.Type)
	case *ast.StmtExpr:
		add(x.Body)
	case *ast.VaArgExpr:
		add(x.X, x.Type)
	case *ast.OffsetofExpr:
		add(x.Type)
	case *ast.GenericExpr:
		add(x.X)
		for _, a := range x.Assocs {
			add(a.Type, a.X)
		}
	case *ast.TypesCompatibleExpr:
		add(x.A, x.B)
	}
	return out
}

// cond translates e used as a truth value.
func (t *translator) cond(e ast.Expr) string {
	if isNilNode(e) {
		return ""
	}
	if isSptr(t.valType(e)) {
		return "!upcr_isnull(" + t.rv(e) + ")"
	}
	return t.rv(e)
}

// voidExpr translates e evaluated for its side effects only.
func (t *translator) voidExpr(e ast.Expr) string {
	if isNilNode(e) || !t.dirty(e) {
		return t.rv(e)
	}
	switch x := e.(type) {
	case *ast.AssignExpr:
		return t.assign(x, true)
	case *ast.PostfixExpr:
		return t.incdec(x.X, x.Op, false, true, x)
	case *ast.UnaryExpr:
		if x.Op == "++" || x.Op == "--" {
			return t.incdec(x.X, x.Op, true, true, x)
		}
	case *ast.CommaExpr:
		return t.gapText(x, exprChildren(x), func(c ast.Node) string { return t.voidExpr(c.(ast.Expr)) })
	case *ast.ParenExpr:
		return "(" + t.voidExpr(x.X) + ")"
	}
	return t.rv(e)
}

// convert translates e converted to type target (assignment, argument,
// return, initialization).
func (t *translator) convert(e ast.Expr, target types.Type) string {
	if target != nil && isSptr(target) {
		if t.isNull(e) {
			return "UPCR_NULL"
		}
		from := t.valType(e)
		if isSptr(from) {
			return t.convertPtr(t.rv(e), from, target)
		}
	}
	return t.rv(e)
}

// convertPtr converts pointer-to-shared value s of type from to type to
// (6.4.3): the phase is kept for casts to and from shared void * (except
// to a block size of 0 or 1), and reset between types of different block
// or element size.
func (t *translator) convertPtr(s string, from, to types.Type) string {
	fe, te := types.PointerElem(from), types.PointerElem(to)
	if types.IsVoid(te) {
		return s
	}
	tb := blockOf(te)
	if types.IsVoid(fe) {
		if tb <= 1 {
			return "upcr_cast(" + s + ")"
		}
		return s
	}
	fs, _ := types.Sizeof(types.Elem(fe))
	ts, _ := types.Sizeof(types.Elem(te))
	if blockOf(fe) != tb || fs != ts {
		return "upcr_cast(" + s + ")"
	}
	return s
}

// ---- shared accesses ----

// addr translates a shared lvalue to its address (a upcr_sptr_t value).
func (t *translator) addr(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return t.addr(x.X)
	case *ast.Name:
		obj := t.info.Uses[x]
		if n, ok := t.names[obj]; ok {
			return n
		}
		return x.Name
	case *ast.IndexExpr:
		pe, ie := x.X, x.Index
		if !types.IsPointer(t.valType(pe)) {
			pe, ie = ie, pe
		}
		pi := t.ptrInfo(t.valType(pe))
		if c := t.boundsIndex(x, pe, ie, pi); c != "" {
			return c
		}
		return t.arith("upcr_index", t.rv(pe), pi, t.rv(ie), false)
	case *ast.UnaryExpr:
		if x.Op == "*" {
			return t.rv(x.X)
		}
	case *ast.MemberExpr:
		base, rec := t.memberOf(x)
		return "upcr_field(" + base + ", " + t.offsetText(rec, x) + ")"
	}
	t.failf(e, "unsupported shared lvalue")
	return "UPCR_NULL"
}

// memberOf returns the address of the structure whose member x selects
// (through a pointer with ->) and the structure's type.
func (t *translator) memberOf(x *ast.MemberExpr) (base string, rec types.Type) {
	if x.Arrow {
		return t.rv(x.X), types.PointerElem(t.valType(x.X))
	}
	return t.addr(x.X), t.info.Types[x.X].Type
}

func (t *translator) offsetText(rec types.Type, x *ast.MemberExpr) string {
	rec = types.WithoutShared(rec)
	if r, ok := types.Core(rec).(*types.Record); ok && r.Tag == "" && t.anonTags[r] == "" {
		if _, isNamed := rec.(*types.Named); !isNamed {
			if f := t.info.Members[x]; f != nil {
				for _, g := range r.Fields {
					if g == f {
						return strconv.FormatInt(f.Offset, 10)
					}
				}
			}
		}
	}
	return "offsetof(" + t.ctype(types.Unqualified(rec), "") + ", " + x.Name.Name + ")"
}

// arith is pointer arithmetic p + i (or p - i) on a pointer-to-shared.
func (t *translator) arith(fn, p string, pi ptrInfo, i string, neg bool) string {
	d := i
	if pi.count != "" {
		d = "(" + i + ") * " + pi.count
		if neg {
			d = "-" + d
		}
	} else if neg {
		d = "-(" + i + ")"
	}
	if t.l1 != "" {
		fn += "1" // upcr_index1, upcr_add1: THREADS is 1 here
	}
	return fmt.Sprintf("%s(%s, %s, %s, %s)", fn, p, d, pi.esz, pi.block)
}

// read translates reading the shared lvalue e.
func (t *translator) read(e ast.Expr) string {
	tv := t.info.Types[e]
	if tv.BitField {
		if m, ok := unparen(e).(*ast.MemberExpr); ok {
			base, rec := t.memberOf(m)
			return t.get(base, rec, t.isStrict(tv.Type), t.locOf(e)) + "." + m.Name.Name
		}
	}
	if p, _, ok := t.privPtr(e); ok {
		return t.privRead(p)
	}
	return t.get(t.checkedAddr(e, tv.Type, false, t.locOf(e)), tv.Type, t.isStrict(tv.Type), t.locOf(e))
}

// get is the text reading a value of type ty at address a.
func (t *translator) get(a string, ty types.Type, strict bool, loc string) string {
	acc := accessor(ty)
	vt := t.valueType(ty)
	if acc == "" {
		m := "UPCR_GET"
		if strict {
			m = "UPCR_GET_STRICT"
		}
		return fmt.Sprintf("%s(%s, %s, %s)", m, vt, a, loc)
	}
	sfx := ""
	if strict {
		sfx = "_strict"
	}
	s := fmt.Sprintf("upcr_get_%s%s(%s, %s)", acc, sfx, a, loc)
	if t.l1 != "" && !strict {
		s = fmt.Sprintf("upcr_l1get_%s(%s, %s)", acc, a, t.l1)
	}
	if acc == "ptr" {
		s = "((" + vt + ")" + s + ")"
	}
	return s
}

// put is the text (a void expression) writing v of type ty at address a.
func (t *translator) put(a string, ty types.Type, v string, strict bool, loc string) string {
	acc := accessor(ty)
	if acc == "" {
		vt := t.valueType(ty)
		tmp := t.tmpName("t")
		fn := "upcr_put"
		if strict {
			fn = "upcr_put_strict"
		}
		return fmt.Sprintf("({ %s %s = %s; %s(%s, &%s, sizeof(%s), %s); })", vt, tmp, v, fn, a, tmp, tmp, loc)
	}
	sfx := ""
	if strict {
		sfx = "_strict"
	}
	if t.l1 != "" && !strict {
		return fmt.Sprintf("upcr_l1put_%s(%s, %s, %s)", acc, a, v, t.l1)
	}
	return fmt.Sprintf("upcr_put_%s%s(%s, %s, %s)", acc, sfx, a, v, loc)
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z_0-9]*$`)

// assign translates an assignment; void: its value is not used.
func (t *translator) assign(x *ast.AssignExpr, void bool) string {
	lt := t.info.Types[x.L]
	if p, a, ok := t.privPtr(x.L); ok {
		return t.privAssign(x, p, a, void)
	}
	if t.isSharedLvalue(x.L) {
		ty := lt.Type
		if lt.BitField {
			t.failf(x, "assignment to a bit-field of a shared struct is not supported")
		}
		loc := t.locOf(x)
		a := t.checkedAddr(x.L, ty, true, loc)
		if x.Op == "=" {
			strict, vt := t.isStrict(ty), t.valueType(ty)
			v := t.convert(x.R, types.WithoutShared(ty))
			if void {
				return t.put(a, ty, v, strict, loc)
			}
			tmp := t.tmpName("v")
			return fmt.Sprintf("({ %s %s = %s; %s; %s; })", vt, tmp, v, t.put(a, ty, tmp, strict, loc), tmp)
		}
		op := strings.TrimSuffix(x.Op, "=")
		return t.update(a, ty, loc, func(old string) string { return t.compoundValue(old, ty, op, x.R) }, void, false)
	}
	if isSptr(lt.Type) {
		l := t.rv(x.L)
		if x.Op == "=" {
			return l + " = " + t.convert(x.R, lt.Type)
		}
		neg := x.Op == "-="
		pi := t.ptrInfo(lt.Type)
		if _, ok := unparen(x.L).(*ast.Name); ok {
			return l + " = " + t.arith("upcr_add", l, pi, t.rv(x.R), neg)
		}
		q := t.tmpName("q")
		return fmt.Sprintf("({ upcr_sptr_t *%s = &(%s); *%s = %s; })", q, l, q, t.arith("upcr_add", "*"+q, pi, t.rv(x.R), neg))
	}
	return t.gapText(x, []ast.Node{x.L, x.R}, t.childText)
}

// update translates a read-modify-write of the shared object of type ty
// at address a: it stores next(its value) and yields the new value, or the
// old one with old; nothing with void.
func (t *translator) update(a string, ty types.Type, loc string, next func(string) string, void, old bool) string {
	strict, vt := t.isStrict(ty), t.valueType(ty)
	p, pre := a, ""
	if !identRE.MatchString(a) { // the address is evaluated once
		p = t.tmpName("p")
		pre = "upcr_sptr_t " + p + " = " + a + "; "
	}
	if void {
		s := t.put(p, ty, next(t.get(p, ty, strict, loc)), strict, loc)
		if pre == "" {
			return s
		}
		return "({ " + pre + s + "; })"
	}
	if old {
		v := t.tmpName("v")
		return fmt.Sprintf("({ %s%s %s = %s; %s; %s; })", pre, vt, v, t.get(p, ty, strict, loc), t.put(p, ty, next(v), strict, loc), v)
	}
	nv := next(t.get(p, ty, strict, loc))
	v := t.tmpName("v")
	return fmt.Sprintf("({ %s%s %s = %s; %s; %s; })", pre, vt, v, nv, t.put(p, ty, v, strict, loc), v)
}

// incdec translates ++ and -- on e; n is the whole expression.
func (t *translator) incdec(e ast.Expr, op string, prefix, void bool, n ast.Expr) string {
	lt := t.info.Types[e]
	ty := lt.Type
	neg := op == "--"
	next := func(v string) string {
		if isSptr(ty) {
			return t.arith("upcr_add", v, t.ptrInfo(ty), "1", neg)
		}
		if neg {
			return v + " - 1"
		}
		return v + " + 1"
	}
	if p, a, ok := t.privPtr(e); ok {
		return t.privIncDec(ty, p, a, next, prefix, void)
	}
	if t.isSharedLvalue(e) {
		if lt.BitField {
			t.failf(n, "increment of a bit-field of a shared struct is not supported")
		}
		loc := t.locOf(n)
		return t.update(t.checkedAddr(e, ty, true, loc), ty, loc, next, void, !prefix)
	}
	if isSptr(ty) {
		l := t.rv(e)
		if _, ok := unparen(e).(*ast.Name); ok {
			if void || prefix {
				return "(" + l + " = " + next(l) + ")"
			}
			v := t.tmpName("v")
			return fmt.Sprintf("({ upcr_sptr_t %s = %s; %s = %s; %s; })", v, l, l, next(v), v)
		}
		q := t.tmpName("q")
		v := t.tmpName("v")
		if void || prefix {
			return fmt.Sprintf("({ upcr_sptr_t *%s = &(%s); *%s = %s; })", q, l, q, next("*"+q))
		}
		return fmt.Sprintf("({ upcr_sptr_t *%s = &(%s); upcr_sptr_t %s = *%s; *%s = %s; %s; })", q, l, v, q, q, next(v), v)
	}
	return t.gapText(n, []ast.Node{e}, t.childText)
}

// binary handles operators on pointers-to-shared.
func (t *translator) binary(x *ast.BinaryExpr) (string, bool) {
	xt, yt := t.valType(x.X), t.valType(x.Y)
	xs, ys := isSptr(xt), isSptr(yt)
	switch x.Op {
	case "+":
		if xs {
			return t.arith("upcr_add", t.rv(x.X), t.ptrInfo(xt), t.rv(x.Y), false), true
		}
		if ys {
			return t.arith("upcr_add", t.rv(x.Y), t.ptrInfo(yt), t.rv(x.X), false), true
		}
	case "-":
		if xs && ys {
			pi := t.ptrInfo(xt)
			s := fmt.Sprintf("upcr_diff(%s, %s, %s, %s)", t.rv(x.X), t.rv(x.Y), pi.esz, pi.block)
			if pi.count != "" {
				s = "(" + s + " / (" + pi.count + "))"
			}
			return s, true
		}
		if xs {
			return t.arith("upcr_add", t.rv(x.X), t.ptrInfo(xt), t.rv(x.Y), true), true
		}
	case "==", "!=":
		if xs || ys {
			var s string
			switch {
			case t.isNull(x.Y):
				s = "upcr_isnull(" + t.rv(x.X) + ")"
			case t.isNull(x.X):
				s = "upcr_isnull(" + t.rv(x.Y) + ")"
			default:
				s = "upcr_eq(" + t.rv(x.X) + ", " + t.rv(x.Y) + ")"
			}
			if x.Op == "!=" {
				s = "!" + s
			}
			return s, true
		}
	case "<", "<=", ">", ">=":
		if xs && ys {
			pi := t.ptrInfo(xt)
			return fmt.Sprintf("(upcr_cmp(%s, %s, %s, %s) %s 0)", t.rv(x.X), t.rv(x.Y), pi.esz, pi.block, x.Op), true
		}
	case "&&", "||":
		if xs || ys {
			return t.gapText(x, []ast.Node{x.X, x.Y}, func(c ast.Node) string { return t.cond(c.(ast.Expr)) }), true
		}
	}
	return "", false
}

// cast translates a cast expression.
func (t *translator) cast(x *ast.CastExpr) string {
	to := t.info.TypeNames[x.Type]
	from := t.valType(x.X)
	switch {
	case isSptr(to) && t.isNull(x.X):
		return "UPCR_NULL"
	case isSptr(to) && isSptr(from):
		return t.convertPtr(t.rv(x.X), from, to)
	case isSptr(from) && types.IsPointer(to):
		return "((" + t.ctype(to, "") + ")upcr_to_local(" + t.rv(x.X) + ", " + t.locOf(x) + "))"
	case isSptr(from) && types.IsInteger(to):
		return "((" + t.ctype(to, "") + ")upc_addrfield(" + t.rv(x.X) + "))"
	case isSptr(from) && types.IsVoid(to):
		return "((void)" + t.rv(x.X) + ")"
	case isSptr(to):
		t.failf(x, "cannot translate a cast to a pointer-to-shared from '%s'", from)
	}
	return t.gapText(x, []ast.Node{x.Type, x.X}, t.childText)
}

// sizeofExpr translates sizeof and the upc_*sizeof operators.
func (t *translator) sizeofExpr(x *ast.SizeofExpr, tv types.TypeAndValue) string {
	if tv.Mode == types.ModeConstant {
		switch tv.Value.Kind {
		case types.IntValue:
			return "((size_t)" + strconv.FormatInt(tv.Value.Int, 10) + ")"
		case types.ThreadsValue:
			return "((size_t)" + strconv.FormatInt(tv.Value.Int, 10) + " * THREADS)"
		}
	}
	var ty types.Type
	if x.Type != nil {
		ty = t.info.TypeNames[x.Type]
	} else {
		ty = t.info.Types[x.X].Type
	}
	switch x.Op {
	case "upc_localsizeof":
		return t.localSizeText(ty, x)
	case "upc_blocksizeof", "upc_elemsizeof":
		t.failf(x, "%s of '%s' is not a constant", x.Op, ty)
		return "0"
	}
	if hasShared(ty) {
		t.failf(x, "sizeof of '%s' is not a constant", ty)
	}
	return t.gapText(x, exprChildren(x), t.childText)
}

// localSizeText computes upc_localsizeof at run time (dynamic THREADS).
func (t *translator) localSizeText(ty types.Type, n ast.Node) string {
	es := t.sizeText(types.Elem(ty))
	fixed, threads, _ := extent(ty)
	total := strconv.FormatInt(fixed, 10)
	if threads {
		total = "(" + total + " * (size_t)THREADS)"
	}
	q := types.QualsOf(ty)
	if q.Block.Kind == types.BlockIndefinite {
		return "((size_t)" + total + " * " + es + ")"
	}
	b := blockOf(ty)
	if q.Block.Kind == types.BlockStar {
		if !threads {
			t.failf(n, "upc_localsizeof of a [*] array without THREADS")
		}
		b = fixed
	}
	bs := strconv.FormatInt(b, 10)
	return fmt.Sprintf("((((size_t)%s + %s - 1) / %s + THREADS - 1) / THREADS * %s * %s)", total, bs, bs, bs, es)
}

// initList translates a braced initializer for an object of type ty
// (nil if unknown).
func (t *translator) initList(l *ast.InitList, ty types.Type) string {
	var children []ast.Node
	for _, it := range l.Items {
		children = append(children, it)
	}
	rec, _ := types.Core(ty).(*types.Record)
	arr, _ := types.Core(ty).(*types.Array)
	field := 0
	return t.gapText(l, children, func(c ast.Node) string {
		it := c.(*ast.InitItem)
		var et types.Type
		if len(it.Designators) > 0 {
			d := it.Designators[0]
			if d.Field != nil && rec != nil {
				for i, f := range rec.Fields {
					if f.Name == d.Field.Name {
						field = i
					}
				}
			}
		}
		switch {
		case rec != nil && field < len(rec.Fields):
			if len(it.Designators) <= 1 {
				et = rec.Fields[field].Type
			}
			field++
		case arr != nil && len(it.Designators) <= 1:
			et = arr.Elem
		}
		return t.gapText(it, []ast.Node{it.Init}, func(c ast.Node) string {
			return t.initializer(c.(*ast.Initializer), et)
		})
	})
}

// initializer translates an initializer for an object of type ty.
func (t *translator) initializer(in *ast.Initializer, ty types.Type) string {
	if in.List != nil {
		return t.initList(in.List, ty)
	}
	if ty != nil {
		return t.convert(in.X, ty)
	}
	return t.rv(in.X)
}

// compoundValue is the C value of old op r for a compound assignment with
// operator op ("+", "-", ...) to an object of type ty: pointer-to-shared
// arithmetic for a pointer-to-shared, else the C operator.
func (t *translator) compoundValue(old string, ty types.Type, op string, r ast.Expr) string {
	if isSptr(ty) {
		return t.arith("upcr_add", old, t.ptrInfo(ty), t.rv(r), op == "-")
	}
	return old + " " + op + " (" + t.rv(r) + ")"
}
