package translate

import (
	"strconv"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// boundsIndex returns the address of a[i] checked against the array's
// element count (upcr_index_chk) when Options.Check is on and a is a
// one-dimensional shared array object of known size; "" otherwise.
func (t *translator) boundsIndex(x *ast.IndexExpr, pe, ie ast.Expr, pi ptrInfo) string {
	if !t.opts.Check || pi.count != "" {
		return ""
	}
	name, ok := unparen(pe).(*ast.Name)
	if !ok {
		return ""
	}
	v, ok := t.info.Uses[name].(*types.Var)
	if !ok {
		return ""
	}
	so := t.sharedObjs[v]
	if so == nil || so.layout == nil || !so.layout.IsArray || so.layout.Incomplete {
		return ""
	}
	n := strconv.FormatInt(so.layout.Total.Len, 10)
	if so.layout.Total.Threads {
		n = "(int64_t)" + n + " * THREADS"
	}
	return "upcr_index_chk(" + t.rv(pe) + ", " + t.rv(ie) + ", " + pi.esz + ", " + pi.block + ", " + n + ", " + t.locOf(x) + ")"
}

// checkedAddr is the address of the shared lvalue e, an access of type ty.
// With Options.Check an access through a pointer-to-shared (not a named
// shared object, which boundsIndex covers) goes through upcr_acc_chk, so
// that a run with --check reports one outside the object it lands in.
func (t *translator) checkedAddr(e ast.Expr, ty types.Type, write bool, loc string) string {
	a := t.addr(e)
	if !t.opts.Check || !t.throughPointer(e) {
		return a
	}
	w := "0"
	if write {
		w = "1"
	}
	return "upcr_acc_chk(" + a + ", sizeof(" + t.valueType(ty) + "), " + w + ", " + loc + ")"
}

// throughPointer reports whether the shared lvalue e is reached through a
// pointer-to-shared rather than as (part of) a named shared object.
func (t *translator) throughPointer(e ast.Expr) bool {
	switch x := unparen(e).(type) {
	case *ast.Name:
		return false
	case *ast.IndexExpr:
		pe := x.X
		if !types.IsPointer(t.valType(pe)) {
			pe = x.Index
		}
		if _, ok := types.Core(t.info.Types[pe].Type).(*types.Array); ok {
			return t.throughPointer(pe)
		}
		return true
	case *ast.MemberExpr:
		return x.Arrow || t.throughPointer(x.X)
	}
	return true
}
