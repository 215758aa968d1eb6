package collidiom

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// The gather-all, gather and scatter rewrites need a shared temporary
// whose size depends on THREADS: a layout qualifier cannot name THREADS
// under dynamic THREADS, so the temporaries are allocated with
// upc_all_alloc, once (the file-scope pointer is null until then; every
// thread executes the allocation together, so all see it null together),
// and addressed through pointers whose layout needs no THREADS:
//
//   - gather-all: "shared T *G" (block size 1) from
//     upc_all_alloc(THREADS * THREADS, sizeof(T)): thread j owns
//     G[j + i*THREADS] for i < THREADS, contiguous in its memory, which is
//     block j of the destination upc_all_gather_all sees as
//     shared [THREADS*sizeof(T)] char[...]; thread j reads element i as
//     ((T *)&G[j])[i];
//   - gather and scatter: "shared [] T *G" from
//     upc_all_alloc(1, THREADS * sizeof(T)): THREADS elements on thread 0,
//     the single-thread area both collectives take, which thread 0 (the
//     root the fix requires) accesses as (T *)G.
//
// The source (gather-all, gather) or destination (scatter) is the user's
// block-size-1 array A, whose element t is the first element of thread
// t's part: the per-thread block of sizeof(T) bytes the collectives use.

// fixGatherAll rewrites "for (t...) P[t] = A[t];" executed by every thread
// into an upc_all_gather_all into the temporary, followed by the same loop
// reading the thread's own block of the temporary.
func (c *checker) fixGatherAll(s *ast.ForStmt, a *ast.AssignExpr, t string) *checks.SuggestedFix {
	ed := c.ed
	if a.Op != "=" {
		return nil
	}
	if _, all := c.who(a); !all {
		return nil
	}
	if !edit.DirectIn(c.fn.Decl.Body, s) {
		return nil
	}
	l, r := ast.Unparen(a.L), ast.Unparen(a.R)
	if !c.private(l) || !uses(l, t) || edit.SideEffects(l) || c.sharedElem(l, t) {
		return nil
	}
	arr, blk, v := c.scalarArray(r, t)
	if arr == nil || blk != 1 {
		return nil
	}
	unsafe := ""
	if !ed.CalledByAll(c.fn) {
		unsafe = "the function is not proven to be called by every thread"
	}
	if st := c.strictUnsafe(arr); st != "" {
		unsafe = join(unsafe, st)
	}
	name, decl := ed.FileScope(c.fn, edit.Ident(arr.Name)+"_all", func(name string) string {
		return edit.SharedPtrDecl(v, name, false)
	})
	if name == "" {
		return nil
	}
	indent := ed.Indent(s.Start())
	tn := edit.TypeName(v)
	pre := fmt.Sprintf("if (!%s)\n%s    %s = (%s)upc_all_alloc(THREADS * THREADS, sizeof(%s));\n%s",
		name, indent, name, edit.SharedPtrType(v, false), tn, indent) +
		fmt.Sprintf("upc_all_gather_all(%s, %s, sizeof(%s), %s);\n%s", name, arr.Name, tn, edit.Flags, indent)
	edits := []analysis.TextEdit{
		edit.Insert(s.Start(), pre),
		edit.Replace(r, fmt.Sprintf("((%s)&%s[MYTHREAD])[%s]", edit.LocalPtrType(v), name, t)),
	}
	if decl != nil {
		edits = append(edits, *decl)
	}
	return shown(fmt.Sprintf("gather %s into every thread with upc_all_gather_all, then copy the thread's own block", arr.Name), unsafe, edits)
}

// fixRooted rewrites the gather "P[t] = A[t]" (the loop first in the
// branch) and the scatter "A[t] = f(t)" (the loop last) that thread 0
// executes under "if (MYTHREAD == 0)": the loop then reads or fills the
// temporary on thread 0, and the collective, before (gather) or after
// (scatter) the if statement, moves the data.
func (c *checker) fixRooted(s *ast.ForStmt, a *ast.AssignExpr, t string, ifs *ast.IfStmt, first, last bool, unsafe string) *checks.SuggestedFix {
	ed := c.ed
	if a.Op != "=" || !rootZero(ifs.Cond) {
		return nil
	}
	l, r := ast.Unparen(a.L), ast.Unparen(a.R)
	var gather bool
	var arr *ast.Name
	var blk int64
	var v types.Type
	switch {
	case first && c.private(l) && uses(l, t) && !edit.SideEffects(l) && !c.sharedElem(l, t):
		gather = true
		arr, blk, v = c.scalarArray(r, t)
	case last && uses(r, t) && c.uniformSource(r, t) && !edit.SideEffects(r):
		arr, blk, v = c.scalarArray(l, t)
	default:
		return nil
	}
	if arr == nil || blk != 1 {
		return nil
	}
	if st := c.strictUnsafe(arr); st != "" {
		unsafe = join(unsafe, st)
	}
	role := "_to_scatter"
	if gather {
		role = "_gathered"
	}
	name, decl := ed.FileScope(c.fn, edit.Ident(arr.Name)+role, func(name string) string {
		return edit.SharedPtrDecl(v, name, true)
	})
	if name == "" {
		return nil
	}
	indent := ed.Indent(ifs.Start())
	tn := edit.TypeName(v)
	alloc := fmt.Sprintf("if (!%s)\n%s    %s = (%s)upc_all_alloc(1, THREADS * sizeof(%s));\n%s",
		name, indent, name, edit.SharedPtrType(v, true), tn, indent)
	local := fmt.Sprintf("((%s)%s)[%s]", edit.LocalPtrType(v), name, t)
	var edits []analysis.TextEdit
	var msg string
	if gather {
		call := fmt.Sprintf("upc_all_gather(%s, %s, sizeof(%s), %s);\n%s", name, arr.Name, tn, edit.Flags, indent)
		edits = []analysis.TextEdit{edit.Insert(ifs.Start(), alloc+call), edit.Replace(r, local)}
		msg = fmt.Sprintf("gather %s on thread 0 with upc_all_gather executed by every thread", arr.Name)
	} else {
		call := fmt.Sprintf("upc_all_scatter(%s, %s, sizeof(%s), %s);", arr.Name, name, tn, edit.Flags)
		edits = []analysis.TextEdit{
			edit.Insert(ifs.Start(), alloc),
			edit.Replace(l, local),
			edit.Insert(ifs.End(), "\n"+indent+call),
		}
		msg = fmt.Sprintf("scatter thread 0's values to %s with upc_all_scatter executed by every thread", arr.Name)
	}
	if decl != nil {
		edits = append(edits, *decl)
	}
	return shown(msg, unsafe, edits)
}

// strictUnsafe: strict elements of arr need review, the collective's copy
// being relaxed.
func (c *checker) strictUnsafe(arr *ast.Name) string {
	if c.info.StrictAccess(arr) {
		return "the strict accesses become a relaxed collective copy"
	}
	return ""
}

// rootZero: the condition is MYTHREAD == 0 (or 0 == MYTHREAD, !MYTHREAD).
func rootZero(cond ast.Expr) bool {
	switch ast.NodeString(ast.Unparen(cond)) {
	case "MYTHREAD == 0", "0 == MYTHREAD", "!MYTHREAD":
		return true
	}
	return false
}
