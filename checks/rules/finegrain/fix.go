package finegrain

import (
	"bytes"
	"fmt"
	gotoken "go/token"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// stackLimit is the largest buffer, in elements, declared on the stack;
// larger or non-constant buffers are allocated with malloc.
const stackLimit = 4096

// stackBytes bounds the bytes of one buffer declared on the stack: the
// elements of a large struct count for what they weigh (4096 copies of a
// 2 KiB struct would overflow the stack).
const stackBytes = 64 << 10

// stackElems is the largest number of elements of the plan's array that a
// stack buffer holds: stackLimit, fewer for elements above 16 bytes (0
// when their size is unknown).
func (p *plan) stackElems() int64 {
	if p.lay == nil {
		return 0
	}
	size, ok := types.Sizeof(p.lay.Elem)
	if !ok || size <= 0 {
		return 0
	}
	return min(stackLimit, stackBytes/size)
}

// fixer builds the coalescing rewrites of one translation unit. Its names
// remember what it has handed out, so that two rewrites of one run never
// declare the same buffer.
type fixer struct {
	pass  *analysis.Pass
	names *edit.Names
	srcs  map[string][]byte
	incs  map[string]includes // #include lines per file, scanned on first use
	unit  *grammar.Unit
	// covered: the accesses an earlier rewrite of the unit already
	// rewrites (memberFix fetches the rows of several groups at once)
	covered map[ast.Expr]bool
	// local: the names handed out in each function (see localName)
	local map[*ast.Decl]map[string]bool
	// macroNames: the macros the unit's own files define (see macros)
	macroNames map[string]bool
}

// includes summarises a file's #include lines.
type includes struct {
	names map[string]bool // the headers included, by name as written
	ends  []int           // offset of the end of each #include line, in order
}

func newFixer(pass *analysis.Pass, u *grammar.Unit) *fixer {
	return &fixer{pass: pass, names: edit.NewNames(pass, u), srcs: map[string][]byte{}, unit: u, covered: map[ast.Expr]bool{}}
}

// ident is a C identifier.
var ident = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// bufferName returns a fresh name for the private copy of base: base_local,
// else base_local2, ... (what a person would call it).
func (fx *fixer) bufferName(base string) string {
	return fx.names.Fresh(base+"_local", func(b string, k int) string { return fmt.Sprintf("%s%d", b, k) })
}

// source returns the text of the file holding pos and pos's offset in it.
func (fx *fixer) source(pos gotoken.Pos) ([]byte, int, bool) {
	tf := fx.pass.Fset.File(pos)
	if tf == nil {
		return nil, 0, false
	}
	src, ok := fx.srcs[tf.Name()]
	if !ok {
		var err error
		if fx.pass.ReadFile != nil {
			src, err = fx.pass.ReadFile(tf.Name())
		}
		if err != nil {
			src = nil
		}
		fx.srcs[tf.Name()] = src
	}
	off := tf.Offset(pos)
	if src == nil || off < 0 || off > len(src) || tf.Size() != len(src) {
		return nil, 0, false
	}
	return src, off, true
}

// plan is one coalescing rewrite: the shape of the fetch and the edits.
type plan struct {
	g     *group
	v     *types.Var
	lay   *types.Layout
	stmt  ast.Stmt
	elem  string // the element type, as C
	inner []int64
	// dims: the text of each inner dimension, as the array's declaration
	// names it (see constText)
	dims   []string
	buf    string
	unsafe string
	// costlier: why the rewrite moves more bytes than the loop reads; it
	// is then shown, not applied
	costlier string
	// cols: the columns [lo, hi] of each row of a 2-D box the loop reads,
	// when not all of them: boxFix then fetches only those
	cols []int64
	// ptr: v is a pointer-to-shared, whose first element may have any
	// phase in its block
	ptr bool
	// at: the accesses index from this element's address (&A[i] of
	// (&A[i])[j]) instead of from v
	at string
	// castBlock: the block size as the layout qualifier of the cast the
	// accesses go through spells it (shared [B] of (shared [B] T *)src)
	castBlock string
}

// planBlockText writes the block size bs of the plan's array or pointer as
// the source does: a cast's layout qualifier, else v's declaration.
func (fx *fixer) planBlockText(p *plan, bs int64) string {
	if p.castBlock != "" {
		return p.castBlock
	}
	return fx.blockText(bs, p.v)
}

// coalesce returns the rewrite of g, or nil when the accesses cannot be
// coalesced into a private buffer by a form proven equivalent.
func (c *checker) coalesce(fx *fixer, g *group) *checks.SuggestedFix {
	if fx == nil || g.inhibit != "" || g.loop.Stmt == nil {
		return nil
	}
	switch g.loop.Stmt.(type) {
	case *ast.ForStmt, *ast.ForallStmt:
	default:
		return nil
	}
	c.coefs = fx.coefNames(g)
	defer func() { c.coefs = nil }()
	for _, a := range g.accs {
		if a.Write {
			return c.coalesceWrites(fx, g) // fixwrite.go
		}
	}
	if sf, ok := c.memberFix(fx, g); ok { // fixmember.go
		return sf
	}
	if leaves(g.loop.Stmt) {
		return nil
	}
	// braced gives the rewrite of a loop that is the unbraced body of an
	// if or a loop the braces that keep its declarations with it
	braced := func(sf *analysis.SuggestedFix) *analysis.SuggestedFix { return sf }
	if !c.directItem(g.loop.Stmt) {
		parent := c.unbracedIn(fx, g.loop.Stmt)
		if parent == nil {
			return nil
		}
		braced = func(sf *analysis.SuggestedFix) *analysis.SuggestedFix { return fx.addBraces(sf, g.loop.Stmt, parent) }
	}
	first := g.accs[0]
	v, lay := first.Var, first.Layout
	at := ""       // the text of an element's address the accesses index from
	castElem := "" // the element type as a cast spells it
	if first.Pointer {
		if v == nil {
			v, at = c.addrBase(fx, first) // fixpointer.go: (&A[i])[j], *(&A[i] + j)
		}
		if v == nil {
			v, at, castElem = c.castBase(fx, first, g.loop) // *((shared const T *)src + i)
		}
		lay = pointeeLayout(c.info.TypeOf(first.Base), v)
	}
	if v == nil || lay == nil || !lay.IsArray || lay.Incomplete || len(lay.Dims) == 0 {
		return nil
	}
	if _, ok := ast.Unparen(first.Base).(*ast.Name); !ok && at == "" {
		return nil
	}
	for _, a := range g.accs {
		if at == "" && a.Var != v || a.Write || a.Addr || a.Pointer != first.Pointer || a.Index == nil || rank(a) != len(lay.Dims) {
			return nil
		}
	}
	// reads under an if that the box would overstate: only the owner
	// guard's shape is rewritten (fixguard.go)
	inBox := c.guardedInBox(g)
	p := &plan{g: g, v: v, lay: lay, stmt: g.loop.Stmt, ptr: first.Pointer, at: at}
	if p.ptr && c.ptrWritesAlias(g.loop.Stmt, first) {
		return nil // the pointer may point into what the loop writes
	}
	for _, w := range c.af.Accesses {
		if !g.loop.Contains(w.Block) || !w.Write {
			continue
		}
		if w.Var == v {
			return nil // reads only: the writes would have to go to the buffer too
		}
		if w.Pointer && !w.Shared {
			p.unsafe = "the loop writes through a private pointer, which might point into " + v.Name()
		}
	}
	if p.unsafe == "" && c.derefThrough(g.loop.Stmt, false) {
		p.unsafe = "the loop writes through a private pointer, which might point into " + v.Name()
	}
	sizes := edit.DimSizes(v)
	for k, d := range lay.Dims[1:] {
		if d.Threads || d.Len <= 0 {
			return nil
		}
		p.inner = append(p.inner, d.Len)
		// the dimension's own size when the declarator has it: A[P][M]
		// with P and M equal, A[P][128]
		nodes := fx.declNodes(v)
		if len(sizes) == len(lay.Dims) {
			nodes = sizes[k+1 : k+2]
		}
		p.dims = append(p.dims, fx.constText(d.Len, nodes...))
	}
	elem := types.Unqualified(lay.Elem)
	if elem == nil || types.IsShared(elem) {
		return nil
	}
	p.elem = types.TypeString(elem, "")
	if castElem != "" {
		if len(lay.Dims) != 1 {
			return nil
		}
		p.elem = castElem
		p.castBlock = c.castLayoutText(fx, first)
	}
	if strings.Contains(p.elem, "<") || strings.Contains(p.elem, "(") || strings.Contains(p.elem, "[") {
		return nil
	}
	accs := map[ast.Expr]bool{}
	for _, a := range g.accs {
		accs[ast.Unparen(a.Expr)] = true
	}
	if p.costlier = c.moreBytes(g.loop.Stmt, accs, elem); p.costlier == "" {
		p.costlier, p.cols = c.partialRows(p)
	}
	if !inBox {
		return checks.FixOf(braced(c.guardedFix(fx, p)), p.unsafe)
	}
	bs, ok := c.blockOf(first)
	if !ok {
		return nil
	}
	if p.cols != nil && p.costlier != "" && bs != 1 && !p.ptr && p.at == "" {
		// each row's columns lie in at most a few blocks: fetch those
		// alone, the box's way (a cyclic row's are on every thread)
		p.costlier = ""
		return checks.FixOf(braced(c.boxFix(fx, p, bs)), p.unsafe)
	}
	p.cols = nil
	var sf *analysis.SuggestedFix
	if bs == 1 && len(lay.Dims) == 1 {
		sf = c.stridedFix(fx, p)
	}
	if sf == nil && p.costlier == "" {
		p.costlier = c.stepGaps(p) // stepgaps.go: for (j = 0; ...; j += 2) v[j]
	}
	if sf == nil && p.costlier == "" {
		p.costlier = c.sparseBox(g, v) // fetchbytes.go: c[i][i]
	}
	if sf == nil && bs == 1 && p.at == "" {
		sf = c.ownerFix(fx, p) // fixowner.go: K*THREADS elements of a cyclic array
	}
	if sf == nil {
		sf = c.readStrips(fx, p, bs) // fixstrips.go: unknown or large boxes
	}
	if sf == nil {
		sf = c.boxFix(fx, p, bs)
	}
	if castElem != "" {
		if sf = c.castEdits(fx, g, sf); sf == nil {
			return nil
		}
	}
	if p.costlier != "" {
		return checks.ShownOnly(braced(sf), p.costlier)
	}
	return checks.FixOf(braced(sf), p.unsafe)
}

// guardedInBox reports whether the reads that only some iterations make
// (under an if, after a continue) stay in the bounding box of the reads
// every iteration makes: a guard such as if (i + 5 < N) may be what keeps
// a read inside the array, and the fetch of the whole box would not be.
func (c *checker) guardedInBox(g *group) bool {
	var lo, hi *affine.Form
	var cond []*affine.Access
	for _, a := range g.accs {
		if !c.everyIteration(a.Block, g.loop) {
			cond = append(cond, a)
			continue
		}
		flo, fhi, ok := c.accessBounds(a, g.loop)
		if !ok {
			return true // no box: the fixes give up on their own
		}
		if lo, hi, ok = widen(lo, hi, flo, fhi); !ok {
			return true
		}
	}
	for _, a := range cond {
		flo, fhi, ok := c.accessBounds(a, g.loop)
		if !ok {
			return true
		}
		if lo == nil {
			return false
		}
		dl, dh := flo.Sub(lo), hi.Sub(fhi)
		if !dl.IsConst() || !dh.IsConst() || dl.Const < 0 || dh.Const < 0 {
			return false
		}
	}
	return true
}

// derefThrough reports whether n assigns (or, with reads, also reads)
// through a pointer that is not a pointer-to-shared (*p = x, p->f = x): a
// private pointer may point into the local part of a shared array, and
// such accesses are not among the affine accesses.
func (c *checker) derefThrough(n ast.Node, reads bool) bool {
	through := func(e ast.Expr) bool {
		for e = ast.Unparen(e); ; {
			switch x := e.(type) {
			case *ast.UnaryExpr:
				if x.Op == "*" {
					t := c.info.TypeOf(x.X)
					return t == nil || !types.IsPointerToShared(t)
				}
				return false
			case *ast.MemberExpr:
				if x.Arrow {
					t := c.info.TypeOf(x.X)
					return t == nil || !types.IsPointerToShared(t)
				}
				e = ast.Unparen(x.X)
			case *ast.IndexExpr:
				e = ast.Unparen(x.X)
			default:
				return false
			}
		}
	}
	found := false
	ast.InspectCode(n, func(m ast.Node) bool {
		switch x := m.(type) {
		case *ast.AssignExpr:
			found = found || through(x.L)
		case *ast.PostfixExpr:
			found = found || through(x.X)
		case *ast.UnaryExpr:
			found = found || (x.Op == "++" || x.Op == "--") && through(x.X) || reads && through(x)
		case *ast.MemberExpr:
			found = found || reads && through(x)
		}
		return !found
	})
	return found
}

// widen returns the box [lo, hi] extended to [flo, fhi] ([flo, fhi] when lo
// is nil); ok is false when the bounds do not differ by constants.
func widen(lo, hi, flo, fhi *affine.Form) (nlo, nhi *affine.Form, ok bool) {
	if lo == nil {
		return flo, fhi, true
	}
	dl, dh := flo.Sub(lo), fhi.Sub(hi)
	if !dl.IsConst() || !dh.IsConst() {
		return nil, nil, false
	}
	if dl.Const < 0 {
		lo = flo
	}
	if dh.Const > 0 {
		hi = fhi
	}
	return lo, hi, true
}

// accessBounds returns the bounds of a's first index over the iterations
// of l.
func (c *checker) accessBounds(a *affine.Access, l *cfg.Loop) (lo, hi *affine.Form, ok bool) {
	f := c.firstForm(a)
	if f == nil {
		return nil, nil, false
	}
	lo, hi, _ = c.af.Bounds(f, l)
	return lo, hi, lo != nil
}

// everyIteration reports whether block b runs in every iteration of l and
// of the loops inside l that contain it (b, or the header of the inner
// loop containing it, dominates the loop's latches).
func (c *checker) everyIteration(b *cfg.Block, l *cfg.Loop) bool {
	g := c.fn.Graph
	var chain []*cfg.Loop
	for m := l; m != nil; {
		chain = append(chain, m)
		var next *cfg.Loop
		for _, in := range m.Inner {
			if in.Contains(b) {
				next = in
				break
			}
		}
		m = next
	}
	for i := len(chain) - 1; i >= 0; i-- {
		if body := forallBody(chain[i]); body != nil {
			// The affinity test is no guard of the fetch: the box
			// covers the iterations every thread runs.
			if !g.PostDominates(b, body) {
				return false
			}
		} else {
			for _, lt := range chain[i].Latches {
				if !g.Dominates(b, lt) {
					return false
				}
			}
		}
		b = chain[i].Header
	}
	return true
}

// forallBody returns the first block of the body of a upc_forall loop l
// that tests affinity, or nil.
func forallBody(l *cfg.Loop) *cfg.Block {
	for _, b := range l.Blocks {
		if b.Kind != "forall.affinity" || len(b.Succs) == 0 {
			continue
		}
		inner := false
		for _, in := range l.Inner {
			inner = inner || in.Contains(b)
		}
		if !inner {
			return b.Succs[0]
		}
	}
	return nil
}

// indices returns the index expressions of X[i1]...[in], outermost first.
func indices(e ast.Expr) []ast.Expr {
	var out []ast.Expr
	for {
		ix, ok := ast.Unparen(e).(*ast.IndexExpr)
		if !ok {
			return out
		}
		out = append([]ast.Expr{ix.Index}, out...)
		e = ix.X
	}
}

// directItem reports whether s is an item of a compound statement, where
// declarations may be inserted before it.
func (c *checker) directItem(s ast.Stmt) bool {
	found := false
	if c.fn.Decl == nil || c.fn.Decl.Body == nil {
		return false
	}
	ast.InspectCode(c.fn.Decl.Body, func(n ast.Node) bool {
		if b, ok := n.(*ast.Block); ok {
			for _, it := range b.Items {
				found = found || it == s
			}
		}
		return !found
	})
	return found
}

// leaves reports whether the loop can end other than by its condition
// (break, return, goto): the bounding box would then overstate what the
// loop reads, possibly past the end of the data.
func leaves(s ast.Stmt) bool {
	found := false
	ast.InspectCode(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BreakStmt, *ast.ReturnStmt, *ast.GotoStmt, *ast.StmtExpr:
			found = true
		case *ast.CallExpr:
			if name := ast.CalleeName(n); name == "exit" || name == "upc_global_exit" || name == "longjmp" {
				found = true
			}
		}
		return !found
	})
	return found
}

// render prints f as a C expression; ok is false when an atom is not a
// plain name invariant where the fetch is inserted.
func (c *checker) render(f *affine.Form) (string, bool) {
	var b strings.Builder
	var named int64 // the value of a macro a coefficient is written as
	for _, t := range f.Terms {
		for _, a := range t.Atoms {
			at := c.af.Atoms[a]
			if !ident.MatchString(a) || at == nil || at.Kind == affine.Induction && at.Loop == nil {
				return "", false
			}
		}
		coef := t.Coef
		switch {
		case b.Len() == 0 && coef < 0:
			b.WriteString("-")
			coef = -coef
		case b.Len() > 0 && coef < 0:
			b.WriteString(" - ")
			coef = -coef
		case b.Len() > 0:
			b.WriteString(" + ")
		}
		if name, ok := c.coefs[coef]; ok {
			b.WriteString(name + " * ") // 128 * l is M * l where the source says so
			named = coef
		} else if coef != 1 {
			b.WriteString(strconv.FormatInt(coef, 10) + " * ")
		}
		b.WriteString(strings.Join(t.Atoms, " * "))
	}
	abs := strconv.FormatInt(max(f.Const, -f.Const), 10)
	if named != 0 && f.Const%named == 0 {
		// with the coefficient's macro: NC * i - NC, not NC * i - 16
		abs = product(strconv.FormatInt(max(f.Const, -f.Const)/named, 10), c.coefs[named])
	}
	switch {
	case b.Len() == 0:
		b.WriteString(strconv.FormatInt(f.Const, 10))
	case f.Const > 0:
		b.WriteString(" + " + abs)
	case f.Const < 0:
		b.WriteString(" - " + abs)
	}
	return b.String(), true
}

// paren parenthesises a rendered form unless it is one term.
func paren(f *affine.Form, s string) string {
	if len(f.Terms)+btoi(f.Const != 0) > 1 || strings.HasPrefix(s, "-") {
		return "(" + s + ")"
	}
	return s
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// invariantIn reports whether every atom of f is invariant in l (no
// induction variable of l or of a loop inside it).
func (c *checker) invariantIn(f *affine.Form, l *cfg.Loop) bool {
	for _, name := range f.Atoms() {
		at := c.af.Atoms[name]
		if at == nil {
			return false
		}
		if at.Kind == affine.Induction && l.Counting(name) != nil {
			return false
		}
		if at.Kind == affine.Invariant && !l.Invariant(&ast.Name{Name: name}) {
			return false
		}
	}
	return true
}

// frame is where the fetch goes: the line of the loop statement.
type frame struct {
	lineStart gotoken.Pos
	indent    string
	unit      string // one level of indentation
	end       gotoken.Pos
	// inline: the statement follows the "{" of its block on the same line
	// ("{ for (j = 0; ...", as GWU's benchmarks write); lineStart is the
	// statement's start.
	inline bool
}

// insert returns the edit that puts text, whole lines indented as the
// statement, before it.
func (fr frame) insert(text string) analysis.TextEdit {
	if fr.inline {
		text = "\n" + text + fr.indent
	}
	return analysis.TextEdit{Pos: fr.lineStart, End: fr.lineStart, NewText: []byte(text)}
}

func (fx *fixer) frame(s ast.Stmt) (frame, bool) {
	src, off, ok := fx.source(s.Start())
	if !ok {
		return frame{}, false
	}
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	indent := string(src[ls:off])
	unit := "    "
	if strings.HasPrefix(indent, "\t") {
		unit = "\t"
	}
	if rest := strings.TrimLeft(indent, " \t"); rest != "" {
		if strings.TrimRight(rest, " \t") != "{" {
			return frame{}, false
		}
		return frame{lineStart: s.Start(), indent: indent[:len(indent)-len(rest)] + unit, unit: unit, end: s.End(), inline: true}, true
	}
	return frame{lineStart: s.Start() - gotoken.Pos(off-ls), indent: indent, unit: unit, end: s.End()}, true
}

// declare returns the declaration of the buffer of n rows (constant when
// nConst >= 0) and whether it is allocated with malloc.
func (p *plan) declare(fr frame, n string, nConst int64) (string, bool) {
	dims := ""
	elems := nConst
	for k, d := range p.inner {
		dims += "[" + p.dimText(k) + "]"
		elems *= d
	}
	if nConst > 0 && elems <= p.stackElems() {
		return fmt.Sprintf("%s%s %s[%s]%s;\n", fr.indent, p.elem, p.buf, n, dims), false
	}
	decl := "*" + p.buf
	if dims != "" {
		decl = "(*" + p.buf + ")" + dims
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s %s = malloc(%s * sizeof *%s);\n", fr.indent, p.elem, decl, factor(n), p.buf)
	cond := p.buf + " == NULL"
	if nConst < 0 {
		cond = n + " > 0 && " + cond
	}
	fmt.Fprintf(&b, "%sif (%s)\n%s%supc_global_exit(1);\n", fr.indent, cond, fr.indent, fr.unit)
	return b.String(), true
}

// finish assembles the edits: the fetch before the loop, the free after
// it, the rewritten accesses and, for malloc, #include <stdlib.h>.
func (fx *fixer) finish(p *plan, fr frame, before string, heap, stdlib bool, edits []analysis.TextEdit, msg string) *analysis.SuggestedFix {
	edits = append(edits, fr.insert(before))
	if heap {
		// after a comment ending the loop's last line, which stays there
		at := fx.lineEnd(fr.end)
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n" + fr.indent + "free(" + p.buf + ");")})
	}
	if heap || stdlib {
		if e, ok := fx.includeHeader(fr.lineStart, "stdlib.h"); !ok {
			return nil
		} else if e != nil {
			edits = append(edits, *e)
		}
	}
	return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
}

// scanIncludes finds the #include lines of src.
func scanIncludes(src []byte) includes {
	inc := includes{names: map[string]bool{}}
	for l := range edit.IncludeLines(src) {
		inc.names[l.Name] = true
		inc.ends = append(inc.ends, l.End)
	}
	return inc
}

// includeHeader returns the edit that includes <header> after the last
// #include of the file holding pos, nil when it is already included.
func (fx *fixer) includeHeader(pos gotoken.Pos, header string) (*analysis.TextEdit, bool) {
	src, off, ok := fx.source(pos)
	if !ok {
		return nil, false
	}
	name := fx.pass.Fset.File(pos).Name()
	inc, ok := fx.incs[name]
	if !ok {
		if fx.incs == nil {
			fx.incs = map[string]includes{}
		}
		inc = scanIncludes(src)
		fx.incs[name] = inc
	}
	if inc.names[header] {
		return nil, true
	}
	last := -1
	for _, e := range inc.ends {
		if e <= off {
			last = e
		}
	}
	if last < 0 {
		// A file without #include lines is included by another (GWU's
		// mat-opt-none.c): that one must include the header.
		u := fx.unit
		if u == nil || u.File == nil || name == u.File.Name || fx.pass.ReadFile == nil {
			return nil, false
		}
		main, err := fx.pass.ReadFile(u.File.Name)
		return nil, err == nil && scanIncludes(main).names[header]
	}
	at := pos - gotoken.Pos(off-last)
	return &analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n#include <" + header + ">")}, true
}

// stridedFix handles a cyclic array read at i + c in a loop whose induction
// variable i starts at S and steps by THREADS (for (i = MYTHREAD; ...;
// i += THREADS)): the elements S+c, S+c+THREADS, ... all belong to one
// thread and are consecutive in its memory, so one upc_memget of the trip
// count fetches exactly the elements the loop reads, and the element of
// iteration i is at (i - S) / THREADS.
func (c *checker) stridedFix(fx *fixer, p *plan) *analysis.SuggestedFix {
	l := p.g.loop
	iv := l.Induction()
	if iv == nil || iv.Step == nil || iv.StepNeg || iv.Dir <= 0 {
		return nil
	}
	sf, _ := c.af.Form(iv.Step, l.Header)
	if sf == nil || !sf.Equal(affine.AtomForm(affine.Threads)) && !(c.threads > 0 && sf.IsConst() && sf.Const == int64(c.threads)) {
		return nil
	}
	lo, hi, _ := c.af.IVRange(l)
	if lo == nil || !c.invariantIn(lo, l) || !c.invariantIn(hi, l) {
		return nil
	}
	var off *affine.Form
	for _, a := range p.g.accs {
		coef, rest, ok := a.Index.Split(iv.Name)
		if !ok || coef != 1 || !rest.IsConst() {
			return nil
		}
		if off != nil && !off.Equal(rest) {
			return nil
		}
		off = rest
	}
	fr, ok := fx.frame(p.stmt)
	if !ok {
		return nil
	}
	los, ok1 := c.render(lo)
	his, ok2 := c.render(hi)
	if !ok1 || !ok2 {
		return nil
	}
	firstEl, _ := c.render(lo.Add(off))
	p.buf = fx.bufferName(p.v.Name())
	count := fmt.Sprintf("%s >= %s ? (%s - %s) / THREADS + 1 : 0", paren(hi, his), paren(lo, los), paren(hi, his), paren(lo, los))
	nConst := int64(-1)
	if span := hi.Sub(lo); span.IsConst() && c.threads > 0 {
		nConst = 0
		if span.Const >= 0 {
			nConst = span.Const/int64(c.threads) + 1
		}
		count = fx.constText(nConst, heads(l.Stmt))
	}
	if nConst == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s/* the elements of %s this loop reads, all on one thread */\n", fr.indent, p.v.Name())
	nName := count
	if nConst < 0 {
		nName = p.buf + "_n"
		if !fx.names.Claim(nName) {
			return nil
		}
		fmt.Fprintf(&b, "%ssize_t %s = %s;\n", fr.indent, nName, count)
	}
	decl, heap := p.declare(fr, nName, nConst)
	b.WriteString(decl)
	if nConst < 0 {
		fmt.Fprintf(&b, "%sif (%s > 0)\n%s%s", fr.indent, nName, fr.indent, fr.unit)
	} else {
		b.WriteString(fr.indent)
	}
	fmt.Fprintf(&b, "upc_memget(%s, %s, %s * sizeof *%s);\n", p.buf, p.elemAddr(lo.Add(off), firstEl), nName, p.buf)
	idx := fmt.Sprintf("(%s - %s) / THREADS", iv.Name, paren(lo, los))
	edits, ok := readAtEdits(p.g.accs, func(*affine.Access) string { return p.buf }, idx)
	if !ok {
		return nil
	}
	msg := fmt.Sprintf("coalesce the reads of %s: fetch the %s elements of the loop with one upc_memget before it", p.v.Name(), p.v.Name())
	return fx.finish(p, fr, b.String(), heap, false, edits, msg)
}

// inOneBlock reports whether the n elements (n > 0) from flat index lo of
// an array of block size bs lie in one block: lo is a multiple of bs plus
// a constant r, whatever its variables, and r + n <= bs (a neighbour's
// block a[peer*B + j], a row m[r][j] of an array blocked by whole rows).
func inOneBlock(lo *affine.Form, n, bs int64) bool {
	if n <= 0 || bs <= 1 {
		return false
	}
	for _, t := range lo.Terms {
		if t.Coef%bs != 0 {
			return false
		}
	}
	r := (lo.Const%bs + bs) % bs
	return r+n <= bs
}

// readAtEdits returns the edits that read each access X[e] of accs as
// buf(X[e])[idx]; ok is false for an access without an index (*p).
func readAtEdits(accs []*affine.Access, buf func(*affine.Access) string, idx string) ([]analysis.TextEdit, bool) {
	var edits []analysis.TextEdit
	for _, a := range accs {
		e := firstIndex(a)
		if e == nil {
			return nil, false
		}
		base := baseNode(a)
		edits = append(edits,
			analysis.TextEdit{Pos: base.Start(), End: base.End(), NewText: []byte(buf(a))},
			analysis.TextEdit{Pos: e.Start(), End: e.End(), NewText: []byte(idx)})
	}
	return edits, true
}

// boxFix fetches the rows [lo, hi] of the first index's range over the
// loop (the bounding box, Chen, "Building a Source-to-Source UPC-to-C Translator", §8.1) into a buffer with the array's
// inner dimensions, and reads X[e][...] as buf[e - lo][...]. Indefinite
// arrays need one upc_memget; block-cyclic arrays one per block run;
// cyclic arrays one per thread, gathered into global index order.
func (c *checker) boxFix(fx *fixer, p *plan, bs int64) *analysis.SuggestedFix {
	l := p.g.loop
	var lo, hi *affine.Form
	for _, a := range p.g.accs {
		f := c.firstForm(a)
		if f == nil {
			return nil
		}
		flo, fhi, _ := c.af.Bounds(f, l)
		if flo == nil || !c.invariantIn(flo, l) || !c.invariantIn(fhi, l) {
			return nil
		}
		var ok bool
		if lo, hi, ok = widen(lo, hi, flo, fhi); !ok {
			return nil
		}
	}
	rows := hi.Sub(lo).Add(affine.ConstForm(1))
	nConst := int64(-1)
	if rows.IsConst() {
		if rows.Const <= 0 {
			return nil
		}
		nConst = rows.Const
	}
	los, ok1 := c.render(lo)
	rs, ok2 := c.render(rows)
	if !ok1 || !ok2 {
		return nil
	}
	if nConst > 0 {
		rs = fx.rowsText(p, lo, nConst)
	}
	// The box is only meaningful when the loop runs: an empty loop must
	// fetch nothing (its box may lie outside the array).
	trip, ok := c.tripTest(l)
	if !ok {
		return nil
	}
	fr, ok := fx.frame(p.stmt)
	if !ok {
		return nil
	}
	p.buf = fx.bufferName(p.v.Name())
	name := p.v.Name()
	var rowElems int64 = 1
	zeros := ""
	for _, d := range p.inner {
		rowElems *= d
		zeros += "[0]"
	}
	var b strings.Builder
	what := "the elements"
	if len(p.inner) > 0 {
		what = "the rows"
	}
	if p.cols != nil {
		what = fmt.Sprintf("columns %d to %d of the rows", p.cols[0], p.cols[1])
	}
	fmt.Fprintf(&b, "%s/* %s of %s this loop reads */\n", fr.indent, what, name)
	nName := rs
	if nConst < 0 {
		nName = p.buf + "_n"
		if !fx.names.Claim(nName) {
			return nil
		}
		cond := paren(rows, rs) + " > 0"
		if trip != "" && !c.spansLoop(l, hi.Sub(lo)) {
			cond = trip + " && " + cond
		}
		fmt.Fprintf(&b, "%ssize_t %s = %s ? %s : 0;\n", fr.indent, nName, cond, rs)
	}
	decl, heap := p.declare(fr, nName, nConst)
	b.WriteString(decl)
	in := fr.indent
	guarded := nConst < 0 || trip != ""
	guard := func() {
		switch {
		case nConst < 0:
			fmt.Fprintf(&b, "%sif (%s > 0)", in, nName)
		case trip != "":
			fmt.Fprintf(&b, "%sif (%s)", in, trip)
		}
	}
	// openBlock starts the braced block of a copy loop, under the guard.
	openBlock := func() {
		guard()
		if guarded {
			b.WriteString(" {\n")
		} else {
			b.WriteString(in + "{\n")
		}
	}
	// Element counts and the flat index of the first element.
	ne := nName
	if rowElems != 1 {
		ne = fmt.Sprintf("%s * %s", paren(rows, nName), p.rowText())
		if nConst > 0 {
			ne = product(nName, p.rowText())
		}
	}
	flo := los
	if rowElems != 1 {
		flo = fmt.Sprintf("%s * %s", paren(lo, los), p.rowText())
		switch {
		case lo.IsConst() && lo.Const == 0:
			flo = "0"
		case lo.IsConst() && lo.Const == 1:
			flo = p.rowText()
		}
	}
	stdlib := false
	if bs > 1 && p.cols == nil && !p.ptr && p.at == "" && inOneBlock(lo.Scale(rowElems), nConst*rowElems, bs) {
		bs = 0 // one upc_memget, no loop over blocks
	}
	// first(k) is the flat index of the box's element k, parenthesised
	// (k alone is not)
	first := func(k string) string {
		if flo == "0" {
			return k
		}
		return "(" + flo + " + " + k + ")"
	}
	flat := "&" + name + "[0]" + zeros // pointer to the first element, with the array's layout
	if p.at != "" {
		flat = p.at
	}
	bufFlat := p.buf
	if len(p.inner) > 0 {
		bufFlat = "&" + p.buf + "[0]" + zeros
	}
	switch {
	case p.cols != nil:
		x := colsBox{n: nName, bs: bs, flo: flo, flat: flat, in: in, unit: fr.unit, open: openBlock}
		if p.at == "" && !p.ptr && rowElems != 1 {
			x.arr, x.row0 = name, los // rows indexed by name: &a[row][col]
		}
		if !fx.colsCopy(c, p, &b, x) {
			return nil
		}
	case bs == 0:
		guard()
		if guarded {
			fmt.Fprintf(&b, "\n%s%s", in, fr.unit)
		} else {
			b.WriteString(in)
		}
		size := fmt.Sprintf("%s * sizeof *%s", nName, p.buf)
		if nName == "1" {
			size = "sizeof *" + p.buf // one row
		}
		fmt.Fprintf(&b, "upc_memget(%s, %s%s, %s);\n", p.buf, p.elemAddr(lo, los), zeros, size)
	case bs > 1:
		nm, ok := fx.copyNames(c.fn.Decl, p.stmt)
		if !ok {
			return nil
		}
		k, r := nm.k, nm.len
		openBlock()
		i1 := in + fr.unit
		i2 := i1 + fr.unit
		bst := fx.planBlockText(p, bs)
		fmt.Fprintf(&b, "%s/* one upc_memget per block of %s elements */\n", i1, bst)
		fmt.Fprintf(&b, "%ssize_t %s, %s;\n", i1, k, r)
		fmt.Fprintf(&b, "%sfor (%s = 0; %s < %s; %s += %s) {\n", i1, k, k, ne, k, r)
		phase := fmt.Sprintf("%s %% %s", first(k), operand(bst))
		if p.ptr {
			phase = fmt.Sprintf("upc_phaseof(%s + %s)", flat, first(k))
		}
		fmt.Fprintf(&b, "%s%s = %s - %s;\n", i2, r, bst, phase)
		fmt.Fprintf(&b, "%sif (%s > %s - %s)\n%s%s%s = %s - %s;\n", i2, r, ne, k, i2, fr.unit, r, ne, k)
		fmt.Fprintf(&b, "%supc_memget(%s + %s, %s + %s, %s * sizeof(%s));\n", i2, bufFlat, k, flat, first(k), r, p.elem)
		fmt.Fprintf(&b, "%s}\n%s}\n", i1, in)
	default: // cyclic
		nm, ok := fx.copyNames(c.fn.Decl, p.stmt)
		if !ok {
			return nil
		}
		t, n, k, part := nm.t, nm.n, nm.k, nm.part
		openBlock()
		i1 := in + fr.unit
		i2 := i1 + fr.unit
		i3 := i2 + fr.unit
		fmt.Fprintf(&b, "%s/* one upc_memget per thread: its elements are THREADS apart here, adjacent there */\n", i1)
		fmt.Fprintf(&b, "%ssize_t %s, %s, %s;\n", i1, t, n, k)
		fmt.Fprintf(&b, "%s%s *%s = malloc((%s + THREADS - 1) / THREADS * sizeof *%s);\n", i1, p.elem, part, ne, part)
		fmt.Fprintf(&b, "%sif (%s == NULL)\n%s%supc_global_exit(1);\n", i1, part, i1, fr.unit)
		fmt.Fprintf(&b, "%sfor (%s = 0; %s < THREADS && %s < %s; %s++) {\n", i1, t, t, t, ne, t)
		fmt.Fprintf(&b, "%s%s = (%s - %s + THREADS - 1) / THREADS;\n", i2, n, ne, t)
		fmt.Fprintf(&b, "%supc_memget(%s, %s + %s, %s * sizeof *%s);\n", i2, part, flat, first(t), n, part)
		fmt.Fprintf(&b, "%sfor (%s = 0; %s < %s; %s++)\n", i2, k, k, n, k)
		dst := bufFlat
		if len(p.inner) > 0 {
			dst = "(" + dst + ")"
		}
		fmt.Fprintf(&b, "%s%s[%s + %s * THREADS] = %s[%s];\n", i3, dst, t, k, part, k)
		fmt.Fprintf(&b, "%s}\n%sfree(%s);\n%s}\n", i1, i1, part, in)
		stdlib = true
	}
	var edits []analysis.TextEdit
	for _, a := range p.g.accs {
		e := firstIndex(a)
		base := baseNode(a)
		edits = append(edits, analysis.TextEdit{Pos: base.Start(), End: base.End(), NewText: []byte(p.buf)})
		if lo.IsConst() && lo.Const == 0 {
			continue
		}
		if e == nil {
			return nil // *p: no index to shift
		}
		// X[e] reads the buffer at e - lo written out (IN_local[0][j] for
		// IN[i - 1][j] from row i - 1), not at e - lo left to cancel
		if eds, ok := c.relIndex(fx, a, e, lo); ok {
			edits = append(edits, eds...)
			continue
		}
		adj := " - " + paren(lo, los)
		if lo.IsConst() && lo.Const < 0 {
			adj = " + " + strconv.FormatInt(-lo.Const, 10)
		}
		if needsParen(e) {
			edits = append(edits, analysis.TextEdit{Pos: e.Start(), End: e.Start(), NewText: []byte("(")})
			adj = ")" + adj
		}
		edits = append(edits, analysis.TextEdit{Pos: e.End(), End: e.End(), NewText: []byte(adj)})
	}
	var msg string
	switch {
	case bs == 0:
		msg = fmt.Sprintf("coalesce the reads of %s: fetch %s with one upc_memget before the loop", name, what)
	case bs > 1:
		msg = fmt.Sprintf("coalesce the reads of %s: fetch %s with one upc_memget per block before the loop", name, what)
	default:
		msg = fmt.Sprintf("coalesce the reads of %s: fetch %s with one upc_memget per thread before the loop", name, what)
	}
	return fx.finish(p, fr, b.String(), heap, stdlib, edits, msg)
}

// relIndex returns the edits that write the first index e of a, an
// X[e]...[f] access, as its offset e - lo in the box: in place of e when
// e is the source's own text, or of the one macro invocation that makes
// all of e (IN[PREV_ROW(i)][j] read as IN_local[0][j]) when the offset is
// a number or a name. Where macros make only part of e (a[peer * B + j]
// from lo = B * peer), an offset that is a name or 0 takes e's place too:
// e is deleted whole (an edit may delete whole invocations) and the
// offset written after the "[". ok is false otherwise, and for an offset
// that would print with a leading minus (i + 1 - first stays i + 1 -
// first, not -first + i + 1).
func (c *checker) relIndex(fx *fixer, a *affine.Access, e ast.Expr, lo *affine.Form) ([]analysis.TextEdit, bool) {
	f := c.firstForm(a)
	if f == nil || len(indices(a.Expr)) == 0 {
		return nil, false
	}
	relF := f.Sub(lo)
	rel, ok := c.render(relF)
	if !ok || strings.HasPrefix(rel, "-") {
		return nil, false
	}
	if fx.plainText(e) {
		return []analysis.TextEdit{{Pos: e.Start(), End: e.End(), NewText: []byte(rel)}}, true
	}
	first := firstIndexExpr(a)
	if first == nil {
		return nil, false
	}
	x := ast.Unparen(first.X)
	from, to, ok := fx.indexSpan(first, x)
	if !ok {
		return nil, false
	}
	if fx.wholeInvocation(from, to) {
		if !ident.MatchString(rel) && !relF.IsConst() {
			return nil, false
		}
		return []analysis.TextEdit{{Pos: from, End: to, NewText: []byte(rel)}}, true
	}
	if !ident.MatchString(rel) && rel != "0" {
		if rel, ok = c.namedOffset(relF); !ok {
			return nil, false // a number would be a macro's value
		}
	}
	src, xe, ok1 := fx.source(x.End())
	_, fo, ok2 := fx.source(from)
	if !ok1 || !ok2 || fo < xe {
		return nil, false
	}
	return []analysis.TextEdit{
		{Pos: x.End(), End: from, NewText: []byte(string(src[xe:fo]) + rel)},
		{Pos: from, End: to},
	}, true
}

// namedOffset writes f, names plus a constant, with the constant as a
// multiple of a macro the loop or the array's declaration names (c.coefs):
// j + 2 * NC, where the rows i - 1 and i + 1 of NC columns are 2 * NC
// apart. ok is false when no such macro divides it.
func (c *checker) namedOffset(f *affine.Form) (string, bool) {
	var best int64
	for v := range c.coefs {
		if v > best && f.Const%v == 0 {
			best = v
		}
	}
	if best == 0 || f.Const == 0 {
		return "", false
	}
	vars, ok := c.render(&affine.Form{Terms: f.Terms})
	if !ok || vars == "0" || strings.HasPrefix(vars, "-") {
		return "", false
	}
	k := f.Const / best
	op := " + "
	if k < 0 {
		op, k = " - ", -k
	}
	return vars + op + product(strconv.FormatInt(k, 10), c.coefs[best]), true
}

// firstIndexExpr returns the X[i] of an access X[i][j]...: the index
// expression applied first, or nil.
func firstIndexExpr(a *affine.Access) *ast.IndexExpr {
	x, ok := ast.Unparen(a.Expr).(*ast.IndexExpr)
	for ok {
		inner, isIx := ast.Unparen(x.X).(*ast.IndexExpr)
		if !isIx {
			return x
		}
		x = inner
	}
	return nil
}

// tripTest returns the test that l runs at least once, "" when it surely
// does; ok is false when l surely does not run or its range is unknown.
func (c *checker) tripTest(l *cfg.Loop) (test string, ok bool) {
	ilo, ihi, _ := c.af.IVRange(l)
	if ilo == nil || !c.invariantIn(ilo, l) || !c.invariantIn(ihi, l) {
		return "", false
	}
	if d := ihi.Sub(ilo); d.IsConst() {
		return "", d.Const >= 0
	}
	ils, ok1 := c.render(ilo)
	ihs, ok2 := c.render(ihi)
	if !ok1 || !ok2 {
		return "", false
	}
	return paren(ihi, ihs) + " >= " + paren(ilo, ils), true
}

// firstIndex returns the expression of a's first index: i of X[i][j],
// off of *(p + off) or *(off + p); nil for *p, whose index is 0.
func firstIndex(a *affine.Access) ast.Expr {
	if ix := indices(a.Expr); len(ix) > 0 {
		return ix[0]
	}
	if u, ok := ast.Unparen(a.Expr).(*ast.UnaryExpr); ok && u.Op == "*" {
		if be, ok := ast.Unparen(u.X).(*ast.BinaryExpr); ok && be.Op == "+" {
			if ast.Unparen(be.X) == ast.Unparen(a.Base) {
				return be.Y
			}
			return be.X
		}
	}
	return nil
}

// firstForm returns the affine form of a's first index, nil when it has
// none.
func (c *checker) firstForm(a *affine.Access) *affine.Form {
	e := firstIndex(a)
	if e == nil {
		if _, deref := ast.Unparen(a.Expr).(*ast.UnaryExpr); deref {
			return affine.ConstForm(0)
		}
		return nil
	}
	f, _ := c.af.Form(e, a.Block)
	return f
}

// rank returns how many indices a applies: those of X[i][j], 1 for
// *(p + off) and *p.
func rank(a *affine.Access) int {
	if ix := indices(a.Expr); len(ix) > 0 {
		return len(ix)
	}
	if u, ok := ast.Unparen(a.Expr).(*ast.UnaryExpr); ok && u.Op == "*" {
		if be, ok := ast.Unparen(u.X).(*ast.BinaryExpr); ok && be.Op != "+" {
			return 0 // *(p - off)
		}
		return 1
	}
	return 0
}

// baseNode returns what a rewrite replaces with the buffer: the array or
// pointer the accesses index, with its parentheses ((&A[i]) of
// (&A[i])[j]).
func baseNode(a *affine.Access) ast.Node {
	x := ast.Unparen(a.Expr)
	for {
		ix, ok := x.(*ast.IndexExpr)
		if !ok {
			break
		}
		if _, inner := ast.Unparen(ix.X).(*ast.IndexExpr); !inner {
			return ix.X
		}
		x = ast.Unparen(ix.X)
	}
	return ast.Unparen(a.Base)
}

// elemAddr returns the address of element f (rendered s) of the plan's
// array or pointer.
func (p *plan) elemAddr(f *affine.Form, s string) string {
	switch {
	case p.at == "":
		return "&" + p.v.Name() + "[" + s + "]"
	case f.IsConst() && f.Const == 0:
		return p.at
	}
	return p.at + " + " + paren(f, s)
}

// spansLoop reports whether span, the extent hi - lo of a box, is the
// extent of l's range: the box is empty exactly when the loop does not
// run, and the loop's trip test adds nothing to the box's.
func (c *checker) spansLoop(l *cfg.Loop, span *affine.Form) bool {
	ilo, ihi, _ := c.af.IVRange(l)
	return ilo != nil && ihi.Sub(ilo).Equal(span)
}

// needsParen reports whether "e - x" would not subtract x from all of e.
func needsParen(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case "+", "-", "*", "/", "%":
			return false
		}
		return true
	case *ast.Name, *ast.BasicLit, *ast.IndexExpr, *ast.CallExpr, *ast.ParenExpr, *ast.MemberExpr,
		*ast.PostfixExpr, *ast.UnaryExpr, *ast.CastExpr:
		return false
	}
	return true
}
