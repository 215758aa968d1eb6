package collidiom

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

var reduceOps = map[string]string{"+=": "UPC_ADD", "*=": "UPC_MULT", "&=": "UPC_AND", "|=": "UPC_OR", "^=": "UPC_XOR"}

// fix builds the rewrite of the loop s over the threads (counter t) whose
// element-wise copy is a, or nil. Handled: a reduction or a broadcast of a
// scalar per thread by one thread, inside "if (cond) loop" or as the
// first (reduction) or last (broadcast) statement of "if (cond) { ... }".
// The collective must be called by every thread, so it goes before (the
// reduction, which then feeds the loop's accumulator) or after (the
// broadcast, whose source the branch now fills) the if statement; that is
// offered only when the if statement itself is executed by every thread.
func (c *checker) fix(s *ast.ForStmt, a *ast.AssignExpr, t string) *checks.SuggestedFix {
	ed := c.ed
	if ed == nil || !ed.In(s) || !ed.In(c.fn.Decl) {
		return nil
	}
	// no collective where it could fall between upc_notify and upc_wait;
	// the pipelined gets are no collective (Berkeley's split-barrier tests
	// sum their error flags on thread 0 at the end)
	split := edit.HasSplitBarrier(c.fn)
	if !split {
		if f := c.fixBlockBroadcast(s, a, t); f != nil {
			return f
		}
	}
	if a.Op == "=" {
		if f := c.fixPipelined(s, t); f != nil {
			return f
		}
	}
	single := singleBody(s, a)
	if reduceOps[a.Op] != "" {
		if f := c.fixPipelinedReads(s, t); f != nil {
			return f
		}
	}
	if !single || split {
		return nil
	}
	body := c.fn.Decl.Body
	if f := c.fixGatherAll(s, a, t); f != nil {
		return f
	}
	ifs, first, last := c.branch(body, s)
	if ifs == nil || !edit.DirectIn(body, ifs) {
		return nil
	}
	if b := c.condBlock(ifs.Cond); b == nil || c.fn.Collective().Executed(b) != nil {
		return nil
	}
	l, r := ast.Unparen(a.L), ast.Unparen(a.R)
	unsafe := ""
	if !ed.CalledByAll(c.fn) {
		unsafe = "the function is not proven to be called by every thread"
	}
	// t after the loop: THREADS, as the loop left it (unless the loop
	// declares t: then no t outlives it).
	setT := ""
	if s.Init.Decl == nil && ed.Uses(body, t, s) > 1 {
		setT = t + " = THREADS; "
	}
	replaceLoop := func(text string) analysis.TextEdit {
		if setT != "" {
			text = setT + text
			if _, inBlock := edit.Parent(body, s).(*ast.Block); !inBlock {
				text = "{ " + text + " }"
			}
		}
		return edit.Replace(s, text)
	}
	indent := ed.Indent(ifs.Start())
	switch {
	case reduceOps[a.Op] != "" && first:
		arr, blk, v := c.threadArray(r, t)
		acc, isName := l.(*ast.Name)
		if arr == nil || !isName || v == nil || edit.SideEffects(l) {
			return nil
		}
		sfx := suffix(v)
		if sfx == "T" {
			return nil
		}
		unsafe = join(unsafe, c.strictUnsafe(arr))
		accT := c.info.TypeOf(acc)
		switch {
		case types.IsFloat(v) || sfx == "C" || sfx == "S":
			unsafe = join(unsafe, "the collective may combine the values in another order or precision")
		case accT == nil || suffix(accT) != sfx:
			unsafe = join(unsafe, "the accumulator's type differs from the elements'")
		}
		name, decl := ed.FileScope(c.fn, edit.Ident(arr.Name)+"_reduced", func(name string) string {
			return edit.SharedDecl(v, name, "")
		})
		if name == "" {
			return nil
		}
		call := fmt.Sprintf("upc_all_reduce%s(&%s, %s, %s, THREADS, %d, NULL, %s);", sfx, name, arr.Name, reduceOps[a.Op], blk, edit.Flags)
		edits := []analysis.TextEdit{
			edit.Insert(ifs.Start(), call+"\n"+indent),
			replaceLoop(fmt.Sprintf("%s %s %s;", acc.Name, a.Op, name)),
		}
		if decl != nil {
			edits = append(edits, *decl)
		}
		return shown(fmt.Sprintf("reduce %s with upc_all_reduce%s(..., %s, ...) executed by every thread", arr.Name, sfx, reduceOps[a.Op]), unsafe, edits)
	case a.Op == "=" && last && !uses(r, t) && c.uniformSource(r, t) && !edit.SideEffects(r):
		arr, blk, v := c.threadArray(l, t)
		if arr == nil || blk != 1 || v == nil {
			return nil
		}
		name, decl := ed.FileScope(c.fn, edit.Ident(arr.Name)+"_value", func(name string) string {
			return edit.SharedDecl(v, name, "")
		})
		if name == "" {
			return nil
		}
		call := fmt.Sprintf("upc_all_broadcast(%s, &%s, sizeof(%s), %s);", arr.Name, name, edit.TypeName(v), c.syncFlags(ifs))
		edits := []analysis.TextEdit{
			replaceLoop(fmt.Sprintf("%s = %s;", name, ed.Text(r))),
			edit.Insert(ifs.End(), "\n"+indent+call),
		}
		if decl != nil {
			edits = append(edits, *decl)
		}
		return mkFix(fmt.Sprintf("broadcast the value to %s with upc_all_broadcast executed by every thread", arr.Name), unsafe, edits)
	}
	return c.fixRooted(s, a, t, ifs, first, last, unsafe)
}

// join joins two reasons a fix needs review, either of them "".
func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "; " + b
}

func mkFix(msg, unsafe string, edits []analysis.TextEdit) *checks.SuggestedFix {
	if unsafe == "" {
		unsafe = edit.CollectiveCost
	}
	return checks.FixOf(&analysis.SuggestedFix{Message: msg, TextEdits: edits}, unsafe)
}

// shown returns the rewrite of one value per thread into a collective as a
// display-only fix: the collective costs more than the loop (see
// edit.CollectiveCostlier), so fix never applies it; unsafe, the review
// it would need, is kept in the message.
func shown(msg, unsafe string, edits []analysis.TextEdit) *checks.SuggestedFix {
	if unsafe != "" {
		msg += " (" + unsafe + ")"
	}
	return checks.ShownOnly(&analysis.SuggestedFix{Message: msg, TextEdits: edits}, edit.CollectiveCostlier)
}

// singleBody reports whether the loop's body is the statement "a;" alone.
func singleBody(s *ast.ForStmt, a *ast.AssignExpr) bool {
	body := s.Body
	if b, ok := body.(*ast.Block); ok {
		if len(b.Items) != 1 {
			return false
		}
		body = b.Items[0]
	}
	es, ok := body.(*ast.ExprStmt)
	return ok && es.X != nil && ast.Unparen(es.X.(ast.Expr)) == ast.Expr(a)
}

// branch returns the if statement without else whose then-branch is the
// loop s or a block holding it, and whether s is that block's first and
// last statement; statements before a first loop must not write shared
// data or call functions (they would run before the hoisted collective).
func (c *checker) branch(body ast.Node, s *ast.ForStmt) (ifs *ast.IfStmt, first, last bool) {
	p := edit.Parent(body, s)
	if x, ok := p.(*ast.IfStmt); ok && x.Then == ast.Stmt(s) && x.Else == nil {
		return x, true, true
	}
	blk, ok := p.(*ast.Block)
	if !ok {
		return nil, false, false
	}
	x, ok := edit.Parent(body, blk).(*ast.IfStmt)
	if !ok || x.Then != ast.Stmt(blk) || x.Else != nil {
		return nil, false, false
	}
	first = true
	for i, it := range blk.Items {
		if it == ast.Stmt(s) {
			last = i == len(blk.Items)-1
			break
		}
		if c.writesShared(it) {
			first = false
		}
	}
	return x, first, last
}

// writesShared: the statement calls a function or assigns shared data.
func (c *checker) writesShared(n ast.Node) bool {
	found := false
	ast.InspectCode(n, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.CallExpr:
			found = true
		case *ast.AssignExpr:
			if t := c.info.TypeOf(x.L); t == nil || types.IsShared(t) {
				found = true
			}
		case *ast.PostfixExpr:
			if t := c.info.TypeOf(x.X); t == nil || types.IsShared(t) {
				found = true
			}
		case *ast.UnaryExpr:
			if x.Op == "++" || x.Op == "--" {
				if t := c.info.TypeOf(x.X); t == nil || types.IsShared(t) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// threadArray matches e = A[t] where A is a shared array of arithmetic
// values with a definite block size and at least THREADS elements
// (k*THREADS); it returns A, its block size and the element value type.
func (c *checker) threadArray(e ast.Expr, t string) (*ast.Name, int64, types.Type) {
	arr, blk, v := c.scalarArray(e, t)
	if v == nil || !types.IsArithmetic(v) {
		return nil, 0, nil
	}
	return arr, blk, v
}

// scalarArray is threadArray for arrays of any scalars (pointers too).
func (c *checker) scalarArray(e ast.Expr, t string) (*ast.Name, int64, types.Type) {
	ix, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok {
		return nil, 0, nil
	}
	arr, ok := ast.Unparen(ix.X).(*ast.Name)
	if !ok {
		return nil, 0, nil
	}
	if i, ok := ix.Index.(ast.Expr); !ok || ast.NodeString(ast.Unparen(i)) != t {
		return nil, 0, nil
	}
	at, ok := types.Core(c.info.TypeOf(arr)).(*types.Array)
	if !ok || at.Kind != types.ThreadsLen || at.Len < 1 {
		return nil, 0, nil
	}
	q := types.QualsOf(at.Elem)
	if !q.Shared() {
		return nil, 0, nil
	}
	blk := q.Block.BlockSize()
	if blk < 1 {
		return nil, 0, nil
	}
	v := edit.ValueType(at.Elem)
	if v == nil {
		return nil, 0, nil
	}
	return arr, blk, v
}

// condBlock returns the block that evaluates a condition (the graph may
// keep only a part of it, e.g. MYTHREAD of !MYTHREAD).
func (c *checker) condBlock(cond ast.Node) *cfg.Block {
	if b := c.blockOf(cond); b != nil {
		return b
	}
	b, _ := c.firstWithin(cond)
	return b
}

// firstWithin returns the first live block holding a node inside n, and
// that node's index in the block, or nil.
func (c *checker) firstWithin(n ast.Node) (*cfg.Block, int) {
	for _, b := range c.fn.Graph.Blocks {
		if !b.Live {
			continue
		}
		for i, m := range b.Nodes {
			if m.Start() >= n.Start() && m.End() <= n.End() {
				return b, i
			}
		}
	}
	return nil, 0
}
