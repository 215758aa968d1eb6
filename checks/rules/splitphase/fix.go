package splitphase

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
)

// nbHeader declares upc_memget_nb, upc_memput_nb, upc_handle_t and
// upc_sync (UPC 1.3 §7.4.5 non-blocking transfers).
const nbHeader = "upc_nb.h"

// fix rewrites the transfer of sp into
//
//	upc_handle_t H = upc_memget_nb(B, S, n);   (at the issue point)
//	...                                        (the statements it overlaps)
//	upc_sync(H);                               (before the first that needs it)
//
// The transfer's text moves only when it starts earlier (gets); the
// handle's name does not collide with any identifier of the file.
func (c *checker) fix(ed *edit.Editor, sp *split) *checks.SuggestedFix {
	if ed == nil || !ed.In(sp.call) {
		return nil
	}
	// The handle is named after the buffer, as a person would
	// (blk_handle), and claimed: a second transfer into blk in the same
	// block gets blk_handle2.
	h := sp.buf + "_handle"
	for k := 2; !ed.Claim(h); k++ {
		h = fmt.Sprintf("%s_handle%d", sp.buf, k)
		if k > 99 {
			return nil
		}
	}
	items := sp.blk.Items
	stmt := items[sp.at]
	nb := "upc_memget_nb"
	if !sp.get {
		nb = "upc_memput_nb"
	}
	decl := "upc_handle_t " + h + " = "
	sync := "upc_sync(" + h + ");"
	var edits []analysis.TextEdit
	if !ed.Includes(nbHeader) {
		edits = append(edits, ed.IncludeEdit(nbHeader))
	}
	syncDone := false
	switch {
	case sp.guard != nil:
		edits = append(edits, edit.Insert(stmt.Start(), "upc_handle_t "+h+" = UPC_COMPLETE_HANDLE;\n"+ed.Indent(stmt.Start())),
			edit.Insert(sp.call.Start(), h+" = "), edit.Replace(sp.call.Fun, nb))
	case sp.issue == sp.at:
		edits = append(edits, edit.Insert(stmt.Start(), decl), edit.Replace(sp.call.Fun, nb))
	case sp.down:
		// The statements crossed move below the transfer, which stays.
		first := items[sp.issue]
		tf := c.pass.Fset.File(first.Start())
		if tf == nil {
			return nil
		}
		moved := string(ed.Source()[tf.Offset(first.Start()):tf.Offset(items[sp.at-1].End())])
		after := "\n" + ed.Indent(stmt.Start()) + moved
		if sp.sync == sp.at+1 {
			after += "\n" + ed.Indent(stmt.Start()) + sync
			syncDone = true
		}
		edits = append(edits, edit.ReplaceSpan(first.Start(), stmt.Start(), decl),
			edit.Replace(sp.call.Fun, nb), edit.Insert(stmt.End(), after))
	default:
		// Move the statement up: its text after the callee goes along.
		text := ed.Text(stmt)
		rest := text[int(sp.call.Fun.End()-stmt.Start()):]
		at := items[sp.issue]
		edits = append(edits, edit.Insert(at.Start(), decl+nb+rest+"\n"+ed.Indent(at.Start())))
		left := ""
		if sp.sync == sp.at+1 { // nothing after it to overlap: complete where it was
			left = "\n" + ed.Indent(stmt.Start()) + sync
			syncDone = true
		}
		edits = append(edits, edit.ReplaceSpan(items[sp.at-1].End(), stmt.End(), left))
	}
	if !syncDone {
		if sp.sync < len(items) {
			next := items[sp.sync]
			edits = append(edits, edit.Insert(next.Start(), sync+"\n"+ed.Indent(next.Start())))
		} else {
			last := items[len(items)-1]
			edits = append(edits, edit.Insert(last.End(), "\n"+ed.Indent(last.Start())+sync))
		}
	}
	what := "get"
	if !sp.get {
		what = "put"
	}
	msg := fmt.Sprintf("issue the %s with %s and complete it with upc_sync where %s is needed", what, nb, sp.buf)
	return checks.FixOf(&analysis.SuggestedFix{Message: msg, TextEdits: edits}, "")
}
