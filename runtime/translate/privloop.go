package translate

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Privatized loops.
//
// The loops the forall fix produces (and the ones users write that way)
// visit only the calling thread's elements:
//
//	for (i = MYTHREAD; i < N; i += THREADS) c[i] = a[i] + b[i];
//	for (long b = MYTHREAD * 64; b < N; b += THREADS * 64) for (i = b; i < N && i < b + 64; i++) ...
//	if (upc_threadof(&d[0]) == MYTHREAD) for (i = 0; i < N; i++) d[i] = ...;
//
// but each access still goes through the general accessor: the layout
// arithmetic (a division by THREADS per access under dynamic THREADS), the
// locality test and the global counters. A loop whose step is THREADS*B
// (B >= 1 a constant) keeps i % (THREADS*B) invariant and advances the
// local block of element i by exactly one per iteration, so the locality
// of the elements it accesses relative to i can be tested once, after the
// initialisation, and they can then be addressed as local memory at a
// strength-reduced index k (seed 001 §6-7: privatization and induction
// variables). For B = 1 that covers a[i + c] (c a constant, or constants
// plus expressions of THREADS, MYTHREAD and local variables the loop does
// not change) when element i + c0 is MYTHREAD's, c0 the smallest constant
// c, and THREADS divides every other c - c0. For B > 1 it covers a[i + c]
// (c a constant) and a[j + c] in inner loops whose variable j stays within
// constant bounds around i (innerBlockLoop: the forall fix's two-level
// loops), when all these elements lie within B consecutive ones starting
// in MYTHREAD's block. Every element of a static indefinite array (which
// lives on thread 0) is local when MYTHREAD is 0. Such a loop is emitted
// twice behind a test made after its initialisation:
//
//	{ upcr_count_t lc[4] = {0, 0, 0, 0}; init;
//	  if (i % THREADS == MYTHREAD) { T *pa = upcr_mylocal(a); int64_t k = i / THREADS;
//	    for (; cond; i += THREADS, k++) ... UPCR_LP_GET(pa + k, lc) ... }
//	  else for (; cond; i += THREADS) ... the general accessors ...
//	  upcr_l1_flush(lc); }
//
// The privatized accesses count into a local array flushed after the loop,
// like the single-thread versions (fastloop.go), so the loop must be
// deferrable and every shared access in it must be privatized: no access
// can then take the remote path, whose fatal errors publish the counters.

// pvKind is how a privatized access finds its element.
type pvKind int

const (
	pvStrided pvKind = iota // X[i + c], i the loop's THREADS*B-strided variable
	pvInner                 // X[j + c], j an inner unit-stride variable near i
	pvIndef                 // X[e], X indefinite (on thread 0)
)

type pvAccess struct {
	kind pvKind
	obj  *types.Var
	off  int64 // c
	// B > 1: the elements accessed are at i + lo ... i + hi
	lo, hi int64
	inv    string   // pvStrided with B = 1: C text of an invariant c, as an int64_t
	cyc    string   // pvStrided with B = 1: C text of c - c0, "" for 0 (printPriv)
	index  ast.Expr // pvIndef: e
	inner  string   // pvInner: C text of j
	ptype  string   // C type of a pointer to the element
}

// pvPlan is a loop's privatization, built before it is printed.
type pvPlan struct {
	iv     *types.Var // THREADS*B-strided variable, or nil
	ivText string
	block  int64 // B
	// B > 1: the accesses are at i + min ... i + max
	min, max int64
	dec      bool // i -= THREADS*B
	acc      map[ast.Expr]*pvAccess
	// filled when printing
	lc, k string
	step  string // the step's value, read once (THREADS is a global that stores may alias)
	ptrs  map[*types.Var]string
	offs  map[string]string // cyclic offset c -> C name of c / THREADS
	loop  *ast.ForStmt
}

// pvInnerVar is an inner loop variable j in [i + lo, i + hi].
type pvInnerVar struct {
	v      *types.Var
	lo, hi int64
	text   string
}

// privLoop prints f privatized if it can be; it reports whether it did.
func (t *translator) privLoop(f *ast.ForStmt) bool {
	if t.l1 != "" || t.pv != nil || t.pvOff || t.opts.Check || t.opts.NoPrivatize {
		return false
	}
	pl := t.planPriv(f)
	if pl == nil {
		return false
	}
	t.printPriv(f, pl)
	return true
}

// planPriv returns f's privatization, or nil.
func (t *translator) planPriv(f *ast.ForStmt) *pvPlan {
	if !t.deferrable(f) {
		return nil
	}
	pl := &pvPlan{acc: map[ast.Expr]*pvAccess{}, loop: f}
	if iv, b, dec := t.threadsStride(f.Post); iv != nil && !t.writes(f.Cond, iv) && !t.writes(f.Body, iv) {
		pl.iv, pl.block, pl.dec = iv, b, dec
		pl.ivText = t.rv(unparen(f.Post).(*ast.AssignExpr).L)
	}
	ok := true
	addrOnly := map[ast.Expr]bool{}
	var walk func(n ast.Node, inner []pvInnerVar)
	walk = func(root ast.Node, inner []pvInnerVar) {
		ast.Inspect(root, func(n ast.Node) bool {
			if !ok || isNilNode(n) {
				return false
			}
			switch x := n.(type) {
			case *ast.ForallStmt, *ast.AsmStmt:
				ok = false
				return false
			case *ast.SizeofExpr:
				return false // the operand is not evaluated
			case *ast.ForStmt:
				if j, isInner := t.innerBlockLoop(x, pl); isInner {
					walk(&x.Init, inner)
					walk(x.Cond, inner)
					walk(x.Post, inner)
					walk(x.Body, append(inner[:len(inner):len(inner)], j))
					return false
				}
			case *ast.UnaryExpr:
				if x.Op == "&" {
					for e := x.X; ; e = e.(*ast.ParenExpr).X {
						addrOnly[e] = true
						if _, paren := e.(*ast.ParenExpr); !paren {
							break
						}
					}
				}
			}
			e, isExpr := n.(ast.Expr)
			if !isExpr || addrOnly[e] || !t.isSharedLvalue(e) {
				return true
			}
			if _, isArr := types.Core(t.info.Types[e].Type).(*types.Array); isArr {
				return true // decays to its address
			}
			u := unparen(e)
			if u != e {
				addrOnly[u] = true // classified here, once
			}
			a := t.classifyPriv(u, pl, inner)
			if a == nil {
				ok = false
				return false
			}
			pl.acc[u] = a
			return true
		})
	}
	walk(f.Cond, nil)
	walk(f.Body, nil)
	if !ok || len(pl.acc) == 0 {
		return nil
	}
	if pl.block > 1 {
		// all in one block of MYTHREAD: the one starting at i + min
		first := true
		for _, a := range pl.acc {
			if a.kind == pvIndef {
				continue
			}
			if first || a.lo < pl.min {
				pl.min = a.lo
			}
			if first || a.hi > pl.max {
				pl.max = a.hi
			}
			first = false
		}
		if pl.max-pl.min >= pl.block {
			return nil
		}
	}
	return pl
}

// classifyPriv returns how shared access e can be privatized in pl, or
// nil.
func (t *translator) classifyPriv(e ast.Expr, pl *pvPlan, inner []pvInnerVar) *pvAccess {
	x, ok := e.(*ast.IndexExpr)
	if !ok {
		return nil
	}
	pe, ie := x.X, x.Index
	if !types.IsPointer(t.valType(pe)) {
		pe, ie = ie, pe
	}
	name, ok := unparen(pe).(*ast.Name)
	if !ok {
		return nil
	}
	obj, _ := t.info.Uses[name].(*types.Var)
	if obj == nil || t.sharedObjs[obj] == nil {
		return nil
	}
	arr, ok := types.Core(obj.Type()).(*types.Array)
	if !ok {
		return nil
	}
	if _, nested := types.Core(arr.Elem).(*types.Array); nested {
		return nil
	}
	ty := t.info.Types[x].Type
	if accessor(ty) == "" || t.isStrict(ty) || t.ptrInfo(t.valType(pe)).count != "" {
		return nil
	}
	a := &pvAccess{obj: obj, ptype: t.ctype(&types.Pointer{Elem: types.WithoutShared(ty)}, "")}
	var block int64
	switch q := types.QualsOf(types.PointerElem(t.valType(pe))).Block; q.Kind {
	case types.BlockIndefinite:
		a.kind, a.index = pvIndef, ie
		return a
	case types.BlockDefault:
		block = 1
	case types.BlockDefinite:
		block = q.Size
	default:
		return nil
	}
	if pl.iv == nil || block != pl.block {
		return nil
	}
	if c, terms, ok := t.ivSplit(ie, pl.iv); ok {
		if len(terms) == 0 {
			a.kind, a.off, a.lo, a.hi = pvStrided, c, c, c
			return a
		}
		if block > 1 {
			return nil
		}
		var inv strings.Builder
		inv.WriteString("(")
		if c != 0 {
			inv.WriteString("(int64_t)(" + strconv.FormatInt(c, 10) + ")")
		}
		for _, term := range terms {
			if !t.invariantInt(term.e, pl.loop) {
				return nil
			}
			switch {
			case term.neg:
				inv.WriteString(" - ")
			case inv.Len() > 1:
				inv.WriteString(" + ")
			}
			inv.WriteString("(int64_t)(" + t.rv(term.e) + ")")
		}
		a.kind, a.inv = pvStrided, inv.String()+")"
		return a
	}
	for _, j := range inner {
		if c, ok := t.ivOffset(ie, j.v); ok {
			a.kind, a.off, a.inner, a.lo, a.hi = pvInner, c, j.text, j.lo+c, j.hi+c
			return a
		}
	}
	return nil
}

// threadsStride matches a step i += THREADS*B or i -= THREADS*B (B >= 1 a
// constant) on a local integer variable whose address is never taken.
func (t *translator) threadsStride(post ast.Expr) (iv *types.Var, block int64, dec bool) {
	a, ok := unparen(post).(*ast.AssignExpr)
	if !ok || a.Op != "+=" && a.Op != "-=" {
		return nil, 0, false
	}
	v := t.localIntVar(a.L)
	if v == nil {
		return nil, 0, false
	}
	tv, ok := t.info.Types[a.R]
	if !ok || tv.Mode != types.ModeConstant || tv.Value.Int < 1 {
		return nil, 0, false
	}
	switch st := int64(t.info.StaticThreads); {
	case tv.Value.Kind == types.ThreadsValue:
		block = tv.Value.Int
	case tv.Value.Kind == types.IntValue && st > 0 && tv.Value.Int%st == 0:
		block = tv.Value.Int / st
	default:
		return nil, 0, false
	}
	return v, block, a.Op == "-="
}

// localIntVar returns the variable e names if it is a block-scope integer
// of at least 4 bytes whose address is never taken.
func (t *translator) localIntVar(e ast.Expr) *types.Var {
	n, ok := unparen(e).(*ast.Name)
	if !ok {
		return nil
	}
	v, ok := t.info.Uses[n].(*types.Var)
	if !ok || v.FileScope || !types.IsInteger(v.Type()) || !t.registerVar(v) {
		return nil
	}
	if sz, ok := types.Sizeof(v.Type()); !ok || sz < 4 {
		return nil
	}
	return v
}

// innerBlockLoop matches an inner loop over part of a block of i, pl's
// variable: j steps by one and stays within [i + lo, i + hi] (constants)
// while the body runs, because the initialisation bounds it on one side
// and a conjunct of the condition on the other:
//
//	for (j = i + c; ... && j < i + w && ...; j++)     lo = c, hi = w - 1
//	for (j = X + (i + c > X ? i + c - X : 0); ...)     j = max(X, i + c): lo = c
//	for (j = X - (i + c < X ? X - (i + c) : 0); ... && j >= i + d && ...; j--)
//	                                                   j = min(X, i + c): hi = c, lo = d
//
// (the last two are the forall fix's loops for a start X other than 0),
// and j is not changed in the loop otherwise.
func (t *translator) innerBlockLoop(g *ast.ForStmt, pl *pvPlan) (pvInnerVar, bool) {
	if pl.iv == nil || pl.block < 2 || g.Init.Decl != nil || g.Cond == nil {
		return pvInnerVar{}, false
	}
	var target ast.Expr
	up := false
	switch p := unparen(g.Post).(type) {
	case *ast.PostfixExpr:
		target, up = p.X, p.Op == "++"
	case *ast.UnaryExpr:
		if p.Op == "++" || p.Op == "--" {
			target, up = p.X, p.Op == "++"
		}
	case *ast.AssignExpr:
		if c, ok := t.intConst(p.R); ok && c == 1 && (p.Op == "+=" || p.Op == "-=") {
			target, up = p.L, p.Op == "+="
		}
	}
	j := t.localIntVar(target)
	if j == nil || j == pl.iv {
		return pvInnerVar{}, false
	}
	init, ok := unparen(g.Init.X).(*ast.AssignExpr)
	if !ok || init.Op != "=" || t.localIntVar(init.L) != j {
		return pvInnerVar{}, false
	}
	if t.writes(g.Cond, j) || t.writes(g.Body, j) {
		return pvInnerVar{}, false
	}
	// the bound the initialisation gives: j == i + c, j >= i + c (up) or
	// j <= i + c (down)
	start, ok := t.ivOffset(init.R, pl.iv)
	if !ok {
		start, ok = t.clampStart(init.R, pl.iv, up)
	}
	if !ok {
		return pvInnerVar{}, false
	}
	// the other bound, from the condition's conjuncts
	const none = int64(1) << 62
	other := none
	var conj func(e ast.Expr)
	conj = func(e ast.Expr) {
		b, ok := unparen(e).(*ast.BinaryExpr)
		if !ok {
			return
		}
		if b.Op == "&&" {
			conj(b.X)
			conj(b.Y)
			return
		}
		if n, ok := unparen(b.X).(*ast.Name); !ok || t.info.Uses[n] != j {
			return
		}
		c, ok := t.ivOffset(b.Y, pl.iv)
		if !ok {
			return
		}
		var v int64
		switch {
		case up && b.Op == "<":
			v = c - 1
		case up && b.Op == "<=":
			v = c
		case !up && b.Op == ">=":
			v = c
		case !up && b.Op == ">":
			v = c + 1
		default:
			return
		}
		if other == none || up && v < other || !up && v > other {
			other = v
		}
	}
	conj(g.Cond)
	if other == none {
		return pvInnerVar{}, false
	}
	lo, hi := start, other
	if !up {
		lo, hi = other, start
	}
	if lo > hi || hi-lo >= pl.block {
		return pvInnerVar{}, false
	}
	return pvInnerVar{v: j, lo: lo, hi: hi, text: t.rv(target)}, true
}

// clampStart matches X + (i + c > X ? i + c - X : 0), which is at least
// i + c (up), and X - (i + c < X ? X - (i + c) : 0), which is at most i + c
// (down), with X a constant or a variable, and returns c.
func (t *translator) clampStart(e ast.Expr, iv *types.Var, up bool) (int64, bool) {
	outer, ok := unparen(e).(*ast.BinaryExpr)
	if !ok || up && outer.Op != "+" || !up && outer.Op != "-" {
		return 0, false
	}
	ce, ok := unparen(outer.Y).(*ast.CondExpr)
	if !ok {
		return 0, false
	}
	if z, ok := t.intConst(ce.Else); !ok || z != 0 {
		return 0, false
	}
	cmp, ok := unparen(ce.Cond).(*ast.BinaryExpr)
	diff, ok2 := unparen(ce.Then).(*ast.BinaryExpr)
	if !ok || !ok2 || diff.Op != "-" {
		return 0, false
	}
	x := outer.X
	var p, p2, x2, x3 ast.Expr
	if up {
		if cmp.Op != ">" {
			return 0, false
		}
		p, x2, p2, x3 = cmp.X, cmp.Y, diff.X, diff.Y // i + c > X ? i + c - X
	} else {
		if cmp.Op != "<" {
			return 0, false
		}
		p, x2, x3, p2 = cmp.X, cmp.Y, diff.X, diff.Y // i + c < X ? X - (i + c)
	}
	c, ok := t.ivOffset(p, iv)
	if c2, ok2 := t.ivOffset(p2, iv); !ok || !ok2 || c != c2 {
		return 0, false
	}
	if !t.sameValue(x, x2) || !t.sameValue(x, x3) {
		return 0, false
	}
	return c, true
}

// sameValue reports whether a and b are the same constant or the same
// local variable whose address is never taken.
func (t *translator) sameValue(a, b ast.Expr) bool {
	ta, oka := t.info.Types[a]
	tb, okb := t.info.Types[b]
	if oka && okb && ta.Mode == types.ModeConstant && tb.Mode == types.ModeConstant {
		return ta.Value.Kind == types.IntValue && tb.Value.Kind == types.IntValue && ta.Value.Int == tb.Value.Int
	}
	va, vb := t.localIntVar(a), t.localIntVar(b)
	return va != nil && va == vb
}

// ivTerm is a signed term of an index expression.
type ivTerm struct {
	e   ast.Expr
	neg bool
}

// ivSplit writes index e as iv + c + the terms (sums and differences,
// constants folded) when iv occurs in it exactly once, added.
func (t *translator) ivSplit(e ast.Expr, iv *types.Var) (c int64, terms []ivTerm, ok bool) {
	ivs := 0
	var walk func(e ast.Expr, neg bool)
	walk = func(e ast.Expr, neg bool) {
		e = unparen(e)
		if n, isName := e.(*ast.Name); isName && t.info.Uses[n] == iv {
			ivs++
			if neg {
				ivs += 2 // -i: not a match
			}
			return
		}
		if v, isConst := t.intConst(e); isConst {
			if neg {
				v = -v
			}
			c += v
			return
		}
		if b, isBin := e.(*ast.BinaryExpr); isBin && (b.Op == "+" || b.Op == "-") {
			walk(b.X, neg)
			walk(b.Y, neg != (b.Op == "-"))
			return
		}
		terms = append(terms, ivTerm{e, neg})
	}
	walk(e, false)
	return c, terms, ivs == 1
}

// invariantInt reports whether integer expression e has the same value
// in every iteration of loop f and can be evaluated before it: it is made
// of constants, THREADS, MYTHREAD and local variables that f does not
// write and whose address is never taken, without division.
func (t *translator) invariantInt(e ast.Expr, f *ast.ForStmt) bool {
	return t.pureInt(e, func(n *ast.Name) bool {
		v := t.localIntVar(n)
		return v != nil && !t.writes(f.Cond, v) && !t.writes(f.Body, v) && !t.writes(f.Post, v)
	})
}

// pureInt reports whether e is an integer expression that can be
// evaluated where it was not without changing anything or trapping:
// constants, THREADS, MYTHREAD and the variables name accepts, combined
// without division, calls or memory accesses.
func (t *translator) pureInt(e ast.Expr, name func(*ast.Name) bool) bool {
	if tv, ok := t.info.Types[e]; !ok || !types.IsInteger(tv.Type) {
		return false
	}
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok || isNilNode(n) {
			return false
		}
		switch x := n.(type) {
		case *ast.BasicLit, *ast.UPCConst, *ast.ParenExpr, *ast.CondExpr:
		case *ast.BinaryExpr:
			if x.Op == "/" || x.Op == "%" {
				ok = false
			}
		case *ast.SizeofExpr:
			return false
		case *ast.CastExpr:
			if !types.IsInteger(t.info.TypeNames[x.Type]) {
				ok = false
			}
		case *ast.TypeName:
			return false
		case *ast.UnaryExpr:
			switch x.Op {
			case "-", "+", "~", "!":
			default:
				ok = false
			}
		case *ast.Name:
			ok = name(x)
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// writes reports whether n assigns, increments or decrements v.
func (t *translator) writes(n ast.Node, v *types.Var) bool {
	found := false
	is := func(e ast.Expr) {
		if nm, ok := unparen(e).(*ast.Name); ok && t.info.Uses[nm] == v {
			found = true
		}
	}
	ast.Inspect(n, func(m ast.Node) bool {
		if found || isNilNode(m) {
			return false
		}
		switch x := m.(type) {
		case *ast.AssignExpr:
			is(x.L)
		case *ast.PostfixExpr:
			is(x.X)
		case *ast.UnaryExpr:
			if x.Op == "++" || x.Op == "--" {
				is(x.X)
			}
		}
		return !found
	})
	return found
}

// printPriv prints f with its privatized version.
func (t *translator) printPriv(f *ast.ForStmt, pl *pvPlan) {
	pl.lc = t.tmpName("lc")
	pl.ptrs = map[*types.Var]string{}
	pl.offs = map[string]string{}
	strided, indef := false, false
	// B = 1: the elements are at i + c; the test is on i + c0, c0 the
	// smallest constant c (0 if there is one), and the others must
	// differ from it by multiples of THREADS
	var c0 int64
	if pl.block == 1 {
		first := true
		for _, a := range pl.acc {
			if a.kind == pvStrided && a.inv == "" && (first || a.off == 0 || c0 != 0 && a.off < c0) {
				c0, first = a.off, false
			}
		}
		for _, a := range pl.acc {
			switch {
			case a.kind != pvStrided:
			case a.inv != "" && c0 == 0:
				a.cyc = a.inv
			case a.inv != "":
				a.cyc = "(" + a.inv + " - " + strconv.FormatInt(c0, 10) + ")"
			case a.off != c0:
				a.cyc = "(int64_t)(" + strconv.FormatInt(a.off-c0, 10) + ")"
			}
		}
	}
	var objs []*types.Var
	for _, a := range pl.acc {
		switch a.kind {
		case pvIndef:
			indef = true
		default:
			strided = true
			if a.cyc != "" {
				pl.offs[a.cyc] = ""
			}
		}
		if _, seen := pl.ptrs[a.obj]; !seen {
			pl.ptrs[a.obj] = ""
			objs = append(objs, a.obj)
		}
	}
	sort.Slice(objs, func(i, j int) bool { return objs[i].Pos() < objs[j].Pos() })
	var guard []string
	var pre strings.Builder
	if strided {
		pl.k = t.tmpName("k")
		i := "(int64_t)(" + pl.ivText + ")"
		b := strconv.FormatInt(pl.block, 10)
		if pl.block == 1 {
			if c0 != 0 {
				i = "(" + i + " + " + strconv.FormatInt(c0, 10) + ")"
			}
			guard = append(guard, i+" % THREADS == MYTHREAD")
			fmt.Fprintf(&pre, "int64_t %s = %s / THREADS; ", pl.k, i)
		} else {
			// element i + min starts MYTHREAD's block, or is far enough
			// into it for i + max to be in it too; k is its local index
			s0 := i
			if pl.min != 0 {
				s0 = "(" + i + " + " + strconv.FormatInt(pl.min, 10) + ")"
			}
			guard = append(guard, fmt.Sprintf("%s >= 0 && %s / %s %% THREADS == MYTHREAD", s0, s0, b))
			if room := pl.block - 1 - (pl.max - pl.min); room == 0 {
				guard = append(guard, fmt.Sprintf("%s %% %s == 0", s0, b))
			} else {
				guard = append(guard, fmt.Sprintf("%s %% %s <= %d", s0, b, room))
			}
			fmt.Fprintf(&pre, "int64_t %s = %s / %s / THREADS * %s + %s %% %s; ", pl.k, s0, b, b, s0, b)
		}
		pl.step = t.tmpName("s")
		fmt.Fprintf(&pre, "const int64_t %s = %s; ", pl.step, t.rv(unparen(f.Post).(*ast.AssignExpr).R))
		var offs []string
		for c := range pl.offs {
			offs = append(offs, c)
		}
		sort.Strings(offs)
		for _, c := range offs {
			// element i + c0 + c is MYTHREAD's only when THREADS divides c
			guard = append(guard, c+" % THREADS == 0")
			o := t.tmpName("o")
			pl.offs[c] = o
			fmt.Fprintf(&pre, "const int64_t %s = %s / THREADS; ", o, c)
		}
	}
	if indef {
		guard = append(guard, "MYTHREAD == 0") // static indefinite arrays live on thread 0
	}
	for _, v := range objs {
		p := t.tmpName("pl")
		pl.ptrs[v] = p
		var pt string
		for _, a := range pl.acc {
			if a.obj == v {
				pt = a.ptype
				break
			}
		}
		fmt.Fprintf(&pre, "%s = (%s)upcr_mylocal(%s); ", t.ctypeDecl(pt, p), pt, t.sharedObjs[v].cname)
	}

	t.atNode(f)
	t.w.write("{ upcr_count_t " + pl.lc + "[4] = {0, 0, 0, 0}; ")
	t.forInit(&f.Init)
	t.w.write(" if (" + strings.Join(guard, " && ") + ") { " + pre.String())
	savedOff := t.l1Off
	t.l1Off = true // no single-thread versions inside either version
	t.pv = pl
	t.forHeader(f, pl)
	t.stmt(f.Body)
	t.pv = nil
	t.w.write(" } else ")
	t.pvOff = true
	t.forHeader(f, nil)
	t.stmt(f.Body)
	t.pvOff = false
	t.l1Off = savedOff
	t.w.write(" upcr_l1_flush(" + pl.lc + "); }")
}

// ctypeDecl declares name with pointer type text pt.
func (t *translator) ctypeDecl(pt, name string) string {
	if strings.Contains(pt, "(") {
		return "__typeof__(" + pt + ") " + name
	}
	return pt + " " + name
}

// forHeader prints "for (; cond; post) " without the initialisation; with
// pl, the step also advances pl's index.
func (t *translator) forHeader(f *ast.ForStmt, pl *pvPlan) {
	t.w.write("for (;")
	if f.Cond != nil {
		t.exprAt(f.Cond, t.cond(f.Cond))
	}
	t.w.write(";")
	if pl != nil && pl.k != "" {
		op := " += "
		if pl.dec {
			op = " -= "
		}
		t.atNode(f.Post)
		t.w.write(pl.ivText + op + pl.step + ", " + pl.k + op + strconv.FormatInt(pl.block, 10))
	} else if f.Post != nil {
		t.exprAt(f.Post, t.voidExpr(f.Post))
	}
	t.w.write(") ")
}

// privPtr returns the local pointer to the element shared lvalue e
// designates when the loop being printed privatized it.
func (t *translator) privPtr(e ast.Expr) (string, *pvAccess, bool) {
	if t.pv == nil {
		return "", nil, false
	}
	a := t.pv.acc[unparen(e)]
	if a == nil {
		return "", nil, false
	}
	pl := t.pv
	base := pl.ptrs[a.obj]
	var idx string
	switch a.kind {
	case pvIndef:
		idx = "(" + t.rv(a.index) + ")"
	case pvStrided:
		idx = pl.k
		switch {
		case a.cyc != "":
			idx += " + " + pl.offs[a.cyc]
		case pl.block > 1 && a.off != pl.min:
			idx += " + " + strconv.FormatInt(a.off-pl.min, 10)
		}
	case pvInner:
		idx = pl.k + " + ((" + a.inner + ") - (" + pl.ivText + "))"
		if a.off != pl.min {
			idx += " + " + strconv.FormatInt(a.off-pl.min, 10)
		}
	}
	if a.kind != pvIndef && idx != pl.k {
		idx = "(" + idx + ")"
	}
	return "(" + base + " + " + idx + ")", a, true
}

// privRead reads a privatized element.
func (t *translator) privRead(p string) string {
	return "UPCR_LP_GET(" + p + ", " + t.pv.lc + ")"
}

// privAssign translates an assignment to a privatized element at p.
func (t *translator) privAssign(x *ast.AssignExpr, p string, a *pvAccess, void bool) string {
	ty := t.info.Types[x.L].Type
	vt := t.valueType(ty)
	lc := t.pv.lc
	if x.Op == "=" {
		v := t.convert(x.R, types.WithoutShared(ty))
		if void {
			return "UPCR_LP_PUT(" + p + ", " + v + ", " + lc + ")"
		}
		tmp := t.tmpName("v")
		return fmt.Sprintf("({ %s %s = %s; UPCR_LP_PUT(%s, %s, %s); %s; })", vt, tmp, v, p, tmp, lc, tmp)
	}
	op := strings.TrimSuffix(x.Op, "=")
	q := t.tmpName("q")
	pre := t.ctypeDecl(a.ptype, q) + " = " + p + "; "
	nv := t.compoundValue("UPCR_LP_GET("+q+", "+lc+")", ty, op, x.R)
	if void {
		return "({ " + pre + "UPCR_LP_PUT(" + q + ", " + nv + ", " + lc + "); })"
	}
	v := t.tmpName("v")
	return fmt.Sprintf("({ %s%s %s = %s; UPCR_LP_PUT(%s, %s, %s); %s; })", pre, vt, v, nv, q, v, lc, v)
}

// privIncDec translates ++ or -- of a privatized element at p.
func (t *translator) privIncDec(ty types.Type, p string, a *pvAccess, next func(string) string, prefix, void bool) string {
	vt := t.valueType(ty)
	lc := t.pv.lc
	q := t.tmpName("q")
	pre := t.ctypeDecl(a.ptype, q) + " = " + p + "; "
	get := "UPCR_LP_GET(" + q + ", " + lc + ")"
	if void {
		return "({ " + pre + "UPCR_LP_PUT(" + q + ", " + next(get) + ", " + lc + "); })"
	}
	v := t.tmpName("v")
	if prefix {
		return fmt.Sprintf("({ %s%s %s = %s; UPCR_LP_PUT(%s, %s, %s); %s; })", pre, vt, v, next(get), q, v, lc, v)
	}
	return fmt.Sprintf("({ %s%s %s = %s; UPCR_LP_PUT(%s, %s, %s); %s; })", pre, vt, v, get, q, next(v), lc, v)
}
