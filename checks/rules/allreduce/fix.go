package allreduce

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
)

// broadcastFix rewrites the all-threads read rd of a shared scalar in
// statement n (the IBM xlUPC evaluation of UPC collectives on Power7-IH, Figure 10): one upc_all_broadcast copies the value
// into a file-scope array with one element per thread,
//
//	shared T X_bcast[THREADS];
//
// which is the destination layout upc_all_broadcast wants for nbytes =
// sizeof(T) (shared [nbytes] char[nbytes*THREADS]), and the statement reads
// the thread's own element instead. The flags are chosen by syncFlags.
func broadcastFix(ed *edit.Editor, fn *facts.Func, n ast.Node, rd ast.Expr) *checks.SuggestedFix {
	if ed == nil || !ed.In(n) || !ed.In(fn.Decl) || edit.HasSplitBarrier(fn) {
		return nil
	}
	stmt, ok := n.(ast.Stmt)
	if !ok {
		return nil
	}
	v := edit.ValueType(ed.Facts.Unit.Info.TypeOf(rd))
	if v == nil {
		return nil
	}
	name, decl := ed.FileScope(fn, edit.Ident(ed.Text(rd))+"_bcast", func(name string) string {
		return edit.SharedDecl(v, name, "[THREADS]")
	})
	if name == "" {
		return nil
	}
	flags, reduceEdit := syncFlags(ed, fn, stmt, rd)
	call := fmt.Sprintf("upc_all_broadcast(%s, &%s, sizeof(%s), %s);", name, ed.Text(rd), edit.TypeName(v), flags)
	var edits []analysis.TextEdit
	if reduceEdit != nil {
		edits = append(edits, *reduceEdit)
	}
	if decl != nil {
		edits = append(edits, *decl)
	}
	_, isDecl := n.(*ast.DeclStmt)
	if isDecl || edit.DirectIn(fn.Decl.Body, stmt) {
		edits = append(edits, edit.Insert(n.Start(), call+"\n"+ed.Indent(n.Start())))
		edits = append(edits, edit.Replace(rd, name+"[MYTHREAD]"))
	} else {
		edits = append(edits, edit.Insert(n.Start(), "{ "+call+" "))
		edits = append(edits, edit.Replace(rd, name+"[MYTHREAD]"))
		edits = append(edits, edit.Insert(n.End(), " }"))
	}
	msg := fmt.Sprintf("broadcast %s once with upc_all_broadcast into %s and read the local copy", ed.Text(rd), name)
	unsafe := edit.CollectiveCost
	if reduceEdit != nil {
		unsafe = "the reduction returns with UPC_OUT_MYSYNC instead of UPC_OUT_ALLSYNC: its source and result are accessed nowhere else in this file, but other files may access them"
	}
	if !ed.CalledByAll(fn) || edit.SideEffects(rd) {
		unsafe = "the function is not proven to be called by every thread"
	}
	sf := &analysis.SuggestedFix{Message: msg, TextEdits: edits}
	if reduceEdit == nil {
		// Only the barrier the reduction's UPC_OUT_MYSYNC removes pays
		// for the broadcast's tree: THREADS parallel reads of one value
		// cost one read's time each.
		if unsafe != edit.CollectiveCost {
			sf.Message += " (" + unsafe + ")"
		}
		return checks.ShownOnly(sf, edit.CollectiveCostlier)
	}
	return checks.FixOf(sf, unsafe)
}
