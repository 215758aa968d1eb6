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
