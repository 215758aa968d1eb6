package translate

import (
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Single-thread loop versions.
//
// With THREADS == 1 every shared access is local, but the general accessor
// still tests locality, increments the global statistics counters and has
// a call to the remote path after which the compiler must reload the base
// pointers and counters. A loop over shared data is therefore emitted
// twice (upcr.h, "Single-thread loop versions"):
//
//	{ upcr_count_t upcr_lcN[4] = {0};
//	  if (THREADS == 1) { the loop, accesses via upcr_l1get_T/upcr_l1put_T, upcr_index1 }
//	  else { the loop as usual }
//	  upcr_l1_flush(upcr_lcN); }
//
// The single-thread version counts local accesses in the local array,
// which the C compiler keeps in registers (or folds into one addition per
// loop), and flushes it after the loop. Statistics are published only at
// barriers, collectives, exit and fatal errors, so the counts stay exact
// if nothing between the loop's start and the flush can publish: the
// loop must contain no call other than a pure C library function, no
// return, goto or label (control leaves only through its end or a break),
// no barrier, fence, strict access or pragma, and no static or extern
// declaration (which would be duplicated). Under static THREADS the test
// folds and the C compiler drops the other version.

// pureFuncs are C library functions without side effects on the program
// state that a versioned loop may call (resolved to their system header
// declarations, not user functions of the same name).
var pureFuncs = map[string]bool{
	"sqrt": true, "sqrtf": true, "sqrtl": true, "fabs": true, "fabsf": true, "fabsl": true,
	"exp": true, "expf": true, "exp2": true, "expm1": true, "log": true, "logf": true, "log2": true, "log10": true,
	"log1p": true, "pow": true, "powf": true, "sin": true, "sinf": true, "cos": true, "cosf": true, "tan": true,
	"asin": true, "acos": true, "atan": true, "atan2": true, "sinh": true, "cosh": true, "tanh": true,
	"floor": true, "floorf": true, "ceil": true, "ceilf": true, "round": true, "trunc": true, "rint": true,
	"fmin": true, "fmax": true, "fminf": true, "fmaxf": true, "fmod": true, "hypot": true, "cbrt": true,
	"copysign": true, "abs": true, "labs": true, "llabs": true,
	"upc_threadof": true, "upc_phaseof": true, "upc_addrfield": true, "upc_resetphase": true,
}

// l1Eligible reports whether loop s may get a single-thread version.
func (t *translator) l1Eligible(s ast.Stmt) bool {
	if t.l1 != "" || t.l1Off {
		return false
	}
	ok := true
	var walk func(n ast.Node, inSwitch bool)
	walk = func(root ast.Node, inSwitch bool) {
		ast.Inspect(root, func(n ast.Node) bool {
			if !ok || isNilNode(n) {
				return false
			}
			switch x := n.(type) {
			case *ast.ReturnStmt, *ast.GotoStmt, *ast.LabeledStmt, *ast.BarrierStmt, *ast.FenceStmt,
				*ast.PragmaStmt, *ast.AsmStmt:
				ok = false
			case *ast.CaseStmt, *ast.DefaultStmt:
				if !inSwitch {
					ok = false
				}
			case *ast.SwitchStmt:
				if n != root {
					walk(x.Tag, inSwitch)
					walk(x.Body, true)
					return false
				}
			case *ast.Spec:
				switch x.Keyword {
				case "static", "extern", "__thread", "__label__":
					ok = false
				}
			case *ast.CallExpr:
				if !t.pureCall(x) {
					ok = false
				}
			case *ast.ForallStmt:
				if a := x.Affinity; a != nil && a.X != nil && !t.sideEffectFree(a.X) {
					ok = false
				}
			case ast.Expr:
				if tv, has := t.info.Types[x]; has && tv.Mode == types.ModeLvalue && types.IsShared(tv.Type) &&
					t.isStrict(tv.Type) {
					ok = false
				}
			}
			return ok
		})
	}
	walk(s, false)
	return ok
}

func (t *translator) pureCall(x *ast.CallExpr) bool {
	name, ok := unparen(x.Fun).(*ast.Name)
	if !ok {
		return false
	}
	fo, ok := t.info.Uses[name].(*types.FuncObj)
	if !ok || !pureFuncs[fo.Name()] {
		return false
	}
	return !t.fileOf(fo.Pos()).user
}

// sideEffectFree reports whether e has no assignments, increments or calls.
func (t *translator) sideEffectFree(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignExpr, *ast.PostfixExpr, *ast.StmtExpr, *ast.CallExpr:
			ok = false
		case *ast.UnaryExpr:
			if x.Op == "++" || x.Op == "--" {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// l1Loop prints loop s with a single-thread version.
func (t *translator) l1Loop(s ast.Stmt) {
	c := t.tmpName("lc")
	t.atNode(s)
	t.w.write("{ upcr_count_t " + c + "[4] = {0, 0, 0, 0}; if (THREADS == 1) { ")
	t.l1 = c
	t.stmt(s)
	t.l1 = ""
	t.w.write(" } else { ")
	t.l1Off = true
	t.stmt(s)
	t.l1Off = false
	t.w.write(" } upcr_l1_flush(" + c + "); }")
}

// isLoop reports whether s is a loop statement.
func isLoop(s ast.Stmt) bool {
	switch s.(type) {
	case *ast.ForStmt, *ast.WhileStmt, *ast.DoStmt, *ast.ForallStmt:
		return true
	}
	return false
}
