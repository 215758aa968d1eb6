package irregular

import (
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// gatherCap is the strip length of the gather rewrite (the prefetch
// factor of Alvanos et al., §5): the private buffers hold this many
// elements.
const gatherCap = "256"

// gather builds the inspector-executor rewrite of the irregular read of
// group g, or says why it is not offered. At the start of each strip an
// inspector runs the loop's condition, step and the read's index ahead
// of the loop, recording up to gatherCap indices; the elements are
// fetched with non-blocking gets (upc_memget_nb, one upc_sync each after
// all are issued) into a private buffer, and the loop reads the buffer.
// The read must be evaluated once in every iteration, its index must not
// depend on what the loop writes, and the loop must not write the array.
func (c *checker) gather(g *group) (*checks.SuggestedFix, string) {
	if len(g.accs) != 1 {
		return nil, "the loop accesses " + g.base + " more than once"
	}
	a := g.accs[0]
	s, ok := g.loop.Stmt.(*ast.ForStmt)
	if !ok || s.Cond == nil || s.Post == nil {
		return nil, "the loop is not a for statement with all three clauses"
	}
	body, ok := s.Body.(*ast.Block)
	if !ok || len(body.Items) == 0 {
		return nil, "the loop body is not a compound statement"
	}
	iv := g.loop.Induction()
	if iv == nil || iv.Cond == nil {
		return nil, "the loop has no induction variable"
	}
	ix := a.Expr.(*ast.IndexExpr)
	read := outerRead(body, ix)
	vt := elemValueType(c.info.TypeOf(read))
	if vt == nil {
		return nil, "the element read is not a scalar or a structure that can be copied"
	}
	if why := c.loopBlocks(g.loop, a); why != "" {
		return nil, why
	}
	if why := c.unconditional(body, read); why != "" {
		return nil, why
	}
	if edit.SideEffects(s.Cond) || !c.pure(ix.Index) {
		return nil, "the loop condition or the index has side effects"
	}
	companions, why := c.indexWritten(s, ix.Index, iv.Name)
	if why != "" {
		return nil, why
	}
	ed := c.ed
	if ed == nil || !ed.In(s) || !ed.In(c.fn.Decl) || !edit.DirectIn(c.fn.Decl.Body, s) ||
		!allIn(ed, read, ix, ix.Index, s.Cond, s.Post, body) {
		return nil, ""
	}
	ivType := c.varType(iv.Cond, iv.Name)
	if ivType == nil {
		return nil, ""
	}
	// The inspector runs the step clause ahead: it saves and restores the
	// induction variable and every companion the step advances with it.
	save, restore := "", ""
	for _, v := range companions {
		t := c.varType(ix.Index, v)
		if t == nil {
			return nil, "the index reads " + v + ", which the loop's step changes, and it is not an integer"
		}
		saved := "upclint_" + v + "0"
		if saved == "upclint_i0" {
			saved = "upclint_" + v + "1"
		}
		save += edit.TypeName(t) + " " + saved + " = " + v + ";\n"
		restore += v + " = " + saved + ";\n"
	}
	tname := edit.TypeName(vt)
	before, after, ok := around(ed, read, ix.Index)
	if !ok {
		return nil, ""
	}
	direct := before + "ix" + after
	addr := "&" + before + "g->ix[k]" + after
	name, declEdit := ed.FileScope(c.fn, "upclint_gather_"+edit.Ident(g.base), func(name string) string {
		return "/* The strip of " + g.base + "'s elements a loop reads at irregular indices (inspector-executor,\n" +
			" * Alvanos et al., \"Combining Static and Dynamic Data Coalescing in Unified Parallel C\", §4-§5):\n" +
			" * the inspector records up to " + gatherCap + " indices ahead of the loop, " + name + "_fetch reads the\n" +
			" * elements with non-blocking gets issued back to back, and the loop takes them in order. */\n" +
			"static struct " + name + " {\n    unsigned long ix[" + gatherCap + "];\n    " + tname + " v[" + gatherCap + "];\n    upc_handle_t h[" + gatherCap + "];\n" +
			"    int n, k;\n} " + name + ";\n\n" +
			"static void " + name + "_fetch(void)\n{\n" +
			"    int k;\n    struct " + name + " *g = &" + name + ";\n" +
			"    for (k = 0; k < g->n; k++)\n" +
			"        if (upc_threadof(" + addr + ") == MYTHREAD) {\n" +
			"            g->v[k] = *(" + tname + " *)" + addr + ";\n" +
			"            g->h[k] = UPC_COMPLETE_HANDLE;\n" +
			"        } else {\n" +
			"            g->h[k] = upc_memget_nb(&g->v[k], " + addr + ", sizeof(" + tname + "));\n" +
			"        }\n" +
			"    for (k = 0; k < g->n; k++)\n" +
			"        if (g->h[k] != UPC_COMPLETE_HANDLE)\n" +
			"            upc_sync(g->h[k]);\n}\n\n" +
			"/* The element the loop reads in its k-th iteration of the strip: the\n" +
			" * fetched one, or a read of its own if the index is not the inspector's. */\n" +
			"static " + tname + " " + name + "_at(int k, unsigned long ix)\n{\n" +
			"    return " + name + ".ix[k] == ix ? " + name + ".v[k] : " + direct + ";\n}"
	})
	if name == "" {
		return nil, ""
	}
	// The inspector is indented like the body's statements, one level
	// deeper inside it as the body is deeper than the loop.
	indent := ed.Indent(s.Start())
	in := ed.Indent(body.Items[0].Start())
	step := strings.TrimPrefix(in, indent)
	if step == in || step == "" {
		step = "    "
	}
	inspector := "\n" + in + "if (" + name + ".k == " + name + ".n) { /* inspector: the next strip's indices */\n" +
		in + step + edit.TypeName(ivType) + " upclint_i0 = " + iv.Name + ";\n" +
		indentLines(save, in+step) +
		in + step + "for (" + name + ".n = " + name + ".k = 0; " + name + ".n < " + gatherCap + " && (" + ed.Text(s.Cond) + "); " + ed.Text(s.Post) + ")\n" +
		in + step + step + name + ".ix[" + name + ".n++] = " + ed.Text(ix.Index) + ";\n" +
		in + step + iv.Name + " = upclint_i0;\n" +
		indentLines(restore, in+step) +
		in + step + name + "_fetch();\n" +
		in + "}"
	var edits []analysis.TextEdit
	if !ed.Includes("upc_nb.h") {
		edits = append(edits, ed.IncludeEdit("upc_nb.h"))
	}
	if declEdit != nil {
		edits = append(edits, *declEdit)
	}
	edits = append(edits,
		edit.Insert(s.Start(), name+".n = "+name+".k = 0;\n"+indent),
		edit.Insert(s.Post.End(), ", "+name+".k++"),
		edit.Insert(body.Start()+1, inspector),
		// The read keeps its index, which _at compares with the inspector's.
		edit.ReplaceSpan(read.Start(), ix.Index.Start(), name+"_at("+name+".k, "),
		edit.ReplaceSpan(ix.Index.End(), read.End(), ")"),
	)
	sf := &analysis.SuggestedFix{Message: "read " + g.base + " through a strip of prefetched elements (inspector-executor)", TextEdits: edits}
	return checks.FixOf(sf, "the elements are read up to "+gatherCap+" iterations ahead of their use"), ""
}

// elemValueType returns the private type of the values an irregular read
// yields when the strip buffer can hold them, or nil: a scalar, or a
// complete structure or union, as the random struct-field reads of Alvanos
// et al. ("Combining Static and Dynamic Data Coalescing in Unified
// Parallel C", §4.2) become once each element is read whole. The record
// must print as a type name (a tag or a typedef: an anonymous one has
// none), hold no const or shared member (the buffer is assigned) and end
// with no flexible array.
func elemValueType(t types.Type) types.Type {
	if v := edit.ValueType(t); v != nil || t == nil {
		return v
	}
	v := types.Unqualified(types.WithoutShared(t))
	r, ok := types.Core(v).(*types.Record)
	if !ok || !r.Complete || r.Flexible || r.Size <= 0 {
		return nil
	}
	if s := types.TypeString(v, ""); s == "" || strings.ContainsAny(s, "<({") {
		return nil
	}
	if !assignable(r) {
		return nil
	}
	return v
}

// assignable reports whether no member of r (nested records and arrays
// included) is const or shared.
func assignable(r *types.Record) bool {
	for _, f := range r.Fields {
		t := f.Type
		for {
			if types.QualsOf(t).Flags&types.Const != 0 || types.IsShared(t) {
				return false
			}
			a, ok := types.Core(t).(*types.Array)
			if !ok {
				break
			}
			t = a.Elem
		}
		if sub, ok := types.Core(t).(*types.Record); ok && !assignable(sub) {
			return false
		}
	}
	return true
}

// outerRead returns the read whose element access is ix: ix, or the
// field of it that is read (a[e].f.g).
func outerRead(body ast.Node, ix *ast.IndexExpr) ast.Expr {
	var out ast.Expr = ix
	for changed := true; changed; {
		changed = false
		ast.InspectCode(body, func(n ast.Node) bool {
			if m, ok := n.(*ast.MemberExpr); ok && !m.Arrow && ast.Unparen(m.X) == out {
				out, changed = m, true
				return false
			}
			return true
		})
	}
	return out
}

// unconditional says why read may not be evaluated exactly once in every
// iteration, or "": its statement must be an item of the body, the body
// must not leave the iteration early, and no operator around the read may
// skip it.
func (c *checker) unconditional(body *ast.Block, read ast.Expr) string {
	var stmt ast.Stmt
	for _, it := range body.Items {
		if contains(it, read) {
			stmt = it
		}
	}
	switch stmt.(type) {
	case *ast.ExprStmt, *ast.DeclStmt:
	default:
		return "the read is not a statement of the loop body evaluated in every iteration"
	}
	why := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.ContinueStmt); ok {
			why = "the loop body continues early"
		}
		return why == ""
	})
	ast.InspectCode(stmt, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if (x.Op == "&&" || x.Op == "||") && contains(x.Y, read) {
				why = "the read is evaluated only under a condition"
			}
		case *ast.CondExpr:
			if contains(x.Then, read) || contains(x.Else, read) {
				why = "the read is evaluated only under a condition"
			}
		}
		return why == ""
	})
	return why
}

func contains(n ast.Node, x ast.Node) bool {
	return n != nil && x.Start() >= n.Start() && x.End() <= n.End()
}

// indexWritten says why the inspector could compute other indices than
// the loop reads, or "": the loop writes a variable the index names other
// than the induction variable in its body, condition or step (except a
// companion: a local variable that only the step clause changes, as k in
// for (i = t, k = 0; ...; i += T, k++), and whose address is not taken;
// the init clause runs before any inspector), or the index names a file-scope
// variable and the loop calls a function (which could write it). It
// returns the companions the index reads.
func (c *checker) indexWritten(loop *ast.ForStmt, index ast.Expr, iv string) ([]string, string) {
	names := map[string]bool{}
	global := false
	ast.InspectCode(index, func(n ast.Node) bool {
		if id, ok := n.(*ast.Name); ok && id.Name != iv {
			names[id.Name] = true
			if v, ok := c.info.Uses[id].(*types.Var); ok && c.info.FileScope != nil && c.info.FileScope.Lookup(id.Name) == types.Object(v) {
				global = true
			}
		}
		return true
	})
	why := ""
	inStep := map[string]bool{}
	ast.InspectCode(loop, func(n ast.Node) bool {
		if x, ok := n.(*ast.CallExpr); ok && global && !mathCall(ast.CalleeName(x)) && !quietCalls[ast.CalleeName(x)] {
			why = "the index reads a file-scope variable and the loop calls " + ast.CalleeName(x)
		}
		if lv := cfg.Stored(n); lv != nil {
			if r := cfg.LvalueRoot(lv); names[r] && !contains(&loop.Init, n) {
				if contains(loop.Post, n) && !global && !c.addressTaken(r) {
					inStep[r] = true
				} else {
					why = "the loop writes " + r + ", which the index reads"
				}
			}
		}
		return why == ""
	})
	if why != "" {
		return nil, why
	}
	var companions []string
	for v := range inStep {
		companions = append(companions, v)
	}
	sort.Strings(companions)
	return companions, ""
}

// addressTaken reports whether the function takes the address of the
// variable name (a pointer could then change it unseen).
func (c *checker) addressTaken(name string) bool {
	taken := false
	ast.InspectCode(c.fn.Decl.Body, func(n ast.Node) bool {
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == "&" {
			if id, ok := ast.Unparen(u.X).(*ast.Name); ok && id.Name == name {
				taken = true
			}
		}
		return !taken
	})
	return taken
}

// indentLines prefixes every line of text with indent.
func indentLines(text, indent string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(text, "\n") {
		if l != "" {
			b.WriteString(indent + l)
		}
	}
	return b.String()
}

// varType returns the type of the variable name as cond uses it.
func (c *checker) varType(cond ast.Expr, name string) types.Type {
	var t types.Type
	ast.InspectCode(cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Name); ok && id.Name == name && t == nil {
			t = types.Unqualified(c.info.TypeOf(id))
		}
		return t == nil
	})
	if t == nil || !types.IsInteger(t) || strings.Contains(types.TypeString(t, ""), "(") {
		return nil
	}
	return t
}

// pure reports whether evaluating e again (in the inspector) changes
// nothing: no assignment or increment, and only quiet calls.
func (c *checker) pure(e ast.Expr) bool {
	ok := true
	ast.InspectCode(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignExpr, *ast.PostfixExpr:
			ok = false
		case *ast.UnaryExpr:
			ok = ok && x.Op != "++" && x.Op != "--"
		case *ast.CallExpr:
			ok = ok && c.quiet(x)
		}
		return ok
	})
	return ok
}
