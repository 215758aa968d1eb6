package finegrain

import (
	"bytes"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Struct element coalescing (Alvanos et al., "Combining Static and Dynamic Data Coalescing in Unified Parallel C", §4.2): reads of several fields of
// one element of a shared array of structures, with the same base and the
// same index in one iteration, are one transfer of the element instead of
// one per field. The affine accesses are already covered by the loop-level
// rewrites; this handles the indices that are not affine (Table[idx[k]]),
// whose element changes from iteration to iteration unpredictably but is
// the same for all the reads of one iteration.

// elemRead is one read Base[Index].field of a shared struct element.
type elemRead struct {
	acc   *affine.Access
	ix    *ast.IndexExpr
	field string
	item  int // index of the body item holding it
}

// elemGroup is the reads of one element in consecutive items of a loop
// body, between which nothing can change the element or the index.
type elemGroup struct {
	loop  ast.Stmt
	body  *ast.Block
	v     *types.Var
	lay   *types.Layout
	key   string   // the index expression, as text
	names []string // the names the index mentions
	reads []elemRead
}

func (g *elemGroup) fields() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range g.reads {
		if !seen[r.field] {
			seen[r.field] = true
			out = append(out, r.field)
		}
	}
	return out
}

// checkElements reports the struct element groups of the function's loops
// whose index is not affine.
func (c *checker) checkElements(pass *analysis.Pass) {
	if c.threads == 1 || c.fn.Decl == nil || c.fn.Decl.Body == nil {
		return
	}
	ast.InspectCode(c.fn.Decl.Body, func(n ast.Node) bool {
		if b, ok := ast.LoopBody(n).(*ast.Block); ok {
			for _, g := range c.elementGroups(n.(ast.Stmt), b, false) {
				c.reportElement(pass, g)
			}
		}
		return true
	})
}

// elementGroups scans the items of a loop body. A run of expression
// statements and declarations is broken by any other statement, by a call
// that is not harmless, by an assignment to anything but a plain name, and
// by a strict shared access; within a run, an item that assigns or declares
// a name ends the groups whose index mentions it. With affine, the reads
// whose index is affine count too.
func (c *checker) elementGroups(loop ast.Stmt, body *ast.Block, affine bool) []*elemGroup {
	var done []*elemGroup
	open := map[string]*elemGroup{}
	var order []string
	flush := func(pred func(*elemGroup) bool) {
		var keep []string
		for _, k := range order {
			g := open[k]
			if pred(g) {
				if len(g.fields()) >= 2 {
					done = append(done, g)
				}
				delete(open, k)
			} else {
				keep = append(keep, k)
			}
		}
		order = keep
	}
	all := func(*elemGroup) bool { return true }
	for i, it := range body.Items {
		switch it.(type) {
		case *ast.ExprStmt, *ast.DeclStmt:
		default:
			flush(all)
			continue
		}
		set, ok := c.itemEffects(it)
		if !ok {
			flush(all)
			continue
		}
		flush(func(g *elemGroup) bool { return mentions(g.names, set) })
		for _, r := range c.itemReads(it, affine) {
			names, pure := indexNames(r.ix.Index)
			if !pure || mentions(names, set) {
				continue
			}
			r.item = i
			v := r.acc.Var
			k := v.Name() + "[" + ast.NodeString(r.ix.Index) + "]"
			g := open[k]
			if g == nil {
				g = &elemGroup{loop: loop, body: body, v: v, lay: r.acc.Layout, key: ast.NodeString(r.ix.Index), names: names}
				open[k] = g
				order = append(order, k)
			}
			g.reads = append(g.reads, r)
		}
	}
	flush(all)
	return done
}

func mentions(names []string, set map[string]bool) bool {
	for _, n := range names {
		if set[n] {
			return true
		}
	}
	return false
}

// itemEffects returns the names item assigns or declares; ok is false when
// it may change anything else (a write through an element, member or
// pointer, a call that is not harmless, a strict shared access, asm).
func (c *checker) itemEffects(item ast.Stmt) (map[string]bool, bool) {
	set := map[string]bool{}
	ok := true
	target := func(e ast.Expr) {
		if n, isName := ast.Unparen(e).(*ast.Name); isName {
			set[n.Name] = true
		} else {
			ok = false
		}
	}
	if d, isDecl := item.(*ast.DeclStmt); isDecl && d.Decl != nil {
		for _, in := range d.Decl.Inits {
			if in == nil {
				continue
			}
			if name := declaratorName(in.Decl); name != "" {
				set[name] = true
			} else {
				ok = false
			}
		}
	}
	ast.InspectEval(item, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.AssignExpr:
			target(m.L)
		case *ast.PostfixExpr:
			target(m.X)
		case *ast.UnaryExpr:
			if m.Op == "++" || m.Op == "--" {
				target(m.X)
			}
		case *ast.CallExpr:
			if !c.vi.Quiet(m) {
				ok = false
			}
		case *ast.StmtExpr:
			ok = false
		}
		return ok
	})
	if !ok {
		return nil, false
	}
	for _, a := range c.af.Accesses {
		if a.Shared && a.Expr.Start() >= item.Start() && a.Expr.End() <= item.End() && c.strict(a) {
			return nil, false
		}
	}
	return set, true
}

func declaratorName(d *ast.Declarator) string {
	for d != nil && d.Direct != nil {
		if d.Direct.Name != nil {
			return d.Direct.Name.Name
		}
		d = d.Direct.Nested
	}
	return ""
}

// itemReads returns the unconditional reads Base[Index].field in item of
// a named, one-dimensional shared array of structures whose index is not
// affine (or is, with affine).
func (c *checker) itemReads(item ast.Stmt, affine bool) []elemRead {
	var out []elemRead
	var visit func(n ast.Node, cond bool)
	visit = func(n ast.Node, cond bool) {
		ast.InspectEval(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.CondExpr:
				visit(m.Cond, cond)
				if m.Then != nil {
					visit(m.Then, true)
				}
				visit(m.Else, true)
				return false
			case *ast.BinaryExpr:
				if m.Op == "&&" || m.Op == "||" {
					visit(m.X, cond)
					visit(m.Y, true)
					return false
				}
			case *ast.MemberExpr:
				if cond || m.Arrow || m.Name == nil {
					return true
				}
				ix, ok := ast.Unparen(m.X).(*ast.IndexExpr)
				if !ok {
					return true
				}
				if a := c.af.Access(ix); a != nil && c.elementRead(a, ix, affine) {
					out = append(out, elemRead{acc: a, ix: ix, field: m.Name.Name})
				}
			}
			return true
		})
	}
	visit(item, false)
	return out
}

// elementRead reports whether a (the access ix) reads a possibly remote
// element of a named one-dimensional shared array of complete structures
// with an index that is not affine (or is, with affineToo).
func (c *checker) elementRead(a *affine.Access, ix *ast.IndexExpr, affineToo bool) bool {
	if !a.Shared || a.Write || a.Addr || a.Pointer || a.Index != nil && !affineToo || a.Var == nil || len(a.Loops) == 0 {
		return false
	}
	lay := a.Layout
	if lay == nil || !lay.IsArray || len(lay.Dims) != 1 || lay.Strict {
		return false
	}
	if n, ok := ast.Unparen(ix.X).(*ast.Name); !ok || n.Name != a.Var.Name() {
		return false
	}
	if r, ok := types.Core(lay.Elem).(*types.Record); !ok || !r.Complete || r.Flexible {
		return false
	}
	if c.strict(a) {
		return false
	}
	// Only the affinity facts can prove it local.
	f := c.fn.Affinity().Of(a)
	return f == nil || f.Kind != affinity.Local
}

// indexNames returns the names e mentions; pure is false when evaluating
// e has side effects or calls a function.
func indexNames(e ast.Expr) (names []string, pure bool) {
	pure = true
	seen := map[string]bool{}
	ast.InspectEval(e, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.Name:
			if !seen[m.Name] {
				seen[m.Name] = true
				names = append(names, m.Name)
			}
		case *ast.AssignExpr, *ast.PostfixExpr, *ast.CallExpr, *ast.StmtExpr, *ast.CommaExpr:
			pure = false
		case *ast.UnaryExpr:
			if m.Op == "++" || m.Op == "--" {
				pure = false
			}
		}
		return pure
	})
	return names, pure
}

func (c *checker) reportElement(pass *analysis.Pass, g *elemGroup) {
	first := g.reads[0]
	fields := g.fields()
	elem := g.v.Name() + "[" + g.key + "]"
	msg := fmt.Sprintf("fine-grained remote reads of %d fields of %s (%s) in each iteration of this loop: "+
		"one remote operation per field; struct element coalescing: copy the element into a private "+
		"structure once per iteration (one transfer)", len(fields), elem, strings.Join(fields, ", "))
	d := analysis.Diagnostic{Pos: first.ix.Start(), End: first.ix.End(), Category: Name, Message: msg}
	d.Related = []analysis.RelatedInformation{{Pos: g.loop.Start(), End: g.loop.Start() + 1, Message: "in this loop"}}
	var fixes []checks.SuggestedFix
	accs := map[ast.Expr]bool{}
	for _, r := range g.reads {
		accs[ast.Unparen(ast.Expr(r.ix))] = true
	}
	// A copy of the whole element moves more bytes than the fields read:
	// shown, not applied (fix --validate would refuse it).
	ef := c.elementFix(c.fx, g)
	sf := checks.FixOf(ef, "")
	if why := c.moreBytes(g.loop, accs, g.lay.Elem); why != "" {
		sf = checks.ShownOnly(ef, why)
	}
	if sf != nil {
		fixes = append(fixes, *sf)
	}
	checks.Report(pass, d, fixes...)
}

// elementFix declares a private copy of the element, initialised from the
// shared element (one transfer), before the item of the first read, and
// reads the fields from it.
func (c *checker) elementFix(fx *fixer, g *elemGroup) *analysis.SuggestedFix {
	if fx == nil {
		return nil
	}
	ts := copyTypeText(g.lay.Elem)
	if ts == "" {
		return nil
	}
	first := g.reads[0]
	item := g.body.Items[first.item]
	fr, ok := fx.frame(item)
	if !ok {
		return nil
	}
	// The element's text must be the source's (not a macro expansion).
	text, ok := fx.exactText(first.ix)
	if !ok {
		return nil
	}
	for _, r := range g.reads[1:] {
		if _, ok := fx.exactText(r.ix); !ok {
			return nil
		}
	}
	buf := fx.bufferName(g.v.Name() + "_elem")
	decl := fmt.Sprintf("%s/* the fields of %s this iteration reads, in one transfer */\n%s%s %s = %s;\n",
		fr.indent, g.v.Name(), fr.indent, ts, buf, text)
	edits := []analysis.TextEdit{fr.insert(decl)}
	for _, r := range g.reads {
		edits = append(edits, analysis.TextEdit{Pos: r.ix.Start(), End: r.ix.End(), NewText: []byte(buf)})
	}
	msg := fmt.Sprintf("coalesce the field reads of %s[%s]: copy the element into a private structure once per iteration",
		g.v.Name(), g.key)
	return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
}

// squeeze drops the blanks of a C text, to compare it with a printed node.
func squeeze(b []byte) string {
	return string(bytes.Join(bytes.Fields(b), nil))
}
