package finegrain

import (
	"fmt"
	gotoken "go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// The write rewrite (Chen, "Building a Source-to-Source UPC-to-C Translator", §8.2, Figures 10-12; Iancu et al., "Performance Portable Optimizations for Loops Containing Communication Operations", §3): a loop
// that writes v[r...][i + c] once in every iteration, for every i of its
// range, writes the elements into a private buffer instead, and the buffer
// is put with upc_memput after the loop. The writes are only moved, never
// added: every element of the range is written by the loop, and nothing in
// the loop reads v, so the memory of v after the loop is the same.

// writeFix is the shape of one write rewrite.
type writeFix struct {
	plan
	a     *affine.Access
	l     *cfg.Loop
	fs    *ast.ForStmt
	iv    *cfg.InductionVar
	last  ast.Expr       // the innermost index of the access
	lead  []*affine.Form // the other indices, invariant in the loop
	off   *affine.Form   // last index = iv + off
	lo    *affine.Form   // range of iv
	hi    *affine.Form
	first *affine.Form // last index of the first element written: lo + off
	count *affine.Form // elements written: hi - lo + 1
	// wrap: the loop is the body of this loop, without braces (see
	// unbracedIn): the rewrite adds them
	wrap ast.Stmt
	// rmw: the statement reads the element it writes (c[i][j] += sum):
	// the buffer is fetched before the loop as well as put after it
	rmw bool
}

// coalesceWrites returns the rewrite of a group of remote writes, or nil.
func (c *checker) coalesceWrites(fx *fixer, g *group) *checks.SuggestedFix {
	if len(g.accs) != 1 {
		return nil
	}
	a := g.accs[0]
	w := c.writeShape(fx, g, a)
	if w == nil {
		return nil
	}
	var sf *analysis.SuggestedFix
	bs, _ := c.blockOf(a)
	if n := w.count; n.IsConst() && n.Const <= w.stackElems() {
		if p, _ := c.parentRuns(w); p != nil && bs == 1 && w.wrap == nil && !w.rmw {
			sf = c.writeRuns(fx, w, p) // fixruns.go
		}
		if sf == nil {
			sf = c.writeWhole(fx, w)
		}
	} else if w.iv.Dir > 0 {
		sf = c.writeStrips(fx, w)
	}
	if w.wrap != nil {
		sf = fx.addBraces(sf, w.fs, w.wrap)
	}
	return checks.FixOf(sf, w.unsafe)
}

// writeShape checks the conditions of the write rewrite for the access a:
// a plain assignment v[r...][i + c] = x that is an unconditional statement
// of the body of the innermost loop, a for loop stepping i by 1 with
// bounds invariant in it; nothing else in the loop accesses v or a shared
// object through a pointer.
func (c *checker) writeShape(fx *fixer, g *group, a *affine.Access) *writeFix {
	if fx == nil || !a.Write || a.Addr || a.Index == nil || len(a.Loops) == 0 {
		return nil
	}
	v, lay := a.Var, a.Layout
	if a.Pointer {
		lay = c.ptrWriteLayout(a) // fixptrblock.go
	}
	if v == nil || lay == nil || !lay.IsArray || lay.Incomplete || len(lay.Dims) == 0 || lay.Strict {
		return nil
	}
	if _, ok := ast.Unparen(a.Base).(*ast.Name); !ok {
		return nil
	}
	ix := indices(a.Expr)
	if len(ix) != len(lay.Dims) {
		return nil
	}
	for _, d := range lay.Dims[1:] {
		if d.Threads || d.Len <= 0 {
			return nil
		}
	}
	l := a.Loops[0]
	fs, ok := l.Stmt.(*ast.ForStmt)
	if !ok || l != g.loop && !g.loop.Contains(l.Header) {
		return nil
	}
	var wrap ast.Stmt
	if !c.directItem(fs) {
		if wrap = c.unbracedIn(fx, fs); wrap == nil {
			return nil
		}
	}
	once, rmw := onceEach(fs.Body, a.Expr)
	if leaves(fs) || !once {
		return nil
	}
	iv := l.Induction()
	if iv == nil || !iv.StepKnown || iv.StepConst != 1 && iv.StepConst != -1 || iv.Start == nil {
		return nil
	}
	lo, hi, _ := c.af.IVRange(l)
	if lo == nil || !c.invariantIn(lo, l) || !c.invariantIn(hi, l) {
		return nil
	}
	w := &writeFix{plan: plan{g: g, v: v, lay: lay, stmt: fs}, a: a, l: l, fs: fs, iv: iv, lo: lo, hi: hi, last: ix[len(ix)-1], wrap: wrap, rmw: rmw}
	lf, _ := c.af.Form(w.last, a.Block)
	if lf == nil {
		return nil
	}
	coef, rest, ok := lf.Split(iv.Name)
	if !ok || coef != 1 || !c.invariantIn(rest, l) {
		return nil
	}
	w.off = rest
	for _, e := range ix[:len(ix)-1] {
		f, _ := c.af.Form(e, a.Block)
		if f == nil || !c.invariantIn(f, l) {
			return nil
		}
		w.lead = append(w.lead, f)
	}
	w.first = lo.Add(rest)
	w.count = hi.Sub(lo).Add(affine.ConstForm(1))
	if w.count.IsConst() && w.count.Const <= 0 {
		return nil
	}
	// Nothing else in the loop may read or write v, or go through a
	// pointer-to-shared, which might point into v.
	for _, o := range c.af.Accesses {
		if o == a || !l.Contains(o.Block) {
			continue
		}
		if o.Var == v || o.Pointer && o.Shared {
			return nil
		}
		if o.Pointer && w.unsafe == "" {
			w.unsafe = "the loop accesses memory through a private pointer, which might point into " + v.Name()
		}
	}
	if w.unsafe == "" && c.derefThrough(l.Stmt, true) {
		w.unsafe = "the loop accesses memory through a private pointer, which might point into " + v.Name()
	}
	if w.elem = copyTypeText(lay.Elem); w.elem == "" {
		return nil
	}
	if _, ok := c.blockOf(a); !ok {
		return nil
	}
	return w
}

// onceEach reports whether body runs the statement that writes x exactly
// once on every execution: body is that statement, or a block of which it
// is an item and whose other items cannot skip it (no continue of this
// loop in them; leaves has ruled out break, return and goto). The
// statement assigns x (x = e, or x op= e, x++, x-- with rmw set: it reads
// x too).
func onceEach(body ast.Stmt, x ast.Expr) (once, rmw bool) {
	write := func(s ast.Stmt) (ok, rmw bool) {
		es, isExpr := s.(*ast.ExprStmt)
		if !isExpr || es.X == nil {
			return false, false
		}
		switch e := ast.Unparen(es.X).(type) {
		case *ast.AssignExpr:
			return ast.Unparen(e.L) == x, e.Op != "="
		case *ast.PostfixExpr:
			return (e.Op == "++" || e.Op == "--") && ast.Unparen(e.X) == x, true
		case *ast.UnaryExpr:
			return (e.Op == "++" || e.Op == "--") && ast.Unparen(e.X) == x, true
		}
		return false, false
	}
	if ok, rmw := write(body); ok {
		return true, rmw
	}
	b, isBlock := body.(*ast.Block)
	if !isBlock {
		return false, false
	}
	n := 0
	for _, it := range b.Items {
		if ok, r := write(it); ok {
			n, rmw = n+1, r
			continue
		}
		if _, decl := it.(*ast.DeclStmt); !decl && continues(it) {
			return false, false
		}
	}
	return n == 1, rmw
}

// continues reports whether s holds a continue of the loop around it (one
// not inside a loop of s).
func continues(s ast.Stmt) bool {
	found := false
	ast.InspectCode(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ContinueStmt:
			found = true
		case *ast.ForStmt, *ast.ForallStmt, *ast.WhileStmt, *ast.DoStmt:
			return false
		}
		return !found
	})
	return found
}

// target renders &v[r...][first] for the first element index e (in the
// last dimension).
func (c *checker) target(w *writeFix, e *affine.Form) (string, bool) {
	var b strings.Builder
	b.WriteString("&" + w.v.Name())
	for _, f := range append(append([]*affine.Form{}, w.lead...), e) {
		s, ok := c.render(f)
		if !ok {
			return "", false
		}
		b.WriteString("[" + s + "]")
	}
	return b.String(), true
}

// rewriteAccess returns the edits that make the access write element
// iv - base of the buffer (base rendered as baseText; baseForm nil when it
// is not a form of the function, as the strip start). An index written
// with a macro is kept and the first element's index, first, subtracted,
// as edits must not cut into macro expansions.
func (fx *fixer) rewriteAccess(w *writeFix, baseText string, baseForm *affine.Form, first string) []analysis.TextEdit {
	idx := w.iv.Name
	switch {
	case baseForm != nil && baseForm.IsConst() && baseForm.Const == 0:
	case baseForm != nil && baseForm.IsConst() && baseForm.Const < 0:
		idx += " + " + strconv.FormatInt(-baseForm.Const, 10)
	case baseForm != nil:
		idx += " - " + paren(baseForm, baseText)
	default:
		idx += " - " + baseText
	}
	if fx.plain(w.last) {
		return []analysis.TextEdit{
			{Pos: w.a.Expr.Start(), End: w.last.Start(), NewText: []byte(w.buf + "[")},
			{Pos: w.last.Start(), End: w.last.End(), NewText: []byte(idx)},
			{Pos: w.last.End(), End: w.a.Expr.End(), NewText: []byte("]")},
		}
	}
	adj := " - " + first
	edits := []analysis.TextEdit{{Pos: w.a.Expr.Start(), End: w.last.Start(), NewText: []byte(w.buf + "[")}}
	if needsParen(w.last) {
		edits = append(edits, analysis.TextEdit{Pos: w.last.Start(), End: w.last.Start(), NewText: []byte("(")})
		adj = ")" + adj
	}
	return append(edits, analysis.TextEdit{Pos: w.last.End(), End: w.a.Expr.End(), NewText: []byte(adj + "]")})
}

// plain reports whether the source text of e is e itself, no macro
// standing for part of it.
func (fx *fixer) plain(e ast.Expr) bool {
	src, off, ok := fx.source(e.Start())
	end := off + int(e.End()-e.Start())
	if !ok || end > len(src) {
		return false
	}
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), "") }
	return squeeze(string(src[off:end])) == squeeze(ast.NodeString(e))
}

// lineEnd returns where code goes after the statement ending at end: the
// end of its line when only a comment follows it there.
func (fx *fixer) lineEnd(end gotoken.Pos) gotoken.Pos {
	src, off, ok := fx.source(end)
	if !ok {
		return end
	}
	return end + gotoken.Pos(edit.LineEnd(src, off)-off)
}

// copyCode writes the statements that put the n elements of buf (n a C
// expression, at most maxN <= stackLimit, maxN a constant's text) to
// start and on, a pointer to shared with v's layout whose block size bs
// is written bst, at indentation in, with the copy loop's variables
// named nm; with get, the statements that fetch them from there into buf.
// The cyclic case goes through a part on the stack per thread.
func (w *writeFix) copyCode(b *strings.Builder, fr frame, nm copyNames, in, start, n, maxN string, bs int64, bst string, get bool) {
	u := fr.unit
	op, to, from := "upc_memput", start, w.buf
	if get {
		op, to, from = "upc_memget", w.buf, start
	}
	switch {
	case bs == 0:
		fmt.Fprintf(b, "%s%s(%s, %s, %s * sizeof *%s);\n", in, op, to, from, n, w.buf)
	case bs > 1:
		k, r := nm.k, nm.len
		fmt.Fprintf(b, "%s{\n", in)
		i1, i2 := in+u, in+u+u
		fmt.Fprintf(b, "%s/* one %s per block of %s elements */\n", i1, op, bst)
		fmt.Fprintf(b, "%ssize_t %s, %s;\n", i1, k, r)
		fmt.Fprintf(b, "%sfor (%s = 0; %s < %s; %s += %s) {\n", i1, k, k, n, k, r)
		fmt.Fprintf(b, "%s%s = %s - upc_phaseof(%s + %s);\n", i2, r, bst, start, k)
		fmt.Fprintf(b, "%sif (%s > %s - %s)\n%s%s%s = %s - %s;\n", i2, r, n, k, i2, u, r, n, k)
		fmt.Fprintf(b, "%s%s(%s + %s, %s + %s, %s * sizeof(%s));\n", i2, op, to, k, from, k, r, w.elem)
		fmt.Fprintf(b, "%s}\n%s}\n", i1, in)
	default: // cyclic
		t, cnt, k, part := nm.t, nm.n, nm.k, nm.part
		fmt.Fprintf(b, "%s{\n", in)
		i1, i2, i3 := in+u, in+u+u, in+u+u+u
		fmt.Fprintf(b, "%s/* one %s per thread: its elements are THREADS apart here, adjacent there */\n", i1, op)
		fmt.Fprintf(b, "%ssize_t %s, %s, %s;\n", i1, t, cnt, k)
		fmt.Fprintf(b, "%s%s %s[%s];\n", i1, w.elem, part, maxN)
		fmt.Fprintf(b, "%sfor (%s = 0; %s < THREADS && %s < %s; %s++) {\n", i1, t, t, t, n, t)
		fmt.Fprintf(b, "%s%s = (%s - %s + THREADS - 1) / THREADS;\n", i2, cnt, n, t)
		if get {
			fmt.Fprintf(b, "%supc_memget(%s, %s + %s, %s * sizeof *%s);\n", i2, part, start, t, cnt, part)
		}
		fmt.Fprintf(b, "%sfor (%s = 0; %s < %s; %s++)\n", i2, k, k, cnt, k)
		if get {
			fmt.Fprintf(b, "%s%s[%s + %s * THREADS] = %s[%s];\n", i3, w.buf, t, k, part, k)
		} else {
			fmt.Fprintf(b, "%s%s[%s] = %s[%s + %s * THREADS];\n", i3, part, k, w.buf, t, k)
			fmt.Fprintf(b, "%supc_memput(%s + %s, %s, %s * sizeof *%s);\n", i2, start, t, part, cnt, part)
		}
		fmt.Fprintf(b, "%s}\n", i1)
		fmt.Fprintf(b, "%s}\n", in)
	}
}

// inOneBlock reports whether the elements w writes lie in one block of
// its array: a part of one row (the last index from first to first +
// count - 1, all in the row) of an array whose blocks hold whole rows.
// One upc_memput (and upc_memget) copies them.
func (w *writeFix) inOneBlock(bs int64) bool {
	if bs <= 1 || len(w.lead) == 0 || !w.first.IsConst() || !w.count.IsConst() {
		return false
	}
	row := w.lay.Dims[len(w.lay.Dims)-1].Len
	return row > 0 && bs%row == 0 && w.first.Const >= 0 && w.first.Const+w.count.Const <= row
}

func putKind(bs int64) string {
	switch {
	case bs == 0:
		return "one upc_memput"
	case bs > 1:
		return "one upc_memput per block"
	}
	return "one upc_memput per thread"
}

// writeWhole handles a loop writing at most stackLimit elements: a buffer
// on the stack holds them all and is put after the loop.
func (c *checker) writeWhole(fx *fixer, w *writeFix) *analysis.SuggestedFix {
	fr, ok := fx.frame(w.fs)
	if !ok {
		return nil
	}
	bs, _ := c.blockOf(w.a)
	n := w.count.Const
	_, ok1 := c.render(w.lo)
	start, ok2 := c.target(w, w.first)
	if !ok1 || !ok2 {
		return nil
	}
	if w.inOneBlock(bs) {
		bs = 0 // one copy, no loop over blocks
	}
	nm, ok := fx.copyNames(c.fn.Decl, w.fs)
	if !ok {
		return nil
	}
	w.buf = fx.bufferName(w.v.Name())
	name := w.v.Name()
	var b strings.Builder
	what := "writes, put after it"
	if w.rmw {
		what = "updates, fetched before it and put after it"
	}
	fmt.Fprintf(&b, "%s/* the elements of %s this loop %s */\n", fr.indent, name, what)
	// as the loop's bound or the array's declaration names it
	nt := fx.constText(n, append([]ast.Node{heads(w.fs)}, fx.declNodes(w.v)...)...)
	fmt.Fprintf(&b, "%s%s %s[%s];\n", fr.indent, w.elem, w.buf, nt)
	if w.rmw {
		w.copyCode(&b, fr, nm, fr.indent, start, nt, nt, bs, fx.blockText(bs, w.v), true)
	}
	before := b.String()
	b.Reset()
	// The loop writes every element of the range: it runs at least once,
	// as its range is constant and not empty.
	b.WriteString("\n")
	w.copyCode(&b, fr, nm, fr.indent, start, nt, nt, bs, fx.blockText(bs, w.v), false)
	after := strings.TrimSuffix(b.String(), "\n")
	los, _ := c.render(w.lo)
	firsts, _ := c.render(w.first)
	at := fx.lineEnd(fr.end)
	edits := append(fx.rewriteAccess(w, los, w.lo, paren(w.first, firsts)),
		fr.insert(before),
		analysis.TextEdit{Pos: at, End: at, NewText: []byte(after)})
	msg := fmt.Sprintf("coalesce the writes of %s: write a private buffer in the loop and put it with %s after it", name, putKind(bs))
	if w.rmw {
		msg = fmt.Sprintf("coalesce the updates of %s: fetch the elements into a private buffer before the loop, update them there and put them back with %s after it", name, putKind(bs))
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
}

// writeStrips handles a loop whose range is unknown or larger than
// stackLimit (Iancu et al., "Performance Portable Optimizations for Loops Containing Communication Operations", §3, strip-mining): the loop runs in strips of
// stackElems iterations, each writing a buffer of that many elements on
// the stack that is put after the strip. The loop's start and bound
// become the strip's, and the strips run at least once so that the
// induction variable ends with the value the loop gives it.
func (c *checker) writeStrips(fx *fixer, w *writeFix) *analysis.SuggestedFix {
	iv := w.iv
	if iv.Op != "<" && iv.Op != "<=" || w.fs.Init.Decl != nil || !initsOnly(w.fs, iv.Name) {
		return nil
	}
	ivVar := c.ivVar(w.fs, iv.Name)
	if ivVar == nil || !types.IsInteger(types.Unqualified(ivVar.Type())) {
		return nil
	}
	fr, ok := fx.frame(w.fs)
	if !ok {
		return nil
	}
	nm, ok := fx.copyNames(c.fn.Decl, w.fs)
	if !ok {
		return nil
	}
	bs, _ := c.blockOf(w.a)
	startF, _ := c.af.Form(iv.Start, w.l.Header)
	boundF, _ := c.af.Form(iv.Bound, w.l.Header)
	if startF == nil || boundF == nil {
		return nil
	}
	ss, ok1 := c.render(startF)
	bd, ok2 := c.render(boundF)
	if !ok1 || !ok2 || !c.invariantIn(boundF, w.l) {
		return nil
	}
	ss, _ = fx.headerText(iv.Start, startF, ss)
	bd, pbd := fx.headerText(iv.Bound, boundF, bd)
	w.buf = fx.bufferName(w.v.Name())
	sName, eName := w.buf+"_s", w.buf+"_e"
	for _, nm := range []string{sName, eName} {
		if !fx.names.Claim(nm) {
			return nil
		}
	}
	startEl := sName
	if !w.off.IsConst() || w.off.Const != 0 {
		os, ok := c.render(w.off)
		if !ok {
			return nil
		}
		if w.off.IsConst() && w.off.Const < 0 {
			startEl = sName + " - " + strconv.FormatInt(-w.off.Const, 10)
		} else {
			startEl = sName + " + " + paren(w.off, os)
		}
	}
	start := "&" + w.v.Name()
	for _, f := range w.lead {
		s, ok := c.render(f)
		if !ok {
			return nil
		}
		start += "[" + s + "]"
	}
	start += "[" + startEl + "]"
	name := w.v.Name()
	u := fr.unit
	in := fr.indent
	i1 := in + u
	strip := w.stackElems()
	if strip < 16 {
		return nil
	}
	lim := strconv.FormatInt(strip, 10)
	var b strings.Builder
	if w.rmw {
		fmt.Fprintf(&b, "%s/* strips of %d iterations, each updating %s in a buffer fetched before it and put after it */\n", in, strip, name)
	} else {
		fmt.Fprintf(&b, "%s/* strips of %d iterations, each writing %s into a buffer put after it */\n", in, strip, name)
	}
	fmt.Fprintf(&b, "%s%s %s[%d];\n", in, w.elem, w.buf, strip)
	fmt.Fprintf(&b, "%s%s;\n", in, types.TypeString(types.Unqualified(ivVar.Type()), sName+" = "+ss+", "+eName))
	fmt.Fprintf(&b, "%sdo {\n", in)
	n := "(" + eName + " - " + sName + ")"
	if iv.Op == "<" {
		fmt.Fprintf(&b, "%s%s = %s < %s && %s - %s > %s ? %s + %s : %s;\n", i1, eName, sName, pbd, pbd, sName, lim, sName, lim, bd)
	} else {
		fmt.Fprintf(&b, "%s%s = %s <= %s && %s - %s >= %s ? %s + %d : %s;\n", i1, eName, sName, pbd, pbd, sName, lim, sName, strip-1, bd)
		n = "(" + eName + " - " + sName + " + 1)"
	}
	cond := eName + " > " + sName
	if iv.Op == "<=" {
		cond = eName + " >= " + sName
	}
	// move copies the strip's elements when it has any
	move := func(get bool) {
		fmt.Fprintf(&b, "%sif (%s)", i1, cond)
		if bs == 0 {
			fmt.Fprintf(&b, "\n")
			w.copyCode(&b, fr, nm, i1+u, start, n, lim, bs, fx.blockText(bs, w.v), get)
			return
		}
		var inner strings.Builder
		w.copyCode(&inner, fr, nm, i1, start, n, lim, bs, fx.blockText(bs, w.v), get)
		b.WriteString(" " + strings.TrimPrefix(inner.String(), i1))
	}
	if w.rmw {
		move(true)
	}
	b.WriteString(u) // the loop's first line moves one level in
	before := b.String()
	b.Reset()
	b.WriteString("\n")
	move(false)
	next := eName
	if iv.Op == "<=" {
		next = eName + " + 1"
	}
	fmt.Fprintf(&b, "%s%s = %s;\n", i1, sName, next)
	fmt.Fprintf(&b, "%s} while (%s %s %s);", in, sName, iv.Op, bd)
	after := b.String()

	startEd, ok1 := fx.clauseEdits(w.fs, iv.Start, sName)
	boundEd, ok2 := fx.clauseEdits(w.fs, iv.Bound, eName)
	if !ok1 || !ok2 {
		return nil
	}
	edits := []analysis.TextEdit{fr.insert(before), {Pos: fx.lineEnd(fr.end), End: fx.lineEnd(fr.end), NewText: []byte(after)}}
	edits = append(append(edits, startEd...), boundEd...)
	// The loop's other lines move one level in.
	ind, ok := fx.indentEdits(w.fs, u, iv.Start, iv.Bound, w.a.Expr)
	if !ok {
		return nil
	}
	edits = append(edits, ind...)
	edits = append(edits, fx.rewriteAccess(w, sName, nil, "("+startEl+")")...)
	msg := fmt.Sprintf("coalesce the writes of %s: run the loop in strips of %d iterations that write a private buffer, put with %s after each strip", name, strip, putKind(bs))
	if w.rmw {
		msg = fmt.Sprintf("coalesce the updates of %s: run the loop in strips of %d iterations that update a private buffer, fetched before and put with %s after each strip", name, strip, putKind(bs))
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
}

// ivVar returns the variable named name used in the header of fs.
func (c *checker) ivVar(fs *ast.ForStmt, name string) *types.Var {
	var v *types.Var
	ast.InspectCode(fs.Post, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok && x.Name == name && v == nil {
			v, _ = c.info.Uses[x].(*types.Var)
		}
		return v == nil
	})
	return v
}

// within reports whether p is strictly inside n.
func within(p gotoken.Pos, n ast.Node) bool {
	return n.Start() < p && p < n.End()
}
