package translate

import (
	"fmt"

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
	if t.l1 != "" || t.l1Off || t.opts.NoFastLoop || t.opts.Check {
		return false
	}
	return t.deferrable(s)
}

// deferrable reports whether nothing in s can publish the statistics or
// leave s other than through its end or a break, so that local access
// counts kept in a local array may be flushed after s.
func (t *translator) deferrable(s ast.Stmt) bool {
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
				if a := x.Affinity; a != nil && a.X != nil && ast.SideEffects(a.X) {
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

// l1Loop prints loop s with a single-thread version.
func (t *translator) l1Loop(s ast.Stmt) {
	c := t.tmpName("lc")
	t.atNode(s)
	t.w.write("{ upcr_count_t " + c + "[4] = {0, 0, 0, 0}; if (THREADS == 1) { ")
	t.l1 = c
	// THREADS is 1 and MYTHREAD 0 here: constants let the C compiler
	// count the iterations of a loop such as i = MYTHREAD; i += THREADS
	var folded []int
	ast.Inspect(s, func(n ast.Node) bool {
		if u, ok := n.(*ast.UPCConst); ok && (u.Name == "THREADS" || u.Name == "MYTHREAD") {
			f, _ := u.Span()
			if _, renamed := t.renameTok[f]; !renamed {
				t.renameTok[f] = map[string]string{"THREADS": "1", "MYTHREAD": "0"}[u.Name]
				folded = append(folded, f)
			}
		}
		return true
	})
	t.stmt(s)
	for _, f := range folded {
		delete(t.renameTok, f)
	}
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

// ivdepSafe reports whether innermost loop s of a single-thread version
// may be marked `_Pragma("GCC ivdep")`: the C compiler cannot tell that
// two shared arrays (both addressed from the one shared segment) do not
// overlap, so without the mark it does not vectorize the loop. The mark
// asserts that iterations have no memory dependence, which holds when
//
//   - the loop steps an integer induction variable i (i++, i--, i += c,
//     i -= c; not assigned elsewhere in the loop);
//   - every memory access is an element X[i], X[i + c] or X[i - c] (c an
//     integer constant) of a named static shared array X (distinct
//     objects never overlap), and an array that the loop writes is only
//     accessed at one such index (each iteration touches its own
//     element);
//   - every other variable is a local scalar whose address is never taken
//     (a register value, whose dependences the compiler sees) or an
//     arithmetic scalar the loop only reads (a global, a shared scalar),
//     and the loop contains no nested loop, pointer dereference, member
//     access or address-of.
func (t *translator) ivdepSafe(s ast.Stmt) bool {
	var post ast.Expr
	var parts []ast.Node
	switch x := s.(type) {
	case *ast.ForStmt:
		post = x.Post
		parts = []ast.Node{x.Cond, x.Body}
	case *ast.ForallStmt:
		post = x.Post
		parts = []ast.Node{x.Cond, x.Body}
	default:
		return false
	}
	iv := t.inductionVar(post)
	if iv == nil {
		return false
	}
	if sz, ok := types.Sizeof(iv.Type()); !ok || sz < 4 || !types.IsInteger(iv.Type()) {
		return false
	}
	type access struct {
		off   int64
		write bool
	}
	accesses := map[*types.Var][]access{}
	written := map[ast.Node]bool{}
	ok := true
	markWrite := func(e ast.Expr) {
		e = unparen(e)
		written[e] = true
		if n, isName := e.(*ast.Name); isName && t.info.Uses[n] == iv {
			ok = false // the induction variable changes in the body
		}
	}
	for _, p := range parts {
		ast.Inspect(p, func(n ast.Node) bool {
			if !ok || isNilNode(n) {
				return false
			}
			switch x := n.(type) {
			case *ast.ForStmt, *ast.WhileStmt, *ast.DoStmt, *ast.ForallStmt, *ast.StmtExpr, *ast.CompoundLit,
				*ast.VaArgExpr, *ast.MemberExpr:
				ok = false
			case *ast.AssignExpr:
				markWrite(x.L)
			case *ast.PostfixExpr:
				markWrite(x.X)
			case *ast.UnaryExpr:
				switch x.Op {
				case "++", "--":
					markWrite(x.X)
				case "*", "&", "&&":
					ok = false
				}
			case *ast.IndexExpr:
				pe, ie := x.X, x.Index
				if !types.IsPointer(t.valType(pe)) {
					pe, ie = ie, pe
				}
				name, isName := unparen(pe).(*ast.Name)
				var obj *types.Var
				if isName {
					obj, _ = t.info.Uses[name].(*types.Var)
				}
				if obj == nil || t.sharedObjs[obj] == nil {
					ok = false
					return false
				}
				if _, isArr := types.Core(obj.Type()).(*types.Array); !isArr {
					ok = false
					return false
				}
				off, affine := t.ivOffset(ie, iv)
				if !affine {
					ok = false
					return false
				}
				accesses[obj] = append(accesses[obj], access{off, written[x]})
				return false
			case *ast.Name:
				switch o := t.info.Uses[x].(type) {
				case *types.Var:
					// a register local; or an arithmetic scalar in memory
					// (a global, a shared scalar) that the loop only
					// reads: the loop's writes go to register locals and
					// shared array elements, which never overlap it
					if !t.registerVar(o) && (written[x] || !types.IsArithmetic(o.Type())) {
						ok = false
					}
				case *types.FuncObj:
					// the callee of a pure call
				}
			}
			return ok
		})
	}
	if !ok {
		return false
	}
	for _, as := range accesses {
		w := false
		for _, a := range as {
			w = w || a.write
		}
		if !w {
			continue
		}
		for _, a := range as {
			if a.off != as[0].off {
				return false
			}
		}
	}
	return true
}

// inductionVar returns i for a loop step i++, ++i, i--, --i, i += c or
// i -= c (c a nonzero integer constant) on a register variable i.
func (t *translator) inductionVar(post ast.Expr) *types.Var {
	var target ast.Expr
	switch x := unparen(post).(type) {
	case *ast.PostfixExpr:
		target = x.X
	case *ast.UnaryExpr:
		if x.Op == "++" || x.Op == "--" {
			target = x.X
		}
	case *ast.AssignExpr:
		if x.Op == "+=" || x.Op == "-=" {
			if c, ok := t.intConst(x.R); ok && c != 0 {
				target = x.L
			} else if iv, _, _ := t.threadsStride(x); iv != nil && t.l1 != "" {
				target = x.L // THREADS is 1 (the step prints as 1 * B)
			}
		}
	}
	if target == nil {
		return nil
	}
	n, ok := unparen(target).(*ast.Name)
	if !ok {
		return nil
	}
	v, ok := t.info.Uses[n].(*types.Var)
	if !ok || !t.registerVar(v) {
		return nil
	}
	return v
}

// ivOffset matches i, i + c, c + i and i - c.
func (t *translator) ivOffset(e ast.Expr, iv *types.Var) (int64, bool) {
	isIV := func(e ast.Expr) bool {
		n, ok := unparen(e).(*ast.Name)
		return ok && t.info.Uses[n] == iv
	}
	e = unparen(e)
	if isIV(e) {
		return 0, true
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	switch {
	case b.Op == "+" && isIV(b.X):
		c, ok := t.intConst(b.Y)
		return c, ok
	case b.Op == "+" && isIV(b.Y):
		c, ok := t.intConst(b.X)
		return c, ok
	case b.Op == "-" && isIV(b.X):
		c, ok := t.intConst(b.Y)
		return -c, ok
	}
	return 0, false
}

func (t *translator) intConst(e ast.Expr) (int64, bool) {
	tv, ok := t.info.Types[e]
	if !ok || tv.Mode != types.ModeConstant || tv.Value.Kind != types.IntValue {
		return 0, false
	}
	return tv.Value.Int, true
}

// registerVar reports whether v is a local scalar whose address is never
// taken: the C compiler keeps it in a register, and its dependences are
// visible to it.
func (t *translator) registerVar(v *types.Var) bool {
	if v.IsStatic() || v.Field || hasShared(v.Type()) {
		return false
	}
	if !types.IsInteger(v.Type()) && !types.IsArithmetic(v.Type()) {
		return false
	}
	if types.QualsOf(v.Type()).Flags&types.Volatile != 0 {
		return false
	}
	if t.addrTaken == nil {
		t.addrTaken = map[types.Object]bool{}
		ast.Inspect(t.u.File, func(n ast.Node) bool {
			if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" {
				if nm, ok := unparen(u.X).(*ast.Name); ok {
					if o := t.info.Uses[nm]; o != nil {
						t.addrTaken[o] = true
					}
				}
			}
			return true
		})
	}
	return !t.addrTaken[v]
}

// minCond returns the condition i < A && i < B of a loop marked ivdep (in
// a single-thread version or a privatized loop) as i < min(A, B): the C
// compiler cannot count the iterations of a loop with two exits (the
// forall fix's inner loop over a block, i < N && i < blk + B) and does not
// vectorize it. Both bounds must be integer expressions without side
// effects, division or memory accesses other than integer variables (B
// is then evaluated even when i < A fails), and all three operands
// signed, so that comparing in int64_t keeps each comparison; "" for
// other conditions.
func (t *translator) minCond(cond ast.Expr, iv *types.Var) string {
	b, ok := unparen(cond).(*ast.BinaryExpr)
	if !ok || b.Op != "&&" {
		return ""
	}
	var bounds []string
	var i string
	for _, c := range []ast.Expr{b.X, b.Y} {
		lt, ok := unparen(c).(*ast.BinaryExpr)
		if !ok || lt.Op != "<" {
			return ""
		}
		n, ok := unparen(lt.X).(*ast.Name)
		if !ok || t.info.Uses[n] != iv || !t.signedInt(lt.X) || !t.signedInt(lt.Y) {
			return ""
		}
		pure := t.pureInt(lt.Y, func(n *ast.Name) bool {
			v, ok := t.info.Uses[n].(*types.Var)
			return ok && types.IsInteger(v.Type()) && !hasShared(v.Type()) &&
				types.QualsOf(v.Type()).Flags&types.Volatile == 0
		})
		if !pure || t.dirty(lt.Y) {
			return ""
		}
		bounds = append(bounds, "(int64_t)("+t.rv(lt.Y)+")")
		i = t.rv(lt.X)
	}
	return fmt.Sprintf("(int64_t)(%s) < (%s < %s ? %s : %s)", i, bounds[0], bounds[1], bounds[0], bounds[1])
}

// signedInt reports whether e has a signed integer type after the
// integer promotions.
func (t *translator) signedInt(e ast.Expr) bool {
	tv, ok := t.info.Types[e]
	if !ok || !types.IsInteger(tv.Type) {
		return false
	}
	sz, ok := types.Sizeof(tv.Type)
	return ok && (sz < 4 || !types.IsUnsigned(tv.Type))
}
