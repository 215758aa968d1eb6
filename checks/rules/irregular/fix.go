package irregular

import (
	"bytes"
	"fmt"
	gotoken "go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// commutative maps the update operators the aggregation accepts to the
// compound assignment the owner applies: each is commutative and
// associative on integers (modulo 2^N), so the order in which the owner
// applies the updates does not change the result.
var commutative = map[string]string{"^=": "^=", "|=": "|=", "&=": "&=", "+=": "+=", "-=": "-=", "++": "+=", "--": "-="}

// quietCalls neither synchronise nor access shared data.
var quietCalls = map[string]bool{
	"abs": true, "labs": true, "llabs": true, "upc_threadof": true, "upc_phaseof": true,
	"printf": true, "assert": true, "__assert_fail": true,
	// the C library's random numbers and output
	"rand": true, "random": true, "drand48": true, "lrand48": true, "mrand48": true, "erand48": true,
	"srand": true, "srandom": true, "srand48": true, "fprintf": true, "puts": true, "putchar": true,
	"fflush": true,
}

// aggregate builds the owner-aggregation rewrite of the update group g,
// or says why it is not offered ("" when the group is no update).
func (c *checker) aggregate(g *group) (*checks.SuggestedFix, string) {
	a := g.accs[0]
	target, lv, rhs, op, ok := c.update(a)
	if !ok {
		if a.Write {
			return nil, "a plain store is not commutative"
		}
		return nil, ""
	}
	if len(g.accs) > 1 {
		return nil, "the loop reads " + g.base
	}
	acc, ok := commutative[op]
	if !ok {
		return nil, "the operator " + op + " is not commutative"
	}
	vt := c.valueType(lv)
	if vt == nil || rhs != nil && !types.IsInteger(types.Unqualified(c.info.TypeOf(rhs))) {
		return nil, "the updates are not integer (a floating-point sum depends on its order)"
	}
	if why := moreBytes(vt); why != "" {
		return nil, why
	}
	s, ok := g.loop.Stmt.(*ast.ForStmt)
	if !ok || s.Cond == nil {
		return nil, "the loop is not a for statement with a condition"
	}
	if why := c.loopBlocks(g.loop, a); why != "" {
		return nil, why
	}
	for _, m := range a.Loops[1:] {
		if _, forall := m.Stmt.(*ast.ForallStmt); forall {
			return nil, "the loop runs inside a upc_forall, not on every thread alike"
		}
	}
	ix := a.Expr.(*ast.IndexExpr)
	if why := c.executedByAll(g.loop); why != "" {
		return nil, why
	}
	stmt := c.exprStmt(s.Body, target)
	if stmt == nil {
		return nil, "the update's value is used"
	}
	ed := c.ed
	if ed == nil || !ed.In(s) || !ed.In(c.fn.Decl) || !allIn(ed, lv, ix, ix.Index, rhs, s.Cond, stmt) {
		return nil, ""
	}
	src := ed.Source()
	hasHelper := bytes.Contains(src, []byte(helperMark))
	if !hasHelper {
		for _, n := range helperNames {
			if ed.Taken(n) {
				return nil, "the name " + n + " of the aggregation helper is taken"
			}
		}
	}
	idxText, rhsText := ed.Text(ix.Index), ""
	if rhs != nil {
		rhsText = ed.Text(rhs)
	}
	if strings.Contains(idxText+" "+rhsText, "upclint_") {
		return nil, ""
	}
	tname := edit.TypeName(vt)
	// The owner applies the update with the element index it receives.
	before, after, ok := around(ed, lv, ix.Index)
	if !ok {
		return nil, ""
	}
	applied := before + "ix" + after
	queue, declEdit := ed.FileScope(c.fn, "upclint_agg_"+edit.Ident(g.base), func(name string) string {
		return "/* applies one update of " + g.base + " aggregated by upclint_agg_go, on its owner */\n" +
			"static void " + name + "_apply(unsigned int ix, const void *v)\n{\n" +
			"    " + applied + " " + acc + " *(const " + tname + " *)v;\n}\n\n" +
			"static upclint_agg_t " + name + " = {" + name + "_apply, sizeof(" + tname + ")};"
	})
	if queue == "" {
		return nil, ""
	}
	base := ed.Text(ix.X)
	var edits []analysis.TextEdit
	if !hasHelper {
		at, ok := helperPoint(src, c.fset().File(c.fn.Decl.Start()), c.fn.Decl.Start())
		if !ok {
			return nil, ""
		}
		edits = append(edits, edit.Insert(at, "\n\n"+helper))
	}
	if declEdit != nil {
		edits = append(edits, *declEdit)
	}
	edits = append(edits,
		// Insertions around the condition keep the macros it expands.
		edit.Insert(s.Cond.Start(), "upclint_agg_go(&"+queue+", "),
		edit.Insert(s.Cond.End(), ")"),
	)
	// The index and the value are evaluated once, as in the update. The
	// edits replace the text around them, so that macros in them stay.
	add := "; upclint_agg_add(&" + queue + ", upc_threadof(&" + base + "[upclint_x]), upclint_x, &upclint_v); }"
	edits = append(edits, edit.ReplaceSpan(stmt.Start(), ix.Index.Start(), "{ unsigned long upclint_x = "))
	if rhs != nil {
		edits = append(edits, edit.ReplaceSpan(ix.Index.End(), rhs.Start(), "; "+tname+" upclint_v = "), edit.ReplaceSpan(rhs.End(), stmt.End(), add))
	} else {
		edits = append(edits, edit.ReplaceSpan(ix.Index.End(), stmt.End(), "; "+tname+" upclint_v = 1"+add))
	}
	sf := &analysis.SuggestedFix{Message: "aggregate the updates of " + g.base + " by owner thread", TextEdits: edits}
	return checks.FixOf(sf, "the updates become visible at the exchanges, not one by one"), ""
}

func (c *checker) fset() *gotoken.FileSet { return c.fs.Unit.Fset }

// helperPoint returns where the helper goes: after the last #include line
// before the function at p.
func helperPoint(src []byte, f *gotoken.File, p gotoken.Pos) (gotoken.Pos, bool) {
	if f == nil {
		return 0, false
	}
	limit := int(p) - f.Base()
	last := -1
	for inc := range edit.IncludeLines(src) {
		if inc.Start >= limit {
			break
		}
		last = inc.End
	}
	if last < 0 {
		return 0, false
	}
	return gotoken.Pos(f.Base() + last), true
}

// moreBytes says why aggregating updates of values of type vt moves more
// bytes than the loop's remote updates, or "". A queued update carries its
// value and a 4-byte element index (upclint_agg_add); the remote update it
// replaces reads and writes the element, twice the value's size. Each
// exchange adds, per other thread, an 8-byte segment header and a 4-byte
// flag read. Values of 4 bytes or fewer never pay for that (pearls'
// histo.upc: +3 KB over int counts); 8-byte values save 4 bytes an update.
func moreBytes(vt types.Type) string {
	n, ok := types.Sizeof(vt)
	if !ok || n > 4 {
		return ""
	}
	return fmt.Sprintf("an aggregated update moves its %d-byte value and a 4-byte index, no fewer bytes than the remote read and write it replaces (%d), "+
		"and each exchange adds 12 bytes per other thread: more bytes than the loop moves", n, 2*n)
}

// valueType returns the integer value type of the updated lvalue, or nil.
func (c *checker) valueType(lv ast.Expr) types.Type {
	t := c.info.TypeOf(lv)
	if t == nil || c.info.StrictAccess(lv) {
		return nil
	}
	v := edit.ValueType(t)
	if v == nil || !types.IsInteger(v) {
		return nil
	}
	if n, ok := types.Sizeof(v); !ok || n > 8 {
		return nil
	}
	return v
}

// exprStmt returns the expression statement of body whose expression is
// u, or nil.
func (c *checker) exprStmt(body ast.Node, u ast.Expr) *ast.ExprStmt {
	var out *ast.ExprStmt
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.ExprStmt); ok && s.X != nil && ast.Unparen(s.X) == u {
			out = s
		}
		return out == nil
	})
	return out
}

// loopBlocks says why the body of l cannot run with its updates delayed
// to the exchanges, or "": it leaves the loop other than by its
// condition, synchronises, calls what may, or touches the updated array
// (or possibly it, through a pointer-to-shared) other than by the update.
func (c *checker) loopBlocks(l *cfg.Loop, upd *affine.Access) string {
	why := ""
	ast.Inspect(l.Stmt, func(n ast.Node) bool {
		if why != "" {
			return false
		}
		switch x := n.(type) {
		case *ast.BreakStmt, *ast.GotoStmt, *ast.ReturnStmt:
			why = "the loop body leaves the loop other than by its condition"
		case *ast.BarrierStmt:
			why = "the loop body contains " + x.Kind
		case *ast.FenceStmt:
			why = "the loop body contains upc_fence"
		case *ast.CallExpr:
			if !c.quiet(x) {
				why = "the loop body calls " + ast.NodeString(x.Fun) + ", which may synchronise or access shared data"
			}
		}
		return true
	})
	if why != "" {
		return why
	}
	for _, b := range l.Blocks {
		for _, n := range b.Nodes {
			ast.InspectCode(n, func(m ast.Node) bool {
				if e, ok := m.(ast.Expr); ok && why == "" {
					if t := c.info.TypeOf(e); t != nil && types.IsShared(t) && c.info.StrictAccess(e) {
						why = "the loop body makes a strict access to " + ast.NodeString(e)
					}
				}
				return why == ""
			})
		}
	}
	if why != "" {
		return why
	}
	for _, w := range c.af.Accesses {
		if w == upd || !w.Shared || w.Addr || !l.Contains(w.Block) {
			continue
		}
		if w.Var == upd.Var {
			if w.Write {
				return "the loop also writes " + ast.NodeString(upd.Base) + " elsewhere"
			}
			return "the loop reads " + ast.NodeString(upd.Base)
		}
		if w.Pointer || w.Var == nil {
			return "an access through " + ast.NodeString(w.Base) + " may alias " + ast.NodeString(upd.Base)
		}
	}
	return ""
}

// quiet reports whether call neither synchronises nor accesses shared
// data: a harmless library function, or one variance.Info.Quiet knows
// (a function of the unit that calls only quiet functions and names no
// shared object).
func (c *checker) quiet(call *ast.CallExpr) bool {
	return quietCalls[ast.CalleeName(call)] || mathCall(ast.CalleeName(call)) || c.fs.Variance.Quiet(call)
}

// mathCall: the <math.h> functions, which touch no shared data.
func mathCall(name string) bool {
	switch name {
	case "sqrt", "sin", "cos", "tan", "exp", "log", "log2", "log10", "pow", "floor", "ceil", "fabs",
		"fmin", "fmax", "round", "trunc", "fmod", "atan2", "hypot":
		return true
	}
	// the float and long double forms: sqrtf, ceill (not ceil without its l)
	for _, suffix := range []string{"f", "l"} {
		if base, ok := strings.CutSuffix(name, suffix); ok && base != "" && mathCall(base) {
			return true
		}
	}
	return false
}

// executedByAll says why the loop may not be executed by every thread
// alike (the exchanges are collective), or "".
func (c *checker) executedByAll(l *cfg.Loop) string {
	if edit.HasSplitBarrier(c.fn) {
		return "the function uses upc_notify/upc_wait"
	}
	var entry *cfg.Block
	for _, p := range l.Header.Preds {
		if !l.Contains(p) {
			if entry != nil {
				return "the loop has several entries"
			}
			entry = p
		}
	}
	if entry == nil || !entry.Live {
		return "the loop has no entry"
	}
	if r := c.fn.Collective().Executed(entry); r != nil {
		return "not every thread executes the loop (" + r.What + ")"
	}
	if c.ed == nil || !c.ed.CalledByAll(c.fn) {
		return "the function is not proven to be called by every thread"
	}
	return ""
}

// around returns the text of outer before and after its part inner; ok
// is false when inner does not lie in outer's text (a macro expansion).
func around(ed *edit.Editor, outer, inner ast.Node) (before, after string, ok bool) {
	text := ed.Text(outer)
	lo, hi := int(inner.Start()-outer.Start()), int(inner.End()-outer.Start())
	if lo < 0 || lo > hi || hi > len(text) {
		return "", "", false
	}
	return text[:lo], text[hi:], true
}

// allIn reports whether every node that is not nil lies in the editor's
// file (not in a header or a macro definition), so its text can be copied.
func allIn(ed *edit.Editor, nodes ...ast.Node) bool {
	for _, n := range nodes {
		if n != nil && !ed.In(n) {
			return false
		}
	}
	return true
}
