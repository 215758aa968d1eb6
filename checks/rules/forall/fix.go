package forall

import (
	"fmt"
	gotoken "go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/ssa"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// shape is the kind of affinity a rewrite removes.
type shape int

const (
	shapeInt        shape = iota // i + c
	shapeCyclic                  // &a[±i + c], a cyclic
	shapeBlocked                 // &a[k*i + c], a blocked with k | B
	shapeIndefinite              // &a[...], a indefinite
)

// plan is what check found out about a removable affinity test: enough
// to rewrite the loop.
type plan struct {
	shape shape
	iv    *cfg.InductionVar
	// coef is the coefficient of the variable in the index (cyclic,
	// blocked) and rest the remainder of the affinity or index.
	coef int64
	rest *affine.Form
	// per is the number of iterations per block (blocked).
	per int64
	// base is the array or pointer indexed (cyclic, blocked, indefinite);
	// pointer says whether it is a pointer.
	base    ast.Expr
	pointer bool
	// oneDim: the access has a single index (the index form is the
	// index expression itself).
	oneDim bool
	// v is the array or pointer variable indexed, nil when there is none
	// (a member).
	v *types.Var
}

// fixer builds the rewrite of one loop.
type fixer struct {
	pass *analysis.Pass
	fn   *facts.Func
	info *types.Info
	src  []byte
	tf   *gotoken.File
	l    *cfg.Loop
	s    *ast.ForallStmt
	p    *plan
	// why explains what makes the fix unsafe ("" when it is safe).
	why []string
	// ok is false once the loop cannot be rewritten.
	edits []analysis.TextEdit
	// consts names the constants the rewrite writes as the source does.
	consts *edit.Consts
	// kwEnd ends the keyword as the file spells it: upc_forall, or the
	// name of a macro that is the keyword alone (Berkeley's UPC 1.1
	// #define forall upc_forall).
	kwEnd gotoken.Pos
}

// suggest returns the rewrite of s, or nil when it cannot be proven or
// expressed.
func suggest(pass *analysis.Pass, fn *facts.Func, info *types.Info, l *cfg.Loop, s *ast.ForallStmt, p *plan, nested *forallCalls) []checks.SuggestedFix {
	tf := pass.Fset.File(s.Start())
	if tf == nil {
		return nil
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return nil
	}
	fx := &fixer{pass: pass, fn: fn, info: info, src: src, tf: tf, l: l, s: s, p: p}
	fx.consts = edit.NewConsts(facts.Of(pass).Unit, fx.sourceAt)
	if fx.kwEnd = fx.keywordEnd(); !fx.kwEnd.IsValid() {
		return nil
	}
	msg, ok := fx.build(nested)
	if !ok {
		return nil
	}
	unsafe := ""
	if len(fx.why) > 0 {
		unsafe = "review: " + strings.Join(fx.why, "; ")
	}
	return []checks.SuggestedFix{*checks.FixOf(&analysis.SuggestedFix{Message: msg, TextEdits: fx.edits}, unsafe)}
}

func (fx *fixer) off(p gotoken.Pos) int { return fx.tf.Offset(p) }

// keywordEnd returns the end of the loop's keyword in the file, or NoPos
// when the keyword is made by a macro that makes more than it (a loop
// written by CHECK(x)): the rewrite would have to edit the macro's text.
// A macro that is the keyword alone (forall of Berkeley's upc.h) is the
// user's spelling of it, replaced whole like the keyword.
func (fx *fixer) keywordEnd() gotoken.Pos {
	s := fx.s
	u := facts.Of(fx.pass).Unit
	if u == nil || u.File == nil {
		return gotoken.NoPos
	}
	first, end := s.Span()
	toks := u.File.Tokens
	if first < 0 || first >= end || end > len(toks) {
		return gotoken.NoPos
	}
	t := &toks[first]
	if !t.FromMacro() {
		return s.Start() + gotoken.Pos(len("upc_forall"))
	}
	// The invocation must make this token only, and be a name the
	// user's file spells at the loop's start.
	same := func(i int) bool { return i >= 0 && i < len(toks) && toks[i].FromMacro() && toks[i].Exp == t.Exp }
	if same(first-1) || same(first+1) || t.Exp != s.Start() {
		return gotoken.NoPos
	}
	o, e := fx.off(t.Exp), fx.off(t.ExpEnd())
	if o < 0 || e > len(fx.src) || o >= e || edit.Ident(string(fx.src[o:e])) != string(fx.src[o:e]) {
		return gotoken.NoPos
	}
	return t.ExpEnd()
}

// sourceAt returns the text of the file holding pos (the loop's, or a
// header's) and pos's offset in it.
func (fx *fixer) sourceAt(pos gotoken.Pos) ([]byte, int, bool) {
	tf := fx.pass.Fset.File(pos)
	if tf == nil {
		return nil, 0, false
	}
	src := fx.src
	if tf != fx.tf {
		var err error
		if src, err = fx.pass.ReadFile(tf.Name()); err != nil || tf.Size() != len(src) {
			return nil, 0, false
		}
	}
	return src, tf.Offset(pos), true
}

func (fx *fixer) text(n ast.Node) string {
	return string(fx.src[fx.off(n.Start()):fx.off(n.End())])
}

func (fx *fixer) replace(start, end gotoken.Pos, text string) {
	fx.edits = append(fx.edits, analysis.TextEdit{Pos: start, End: end, NewText: []byte(text)})
}

// build computes the edits; ok is false when the loop is left alone.
func (fx *fixer) build(nested *forallCalls) (string, bool) {
	s, iv, p := fx.s, fx.p.iv, fx.p
	dec := iv.StepConst < 0
	// The loop's shape: "i Op U" with U invariant and pure, a pure start.
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || ast.Expr(cond) != iv.Cond && ast.Unparen(iv.Cond) != ast.Expr(cond) {
		return "", false
	}
	switch {
	case !dec && (iv.Op == "<" || iv.Op == "<="), dec && (iv.Op == ">" || iv.Op == ">="):
	default:
		return "", false
	}
	if ast.SideEffects(iv.Bound) || !fx.l.Invariant(iv.Bound) || mentions(iv.Bound, iv.Name) ||
		ast.SideEffects(iv.Start) || mentions(iv.Start, iv.Name) || !additive(iv.Start) {
		return "", false
	}
	if s.Post == nil || s.Affinity == nil || s.Affinity.X == nil {
		return "", false
	}
	if iv.Update == nil || ast.Unparen(s.Post) != ast.Unparen(iv.Update) {
		// i++, j--: the new step would drop j's, and j would no longer
		// follow i (Berkeley's bug557).
		return "", false
	}
	if t := fx.varType(); t == nil || !types.IsInteger(t) || types.IsUnsigned(t) && !fx.unsignedSafe() {
		return "", false
	}
	exits := exitsLoop(s.Body)
	live := fx.liveAfter()
	if live && (exits || !fx.l.Invariant(iv.Start)) {
		return "", false
	}
	if p.shape == shapeBlocked && exits {
		return "", false // break would leave only the inner loop
	}
	if p.shape == shapeBlocked && (!fx.l.Invariant(iv.Start) || readsShared(fx.info, iv.Start)) {
		// The inner loop starts from the start expression again for every
		// block: it must keep the value the loop started with.
		return "", false
	}
	if containsForall(s.Body) || callsForall(s.Body, nested) {
		return "", false // a nested upc_forall would start distributing
	}
	if fo := funcObj(fx.info, fx.fn.Decl); fo != nil && nested.inForall[fo] {
		fx.why = append(fx.why, "the function may run inside another upc_forall, where the affinity is not tested")
	}

	L, U := fx.text(iv.Start), fx.text(iv.Bound)
	kw, kwEnd := s.Start(), fx.kwEnd
	// Delete "; affinity".
	fx.replace(s.Post.End(), s.Affinity.End(), "")

	var msg string
	switch p.shape {
	case shapeIndefinite:
		fx.replace(kw, kwEnd, "if (upc_threadof("+fx.baseAddr()+") == MYTHREAD) for")
		msg = "test the affinity once before the loop"
	case shapeInt, shapeCyclic:
		r, extra, ok := fx.residue()
		if !ok || fx.bakes(p.rest.Const) || p.shape == shapeCyclic && fx.blockMacro() {
			return "", false
		}
		fx.strideThreads(r, extra, L, dec)
		msg = "iterate with stride THREADS from this thread's first iteration"
	case shapeBlocked:
		if p.rest == nil || !p.rest.IsConst() || p.rest.Const < 0 || p.per <= 0 {
			return "", false
		}
		per := fx.perText()
		if per == "1" {
			if fx.bakes(p.rest.Const / p.coef) {
				return "", false
			}
			// One iteration per block (&grid[r][0] of rows of B elements,
			// B = the block size): iteration i runs on the owner of block
			// i + rest/B, as for a cyclic array, and one loop stepping by
			// THREADS is what a person writes.
			fx.strideThreads(affine.AtomForm(affine.MyThread).Sub(affine.ConstForm(p.rest.Const/p.coef)), "", L, dec)
			msg = "iterate with stride THREADS from this thread's first iteration (one iteration per block)"
			break
		}
		_, err := strconv.ParseInt(per, 10, 64)
		perNum := err == nil
		q := p.rest.Const / p.coef
		// plusQ writes + q (sign 1) or - q (sign -1), q as the affinity
		// writes it (&a[i + OFF]).
		qt := strconv.FormatInt(q, 10)
		if p.coef == 1 {
			qt = fx.consts.Text(q, fx.s.Affinity.X)
		}
		_, err = strconv.ParseInt(qt, 10, 64)
		qNum := err == nil
		if qNum && fx.bakes(q) {
			return "", false
		}
		plusQ := func(sign int64) string {
			switch {
			case qNum:
				return plusConst(sign * q)
			case sign > 0:
				return " + " + qt
			}
			return " - " + factor(qt)
		}
		b := fx.freshName(iv.Name + "_blk")
		jl := "(" + paren(L) + plusQ(1) + ") / " + paren(per)
		lc, lit := fx.intLit(iv.Start)
		switch {
		case q == 0:
			jl = paren(L) + " / " + paren(per)
		case lit && lc == 0:
			jl = paren(qt) + " / " + paren(per)
		}
		switch {
		case lit && lc+q >= 0 && perNum && qNum:
			jl = strconv.FormatInt((lc+q)/p.per, 10)
		case lit && lc+q >= 0 && lc+q < p.per:
			// Block 0 whatever the macro's value: a block before the
			// start only runs the iterations from the start on.
			jl = "0"
		}
		lower := func(x string) string { // x - L, or x when L is 0
			if lit && lc == 0 {
				return x
			}
			return x + " - " + paren(L)
		}
		var outer string
		if dec {
			start := "(" + jl + " - " + mod(sub(jl, "MYTHREAD")) + ") * " + factor(per) + plusQ(-1)
			last := b + " + " + per + " - 1"
			if perNum {
				last = b + plusConst(p.per-1)
			}
			outer = fmt.Sprintf("for (long %s = %s; %s %s %s; %s -= THREADS * %s) for", b, start, last, iv.Op, U, b, factor(per))
			fx.replace(iv.Start.End(), iv.Start.End(),
				fmt.Sprintf(" - (%s < %s ? %s - (%s) : 0)", last, paren(L), paren(L), last))
			fx.replace(cond.End(), cond.End(), fmt.Sprintf(" && %s >= %s", iv.Name, b))
		} else {
			start := "(" + jl + " + " + mod(sub("MYTHREAD", jl)) + ") * " + factor(per) + plusQ(-1)
			if jl == "0" {
				start = "MYTHREAD * " + factor(per) + plusQ(-1)
			}
			outer = fmt.Sprintf("for (long %s = %s; %s %s %s; %s += THREADS * %s) for", b, start, b, iv.Op, U, b, factor(per))
			switch {
			case lit && lc == 0 && q == 0:
				fx.replace(iv.Start.Start(), iv.Start.End(), b) // blocks start at 0 or later
			case lit && lc == 0:
				fx.replace(iv.Start.Start(), iv.Start.End(), fmt.Sprintf("%s > 0 ? %s : 0", b, b))
			case lit:
				// the larger of the block's start and the loop's
				fx.replace(iv.Start.Start(), iv.Start.End(), fmt.Sprintf("%s > %d ? %s : %d", b, lc, b, lc))
			default:
				fx.replace(iv.Start.End(), iv.Start.End(),
					fmt.Sprintf(" + (%s > %s ? %s : 0)", b, paren(L), lower(b)))
			}
			fx.replace(cond.End(), cond.End(), fmt.Sprintf(" && %s < %s + %s", iv.Name, b, per))
		}
		if fx.startsLine() && fx.inBlock() {
			// One header a line, the inner loop at the loop's indentation
			// (its body is unchanged).
			outer = strings.TrimSuffix(outer, " for") + "\n" + fx.indent() + "for"
		}
		fx.replace(kw, kwEnd, outer)
		msg = fmt.Sprintf("iterate over this thread's blocks (%d iterations each) with stride THREADS*%d", p.per, p.per)
	}

	if live {
		// done is the value the exit test first sees false.
		done, pu := U, paren(U)
		if additive(iv.Bound) {
			pu = U
		}
		uc, ulit := fx.intLit(iv.Bound)
		switch {
		case iv.Op == "<=" && ulit:
			done = strconv.FormatInt(uc+1, 10)
		case iv.Op == ">=" && ulit:
			done = strconv.FormatInt(uc-1, 10)
		case iv.Op == "<=":
			done = fx.offsetBy(iv.Bound, pu, 1)
		case iv.Op == ">=":
			done = fx.offsetBy(iv.Bound, pu, -1)
		}
		var final string
		switch fx.runs() {
		case 1:
			final = done
		case 0:
			final = L
		default:
			if done == U {
				done = paren(U)
			}
			final = fmt.Sprintf("%s %s %s ? %s : %s", paren(L), iv.Op, paren(U), done, paren(L))
		}
		restore := fmt.Sprintf("%s = %s;", iv.Name, final)
		if fx.inBlock() {
			fx.replace(s.End(), s.End(), "\n"+fx.indent()+restore)
		} else {
			for i := range fx.edits {
				if e := &fx.edits[i]; e.Pos == kw {
					e.NewText = append([]byte("{ "), e.NewText...)
				}
			}
			fx.replace(s.End(), s.End(), " "+restore+" }")
		}
		msg += ", then give " + iv.Name + " its final value"
	}
	return msg, true
}

// strideThreads rewrites the header to start at this thread's first
// iteration from the start text lower, the residue r (plus extra, a
// signed C term) modulo THREADS, and to step by THREADS.
func (fx *fixer) strideThreads(r *affine.Form, extra, lower string, dec bool) {
	s, iv := fx.s, fx.p.iv
	lc, lit := fx.intLit(iv.Start)
	off := firstOffset(r, extra, lower, lit, lc, dec)
	fx.replace(s.Start(), fx.kwEnd, "for")
	switch {
	case off == "0":
	case lit && lc == 0 && !dec:
		fx.replace(iv.Start.Start(), iv.Start.End(), off)
	case dec:
		fx.replace(iv.Start.End(), iv.Start.End(), " - "+off)
	default:
		fx.replace(iv.Start.End(), iv.Start.End(), " + "+off)
	}
	step := " += THREADS"
	if dec {
		step = " -= THREADS"
	}
	fx.replace(s.Post.Start(), s.Post.End(), iv.Name+step)
}

// offsetBy renders u + d (d is 1 or -1) with text t, folding d into a
// literal that u adds or subtracts last: N - 1 plus 1 is N.
func (fx *fixer) offsetBy(u ast.Expr, t string, d int64) string {
	if b, ok := ast.Unparen(u).(*ast.BinaryExpr); ok && (b.Op == "+" || b.Op == "-") {
		if l, ok := ast.Unparen(b.Y).(*ast.BasicLit); ok && strings.Trim(l.Value, "0123456789") == "" {
			if c, ok := fx.intLit(l); ok {
				if b.Op == "-" {
					c = -c
				}
				if c+d == 0 {
					return fx.text(b.X)
				}
			}
		}
	}
	if d < 0 {
		return t + " - 1"
	}
	return t + " + 1"
}

// runs reports whether the loop's body runs at least once (1), never (0)
// or may do either (-1), as far as the affine forms of its start and bound
// at the loop's header tell.
func (fx *fixer) runs() int {
	iv := fx.p.iv
	af := fx.fn.Affine()
	lo, _ := af.Form(iv.Start, fx.l.Header)
	hi, _ := af.Form(iv.Bound, fx.l.Header)
	if lo == nil || hi == nil {
		return -1
	}
	d := hi.Sub(lo) // the first test passes when d > 0 (<), d >= 0 (<=)
	if iv.StepConst < 0 {
		d = lo.Sub(hi)
	}
	least := int64(1)
	if iv.Op == "<=" || iv.Op == ">=" {
		least = 0
	}
	if min, ok := leastValue(d); ok && min >= least {
		return 1
	}
	if d.IsConst() && d.Const < least {
		return 0
	}
	return -1
}

// leastValue returns a lower bound of f when its terms are positive
// multiples of MYTHREAD (at least 0) and THREADS (at least 1) only.
func leastValue(f *affine.Form) (int64, bool) {
	min := f.Const
	for _, t := range f.Terms {
		if t.Coef <= 0 {
			return 0, false
		}
		least := t.Coef
		for _, a := range t.Atoms {
			switch a {
			case affine.MyThread:
				least = 0
			case affine.Threads:
			default:
				return 0, false
			}
		}
		min += least
	}
	return min, true
}

// residue returns the residue modulo THREADS of the iterations this
// thread runs: a form over MYTHREAD and the loop's invariants, plus (for
// a pointer) the C text of its start thread to subtract or add.
func (fx *fixer) residue() (*affine.Form, string, bool) {
	p := fx.p
	if p.rest == nil || !identAtoms(p.rest) {
		return nil, "", false
	}
	me := affine.AtomForm(affine.MyThread)
	switch p.shape {
	case shapeInt:
		// (i + rest) % THREADS == MYTHREAD: exact only when i + rest >= 0.
		if !fx.nonNegative() {
			fx.why = append(fx.why, "the affinity may be negative, which no thread runs")
		}
		return me.Sub(p.rest), "", true
	case shapeCyclic:
		if !p.oneDim {
			return nil, "", false
		}
		// owner(i) = (t0 + coef*i + rest) % THREADS.
		t0 := ""
		if p.pointer {
			t0 = "(int)upc_threadof(" + fx.text(p.base) + ")" // size_t: keep the arithmetic signed
		}
		if p.coef < 0 {
			// i = rest + t0 - MYTHREAD (mod THREADS)
			return p.rest.Sub(me), t0, true
		}
		if t0 != "" {
			t0 = "-" + t0
		}
		return me.Sub(p.rest), t0, true
	}
	return nil, "", false
}

// firstOffset renders the distance from lower to this thread's first
// iteration, MOD(R - lower) upwards or MOD(lower - R) downwards, with R the
// residue form plus extra (a signed C term).
func firstOffset(r *affine.Form, extra, lower string, lit bool, lc int64, dec bool) string {
	var d string
	if lit {
		f := r.Sub(affine.ConstForm(lc))
		if dec {
			f = f.Scale(-1)
		}
		d = f.String()
	} else if dec {
		d = sub(paren(lower), paren(r.String()))
	} else {
		d = sub(r.String(), paren(lower))
	}
	if extra != "" {
		term, neg := strings.CutPrefix(extra, "-")
		if neg != dec {
			d += " - " + term
		} else {
			d += " + " + term
		}
	}
	return mod(d)
}

// unsignedSafe reports whether the rewrite is exact for an unsigned loop
// variable: a test once before the loop (indefinite), or a stride-THREADS
// loop that counts up from a constant, whose first offset is computed in
// int arithmetic; a start expression or a count down would wrap around.
func (fx *fixer) unsignedSafe() bool {
	switch fx.p.shape {
	case shapeIndefinite:
		return true
	case shapeInt, shapeCyclic:
		_, lit := fx.intLit(fx.p.iv.Start)
		return lit && fx.p.iv.StepConst > 0
	}
	return false
}

// nonNegative reports whether i + rest is provably non-negative over the
// loop (integer affinity): its least value is a constant >= 0 plus
// non-negative multiples of MYTHREAD and THREADS.
func (fx *fixer) nonNegative() bool {
	iv := fx.p.iv
	var lo *affine.Form
	af := fx.fn.Affine()
	if iv.StepConst > 0 {
		lo, _ = af.Form(iv.Start, fx.l.Header)
	} else {
		lo, _ = af.Form(iv.Bound, fx.l.Header)
		if lo != nil && iv.Op == ">" {
			lo = lo.Add(affine.ConstForm(1))
		}
	}
	if lo == nil {
		return false
	}
	lo = lo.Add(fx.p.rest)
	if lo.Const < 0 {
		return false
	}
	for _, t := range lo.Terms {
		if t.Coef < 0 {
			return false
		}
		for _, a := range t.Atoms {
			if a != affine.MyThread && a != affine.Threads {
				return false
			}
		}
	}
	return true
}

// baseAddr is the address of the first element of the indexed object.
func (fx *fixer) baseAddr() string {
	if fx.p.pointer {
		return fx.text(fx.p.base)
	}
	return "&" + paren(fx.text(fx.p.base)) + "[0]"
}

// varType is the type of the loop variable.
func (fx *fixer) varType() types.Type {
	var t types.Type
	ast.InspectCode(fx.s.Cond, func(n ast.Node) bool {
		if id, ok := n.(*ast.Name); ok && id.Name == fx.p.iv.Name && t == nil {
			t = fx.info.TypeOf(id)
		}
		return t == nil
	})
	return t
}

// liveAfter reports whether the value the loop variable has when the loop
// ends may be read: whether a path from the loop's exit reaches a read of
// the variable before a write of it. It asks the function's SSA form (a
// value's referrers are its reads): the loop variable's value at the
// loop's header, the one the exit test sees false, is live after the loop
// when an instruction outside the loop, or a φ merging it into a later
// value that is read, uses it. A variable declared in the header is not
// visible after the loop. A variable that does not live in SSA registers
// (global, static, volatile, address taken, aggregate member) is live.
func (fx *fixer) liveAfter() bool {
	s, name := fx.s, fx.p.iv.Name
	if s.Init.Decl != nil {
		return false
	}
	id := initName(s, name)
	if id == nil {
		return true
	}
	if v, ok := fx.info.Uses[id].(*types.Var); !ok || v.FileScope || v.IsStatic() {
		return true
	}
	if fx.fn.Graph == nil || fx.l.Header == nil {
		return true
	}
	f := fx.fn.SSA()
	v := f.VarOf(id)
	if v == nil || v.Global || v.Static || v.AddrTaken || !promoted(f, v) {
		return true
	}
	hb := f.BlockOf(fx.l.Header)
	if hb == nil {
		return true
	}
	var at *ssa.Phi
	for _, in := range hb.Instrs {
		if p, ok := in.(*ssa.Phi); ok && p.Var == v {
			at = p
		}
	}
	if at == nil {
		return true // the header reads the variable: not the expected graph
	}
	return readOutside(at, fx.l)
}

// promoted reports whether v lives in SSA registers.
func promoted(f *ssa.Function, v *ssa.Var) bool {
	for _, p := range f.Promoted {
		if p == v {
			return true
		}
	}
	return false
}

// readOutside reports whether value x, or a φ it flows into, is used by an
// instruction outside loop l (or, for a φ other than x, anywhere).
func readOutside(x *ssa.Phi, l *cfg.Loop) bool {
	seen := map[*ssa.Phi]bool{x: true}
	work := []*ssa.Phi{x}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, r := range *p.Referrers() {
			if q, ok := r.(*ssa.Phi); ok {
				if !seen[q] {
					seen[q] = true
					work = append(work, q)
				}
				continue
			}
			if p != x || r.Block() == nil || !l.Contains(r.Block().CFG) {
				return true
			}
		}
	}
	return false
}

// inBlock reports whether the loop is an item of a block (so a
// statement can follow it without braces).
func (fx *fixer) inBlock() bool {
	found := false
	ast.InspectCode(fx.fn.Decl.Body, func(n ast.Node) bool {
		if b, ok := n.(*ast.Block); ok {
			for _, it := range b.Items {
				if it == ast.Stmt(fx.s) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// startsLine reports whether only white space precedes the loop on its
// line.
func (fx *fixer) startsLine() bool {
	for i := fx.off(fx.s.Start()); i > 0 && fx.src[i-1] != '\n'; i-- {
		if c := fx.src[i-1]; c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// indent is the white space that starts the loop's line.
func (fx *fixer) indent() string { return edit.LineIndent(fx.src, fx.off(fx.s.Start())) }

// freshName returns name, or name with a number, that the unit does not
// use.
func (fx *fixer) freshName(name string) string {
	return edit.NewNames(fx.pass, facts.Of(fx.pass).Unit).Fresh(name, func(b string, k int) string {
		return strings.TrimRight(b, "0123456789") + strconv.Itoa(k)
	})
}

// bakes reports whether the rewrite would write c, a constant of the
// affinity, as a number while the affinity invokes macros (&a[i + OFF]):
// the fixed program would keep OFF's value when built with another.
func (fx *fixer) bakes(c int64) bool {
	return c != 0 && len(fx.consts.Named(fx.s.Affinity.X)) > 0
}

// blockMacro reports whether the indexed array's declaration specifiers
// invoke a macro of value 1 (shared [B] int a[...] with B 1): the array is cyclic
// only while B is 1, and the stride THREADS rewrite would stay when it
// is built with another B.
func (fx *fixer) blockMacro() bool {
	for _, n := range fx.consts.DeclNodes(fx.p.v) {
		if _, specs := n.(*ast.DeclSpecs); !specs {
			continue // the declarator's dimensions are no block size
		}
		for _, c := range fx.consts.Named(n) {
			if c.V == 1 {
				return true
			}
		}
	}
	return false
}

// perText writes the iterations per block of a blocked rewrite, p.per:
// the block size as the array's declaration writes it (B, RB * NC) over
// the index's coefficient as the affinity or the declaration's dimensions
// write it (&rows[i][0] of rows[N][M] in blocks of 3 * M: 3), so that the
// loop follows the macros when the program is built with other values.
func (fx *fixer) perText() string {
	p := fx.p
	num := strconv.FormatInt(p.per, 10)
	nodes := fx.consts.DeclNodes(p.v)
	slices.Reverse(nodes) // the specifiers, where the block size is, first
	bt := fx.consts.Text(p.per*p.coef, nodes...)
	if _, err := strconv.ParseInt(bt, 10, 64); err == nil {
		// A block size no one macro names (shared [IMGSIZE/THREADS] in
		// GWU's Sobel): the declaration's own text.
		if lt := fx.consts.LayoutText(p.v); strings.ContainsFunc(lt, isLetter) {
			bt = lt
		}
	}
	if p.coef == 1 {
		return bt
	}
	var decl ast.Node
	if p.v != nil && p.v.Decl != nil {
		decl = p.v.Decl
	}
	ct := fx.rowText()
	if ct == "" {
		ct = fx.consts.Text(p.coef, fx.s.Affinity.X, decl)
	}
	_, errB := strconv.ParseInt(bt, 10, 64)
	_, errC := strconv.ParseInt(ct, 10, 64)
	if errB == nil && errC == nil {
		return num
	}
	if bt == ct {
		return "1"
	}
	fs := strings.Split(bt, " * ")
	for i, f := range fs {
		if f == ct {
			return product(append(fs[:i:i], fs[i+1:]...))
		}
	}
	return paren(bt) + " / " + paren(ct)
}

// isLetter reports whether r starts a C identifier.
func isLetter(r rune) bool { return r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// rowText writes the index's coefficient when it is the length of the
// array's rows (&a[i][0] of a[N][P]: P), from the declarator's inner
// dimensions, each named by its own size (GWU's N, M and P are all 128):
// "" when it is not.
func (fx *fixer) rowText() string {
	p := fx.p
	sizes := edit.DimSizes(p.v)
	lay := fx.info.Layouts[p.v]
	if p.oneDim || lay == nil || len(sizes) < 2 || len(sizes) != len(lay.Dims) {
		return ""
	}
	row := int64(1)
	var fs []string
	for k, d := range lay.Dims[1:] {
		if d.Threads || d.Len <= 0 {
			return ""
		}
		row *= d.Len
		fs = append(fs, fx.consts.Text(d.Len, sizes[k+1]))
	}
	if p.coef != row {
		return ""
	}
	return product(fs)
}

// product joins factors with " * ", 1 for none.
func product(fs []string) string {
	if len(fs) == 0 {
		return "1"
	}
	return strings.Join(fs, " * ")
}

// factor parenthesises x for a product it is one factor of (THREADS *
// RB * NC, THREADS * (N - 1), THREADS * (B / M)).
func factor(x string) string {
	if strings.ContainsAny(x, "+-/%?") {
		return "(" + x + ")"
	}
	return x
}

// mod renders the non-negative remainder of x modulo THREADS; x is
// known non-negative when it is MYTHREAD plus a constant, and so is
// MYTHREAD + THREADS - c for c = 1 or 2 when THREADS > 1 (a loop from 1
// or 2: the first iteration of thread 0 is THREADS); with THREADS = 1
// every remainder is 0, as C's % gives for -1 % 1 too.
func mod(x string) string {
	switch x {
	case "0":
		return "0"
	case "MYTHREAD":
		return "MYTHREAD"
	case "MYTHREAD - 1":
		return "(MYTHREAD + THREADS - 1) % THREADS"
	case "MYTHREAD - 2":
		return "(MYTHREAD + THREADS - 2) % THREADS"
	}
	if c, ok := strings.CutPrefix(x, "MYTHREAD + "); ok && c != "" && strings.Trim(c, "0123456789") == "" {
		return "(" + x + ") % THREADS"
	}
	return "((" + x + ") % THREADS + THREADS) % THREADS"
}

// sub renders a - b.
func sub(a, b string) string {
	switch {
	case b == "0":
		return a
	case a == "0":
		return "-" + paren(b)
	}
	return a + " - " + paren(b)
}

func plusConst(c int64) string {
	switch {
	case c > 0:
		return " + " + strconv.FormatInt(c, 10)
	case c < 0:
		return " - " + strconv.FormatInt(-c, 10)
	}
	return ""
}

// paren parenthesises x unless it is a name or a number.
func paren(x string) string {
	simple := x != ""
	for _, r := range x {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			simple = false
		}
	}
	if simple {
		return x
	}
	return "(" + x + ")"
}

// identAtoms reports whether every atom of f is a C identifier (so that
// f.String() is C).
func identAtoms(f *affine.Form) bool {
	for _, a := range f.Atoms() {
		for i, r := range a {
			if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
				return false
			}
		}
	}
	return true
}

// readsShared reports whether e reads a shared object (which another
// thread may write at any time).
func readsShared(info *types.Info, e ast.Expr) bool {
	found := false
	ast.InspectCode(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && !found {
			if t := info.TypeOf(x); t != nil && (types.IsShared(t) || types.IsPointerToShared(t)) {
				found = true
			}
		}
		return !found
	})
	return found
}

// additive reports whether e binds at least as tightly as + and -, so that
// "e + x" and "e - x" add to the whole of e.
func additive(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BinaryExpr:
		switch x.Op {
		case "+", "-", "*", "/", "%":
			return true
		}
		return false
	case *ast.CondExpr, *ast.AssignExpr, *ast.CommaExpr:
		return false
	}
	return true
}

func mentions(e ast.Expr, name string) bool {
	found := false
	ast.InspectCode(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Name); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// exitsLoop reports whether body can leave the loop other than by the
// condition or return: a break not inside an inner loop or switch, or a
// goto.
func exitsLoop(body ast.Stmt) bool {
	found := false
	var walk func(n ast.Node, depth int)
	walk = func(n ast.Node, depth int) {
		ast.InspectCode(n, func(m ast.Node) bool {
			if found {
				return false
			}
			switch x := m.(type) {
			case *ast.BreakStmt:
				if depth == 0 {
					found = true
				}
			case *ast.GotoStmt:
				found = true
			case *ast.ForStmt, *ast.WhileStmt, *ast.DoStmt, *ast.SwitchStmt, *ast.ForallStmt:
				if m != n {
					walk(x, depth+1)
					return false
				}
			}
			return true
		})
	}
	walk(body, 0)
	return found
}

// containsForall reports whether n contains a upc_forall statement.
func containsForall(n ast.Node) bool {
	found := false
	ast.InspectCode(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.ForallStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// callsForall reports whether n calls a function of the unit that runs a
// upc_forall (directly or through other calls): run inside a forall, its
// affinity is not tested.
func callsForall(n ast.Node, g *forallCalls) bool {
	found := false
	ast.InspectCode(n, func(m ast.Node) bool {
		if c, ok := m.(*ast.CallExpr); ok && g.runs[g.callee(c)] {
			found = true
		}
		return !found
	})
	return found
}

// forallCalls is what the call graph of a unit says about upc_forall
// nesting, by function object.
type forallCalls struct {
	info *types.Info
	// inForall: the function may run inside a upc_forall body.
	inForall map[*types.FuncObj]bool
	// runs: the function runs a upc_forall, itself or through calls.
	runs map[*types.FuncObj]bool
}

// callee returns the function a call names, or nil.
func (g *forallCalls) callee(c *ast.CallExpr) *types.FuncObj {
	if id, ok := ast.Unparen(c.Fun).(*ast.Name); ok {
		fo, _ := g.info.Uses[id].(*types.FuncObj)
		return fo
	}
	return nil
}

// callGraph computes the forallCalls of the unit described by info.
func callGraph(info *types.Info) *forallCalls {
	g := &forallCalls{info: info, inForall: map[*types.FuncObj]bool{}, runs: map[*types.FuncObj]bool{}}
	calls := map[*types.FuncObj][]*types.FuncObj{}
	var inForall []*types.FuncObj
	for _, fd := range info.Funcs {
		if fd.Obj == nil || fd.Decl == nil {
			continue
		}
		f := fd.Obj
		ast.InspectCode(fd.Decl, func(m ast.Node) bool {
			switch x := m.(type) {
			case *ast.CallExpr:
				if c := g.callee(x); c != nil {
					calls[f] = append(calls[f], c)
				}
			case *ast.ForallStmt:
				g.runs[f] = true
				ast.InspectCode(x.Body, func(k ast.Node) bool {
					if c, ok := k.(*ast.CallExpr); ok {
						if fo := g.callee(c); fo != nil {
							inForall = append(inForall, fo)
						}
					}
					return true
				})
			}
			return true
		})
	}
	// Functions reachable from forall bodies.
	for len(inForall) > 0 {
		f := inForall[len(inForall)-1]
		inForall = inForall[:len(inForall)-1]
		if g.inForall[f] {
			continue
		}
		g.inForall[f] = true
		inForall = append(inForall, calls[f]...)
	}
	// Functions that reach a forall.
	for changed := true; changed; {
		changed = false
		for f, cs := range calls {
			if g.runs[f] {
				continue
			}
			for _, c := range cs {
				if g.runs[c] {
					g.runs[f] = true
					changed = true
					break
				}
			}
		}
	}
	return g
}

// funcObj is the function d defines.
func funcObj(info *types.Info, d *ast.Decl) *types.FuncObj {
	for _, fd := range info.Funcs {
		if fd.Decl == d {
			return fd.Obj
		}
	}
	return nil
}

// intLit returns the value of an integer literal the source writes (a
// macro's value is no literal: the rewrite keeps the macro's name).
func (fx *fixer) intLit(e ast.Expr) (int64, bool) {
	if fx.consts.FromMacro(e) {
		return 0, false
	}
	return intLit(e)
}

// intLit returns the value of an integer literal.
func intLit(e ast.Expr) (int64, bool) {
	l, ok := ast.Unparen(e).(*ast.BasicLit)
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseInt(strings.TrimRight(l.Value, "uUlL"), 0, 64)
	return v, err == nil
}
