package collidiom

import (
	"fmt"
	gotoken "go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// fixBlockBroadcast rewrites the block broadcast of seed 002 §3.2 (the
// hand-written form of its Figure 2):
//
//	if (MYTHREAD == 0) {
//	    ...
//	    for (t = 0; t < THREADS; t++)
//	        for (k = 0; k < N; k++)
//	            D[t*N + k] = E;
//	}
//
// where D is "shared [N] T D[N*THREADS]" (iteration t fills block t) and E
// reads no shared data and does not depend on t: thread 0 fills one block
// of a temporary on its own thread instead, and every thread then calls
// upc_all_broadcast, THREADS-1 bulk copies along a tree instead of
// (THREADS-1)*N fine-grained puts by thread 0.
func (c *checker) fixBlockBroadcast(s *ast.ForStmt, a *ast.AssignExpr, t string) *checks.SuggestedFix {
	ed := c.ed
	inner, ok := only(s.Body).(*ast.ForStmt)
	if !ok || a.Op != "=" || !singleBody(inner, a) {
		return nil
	}
	il := c.fn.Graph.Loops().LoopFor(inner)
	if il == nil {
		return nil
	}
	iv := il.Induction()
	if iv == nil || iv.Start == nil || !iv.StepKnown || iv.StepConst != 1 || iv.Op != "<" || iv.Name == t {
		return nil
	}
	if v, ok := ast.IntConst(iv.Start); !ok || v != 0 {
		return nil
	}
	n, ok := ast.IntConst(iv.Bound)
	if !ok || n < 1 {
		return nil
	}
	k := iv.Name
	l, r := ast.Unparen(a.L), ast.Unparen(a.R)
	ix, ok := l.(*ast.IndexExpr)
	if !ok {
		return nil
	}
	arr, ok := ast.Unparen(ix.X).(*ast.Name)
	if !ok {
		return nil
	}
	at, ok := types.Core(c.info.TypeOf(arr)).(*types.Array)
	if !ok || at.Kind != types.ThreadsLen {
		return nil
	}
	q := types.QualsOf(at.Elem)
	if !q.Shared() || q.Block.BlockSize() != n || at.Len != n {
		return nil
	}
	v := edit.ValueType(at.Elem)
	if v == nil || !types.IsArithmetic(v) {
		return nil
	}
	// D[t*N + k]: iteration (t, k) writes element k of block t.
	acc := c.fn.Affine().Access(l)
	if acc == nil || acc.Index == nil || len(acc.Index.Terms) != 2 || acc.Index.Const != 0 ||
		acc.Index.Coef(t) != n || acc.Index.Coef(k) != 1 {
		return nil
	}
	if uses(r, t) || !c.uniformSource(r, t) || edit.SideEffects(r) {
		return nil
	}
	body := c.fn.Decl.Body
	ifs, _, last := c.branch(body, s)
	if ifs == nil || !last || !rootZero(ifs.Cond) || !edit.DirectIn(body, ifs) {
		return nil
	}
	if b := c.condBlock(ifs.Cond); b == nil || c.fn.Collective().Executed(b) != nil {
		return nil
	}
	unsafe := "thread 0's writes become a collective that orders them with MYSYNC: a thread's block is written once it calls the collective, not while thread 0 runs the loop"
	if !ed.CalledByAll(c.fn) {
		unsafe = join("the function is not proven to be called by every thread", unsafe)
	}
	name, decl := ed.FileScope(c.fn, edit.Ident(arr.Name)+"_block", func(name string) string {
		qs := types.Qualifiers{Flags: types.SharedQ, Block: types.Block{Kind: types.BlockIndefinite}}
		return types.TypeString(&types.Qualified{Type: v, Qual: qs}, fmt.Sprintf("%s[%d]", name, n)) + ";"
	})
	if name == "" {
		return nil
	}
	// The inner loop, one level less indented, fills the temporary, with
	// 0 for t in the index. The edits leave the text between them alone:
	// the loop bounds and the index may be macros, which no fix edits.
	indent := ed.Indent(s.Start())
	setT := ""
	if s.Init.Decl == nil && ed.Uses(body, t, s) > 1 { // t after the loop: THREADS, as the loop left it
		if _, inBlock := edit.Parent(body, s).(*ast.Block); !inBlock {
			return nil
		}
		setT = t + " = THREADS;\n" + indent
	}
	edits := []analysis.TextEdit{
		edit.ReplaceSpan(s.Start(), inner.Start(), setT),
		edit.ReplaceSpan(inner.End(), s.End(), ""),
		edit.Replace(arr, fmt.Sprintf("((%s)%s)", edit.LocalPtrType(v), name)),
	}
	ast.InspectCode(ix.Index, func(m ast.Node) bool {
		if x, ok := m.(*ast.Name); ok && x.Name == t {
			edits = append(edits, edit.Replace(x, "0"))
		}
		return true
	})
	edits = append(edits, c.dedent(inner, ed.Indent(inner.Start()), indent)...)
	call := fmt.Sprintf("upc_all_broadcast(%s, %s, sizeof(%s), %s);", arr.Name, name, name, c.syncFlags(ifs))
	edits = append(edits, edit.Insert(ifs.End(), "\n"+ed.Indent(ifs.Start())+call))
	if decl != nil {
		edits = append(edits, *decl)
	}
	return mkFix(fmt.Sprintf("broadcast thread 0's block to every block of %s with upc_all_broadcast executed by every thread", arr.Name), unsafe, edits)
}

// dedent returns the edits that replace the indentation in of the lines
// of n after its first by out (when in starts with out).
func (c *checker) dedent(n ast.Node, in, out string) []analysis.TextEdit {
	if !strings.HasPrefix(in, out) || in == out {
		return nil
	}
	var edits []analysis.TextEdit
	text := c.ed.Text(n)
	for i := 0; i < len(text); i++ {
		if text[i] == '\n' && strings.HasPrefix(text[i+1:], in) {
			p := n.Start() + gotoken.Pos(i+1)
			edits = append(edits, edit.ReplaceSpan(p, p+gotoken.Pos(len(in)), out))
		}
	}
	return edits
}

// only returns the statement s is, or the single statement of the block s.
func only(s ast.Stmt) ast.Stmt {
	if b, ok := s.(*ast.Block); ok {
		if len(b.Items) != 1 {
			return nil
		}
		return b.Items[0]
	}
	return s
}

// syncFlags returns the synchronisation flags of a broadcast inserted
// after the if statement ifs, whose then-branch (run by the root, thread
// 0) fills the broadcast's source. UPC 1.3 §7.3.1's MYSYNC is enough on
// both sides whatever surrounds the call: the source lies on the root,
// which fills it before it enters; a thread's block is written only once
// that thread has entered (later than the loop did, so no access the
// program ordered before the loop can conflict); and a thread returns only
// when its block is complete, so it may read it at once. When every path
// from the call reaches a barrier of all threads (upc_barrier) without a
// shared access or a call on the way, nothing can observe the copies
// before that barrier, which completes them: OUT_NOSYNC.
func (c *checker) syncFlags(ifs *ast.IfStmt) string {
	out := "UPC_OUT_MYSYNC"
	if c.barrierAhead(ifs) {
		out = "UPC_OUT_NOSYNC"
	}
	return "UPC_IN_MYSYNC | " + out
}

// barrierAhead reports whether, in the control-flow graph, every path
// from the statement after s in its block reaches upc_barrier before any
// shared access, call, fence, split barrier, return or loop back edge.
func (c *checker) barrierAhead(s ast.Stmt) bool {
	blk, ok := edit.Parent(c.fn.Decl.Body, s).(*ast.Block)
	if !ok {
		return false
	}
	var next ast.Stmt
	for i, it := range blk.Items {
		if it == s && i+1 < len(blk.Items) {
			next = blk.Items[i+1]
		}
	}
	if next == nil {
		return false
	}
	if b, i := c.firstWithin(next); b != nil {
		return c.reachesBarrier(b, i, map[*cfg.Block]bool{})
	}
	return false
}

func (c *checker) reachesBarrier(b *cfg.Block, from int, seen map[*cfg.Block]bool) bool {
	if seen[b] {
		return false // around a loop without a barrier
	}
	seen[b] = true
	for _, n := range b.Nodes[from:] {
		if x, ok := n.(*ast.BarrierStmt); ok {
			return x.Kind == "upc_barrier"
		}
		if !c.quiet(n) {
			return false
		}
	}
	if len(b.Succs) == 0 || b.NoReturn != nil {
		return false
	}
	for _, s := range b.Succs {
		if !c.reachesBarrier(s, 0, seen) {
			return false
		}
	}
	return true
}

// quiet: n neither accesses shared data nor calls, fences or returns.
func (c *checker) quiet(n ast.Node) bool {
	ok := true
	ast.InspectCode(n, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.CallExpr, *ast.FenceStmt, *ast.ReturnStmt, *ast.GotoStmt:
			ok = false
		case ast.Expr:
			if t := c.info.TypeOf(x); t == nil || types.IsShared(t) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
