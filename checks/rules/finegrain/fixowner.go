package finegrain

import (
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
)

// ownerFix reads a cyclic array over a range that every thread owns the
// same share of: n = K*THREADS elements from lo (thread 0 summing part[i]
// for i < K*THREADS). The elements lo + t, lo + t + THREADS, ... lie one
// after the other in the memory of one thread, so one upc_memget per
// thread fetches row t of a THREADS x K buffer, and X[e] is read as
// X_local[(e - lo) % THREADS][(e - lo) / THREADS]: no gather loop, no
// buffer in global order (UPC 1.3 §6.5.1.1: a cyclic array deals its
// elements to the threads in turn; §7.2.5.2: upc_memget copies from the
// memory of the one thread src points into). A multi-dimensional array
// is read in whole rows, numbered in its flat order. nil when the range
// is not K*THREADS elements with K known before the loop.
func (c *checker) ownerFix(fx *fixer, p *plan) *analysis.SuggestedFix {
	l := p.g.loop
	if p.g.accs[0].Pointer {
		return nil
	}
	lo, hi, _ := c.readBox(p)
	if lo == nil {
		return nil
	}
	// Whole rows [lo, hi] of a multi-dimensional array: their elements
	// are consecutive in the array's flat order.
	row := int64(1)
	for _, d := range p.inner {
		row *= d
	}
	flo := lo.Scale(row)
	rows := hi.Sub(lo).Add(affine.ConstForm(1))
	per, ok := c.perThread(rows.Scale(row))
	if !ok {
		return nil
	}
	pers := fx.perText(p, lo, rows, per)
	trip, ok := c.tripGuard(l)
	if !ok {
		return nil
	}
	flos, ok := c.render(flo)
	if !ok {
		return nil
	}
	if len(p.inner) > 0 && !lo.IsConst() {
		// lo * NC, with the row length the declaration names
		los, _ := c.render(lo)
		flos = paren(lo, los) + " * " + p.rowText()
	}
	fr, ok := fx.frame(p.stmt)
	if !ok {
		return nil
	}
	name := p.v.Name()
	rels := make([]string, len(p.g.accs)) // each access's flat index from the box's start
	for k, a := range p.g.accs {
		f := c.flatForm(a, p.inner)
		if f == nil {
			return nil
		}
		rel := f.Sub(flo)
		rs, ok := c.render(rel)
		if !ok {
			return nil
		}
		rels[k] = paren(rel, rs)
		if ts, ok := c.flatText(p, a, lo); ok {
			rels[k] = ts
		}
	}
	if p.buf = fx.localName(c.fn.Decl, name+"_local", "_local"); p.buf == "" {
		return nil
	}
	t := fx.localName(c.fn.Decl, "t", "thr")
	if t == "" {
		return nil
	}
	var edits []analysis.TextEdit
	for k, a := range p.g.accs {
		edits = append(edits, analysis.TextEdit{Pos: a.Expr.Start(), End: a.Expr.End(),
			NewText: []byte(p.buf + "[" + rels[k] + " % THREADS][" + rels[k] + " / THREADS]")})
	}
	// &X[0][0] + f is flat element f, with X's layout.
	elem := func(f string) string { return "&" + name + "[" + f + "]" }
	if len(p.inner) > 0 {
		elem = func(f string) string {
			return "&" + name + "[0]" + strings.Repeat("[0]", len(p.inner)) + " + " + strings.TrimPrefix(f, "0 + ")
		}
	}
	var b strings.Builder
	what := name + "[" + strings.TrimPrefix(flos+" + ", "0 + ") + "t + k*THREADS]"
	if len(p.inner) > 0 {
		what = "element " + strings.TrimPrefix(flos+" + ", "0 + ") + "t + k*THREADS of " + name + " in flat order"
	}
	fmt.Fprintf(&b, "%s/* %s, one upc_memget per thread: %s[t][k] is %s */\n", fr.indent, name, p.buf, what)
	heap := c.threads == 0 || int64(c.threads)*per > p.stackElems()
	if heap {
		fmt.Fprintf(&b, "%s%s (*%s)[%s] = malloc(THREADS * sizeof *%s);\n", fr.indent, p.elem, p.buf, pers, p.buf)
		fmt.Fprintf(&b, "%sif (%s == NULL)\n%s%supc_global_exit(1);\n", fr.indent, p.buf, fr.indent, fr.unit)
	} else {
		fmt.Fprintf(&b, "%s%s %s[THREADS][%s];\n", fr.indent, p.elem, p.buf, pers)
	}
	in := fr.indent
	if trip != "" {
		fmt.Fprintf(&b, "%sif (%s)\n", in, trip)
		in += fr.unit
	}
	first := t
	if !(flo.IsConst() && flo.Const == 0) {
		first = paren(flo, flos) + " + " + t
	}
	fmt.Fprintf(&b, "%sfor (int %s = 0; %s < THREADS; %s++)\n%s%supc_memget(%s[%s], %s, sizeof %s[%s]);\n",
		in, t, t, t, in, fr.unit, p.buf, t, elem(first), p.buf, t)
	msg := fmt.Sprintf("coalesce the reads of %s: one upc_memget per thread before the loop, read by layout", name)
	return fx.finish(p, fr, b.String(), heap, false, edits, msg)
}

// flatText writes the flat index of a less lo rows from its indices and
// the dimensions' text ((r - lo) * NC + c, not c + 24 * r - 24 * lo), ok
// false when a term would print with a minus.
func (c *checker) flatText(p *plan, a *affine.Access, lo *affine.Form) (string, bool) {
	ix := indices(a.Expr)
	if len(ix) != len(p.inner)+1 || len(p.inner) == 0 {
		return "", false
	}
	var terms []string
	for i, e := range ix {
		fi, _ := c.af.Form(e, a.Block)
		if fi == nil {
			return "", false
		}
		if i == 0 {
			fi = fi.Sub(lo)
		}
		if fi.IsConst() && fi.Const == 0 {
			continue
		}
		s, ok := c.render(fi)
		if !ok || strings.HasPrefix(s, "-") {
			return "", false
		}
		stride := (&plan{inner: p.inner[i:], dims: p.dims[min(i, len(p.dims)):]}).rowText()
		switch {
		case i == len(ix)-1:
			terms = append(terms, s)
		case fi.IsConst():
			terms = append(terms, product(s, stride))
		default:
			terms = append(terms, paren(fi, s)+" * "+stride)
		}
	}
	switch len(terms) {
	case 0:
		return "0", true
	case 1:
		if !strings.Contains(terms[0], " ") {
			return terms[0], true
		}
	}
	return "(" + strings.Join(terms, " + ") + ")", true
}

// flatForm returns the index of a in the flat order of its array, whose
// dimensions after the first are inner, or nil.
func (c *checker) flatForm(a *affine.Access, inner []int64) *affine.Form {
	ix := indices(a.Expr)
	if len(ix) != len(inner)+1 {
		return nil
	}
	f := affine.ConstForm(0)
	for i, e := range ix {
		fi, _ := c.af.Form(e, a.Block)
		if fi == nil {
			return nil
		}
		stride := int64(1)
		for _, d := range inner[i:] {
			stride *= d
		}
		f = f.Add(fi.Scale(stride))
	}
	return f
}

// readBox returns the box [lo, hi] of the first index of p's accesses
// over the loop, forms over values invariant in it, and each access's
// first index; lo is nil when there is none.
func (c *checker) readBox(p *plan) (lo, hi *affine.Form, forms []*affine.Form) {
	l := p.g.loop
	forms = make([]*affine.Form, len(p.g.accs))
	for k, a := range p.g.accs {
		f, _ := c.af.Form(indices(a.Expr)[0], a.Block)
		if f == nil {
			return nil, nil, nil
		}
		flo, fhi, _ := c.af.Bounds(f, l)
		if flo == nil || !c.invariantIn(flo, l) || !c.invariantIn(fhi, l) {
			return nil, nil, nil
		}
		var ok bool
		if lo, hi, ok = widen(lo, hi, flo, fhi); !ok {
			return nil, nil, nil
		}
		forms[k] = f
	}
	return lo, hi, forms
}

// tripGuard is tripTest without the test of a loop that runs for every
// THREADS (0 <= i < K*THREADS needs none).
func (c *checker) tripGuard(l *cfg.Loop) (string, bool) {
	if ilo, ihi, _ := c.af.IVRange(l); ilo != nil && c.invariantIn(ilo, l) && c.invariantIn(ihi, l) && atLeast(ihi.Sub(ilo), 0) {
		return "", true
	}
	return c.tripTest(l)
}

// atLeast reports whether f >= min for every THREADS >= 1 and
// 0 <= MYTHREAD: its terms are positive multiples of those two.
func atLeast(f *affine.Form, min int64) bool {
	least := f.Const
	for _, t := range f.Terms {
		if t.Coef <= 0 || len(t.Atoms) != 1 {
			return false
		}
		switch t.Atoms[0] {
		case affine.Threads:
			least += t.Coef
		case affine.MyThread:
		default:
			return false
		}
	}
	return least >= min
}

// perThread returns K when the form n is K*THREADS (K > 0 constant), or n
// divided by the static THREADS count when that divides it.
func (c *checker) perThread(n *affine.Form) (int64, bool) {
	if n.IsConst() {
		if c.threads > 0 && n.Const > 0 && n.Const%int64(c.threads) == 0 {
			return n.Const / int64(c.threads), true
		}
		return 0, false
	}
	if n.Const != 0 || len(n.Terms) != 1 || len(n.Terms[0].Atoms) != 1 || n.Terms[0].Atoms[0] != affine.Threads || n.Terms[0].Coef <= 0 {
		return 0, false
	}
	return n.Terms[0].Coef, true
}

// localName returns a name for a declaration that a rewrite adds to the
// function fn: base, else alt, else alt2, alt3, ... (base plus alt when
// alt starts with "_"): the first that no declaration at file scope
// (types.Info), no word of the file outside the bodies of its other
// functions (macros, comments, globals), no word of fn and no name handed
// out before in fn uses. Names in other functions do not count: a second
// function's buffer of part is part_local too. "" when fn's text is not
// at hand.
func (fx *fixer) localName(fn *ast.Decl, base, alt string) string {
	if fn == nil || fn.Body == nil {
		return ""
	}
	src, off, ok := fx.source(fn.Start())
	if !ok || fx.unit == nil || fx.unit.File == nil {
		return ""
	}
	end := off + int(fn.End()-fn.Start())
	if end > len(src) {
		return ""
	}
	// The file without the bodies of the other functions of the same file.
	var text []byte
	last := 0
	for _, d := range fx.unit.File.Decls {
		o, isFn := d.(*ast.Decl)
		if !isFn || o == fn || o.Body == nil {
			continue
		}
		_, so, ok := fx.source(o.Body.Start())
		if !ok || fx.pass.Fset.File(o.Body.Start()) != fx.pass.Fset.File(fn.Start()) || so < last {
			continue
		}
		eo := so + int(o.Body.End()-o.Body.Start())
		if eo > len(src) {
			continue
		}
		text = append(append(text, src[last:so]...), '\n')
		last = eo
	}
	text = append(text, src[last:]...)
	if fx.local == nil {
		fx.local = map[*ast.Decl]map[string]bool{}
	}
	if fx.local[fn] == nil {
		fx.local[fn] = map[string]bool{}
	}
	words := map[string]bool{}
	for _, w := range identWords(text) {
		words[w] = true
	}
	info := fx.unit.Info
	taken := func(n string) bool {
		return words[n] || fx.local[fn][n] || info != nil && info.FileScope != nil && info.FileScope.Lookup(n) != nil
	}
	name := base
	for k := 1; taken(name); k++ {
		switch {
		case k == 1 && strings.HasPrefix(alt, "_"):
			name = base + strconv.Itoa(k+1)
		case k == 1:
			name = alt
		case strings.HasPrefix(alt, "_"):
			name = base + strconv.Itoa(k+1)
		default:
			name = alt + strconv.Itoa(k)
		}
	}
	fx.local[fn][name] = true
	return name
}

// identWords returns the identifiers of text (also those in comments and
// strings: a name there is kept out of the way of a reader).
func identWords(text []byte) []string {
	var out []string
	for i := 0; i < len(text); {
		c := text[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			i++
			continue
		}
		j := i + 1
		for j < len(text) && (text[j] == '_' || text[j] >= 'a' && text[j] <= 'z' || text[j] >= 'A' && text[j] <= 'Z' || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		if i == 0 || !(text[i-1] >= '0' && text[i-1] <= '9') {
			out = append(out, string(text[i:j]))
		}
		i = j
	}
	return out
}

// addBraces adds to sf, a rewrite of the statement s that unbracedIn
// found without braces in parent, the braces that keep what the rewrite
// puts before and after s in parent's body: " {" ending parent's header
// line, "}" at parent's indentation after s and what the rewrite puts
// after it.
func (fx *fixer) addBraces(sf *analysis.SuggestedFix, s, parent ast.Stmt) *analysis.SuggestedFix {
	if sf == nil {
		return nil
	}
	fr, ok := fx.frame(s)
	pf, ok2 := fx.frame(parent)
	if !ok || !ok2 {
		return nil
	}
	at := fx.lineEnd(fr.end)
	closing := "\n" + pf.indent + "}"
	edits := append([]analysis.TextEdit{}, sf.TextEdits...)
	last := -1 // the last insertion at the end of s: the brace follows it
	for i, e := range edits {
		if e.Pos == at && e.End == at {
			last = i
		}
	}
	if last >= 0 {
		edits[last].NewText = append(append([]byte{}, edits[last].NewText...), closing...)
	} else {
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(closing)})
	}
	edits = append(edits, analysis.TextEdit{Pos: fr.lineStart - 1, End: fr.lineStart - 1, NewText: []byte(" {")})
	return &analysis.SuggestedFix{Message: sf.Message, TextEdits: edits}
}

// unbracedIn returns the statement whose whole body s is without braces
// (edit.UnbracedParent: thread 0's if (MYTHREAD == 0) for (...) a[i] = ...;)
// when the layout lets the rewrite add " {" to its header line and "}"
// after s (edit.BracedBody, addBraces), or nil.
func (c *checker) unbracedIn(fx *fixer, s ast.Stmt) ast.Stmt {
	if c.fn.Decl == nil || c.fn.Decl.Body == nil {
		return nil
	}
	parent, closer := edit.UnbracedParent(c.fn.Decl.Body, s)
	if parent == nil {
		return nil
	}
	src, sOff, ok := fx.source(s.Start())
	_, pOff, ok2 := fx.source(parent.Start())
	if !ok || !ok2 {
		return nil
	}
	if _, _, ok := edit.BracedBody(src, pOff, sOff, closer); !ok {
		return nil
	}
	return parent
}
