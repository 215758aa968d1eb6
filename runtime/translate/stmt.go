package translate

import (
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// stmt prints a statement.
func (t *translator) stmt(s ast.Stmt) {
	if isNilNode(s) || t.err != nil {
		return
	}
	if !t.dirty(s) {
		if r, ok := s.(*ast.ReturnStmt); ok && t.forallDepth > 0 {
			t.returnStmt(r)
			return
		}
		if !t.containsReturn(s) || t.forallDepth == 0 {
			t.printNode(s)
			return
		}
	}
	if isLoop(s) && t.l1Eligible(s) {
		t.l1Loop(s)
		return
	}
	if f, ok := s.(*ast.ForStmt); ok && t.privLoop(f) {
		return
	}
	switch x := s.(type) {
	case *ast.Block:
		saved := t.strict
		t.gap(x, stmtNodes(x.Items), t.stmtNode)
		t.strict = saved
	case *ast.DeclStmt:
		t.decl(x.Decl, false)
	case *ast.ExprStmt:
		t.gap(x, []ast.Node{x.X}, func(c ast.Node) { t.exprAt(c.(ast.Expr), t.voidExpr(c.(ast.Expr))) })
	case *ast.IfStmt:
		t.gap(x, []ast.Node{x.Cond, x.Then, x.Else}, t.condOrStmt(x.Cond))
	case *ast.WhileStmt:
		t.gap(x, []ast.Node{x.Cond, x.Body}, t.condOrStmt(x.Cond))
	case *ast.DoStmt:
		t.gap(x, []ast.Node{x.Body, x.Cond}, t.condOrStmt(x.Cond))
	case *ast.ForStmt:
		ivdep := (t.l1 != "" || t.pv != nil) && t.ivdepSafe(x)
		if ivdep {
			t.atNode(x)
			t.w.write(`_Pragma("GCC ivdep") `)
		}
		t.gap(x, []ast.Node{&x.Init, x.Cond, x.Post, x.Body}, func(c ast.Node) {
			switch c := c.(type) {
			case *ast.ForInit:
				t.forInit(c)
			case ast.Stmt:
				t.stmt(c)
			case ast.Expr:
				if c == x.Cond {
					if m := t.minCond(c, t.inductionVar(x.Post)); ivdep && m != "" {
						t.atNode(c)
						t.w.write(m)
					} else {
						t.exprAt(c, t.cond(c))
					}
				} else {
					t.exprAt(c, t.voidExpr(c))
				}
			}
		})
	case *ast.ForallStmt:
		t.forall(x)
	case *ast.SwitchStmt:
		t.gap(x, []ast.Node{x.Tag, x.Body}, t.exprOrStmt)
	case *ast.CaseStmt:
		t.gap(x, []ast.Node{x.Value, x.High, x.Body}, t.exprOrStmt)
	case *ast.DefaultStmt:
		t.gap(x, []ast.Node{x.Body}, t.exprOrStmt)
	case *ast.LabeledStmt:
		t.gap(x, []ast.Node{x.Body}, t.exprOrStmt)
	case *ast.GotoStmt:
		t.gap(x, []ast.Node{x.X}, t.exprOrStmt)
	case *ast.ReturnStmt:
		t.returnStmt(x)
	case *ast.BarrierStmt:
		t.atNode(x)
		fn := map[string]string{"upc_barrier": "upcr_barrier", "upc_notify": "upcr_notify", "upc_wait": "upcr_wait"}[x.Kind]
		if x.ID == nil {
			t.w.write(fn + "(0, 0, " + t.locOf(x) + ");")
		} else {
			t.w.write(fn + "(1, (int)(" + t.rv(x.ID) + "), " + t.locOf(x) + ");")
		}
	case *ast.FenceStmt:
		t.atNode(x)
		t.w.write("upcr_fence(" + t.locOf(x) + ");")
	case *ast.PragmaStmt:
		t.pragma(x.Text)
		t.atNode(x)
		t.w.write("/* #pragma " + x.Text + " */")
	default:
		t.printNode(s)
	}
}

func stmtNodes(items []ast.Stmt) []ast.Node {
	out := make([]ast.Node, len(items))
	for i, s := range items {
		out[i] = s
	}
	return out
}

func (t *translator) stmtNode(n ast.Node) { t.stmt(n.(ast.Stmt)) }

func (t *translator) exprOrStmt(n ast.Node) {
	switch c := n.(type) {
	case ast.Stmt:
		t.stmt(c)
	case ast.Expr:
		if t.dirty(c) {
			t.exprAt(c, t.rv(c))
		} else {
			t.printNode(c)
		}
	}
}

func (t *translator) condOrStmt(cond ast.Expr) func(ast.Node) {
	return func(n ast.Node) {
		if e, ok := n.(ast.Expr); ok && e == cond {
			if t.dirty(e) {
				t.exprAt(e, t.cond(e))
			} else {
				t.printNode(e)
			}
			return
		}
		t.exprOrStmt(n)
	}
}

// exprAt writes translated expression text at the position of e.
func (t *translator) exprAt(e ast.Expr, s string) {
	if !t.dirty(e) {
		t.printNode(e)
		return
	}
	t.atNode(e)
	t.w.write(s)
}

func (t *translator) forInit(fi *ast.ForInit) {
	if fi.Decl != nil {
		t.decl(fi.Decl, false)
		return
	}
	t.gap(fi, []ast.Node{fi.X}, func(c ast.Node) { t.exprAt(c.(ast.Expr), t.voidExpr(c.(ast.Expr))) })
}

func (t *translator) returnStmt(x *ast.ReturnStmt) {
	var res types.Type
	if t.fn != nil && t.fn.Obj != nil {
		if sig := t.fn.Obj.Signature(); sig != nil {
			res = sig.Result
		}
	}
	t.atNode(x)
	ends := strings.Repeat("upcr_forall_end(); ", t.forallDepth)
	if x.X == nil {
		if ends != "" {
			t.w.write("{ " + ends + "return; }")
		} else {
			t.w.write("return;")
		}
		return
	}
	v := t.convert(x.X, res)
	if ends == "" {
		t.w.write("return " + v + ";")
		return
	}
	if res == nil || types.IsVoid(res) {
		t.w.write("{ " + v + "; " + ends + "return; }")
		return
	}
	tmp := t.tmpName("r")
	t.w.write("{ " + t.ctype(res, tmp) + " = " + v + "; " + ends + "return " + tmp + "; }")
}

// containsReturn reports whether s contains a return statement (outside
// statement expressions, which cannot return).
func (t *translator) containsReturn(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n.(type) {
		case *ast.ReturnStmt:
			found = true
		case *ast.StmtExpr:
			return false
		}
		return !found
	})
	return found
}

// forall prints upc_forall (6.6.2). A forall with an affinity expression
// asks the runtime whether it controls the distribution (no enclosing
// forall does) and skips the iterations of other threads.
func (t *translator) forall(x *ast.ForallStmt) {
	t.atNode(x)
	aff := x.Affinity
	distributes := aff != nil && !aff.Continue && aff.X != nil
	if distributes && t.l1 == "" {
		t.w.write("{ const int upcr_ctl = upcr_forall_begin(); ")
	}
	if t.l1 != "" && t.ivdepSafe(x) {
		t.w.write(`_Pragma("GCC ivdep") `)
	}
	t.w.write("for (")
	t.forInit(&x.Init)
	if x.Cond != nil {
		t.exprAt(x.Cond, t.cond(x.Cond))
	}
	t.w.write(";")
	if x.Post != nil {
		t.exprAt(x.Post, t.voidExpr(x.Post))
	}
	t.w.write(") ")
	if !distributes || t.l1 != "" {
		// in a single-thread version every iteration is the thread's,
		// and the affinity expression has no side effects (l1Eligible)
		t.stmt(x.Body)
		return
	}
	var test string
	if isSptr(t.valType(aff.X)) {
		test = "upcr_forall_mine_ptr(upcr_ctl, " + t.rv(aff.X) + ")"
	} else {
		test = "upcr_forall_mine_int(upcr_ctl, " + t.rv(aff.X) + ")"
	}
	t.w.write("{ if (!" + test + ") continue;")
	t.forallDepth++
	t.stmt(x.Body)
	t.forallDepth--
	t.w.write(" } upcr_forall_end(); }")
}

// pragma tracks #pragma upc strict / relaxed.
func (t *translator) pragma(text string) {
	if strict, ok := types.UPCPragma(text); ok {
		t.strict = strict
	}
}
