package finegrain

import (
	"bytes"
	"fmt"
	gotoken "go/token"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// indentEdits returns the edits that move the lines of s after its first
// one level in (unit), skipping positions inside the nodes keep; ok is
// false when s holds a line continuation, which indenting could change.
func (fx *fixer) indentEdits(s ast.Stmt, unit string, keep ...ast.Node) ([]analysis.TextEdit, bool) {
	src, off, ok := fx.source(s.Start())
	if !ok {
		return nil, false
	}
	endOff := off + int(s.End()-s.Start())
	if endOff > len(src) || bytes.Contains(src[off:endOff], []byte("\\\n")) {
		return nil, false
	}
	var edits []analysis.TextEdit
	for i := off; i < endOff; i++ {
		if src[i] != '\n' || i+1 >= endOff || src[i+1] != ' ' && src[i+1] != '\t' {
			continue
		}
		p := s.Start() + gotoken.Pos(i+1-off)
		inside := false
		for _, n := range keep {
			inside = inside || within(p, n)
		}
		if !inside {
			edits = append(edits, analysis.TextEdit{Pos: p, End: p, NewText: []byte(unit)})
		}
	}
	return edits, true
}

// initsOnly reports whether the init clause of fs assigns the induction
// variable iv and nothing else. A strip loop runs the clause once per
// strip: for (i = a, j = b; ...; i++, j++) would restart j at b in each.
func initsOnly(fs *ast.ForStmt, iv string) bool {
	if fs.Init.X == nil {
		return false
	}
	as, ok := ast.Unparen(fs.Init.X).(*ast.AssignExpr)
	if !ok || as.Op != "=" {
		return false
	}
	if n, ok := ast.Unparen(as.L).(*ast.Name); !ok || n.Name != iv {
		return false
	}
	only := true // i = j = 0 sets j too
	ast.InspectCode(as.R, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.AssignExpr:
			only = false
		case *ast.PostfixExpr:
			only = x.Op != "++" && x.Op != "--"
		case *ast.UnaryExpr:
			only = only && x.Op != "++" && x.Op != "--"
		}
		return only
	})
	return only
}

// headerText returns the text a strip rewrite writes for a loop's start
// or bound e, whose affine form f renders as fs: e's own text, macros and
// all (NA + 1, (TOTALSIZE*THREADS)), so that the fixed program follows a
// rebuild with other values, when e is on one line without comments and
// is a sum or product, which reads the same in s < e, e - s and ? : e;
// fs otherwise. The text is parenthesised as paren does fs.
func (fx *fixer) headerText(e ast.Expr, f *affine.Form, fs string) (text, wrapped string) {
	src, start, ok1 := fx.source(e.Start())
	_, end, ok2 := fx.source(e.End())
	if !ok1 || !ok2 || end <= start || fx.pass.Fset.File(e.Start()) != fx.pass.Fset.File(e.End()) {
		return fs, paren(f, fs)
	}
	t := string(src[start:end])
	if strings.ContainsAny(t, "\n\\") || strings.Contains(t, "/*") || strings.Contains(t, "//") {
		return fs, paren(f, fs)
	}
	switch x := e.(type) {
	case *ast.Name, *ast.BasicLit, *ast.ParenExpr:
		return t, t
	case *ast.BinaryExpr:
		switch x.Op {
		case "+", "-", "*", "/", "%":
			if ident.MatchString(t) {
				return t, t // a macro: NZ of CG's NA*(NONZER+1)+...
			}
			return t, "(" + t + ")"
		}
	}
	return fs, paren(f, fs)
}

// clauseEdits returns the edits that write name in place of e, the start
// or the bound of the loop fs (the right operand of its init's assignment
// or of its condition's comparison): the text between the left operand
// and e gets name appended, and e is deleted. Unlike one replacement of e,
// this holds where e is or holds whole macro invocations (i < NA + 1),
// which a fix may delete but not rewrite. ok is false when e is not such
// an operand.
func (fx *fixer) clauseEdits(fs *ast.ForStmt, e ast.Expr, name string) ([]analysis.TextEdit, bool) {
	var left, right ast.Expr
	switch x := ast.Unparen(fs.Init.X).(type) {
	case *ast.AssignExpr:
		if ast.Unparen(x.R) == ast.Unparen(e) {
			left, right = x.L, x.R
		}
	}
	if c, ok := ast.Unparen(fs.Cond).(*ast.BinaryExpr); ok && left == nil && ast.Unparen(c.Y) == ast.Unparen(e) {
		left, right = c.X, c.Y
	}
	if left == nil {
		return nil, false
	}
	src, from, ok1 := fx.source(left.End())
	_, to, ok2 := fx.source(right.Start())
	if !ok1 || !ok2 || to < from || fx.pass.Fset.File(left.End()) != fx.pass.Fset.File(right.Start()) ||
		bytes.IndexByte(src[from:to], '\n') >= 0 { // the loop's indentation edits stay apart
		return nil, false
	}
	return []analysis.TextEdit{
		{Pos: left.End(), End: right.Start(), NewText: []byte(string(src[from:to]) + name)},
		{Pos: right.Start(), End: right.End()},
	}, true
}

// readStrips strip-mines a loop whose reads of p.v have a bounding box of
// unknown size or more than stackLimit elements (Iancu et al., "Performance Portable Optimizations for Loops Containing Communication Operations", §3): the loop
// runs in strips of L iterations, and before each strip the rows the
// strip reads (L plus the distance between the accesses) are fetched into
// a stack buffer of at most stackLimit elements. It applies to a for loop
// stepping its variable i by 1 upwards (< or <=) whose accesses' first
// index is i + c for constants c; nil otherwise.
func (c *checker) readStrips(fx *fixer, p *plan, bs int64) *analysis.SuggestedFix {
	l := p.g.loop
	fs, ok := l.Stmt.(*ast.ForStmt)
	if !ok || fs.Init.Decl != nil {
		return nil
	}
	iv := l.Induction()
	if iv == nil || !iv.StepKnown || iv.StepConst != 1 || iv.Start == nil || iv.Op != "<" && iv.Op != "<=" || !initsOnly(fs, iv.Name) {
		return nil
	}
	lo, hi, _ := c.af.IVRange(l)
	if lo == nil || !c.invariantIn(lo, l) || !c.invariantIn(hi, l) {
		return nil
	}
	var minc, maxc int64
	for k, a := range p.g.accs {
		f := c.firstForm(a)
		if f == nil || firstIndex(a) == nil {
			return nil
		}
		coef, rest, ok := f.Split(iv.Name)
		if !ok || coef != 1 || !rest.IsConst() {
			return nil
		}
		if k == 0 || rest.Const < minc {
			minc = rest.Const
		}
		if k == 0 || rest.Const > maxc {
			maxc = rest.Const
		}
	}
	var rowElems int64 = 1
	for _, d := range p.inner {
		rowElems *= d
	}
	halo := maxc - minc
	span := hi.Sub(lo)
	lim := p.stackElems()
	if span.IsConst() && (span.Const+1+halo)*rowElems <= lim {
		return nil // the whole box fits: boxFix
	}
	strip := lim/rowElems - halo
	if strip < 16 {
		return nil
	}
	ivVar := c.ivVar(fs, iv.Name)
	if ivVar == nil || !types.IsInteger(types.Unqualified(ivVar.Type())) {
		return nil
	}
	startF, _ := c.af.Form(iv.Start, l.Header)
	boundF, _ := c.af.Form(iv.Bound, l.Header)
	if startF == nil || boundF == nil || !c.invariantIn(boundF, l) {
		return nil
	}
	ss, ok1 := c.render(startF)
	bd, ok2 := c.render(boundF)
	fr, ok3 := fx.frame(fs)
	if !ok1 || !ok2 || !ok3 {
		return nil
	}
	ss, _ = fx.headerText(iv.Start, startF, ss)
	bd, pbd := fx.headerText(iv.Bound, boundF, bd)
	p.buf = fx.bufferName(p.v.Name())
	sName, eName := p.buf+"_s", p.buf+"_e"
	for _, nm := range []string{sName, eName} {
		if !fx.names.Claim(nm) {
			return nil
		}
	}
	name := p.v.Name()
	u, in := fr.unit, fr.indent
	i1 := in + u
	rows := strip + halo
	dims, zeros := "", ""
	for k := range p.inner {
		dims += "[" + p.dimText(k) + "]"
		zeros += "[0]"
	}
	boxLo := sName // first row fetched
	switch {
	case minc > 0:
		boxLo = sName + " + " + strconv.FormatInt(minc, 10)
	case minc < 0:
		boxLo = sName + " - " + strconv.FormatInt(-minc, 10)
	}
	what := "elements"
	if len(p.inner) > 0 {
		what = "rows"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s/* strips of %d iterations, each after a fetch of the %s of %s it reads */\n", in, strip, what, name)
	fmt.Fprintf(&b, "%s%s %s[%d]%s;\n", in, p.elem, p.buf, rows, dims)
	fmt.Fprintf(&b, "%s%s;\n", in, types.TypeString(types.Unqualified(ivVar.Type()), sName+" = "+ss+", "+eName))
	fmt.Fprintf(&b, "%sdo {\n", in)
	cond, next := eName+" > "+sName, eName
	count := "(" + eName + " - " + sName + ")"
	if iv.Op == "<" {
		fmt.Fprintf(&b, "%s%s = %s < %s && %s - %s > %d ? %s + %d : %s;\n", i1, eName, sName, pbd, pbd, sName, strip, sName, strip, bd)
		if halo > 0 {
			count = "(" + eName + " - " + sName + " + " + strconv.FormatInt(halo, 10) + ")"
		}
	} else {
		fmt.Fprintf(&b, "%s%s = %s <= %s && %s - %s >= %d ? %s + %d : %s;\n", i1, eName, sName, pbd, pbd, sName, strip, sName, strip-1, bd)
		cond, next = eName+" >= "+sName, eName+" + 1"
		count = "(" + eName + " - " + sName + " + " + strconv.FormatInt(halo+1, 10) + ")"
	}
	n := count
	if rowElems != 1 {
		n = count + " * " + p.rowText()
	}
	start := "&" + name + "[" + boxLo + "]" + strings.Repeat("[0]", len(p.inner))
	if p.at != "" {
		start = p.at + " + (" + boxLo + ")"
	}
	bufFlat := p.buf
	if len(p.inner) > 0 {
		bufFlat = "&" + p.buf + "[0]" + zeros
	}
	fmt.Fprintf(&b, "%sif (%s)", i1, cond)
	switch {
	case bs == 0:
		fmt.Fprintf(&b, "\n%s%supc_memget(%s, %s, %s * sizeof(%s));\n", i1, u, bufFlat, start, n, p.elem)
	case bs > 1:
		nm, ok := fx.copyNames(c.fn.Decl, fs)
		if !ok {
			return nil
		}
		k, r := nm.k, nm.len
		i2, i3 := i1+u, i1+u+u
		bst := fx.planBlockText(p, bs)
		fmt.Fprintf(&b, " {\n%s/* one upc_memget per block of %s elements */\n", i2, bst)
		fmt.Fprintf(&b, "%ssize_t %s, %s;\n", i2, k, r)
		fmt.Fprintf(&b, "%sfor (%s = 0; %s < %s; %s += %s) {\n", i2, k, k, n, k, r)
		fmt.Fprintf(&b, "%s%s = %s - upc_phaseof(%s + %s);\n", i3, r, bst, start, k)
		fmt.Fprintf(&b, "%sif (%s > %s - %s)\n%s%s%s = %s - %s;\n", i3, r, n, k, i3, u, r, n, k)
		fmt.Fprintf(&b, "%supc_memget(%s + %s, %s + %s, %s * sizeof(%s));\n", i3, bufFlat, k, start, k, r, p.elem)
		fmt.Fprintf(&b, "%s}\n%s}\n", i2, i1)
	default: // cyclic
		nm, ok := fx.copyNames(c.fn.Decl, fs)
		if !ok {
			return nil
		}
		t, cnt, k, part := nm.t, nm.n, nm.k, nm.part
		i2, i3, i4 := i1+u, i1+u+u, i1+u+u+u
		dst := bufFlat
		if len(p.inner) > 0 {
			dst = "(" + dst + ")"
		}
		fmt.Fprintf(&b, " {\n%s/* one upc_memget per thread: its elements are THREADS apart here, adjacent there */\n", i2)
		fmt.Fprintf(&b, "%ssize_t %s, %s, %s;\n", i2, t, cnt, k)
		fmt.Fprintf(&b, "%s%s %s[%s];\n", i2, p.elem, part, product(strconv.FormatInt(rows, 10), p.rowText()))
		fmt.Fprintf(&b, "%sfor (%s = 0; %s < THREADS && %s < %s; %s++) {\n", i2, t, t, t, n, t)
		fmt.Fprintf(&b, "%s%s = (%s - %s + THREADS - 1) / THREADS;\n", i3, cnt, n, t)
		fmt.Fprintf(&b, "%supc_memget(%s, %s + %s, %s * sizeof *%s);\n", i3, part, start, t, cnt, part)
		fmt.Fprintf(&b, "%sfor (%s = 0; %s < %s; %s++)\n", i3, k, k, cnt, k)
		fmt.Fprintf(&b, "%s%s[%s + %s * THREADS] = %s[%s];\n", i4, dst, t, k, part, k)
		fmt.Fprintf(&b, "%s}\n%s}\n", i2, i1)
	}
	b.WriteString(u) // the loop's first line moves one level in
	before := b.String()
	after := fmt.Sprintf("\n%s%s = %s;\n%s} while (%s %s %s);", i1, sName, next, in, sName, iv.Op, bd)

	keep := []ast.Node{iv.Start, iv.Bound}
	for _, a := range p.g.accs {
		keep = append(keep, a.Expr)
	}
	ind, ok := fx.indentEdits(fs, u, keep...)
	if !ok {
		return nil
	}
	at := fx.lineEnd(fr.end)
	startEd, ok1 := fx.clauseEdits(fs, iv.Start, sName)
	boundEd, ok2 := fx.clauseEdits(fs, iv.Bound, eName)
	if !ok1 || !ok2 {
		return nil
	}
	edits := append(ind, fr.insert(before), analysis.TextEdit{Pos: at, End: at, NewText: []byte(after)})
	edits = append(append(edits, startEd...), boundEd...)
	adjBase := boxLo
	if minc != 0 {
		adjBase = "(" + boxLo + ")"
	}
	for _, a := range p.g.accs {
		e := firstIndex(a)
		base := baseNode(a)
		edits = append(edits, analysis.TextEdit{Pos: base.Start(), End: base.End(), NewText: []byte(p.buf)})
		// i + c reads the buffer at i - s + (c - minc), written out
		// (D_local[j - D_local_s + 2], not D_local[j + 1 - (D_local_s - 1)])
		if f := c.firstForm(a); f != nil && len(indices(a.Expr)) > 0 && fx.plainText(e) {
			if _, rest, ok := f.Split(iv.Name); ok && rest.IsConst() {
				rel := iv.Name + " - " + sName
				if d := rest.Const - minc; d > 0 {
					rel += " + " + strconv.FormatInt(d, 10)
				}
				edits = append(edits, analysis.TextEdit{Pos: e.Start(), End: e.End(), NewText: []byte(rel)})
				continue
			}
		}
		adj := " - " + adjBase
		if needsParen(e) {
			edits = append(edits, analysis.TextEdit{Pos: e.Start(), End: e.Start(), NewText: []byte("(")})
			adj = ")" + adj
		}
		edits = append(edits, analysis.TextEdit{Pos: e.End(), End: e.End(), NewText: []byte(adj)})
	}
	msg := fmt.Sprintf("coalesce the reads of %s: run the loop in strips of %d iterations and fetch the %s each strip reads before it", name, strip, what)
	return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
}
