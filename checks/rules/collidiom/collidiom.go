package collidiom

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

func run(pass *analysis.Pass, fs *facts.Facts) error {
	info := fs.Unit.Info
	var ed *edit.Editor
	for _, fn := range fs.Funcs {
		if fn.Graph.Func == nil || fn.Graph.Func.Body == nil {
			continue
		}
		if ed == nil && fs.WantFixes {
			ed = edit.New(pass, fs)
		}
		c := &checker{pass: pass, fn: fn, info: info, ed: ed, wantFixes: fs.WantFixes}
		visit := func(n ast.Node) bool {
			if s, ok := n.(*ast.ForStmt); ok {
				if c.loop(s) {
					return false // one finding per nest
				}
			}
			return true
		}
		if fn.Graph.HasStmtExprs() {
			ast.InspectCode(fn.Graph.Func.Body, visit)
		} else {
			// Loops are statements, and no expression holds one.
			ast.InspectStmts(fn.Graph.Func.Body, func(s ast.Stmt) bool { return visit(s) })
		}
	}
	return nil
}

type checker struct {
	pass *analysis.Pass
	fn   *facts.Func
	info *types.Info
	ed   *edit.Editor // nil when fixes are not wanted
	// wantFixes: build suggested fixes (facts.Facts.WantFixes).
	wantFixes bool
}

// loop checks one for statement; it reports whether it reported.
func (c *checker) loop(s *ast.ForStmt) bool {
	l := c.fn.Graph.Loops().LoopFor(s)
	if l == nil {
		return false
	}
	// The counter's bound is the other side of the condition's comparison
	// (cfg.Loop.Induction): a loop whose condition is not t < THREADS or
	// THREADS > t is none, without computing its induction variable.
	if cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr); !ok || cond == nil ||
		!(cond.Op == "<" && c.info.IsThreads(cond.Y) || cond.Op == ">" && c.info.IsThreads(cond.X)) {
		return false
	}
	iv := l.Induction()
	if iv == nil || iv.Start == nil || !iv.StepKnown || iv.StepConst != 1 || iv.Op != "<" {
		return false
	}
	if v, ok := ast.IntConst(iv.Start); !ok || v != 0 {
		return false
	}
	if !c.info.IsThreads(iv.Bound) {
		return false
	}
	t := iv.Name
	var found string
	var at ast.Node
	ast.InspectCode(s.Body, func(n ast.Node) bool {
		if found != "" {
			return false
		}
		a, ok := n.(*ast.AssignExpr)
		if !ok {
			return true
		}
		if !c.sharedElem(ast.Unparen(a.L), t) && !c.sharedElem(ast.Unparen(a.R), t) {
			return true // no element indexed by t: assign finds nothing, cheaply
		}
		if c.ownElement(a, l, t) || c.sharedGuard(a, l) {
			return true
		}
		if msg := c.assign(a, t); msg != "" {
			found, at = msg, a
			return false
		}
		return true
	})
	if found == "" {
		return false
	}
	end := s.End()
	if s.Body != nil {
		end = s.Body.Start()
	}
	var fixes []checks.SuggestedFix
	if c.wantFixes {
		if f := c.fix(s, at.(*ast.AssignExpr), t); f != nil {
			fixes = append(fixes, *c.ed.WithHeaders(f))
		}
	}
	checks.Report(c.pass, analysis.Diagnostic{Pos: s.Start(), End: end, Category: Name, Message: found,
		Related: []analysis.RelatedInformation{{Pos: at.Start(), End: at.End(), Message: "the element-wise copy of the collective"}}},
		fixes...)
	return true
}

// ownElement reports whether a runs, in each iteration of the loop l over
// the threads with counter t, only when t is the executing thread
// (`if (t == MYTHREAD)`): each thread then touches its own element only.
func (c *checker) ownElement(a ast.Node, l *cfg.Loop, t string) bool {
	b := c.blockOf(a)
	return b != nil && c.fn.Graph.Guarded(b, l, func(e ast.Expr, kind cfg.EdgeKind) bool {
		return cfg.ThreadTest(e, kind) == t
	})
}

// sharedGuard reports whether a runs, in an iteration of loop l, only when
// a condition on shared data holds (if (timer[k] > m) timer[k] = m): an
// update that depends on the element, not a collective copy.
func (c *checker) sharedGuard(a ast.Node, l *cfg.Loop) bool {
	b := c.blockOf(a)
	return b != nil && c.fn.Graph.Guarded(b, l, func(e ast.Expr, _ cfg.EdgeKind) bool {
		shared := false
		ast.InspectCode(e, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok {
				if t := c.info.TypeOf(x); t != nil && types.IsShared(t) && !isArray(t) {
					shared = true
				}
			}
			return !shared
		})
		return shared
	})
}

// who says which threads execute node n: "every thread", "thread 0",
// "every thread but thread 0" or "one thread" (another thread-dependent
// condition), and whether all do.
func (c *checker) who(n ast.Node) (string, bool) {
	b := c.blockOf(n)
	if b == nil {
		return "", false
	}
	why := c.fn.Collective().Executed(b)
	if why == nil {
		return "every thread", true
	}
	if b.Forall != nil {
		return "", false
	}
	seen := map[*cfg.Block]bool{}
	queue := []*cfg.Block{b}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, d := range c.fn.Graph.ControlDeps(x) {
			if seen[d.Block] {
				continue
			}
			seen[d.Block] = true
			queue = append(queue, d.Block)
			e, ok := d.Block.Control().(ast.Expr)
			if !ok {
				continue
			}
			kind := d.Block.Edges[d.Succ].Kind
			switch ast.NodeString(ast.Unparen(e)) {
			case "MYTHREAD == 0", "0 == MYTHREAD":
				if kind == cfg.True {
					return "thread 0", false
				}
				return "every thread but thread 0", false
			case "!MYTHREAD", "MYTHREAD":
				if (kind == cfg.True) == (ast.NodeString(ast.Unparen(e)) == "!MYTHREAD") {
					return "thread 0", false
				}
			}
		}
	}
	return "one thread", false
}

// blockOf returns the block evaluating n.
func (c *checker) blockOf(n ast.Node) *cfg.Block {
	for _, b := range c.fn.Graph.Blocks {
		if !b.Live {
			continue
		}
		for _, m := range b.Nodes {
			if n.Start() >= m.Start() && n.End() <= m.End() {
				return b
			}
		}
	}
	return nil
}

// assign classifies an assignment in a loop over the threads with
// counter t, and returns the message, or "".
func (c *checker) assign(a *ast.AssignExpr, t string) string {
	l, r := ast.Unparen(a.L), ast.Unparen(a.R)
	lShared := c.sharedElem(l, t)
	rShared := c.sharedElem(r, t)
	who, all := c.who(a)
	if who == "" {
		return ""
	}
	src := ast.NodeString(r)
	switch {
	case a.Op == "=" && rShared && !lShared && c.private(l) && uses(l, t) && !c.severalPerOwner(r, t):
		if all {
			return fmt.Sprintf("hand-written gather-all over THREADS: every thread copies %s from every thread into %s; use upc_all_gather_all (one collective instead of THREADS remote reads per thread)", src, ast.NodeString(l))
		}
		return fmt.Sprintf("hand-written gather over THREADS: %s copies %s from every thread; use upc_all_gather (one collective instead of THREADS remote reads)", who, src)
	case rShared && !lShared && c.private(l) && !all:
		op := ""
		switch a.Op {
		case "+=":
			op = "UPC_ADD"
		case "*=":
			op = "UPC_MULT"
		case "&=":
			op = "UPC_AND"
		case "|=":
			op = "UPC_OR"
		case "^=":
			op = "UPC_XOR"
		}
		if op == "" {
			return ""
		}
		return fmt.Sprintf("hand-written reduction over THREADS: %s reads %s from every thread; use upc_all_reduce%s(..., %s, ...)", who, src, suffix(c.info.TypeOf(r)), op)
	case a.Op == "=" && lShared && !rShared && !all && c.uniformSource(r, t) && !c.severalPerOwner(l, t):
		if uses(r, t) {
			return fmt.Sprintf("hand-written scatter over THREADS: %s writes %s on every thread; use upc_all_scatter", who, ast.NodeString(l))
		}
		return fmt.Sprintf("hand-written broadcast over THREADS: %s writes %s on every thread; use upc_all_broadcast", who, ast.NodeString(l))
	}
	return ""
}

// sharedElem reports whether e is an element of a shared array (or a
// member of one) whose index uses the counter t.
func (c *checker) sharedElem(e ast.Expr, t string) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.MemberExpr:
			if x.Arrow {
				return false
			}
			e = x.X
			continue
		case *ast.IndexExpr:
			tt := c.info.TypeOf(x)
			bt := c.info.TypeOf(x.X)
			return tt != nil && types.IsShared(tt) && bt != nil && isArray(bt) && uses(x.Index, t) && !c.oneOwner(x)
		}
		return false
	}
}

// oneOwner reports whether every element that x indexes lies on one
// thread (an array member of a shared structure, on the structure's
// owner: thread 0 for a shared structure that is not an array), so that a
// loop over them is no collective.
func (c *checker) oneOwner(x *ast.IndexExpr) bool {
	for _, a := range c.fn.Affine().Accesses {
		if a.Expr == ast.Expr(x) {
			bs, ok := affinity.BlockOf(a, c.info)
			return ok && bs == 0
		}
	}
	return false
}

// severalPerOwner reports whether e, an element of a blocked array (or a
// member of one) indexed by the counter t, steps within blocks: the
// elements of consecutive t lie several on each owner, so that the loop
// is no scatter, broadcast or gather (which move one block per thread),
// although it may still be a reduction.
func (c *checker) severalPerOwner(e ast.Expr, t string) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.MemberExpr:
			e = x.X
			continue
		case *ast.IndexExpr:
			for _, a := range c.fn.Affine().Accesses {
				if a.Expr != ast.Expr(x) || a.Index == nil {
					continue
				}
				bs, ok := affinity.BlockOf(a, c.info)
				if !ok || bs <= 1 {
					return false
				}
				for _, tm := range a.Index.Terms {
					if len(tm.Atoms) == 1 && tm.Atoms[0] == t {
						return tm.Coef%bs != 0
					}
				}
			}
		}
		return false
	}
}

func (c *checker) private(e ast.Expr) bool {
	t := c.info.TypeOf(e)
	return t != nil && !types.IsShared(t)
}

// uniformSource: a value the writing thread has, not read from shared
// memory.
func (c *checker) uniformSource(e ast.Expr, t string) bool {
	ok := true
	ast.InspectCode(e, func(n ast.Node) bool {
		if x, isExpr := n.(ast.Expr); isExpr {
			if tt := c.info.TypeOf(x); tt != nil && types.IsShared(tt) {
				if _, isName := x.(*ast.Name); !isName || !isArray(tt) {
					ok = false
				}
			}
		}
		if _, isCall := n.(*ast.CallExpr); isCall {
			ok = false
		}
		return ok
	})
	return ok
}

func uses(e ast.Node, t string) bool {
	found := false
	ast.InspectCode(e, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok && x.Name == t {
			found = true
		}
		return !found
	})
	return found
}

var suffixes = map[types.BasicKind]string{
	types.Char: "C", types.SChar: "C", types.UChar: "UC", types.Short: "S", types.UShort: "US",
	types.Int: "I", types.UInt: "UI", types.Long: "L", types.ULong: "UL", types.LongLong: "L",
	types.ULongLong: "UL", types.Float: "F", types.Double: "D", types.LongDouble: "LD",
}

// suffix returns the upc_all_reduce type suffix of t ("T" if unknown).
func suffix(t types.Type) string {
	if b, ok := types.Core(t).(*types.Basic); ok {
		if s, ok := suffixes[b.Kind]; ok {
			return s
		}
	}
	return "T"
}

func isArray(t types.Type) bool { _, ok := types.Core(t).(*types.Array); return ok }
