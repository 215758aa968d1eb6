package finegrain

import (
	"fmt"
	gotoken "go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// The member rewrite: reads X[E].m[F] of the array member m of elements of
// a shared array of structures, in a for loop where E is invariant and F
// affine, as Sobel's
//
//	for (j = 1; j < IMGSIZE - 1; j++)
//	    d1 = orig[PREV_ROW(i)].r[j+1] - orig[PREV_ROW(i)].r[j-1] + ...;
//
// An element of X lies whole on its owner, so the part of m the loop reads
// is contiguous there: one upc_memget per element read (Alvanos et al.,
// "Combining Static and Dynamic Data Coalescing in Unified Parallel C",
// §4.2, applied to the array member), whichever thread owns it. The
// elements are the rows of a private buffer, the member's index its
// columns: X[E].m[F] reads buf[E - lo][F - flo]. Inside a upc_forall the
// loop runs once per iteration of the thread, so each thread fetches only
// the rows its own iterations read: under owner computes, the neighbours
// at its block boundaries are its only remote fetches.

// maxMemberRows bounds the elements fetched by one member rewrite: one
// upc_memget line each.
const maxMemberRows = 8

// memberRead is one read X[E].m[F].
type memberRead struct {
	a    *affine.Access
	elem *ast.IndexExpr  // X[E]
	mem  *ast.MemberExpr // X[E].m
	e    *affine.Form    // E
}

// memberShape returns a as X[E].m[F] where X is a named one-dimensional
// shared array of complete structures and m a one-dimensional array of
// fixed length, or false.
func (c *checker) memberShape(a *affine.Access) (memberRead, *types.Array, bool) {
	ix, ok := ast.Unparen(a.Expr).(*ast.IndexExpr)
	if !ok || !a.Shared || a.Pointer || a.Index == nil {
		return memberRead{}, nil, false
	}
	mem, ok := ast.Unparen(ix.X).(*ast.MemberExpr)
	if !ok || mem.Arrow || mem.Name == nil {
		return memberRead{}, nil, false
	}
	elem, ok := ast.Unparen(mem.X).(*ast.IndexExpr)
	if !ok {
		return memberRead{}, nil, false
	}
	ea := c.af.Access(elem)
	if ea == nil || ea.Var == nil || ea.Pointer {
		return memberRead{}, nil, false
	}
	if _, ok := ast.Unparen(ea.Base).(*ast.Name); !ok {
		return memberRead{}, nil, false
	}
	lay := ea.Layout
	if lay == nil || !lay.IsArray || lay.Incomplete || lay.Strict || len(lay.Dims) != 1 {
		return memberRead{}, nil, false
	}
	if r, ok := types.Core(lay.Elem).(*types.Record); !ok || !r.Complete || r.Flexible {
		return memberRead{}, nil, false
	}
	mt, ok := types.Core(c.info.TypeOf(mem)).(*types.Array)
	if !ok || mt.Kind != types.FixedLen || mt.Len <= 0 {
		return memberRead{}, nil, false
	}
	if _, nested := types.Core(mt.Elem).(*types.Array); nested {
		return memberRead{}, nil, false
	}
	e, _ := c.af.Form(elem.Index, a.Block)
	if e == nil || c.strict(a) {
		return memberRead{}, nil, false
	}
	return memberRead{a: a, elem: elem, mem: mem, e: e}, mt, true
}

// memberFix returns the member rewrite of g. handled is true when g's
// accesses have the member shape: the fix is then nil when they cannot be
// coalesced, or when the rewrite of an earlier group of the same loop
// already covers them (the three rows of Sobel are three groups, and one
// fix fetches all three).
func (c *checker) memberFix(fx *fixer, g *group) (sf *checks.SuggestedFix, handled bool) {
	first, mt, ok := c.memberShape(g.accs[0])
	if !ok {
		return nil, false
	}
	if fx.covered[g.accs[0].Expr] {
		return nil, true
	}
	l := g.loop
	fs, ok := l.Stmt.(*ast.ForStmt)
	if !ok || !c.directItem(fs) || leaves(fs) {
		return nil, true
	}
	x := first.a.Layout
	if x == nil {
		x = c.af.Access(first.elem).Layout
	}
	root := x.Var
	member := first.mem.Name.Name
	// Every access of X in the loop: the reads of X[...].m are rewritten,
	// other reads stay, any write stops the rewrite.
	var reads []memberRead
	inner := map[ast.Expr]bool{}
	private := c.derefThrough(fs, false) // *p = x, p->f = x; p[k] = x below
	for _, a := range c.af.Accesses {
		if !l.Contains(a.Block) {
			continue
		}
		private = private || a.Write && a.Pointer && !a.Shared
		if !a.Shared {
			continue
		}
		if a.Write && (a.Var == root || a.Pointer) {
			return nil, true
		}
		r, _, ok := c.memberShape(a)
		if !ok || a.Write || c.af.Access(r.elem).Var != root || r.mem.Name.Name != member {
			continue
		}
		if !c.everyIteration(a.Block, l) || !c.invariantIn(r.e, l) {
			return nil, true
		}
		reads = append(reads, r)
		inner[ast.Unparen(ast.Expr(r.elem))] = true
	}
	for _, a := range c.af.Accesses {
		if l.Contains(a.Block) && a.Var == root && !inner[ast.Unparen(a.Expr)] && !a.Addr && a.Write {
			return nil, true
		}
	}
	if !slices.ContainsFunc(reads, func(r memberRead) bool { return r.a == g.accs[0] }) {
		return nil, true
	}
	unsafe := ""
	if private {
		unsafe = "the loop writes through a private pointer, which might point into " + root.Name()
	}
	// The rows: E = e0 + d for constants d.
	e0 := reads[0].e
	rowOf := map[int64]bool{}
	var dmin, dmax int64
	for k, r := range reads {
		d := r.e.Sub(e0)
		if !d.IsConst() {
			return nil, true
		}
		rowOf[d.Const] = true
		if k == 0 || d.Const < dmin {
			dmin = d.Const
		}
		if k == 0 || d.Const > dmax {
			dmax = d.Const
		}
	}
	nrows := dmax - dmin + 1
	if len(rowOf) > maxMemberRows || nrows > 4*maxMemberRows {
		return nil, true
	}
	// The columns: the box of F over the loop, per row and overall.
	type box struct{ lo, hi *affine.Form }
	rowBox := map[int64]*box{}
	var lo, hi *affine.Form
	for _, r := range reads {
		flo, fhi, _ := c.af.Bounds(r.a.Index, l)
		if flo == nil || !c.invariantIn(flo, l) || !c.invariantIn(fhi, l) {
			return nil, true
		}
		if lo, hi, ok = widen(lo, hi, flo, fhi); !ok {
			return nil, true
		}
		d := r.e.Sub(e0).Const
		b := rowBox[d]
		if b == nil {
			b = &box{}
			rowBox[d] = b
		}
		if b.lo, b.hi, ok = widen(b.lo, b.hi, flo, fhi); !ok {
			return nil, true
		}
	}
	// A constant number of columns is a stack buffer of rows; a single
	// row of unknown or large length (UTS's steal of take nodes) is
	// allocated.
	span := hi.Sub(lo)
	ncols := int64(-1)
	if span.IsConst() {
		if span.Const < 0 || span.Const >= mt.Len {
			return nil, true
		}
		ncols = span.Const + 1
	}
	if lo.IsConst() && hi.IsConst() && (lo.Const < 0 || hi.Const >= mt.Len) {
		return nil, true
	}
	elemT := types.Unqualified(mt.Elem)
	size, known := types.Sizeof(elemT)
	ts := copyTypeText(elemT)
	if !known || size <= 0 || ts == "" {
		return nil, true
	}
	heap := ncols < 0 || nrows*ncols*size > stackBytes
	if heap && nrows > 1 {
		return nil, true
	}
	// An empty loop reads nothing: the fetch is guarded by its trip test
	// unless the loop surely runs.
	trip, ok := c.tripTest(l)
	if !ok {
		return nil, true
	}
	fr, ok := fx.frame(fs)
	if !ok {
		return nil, true
	}
	rowLo := e0.Add(affine.ConstForm(dmin))
	rlos, ok1 := c.render(rowLo)
	rhis, ok2 := c.render(e0.Add(affine.ConstForm(dmax)))
	los, ok3 := c.render(lo)
	ns, ok4 := c.render(span.Add(affine.ConstForm(1)))
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return nil, true
	}
	if ncols > 0 {
		// as the loop's bound or the array's declaration names it
		ns = fx.constText(ncols, heads(fs), root.Decl)
	}
	// A buffer of one row is one-dimensional when every X[E].m can be
	// replaced whole (E not made by a macro).
	rows := nrows > 1
	for _, r := range reads {
		rows = rows || !fx.plainText(r.mem)
	}
	if heap && rows {
		return nil, true
	}
	name := root.Name()
	p := &plan{g: g, elem: ts, lay: &types.Layout{Elem: elemT}}
	p.buf = fx.bufferName(name + "_" + member)
	var edits []analysis.TextEdit
	for _, r := range reads {
		es, ok := c.memberEdits(fx, r, p.buf, rows, e0, dmin, lo, los)
		if !ok {
			return nil, true
		}
		edits = append(edits, es...)
	}

	var b strings.Builder
	in := fr.indent
	if rows {
		fmt.Fprintf(&b, "%s/* the elements of %s[%s .. %s].%s this loop reads */\n", in, name, rlos, rhis, member)
	} else {
		fmt.Fprintf(&b, "%s/* the elements of %s[%s].%s this loop reads */\n", in, name, rlos, member)
	}
	count := ""
	switch {
	case rows:
		fmt.Fprintf(&b, "%s%s %s[%d][%s];\n", in, ts, p.buf, nrows, ns)
	case heap:
		n := ns
		if ncols < 0 {
			n = p.buf + "_n"
			if !fx.names.Claim(n) {
				return nil, true
			}
			nf := span.Add(affine.ConstForm(1))
			cond := paren(nf, ns) + " > 0"
			// F's range is the loop's: an empty loop has no columns.
			if trip != "" && !c.spansLoop(l, span) {
				cond = trip + " && " + cond
			}
			fmt.Fprintf(&b, "%ssize_t %s = %s ? %s : 0;\n", in, n, cond, ns)
			trip = n + " > 0"
		}
		decl, _ := p.declare(fr, n, ncols)
		b.WriteString(decl)
		count = factor(n) + " * sizeof *" + p.buf
	default:
		fmt.Fprintf(&b, "%s%s %s[%s];\n", in, ts, p.buf, ns)
	}
	body := in
	if trip != "" {
		fmt.Fprintf(&b, "%sif (%s)", in, trip)
		body = in + fr.unit
		if len(rowBox) > 1 {
			b.WriteString(" {")
		}
		b.WriteString("\n")
	}
	for d := dmin; d <= dmax; d++ {
		rb := rowBox[d]
		if rb == nil {
			continue // no read of that element: its row stays unset
		}
		es, _ := c.render(e0.Add(affine.ConstForm(d)))
		rbs, _ := c.render(rb.lo)
		dst := p.buf
		if rows {
			dst = fmt.Sprintf("%s[%d]", p.buf, d-dmin)
		}
		n := count
		if n == "" {
			n = "sizeof " + dst
		}
		// A row reading fewer columns than the others fetches only those.
		if col, w := rb.lo.Sub(lo), rb.hi.Sub(rb.lo); !heap && (col.Const != 0 || w.Const+1 != ncols) {
			n = fmt.Sprintf("%s * sizeof(%s)", factor(fx.constText(w.Const+1, heads(fs))), ts)
			if col.Const != 0 {
				dst = fmt.Sprintf("&%s[%d]", dst, col.Const)
			}
		}
		fmt.Fprintf(&b, "%supc_memget(%s, &%s[%s].%s[%s], %s);\n", body, dst, name, es, member, rbs, n)
	}
	if trip != "" && len(rowBox) > 1 {
		fmt.Fprintf(&b, "%s}\n", in)
	}
	for _, r := range reads {
		fx.covered[r.a.Expr] = true
	}
	what := fmt.Sprintf("%s[%s].%s", name, rlos, member)
	if rows {
		what = fmt.Sprintf("%s[%s .. %s].%s", name, rlos, rhis, member)
	}
	msg := fmt.Sprintf("coalesce the reads of %s: fetch the elements the loop reads with one upc_memget per structure before it", what)
	return checks.FixOf(fx.finish(p, fr, b.String(), heap, false, edits, msg), unsafe), true
}

// memberEdits rewrites the read X[E].m[F] as buf[E - lo][F - flo] (buf[F -
// flo] without rows), each index written out from its value: the row is a
// constant, also where a macro made E (Sobel's orig[PREV_ROW(i)] becomes
// buf[0], from PREV_ROW(i)'s expansion i - 1, rather than
// buf[PREV_ROW(i) - (i - 1)]).
func (c *checker) memberEdits(fx *fixer, r memberRead, buf string, rows bool, e0 *affine.Form, dmin int64, lo *affine.Form, los string) ([]analysis.TextEdit, bool) {
	ix := ast.Unparen(r.a.Expr).(*ast.IndexExpr)
	var edits []analysis.TextEdit
	row := strconv.FormatInt(r.e.Sub(e0).Const-dmin, 10)
	switch {
	case fx.plainText(r.mem):
		text := buf
		if rows {
			text = buf + "[" + row + "]"
		}
		edits = append(edits, analysis.TextEdit{Pos: r.mem.Start(), End: r.mem.End(), NewText: []byte(text)})
	case rows:
		x := ast.Unparen(r.elem.X)
		if !fx.plainText(x) {
			return nil, false
		}
		var es []analysis.TextEdit
		if from, to, ok := fx.indexSpan(r.elem, x); ok && (fx.plainText(r.elem.Index) || fx.wholeInvocation(from, to)) {
			es = []analysis.TextEdit{{Pos: from, End: to, NewText: []byte(row)}}
		} else {
			// E - lo after the text, which keeps part of a macro's
			rowLo := e0.Add(affine.ConstForm(dmin))
			rls, ok := c.render(rowLo)
			if !ok {
				return nil, false
			}
			if es, ok = fx.bracketEdits(r.elem, x, " - "+paren(rowLo, rls)); !ok {
				return nil, false
			}
		}
		edits = append(edits, analysis.TextEdit{Pos: x.Start(), End: x.End(), NewText: []byte(buf)})
		edits = append(edits, es...)
		// drop ".m"
		edits = append(edits, analysis.TextEdit{Pos: r.elem.End(), End: r.mem.End(), NewText: nil})
	default:
		return nil, false
	}
	if lo.IsConst() && lo.Const == 0 {
		return edits, true
	}
	// F - flo written out (k for q[v].items[h + k] from h) when its form
	// prints: in place of F, or of a macro invocation that made F when
	// it is a name or a number
	if rel, ok := c.render(r.a.Index.Sub(lo)); ok {
		if fx.plainText(ix.Index) {
			return append(edits, analysis.TextEdit{Pos: ix.Index.Start(), End: ix.Index.End(), NewText: []byte(rel)}), true
		}
		if from, to, ok := fx.indexSpan(ix, r.mem); ok && (ident.MatchString(rel) || r.a.Index.Sub(lo).IsConst()) && fx.wholeInvocation(from, to) {
			return append(edits, analysis.TextEdit{Pos: from, End: to, NewText: []byte(rel)}), true
		}
	}
	adj := " - " + paren(lo, los)
	if lo.IsConst() && lo.Const < 0 {
		adj = " + " + strconv.FormatInt(-lo.Const, 10)
	}
	es, ok := fx.bracketEdits(ix, r.mem, adj)
	if !ok {
		return nil, false
	}
	return append(edits, es...), true
}

// bracketEdits returns the edits that append adj to the index of ix (whose
// indexed expression is x), parenthesising the index when it needs it. The
// edits go next to the brackets, which are the source's own, so that an
// index made by a macro is left whole.
func (fx *fixer) bracketEdits(ix *ast.IndexExpr, x ast.Expr, adj string) ([]analysis.TextEdit, bool) {
	open, rb, ok := fx.indexSpan(ix, x)
	if !ok {
		return nil, false
	}
	if !needsParen(ast.Unparen(ix.Index)) {
		return []analysis.TextEdit{{Pos: rb, End: rb, NewText: []byte(adj)}}, true
	}
	return []analysis.TextEdit{
		{Pos: open, End: open, NewText: []byte("(")},
		{Pos: rb, End: rb, NewText: []byte(")" + adj)},
	}, true
}

// indexSpan returns the positions of the text between the brackets of ix
// (whose indexed expression is x), without the blanks at its ends, when
// the brackets are the source's own: all of an index a macro made
// (PREV_ROW(i)), not only the tokens that name the macro.
func (fx *fixer) indexSpan(ix *ast.IndexExpr, x ast.Expr) (from, to gotoken.Pos, ok bool) {
	src, xEnd, ok1 := fx.source(x.End())
	_, end, ok2 := fx.source(ix.End())
	if !ok1 || !ok2 || end <= xEnd || src[end-1] != ']' || fx.pass.Fset.File(x.End()) != fx.pass.Fset.File(ix.End()) {
		return 0, 0, false
	}
	lb := xEnd
	for lb < end && (src[lb] == ' ' || src[lb] == '\t') {
		lb++
	}
	if src[lb] != '[' {
		return 0, 0, false
	}
	from, to = x.End()+gotoken.Pos(lb-xEnd+1), ix.End()-1
	a, b := int(from-x.End())+xEnd, end-1
	for a < b && (src[a] == ' ' || src[a] == '\t') {
		a, from = a+1, from+1
	}
	for b > a && (src[b-1] == ' ' || src[b-1] == '\t') {
		b, to = b-1, to-1
	}
	return from, to, a < b
}

// wholeInvocation reports whether [from, to) is exactly one macro
// invocation, which an edit may replace by a name or a number.
func (fx *fixer) wholeInvocation(from, to gotoken.Pos) bool {
	if fx.unit == nil || fx.unit.File == nil {
		return false
	}
	toks := fx.unit.File.Tokens
	for i := range toks {
		if toks[i].Exp == from {
			return toks[i].ExpEnd() == to
		}
	}
	return false
}

// plainText reports whether n's source text is its printed form (no macro
// made any of it), so that the edits may replace it whole.
func (fx *fixer) plainText(n ast.Node) bool {
	src, start, ok1 := fx.source(n.Start())
	_, end, ok2 := fx.source(n.End())
	if !ok1 || !ok2 || end < start || fx.pass.Fset.File(n.Start()) != fx.pass.Fset.File(n.End()) {
		return false
	}
	return squeeze(src[start:end]) == squeeze([]byte(ast.NodeString(n)))
}
