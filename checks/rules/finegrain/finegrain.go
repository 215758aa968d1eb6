package finegrain

import (
	"fmt"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// group is the non-local accesses of one array in one loop.
type group struct {
	loop    *cfg.Loop
	base    string
	accs    []*affine.Access
	ests    []estimate
	inhibit string
	indef   bool
	// oneBlock: the loop stays in one block, on a thread computed from
	// MYTHREAD (classOneBlock)
	oneBlock bool
}

func run(pass *analysis.Pass, f *facts.Facts) error {
	var fx *fixer // nil: no fixes built
	if f.WantFixes {
		fx = newFixer(pass, f.Unit)
	}
	allocs := &unitAllocs{file: f.Unit.File, info: f.Unit.Info}
	for _, fn := range f.Funcs {
		c := &checker{vi: f.Variance, fn: fn, af: fn.Affine(), info: f.Unit.Info, threads: f.Unit.Info.StaticThreads, fx: fx, allocs: allocs}
		c.check(pass)
	}
	return nil
}

type checker struct {
	vi      *variance.Info
	fn      *facts.Func
	af      *affine.Func
	info    *types.Info
	threads int
	fx      *fixer
	allocs  *unitAllocs // fixptrblock.go
	// coefs: while a rewrite is written, the macros that name its
	// coefficients (see coefNames)
	coefs map[int64]string
}

func (c *checker) check(pass *analysis.Pass) {
	type key struct {
		l    *cfg.Loop
		base string
	}
	groups := map[key]*group{}
	var order []*group
	for _, a := range c.af.Accesses {
		if !a.Shared || a.Addr || a.Index == nil || len(a.Loops) == 0 {
			continue
		}
		loc := c.locality(a)
		if loc.local || loc.skip {
			continue
		}
		l, inhibit := c.chooseLoop(a)
		if l == nil {
			continue
		}
		k := key{l, ast.NodeString(a.Base)}
		g := groups[k]
		if g == nil {
			g = &group{loop: l, base: k.base, inhibit: inhibit}
			groups[k] = g
			order = append(order, g)
		}
		g.accs = append(g.accs, a)
		g.ests = append(g.ests, c.estimate(a, l, loc))
		g.indef = g.indef || loc.class == classIndefinite
		g.oneBlock = g.oneBlock || loc.class == classOneBlock
	}
	for _, g := range order {
		if c.bulk(g.loop, g.accs[0].Base) || c.oneEach(g) {
			continue
		}
		c.report(pass, g)
	}
	c.checkElements(pass) // structelem.go: several fields of one element, index not affine
}

func (c *checker) report(pass *analysis.Pass, g *group) {
	sort.SliceStable(g.accs, func(i, j int) bool { return g.accs[i].Expr.Start() < g.accs[j].Expr.Start() })
	first := g.accs[0]
	reads, writes := false, false
	var texts []string
	seen := map[string]bool{}
	for _, a := range g.accs {
		if a.Write {
			writes = true
			if c.readModifyWrite(a) {
				reads = true
			}
		} else {
			reads = true
		}
		if t := ast.NodeString(a.Expr); !seen[t] {
			seen[t] = true
			texts = append(texts, t)
		}
	}
	pattern := texts[0]
	switch {
	case len(texts) == 2:
		pattern += " and " + texts[1]
	case len(texts) > 2:
		pattern += fmt.Sprintf(" and %d other accesses", len(texts)-1)
	}
	ops, fix := "reads", "coalesce with upc_memget into a private buffer before the loop"
	switch {
	case reads && writes:
		ops, fix = "reads and writes", "coalesce with upc_memget into a private buffer before the loop and upc_memput after it"
	case writes:
		ops, fix = "writes", "write into a private buffer and coalesce with upc_memput after the loop"
	}
	if !g.indef && !g.oneBlock {
		fix += " (one bulk copy per owning thread)"
	}
	count := renderSum(g.ests, c.threads)
	var msg string
	var d analysis.Diagnostic
	var fixes []checks.SuggestedFix
	if count == "" {
		msg = fmt.Sprintf("fine-grained remote %s of %s in this loop: each element on another thread is a separate remote operation", ops, pattern)
	} else {
		msg = fmt.Sprintf("fine-grained remote %s of %s in this loop: about %s remote %s per thread per execution", ops, pattern, count, ops)
	}
	if g.indef {
		msg += fmt.Sprintf(" (on every thread but the owner of %s)", g.base)
	}
	if g.oneBlock {
		msg += fmt.Sprintf(" (one block of %s, on a thread computed from MYTHREAD)", g.base)
	}
	if g.inhibit != "" {
		msg += fmt.Sprintf(" (not coalescible here: %s)", g.inhibit)
	} else if why := c.pointerNoFix(g); why != "" { // fixpointer.go
		msg += "; " + fix + " (no rewrite offered: " + why + ")"
	} else {
		msg += "; " + fix
		if sf := c.coalesce(c.fx, g); sf != nil {
			if sf.Applicability == checks.FixDisplayOnly {
				// whole elements would move more bytes: the adjacent
				// fields of each iteration's element instead (fieldspan.go)
				if alt := c.spanFix(c.fx, g); alt != nil {
					fixes = append(fixes, *alt)
				}
			}
			fixes = append(fixes, *sf)
		}
	}
	d.Pos, d.End, d.Category, d.Message = first.Expr.Start(), first.Expr.End(), Name, msg
	if s := g.loop.Stmt; s != nil {
		d.Related = []analysis.RelatedInformation{{Pos: s.Start(), End: s.Start() + 1, Message: "in this loop"}}
	}
	checks.Report(pass, d, fixes...)
}

// readModifyWrite reports whether a is the target of a compound
// assignment or an increment, which reads it too.
func (c *checker) readModifyWrite(a *affine.Access) bool {
	found := false
	for _, n := range a.Block.Nodes {
		ast.InspectCode(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.AssignExpr:
				found = found || m.Op != "=" && ast.Unparen(m.L) == a.Expr
			case *ast.PostfixExpr:
				found = found || ast.Unparen(m.X) == a.Expr
			case *ast.UnaryExpr:
				found = found || (m.Op == "++" || m.Op == "--") && ast.Unparen(m.X) == a.Expr
			}
			return !found
		})
	}
	return found
}

// chooseLoop returns the loop to report a in: the outermost enclosing
// loop in which its index varies, is affine with invariant bounds and the
// accesses could be coalesced; when none can be, the innermost such loop
// with the reason.
func (c *checker) chooseLoop(a *affine.Access) (*cfg.Loop, string) {
	var cands []*cfg.Loop
	for _, l := range a.Loops {
		ok := dependsOnIV(a.Index, c.af, l) && c.baseInvariant(a.Base, l) && !movesOtherwise(a.Index, c.af, l)
		if ok {
			lo, _, _ := c.af.Bounds(a.Index, l)
			ok = lo != nil
		}
		if !ok {
			if len(cands) > 0 {
				break
			}
			continue
		}
		cands = append(cands, l)
	}
	if len(cands) == 0 {
		return nil, ""
	}
	for i := len(cands) - 1; i >= 0; i-- {
		if c.inhibitor(cands[i], a) == "" && c.overfetch(cands[i], a) == "" {
			return cands[i], ""
		}
	}
	why := c.inhibitor(cands[0], a)
	if why == "" {
		why = c.overfetch(cands[0], a)
	}
	return cands[0], why
}

// overfetch says why a copy of all that a reads in loop l would fetch
// more than the thread reads, or "": a upc_forall at or inside l runs only
// the thread's iterations (owner computes), and the box of a's index over
// all of them holds the other threads' elements too. A loop inside the
// upc_forall fetches only what the thread's own iterations read: for a
// blocked stencil, the neighbours at the block boundaries.
func (c *checker) overfetch(l *cfg.Loop, a *affine.Access) string {
	fs, fl := c.controlling(a)
	if a.Write || fs == nil || fl == nil || !l.Contains(fl.Header) {
		return ""
	}
	iv := fl.Induction()
	if iv == nil || !a.Index.Has(iv.Name) {
		return ""
	}
	if lo, hi, _ := c.af.Bounds(a.Index, l); lo != nil && (lo.Has(affine.MyThread) || hi.Has(affine.MyThread)) {
		return "" // the box is the thread's own
	}
	return "each thread runs only its own iterations of the upc_forall, and a copy before it would fetch the elements the other threads read too"
}

// dependsOnIV reports whether fo has a term in the induction variable of l
// or of a loop nested in l.
func dependsOnIV(fo *affine.Form, af *affine.Func, l *cfg.Loop) bool {
	for _, name := range fo.Atoms() {
		if at := af.Atoms[name]; at != nil && at.Kind == affine.Induction && l.Counting(name) != nil {
			return true
		}
	}
	return false
}

// movesOtherwise reports whether fo has an induction variable's atom that
// l assigns but does not count (neither l nor a loop in it has it as its
// induction variable: i of a for (i = f(i_blk); i < A && i < B; i++) in
// l, which the atom's own loop elsewhere in the function does not bound).
func movesOtherwise(fo *affine.Form, af *affine.Func, l *cfg.Loop) bool {
	for _, name := range fo.Atoms() {
		if at := af.Atoms[name]; at != nil && at.Kind == affine.Induction && l.Counting(name) == nil && !l.Invariant(&ast.Name{Name: name}) {
			return true
		}
	}
	return false
}

// baseInvariant reports whether the array or pointer expression e denotes
// the same storage in every iteration of l.
func (c *checker) baseInvariant(e ast.Expr, l *cfg.Loop) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Name:
		v, _ := c.info.Uses[x].(*types.Var)
		if v != nil {
			if _, arr := types.Core(v.Type()).(*types.Array); arr {
				return true
			}
		}
		return l.Invariant(x) || c.localPointerFixed(x, v, l) || c.privatePointerFixed(x, v, l)
	case *ast.MemberExpr:
		if !x.Arrow {
			return c.baseInvariant(x.X, l)
		}
	case *ast.IndexExpr:
		return c.baseInvariant(x.X, l) && l.Invariant(x.Index)
	}
	return l.Invariant(e)
}

// localPointerFixed reports whether id is a local pointer (or parameter)
// that l never assigns and whose address is never taken.
func (c *checker) localPointerFixed(id *ast.Name, v *types.Var, l *cfg.Loop) bool {
	if v == nil || v.IsStatic() || !types.IsPointer(v.Type()) || c.fn.Decl.Body == nil {
		return false
	}
	return cfg.FixedInLoop(c.fn.Decl.Body, l, id.Name)
}

// rootName returns the variable an array or pointer expression starts
// from (a in a[i].f, &a[i], (T *)a + 1), or "".
func rootName(e ast.Expr) string {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			return x.Name
		case *ast.IndexExpr:
			e = x.X
		case *ast.MemberExpr:
			e = x.X
		case *ast.UnaryExpr:
			if x.Op != "&" && x.Op != "*" {
				return ""
			}
			e = x.X
		case *ast.CastExpr:
			e = x.X
		case *ast.BinaryExpr:
			if x.Op != "+" && x.Op != "-" {
				return ""
			}
			if r := rootName(x.X); r != "" {
				return r
			}
			e = x.Y
		default:
			return ""
		}
	}
}

// bulkCalls copy shared data in bulk.
var bulkCalls = map[string]bool{
	"upc_memget": true, "upc_memput": true, "upc_memcpy": true, "upc_memset": true,
	"upc_memget_nb": true, "upc_memput_nb": true, "upc_memcpy_nb": true,
	"upc_memget_nbi": true, "upc_memput_nbi": true, "upc_memcpy_nbi": true,
	"bupc_memget_async": true, "bupc_memput_async": true, "bupc_memcpy_async": true,
	"bupc_memget_strided": true, "bupc_memput_strided": true, "bupc_memget_vlist": true,
	"bupc_memput_vlist": true, "bupc_memget_ilist": true, "bupc_memput_ilist": true,
}

// bulk reports whether loop l already copies the array of base in bulk.
func (c *checker) bulk(l *cfg.Loop, base ast.Expr) bool {
	root := rootName(base)
	if root == "" {
		return false
	}
	found := false
	for _, b := range l.Blocks {
		for _, n := range b.Nodes {
			ast.InspectCode(n, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok && bulkCalls[ast.CalleeName(call)] {
					for _, arg := range call.Args {
						found = found || rootName(arg) == root
					}
				}
				return !found
			})
		}
	}
	return found
}

// lockCalls are the lock operations (strict accesses, UPC 7.2.4).
var lockCalls = map[string]bool{"upc_lock": true, "upc_unlock": true, "upc_lock_attempt": true}

// inhibitor returns why the accesses of a's array cannot be coalesced
// across loop l (Chen, "Building a Source-to-Source UPC-to-C Translator", §8.1), or "".
func (c *checker) inhibitor(l *cfg.Loop, a *affine.Access) string {
	why := ""
	for _, b := range l.Blocks {
		for _, n := range b.Nodes {
			switch s := n.(type) {
			case *ast.BarrierStmt:
				return "the loop body contains " + s.Kind
			case *ast.FenceStmt:
				return "the loop body contains upc_fence"
			case *ast.AsmStmt:
				return "the loop body contains asm"
			}
			ast.InspectCode(n, func(m ast.Node) bool {
				if why != "" {
					return false
				}
				// A strict access orders the relaxed ones around it (a
				// strict shared scalar is no affine access: see below).
				if e, ok := m.(ast.Expr); ok {
					if t := c.info.TypeOf(e); t != nil && types.IsShared(t) && c.info.StrictAccess(e) {
						why = "the loop body makes a strict access to " + ast.NodeString(e)
						return false
					}
				}
				if call, ok := m.(*ast.CallExpr); ok {
					name := ast.CalleeName(call)
					switch {
					case lockCalls[name]:
						why = "the loop body calls " + name
					case name == "":
						why = "the loop body makes an indirect call"
					case !bulkCalls[name] && !c.quiet(call):
						why = "the loop body calls " + name
					}
				}
				return true
			})
			if why != "" {
				return why
			}
		}
	}
	key := ast.NodeString(a.Base)
	for _, w := range c.af.Accesses {
		if !w.Shared || w.Addr || !l.Contains(w.Block) {
			continue
		}
		if c.strict(w) {
			return "the loop body makes a strict access to " + ast.NodeString(w.Base)
		}
		if !w.Write || a.Expr.Start() <= w.Expr.Start() && w.Expr.End() <= a.Expr.End() {
			continue // a read, or the element whose member a is (dst[t] of dst[t].cell[i])
		}
		wkey := ast.NodeString(w.Base)
		if wkey == key {
			for _, r := range c.af.Accesses {
				if r.Shared && !r.Write && !r.Addr && l.Contains(r.Block) && ast.NodeString(r.Base) == key &&
					(r.Index == nil || w.Index == nil || !r.Index.Equal(w.Index)) {
					return "the loop also writes " + key + " at other indices"
				}
			}
			continue
		}
		if (w.Var == nil || w.Pointer) && !c.distinctArrays(w.Base, a.Base) && !c.distinctAllocs(w, a) {
			return "a write through " + wkey + " may alias " + key
		}
	}
	return ""
}

// distinctArrays reports whether e and f lie in two different declared
// objects: each is elements and members (.m, not ->) of an array or a
// structure named differently. An array member of a structure element
// (edge[i].r in Sobel's benchmark) or of a shared structure (udata.a) is
// storage of that object, not a pointer.
func (c *checker) distinctArrays(e, f ast.Expr) bool {
	x, y := c.arrayRoot(e), c.arrayRoot(f)
	return x != "" && y != "" && x != y
}

// arrayRoot returns the name of the array or structure that e selects
// from through indexing and member selection only, or "".
func (c *checker) arrayRoot(e ast.Expr) string {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			switch types.Core(c.info.TypeOf(x)).(type) {
			case *types.Array, *types.Record:
				return x.Name
			}
			return ""
		case *ast.IndexExpr:
			t := c.info.TypeOf(x.X)
			if _, ok := types.Core(t).(*types.Array); !ok || t == nil {
				return ""
			}
			e = x.X
		case *ast.MemberExpr:
			if x.Arrow {
				return ""
			}
			e = x.X
		default:
			return ""
		}
	}
}

func (c *checker) strict(a *affine.Access) bool {
	if a.Layout != nil && a.Layout.Strict {
		return true
	}
	return c.info.StrictAccess(a.Expr)
}

// controlling returns the upc_forall whose affinity test selects the
// iterations that run a, and its loop (see affinity.Controlling).
func (c *checker) controlling(a *affine.Access) (*ast.ForallStmt, *cfg.Loop) {
	return affinity.Controlling(a)
}
