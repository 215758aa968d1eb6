package collectivity

import (
	"fmt"
	gotoken "go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/types"
)

// Name is the rule's name.
const Name = "collectivity"

// Analyzer reports collective operations that not every thread reaches.
var Analyzer = &analysis.Analyzer{
	Name:     Name,
	Doc:      "report barriers and collective calls that not every thread reaches the same number of times",
	Requires: []*analysis.Analyzer{facts.Analyzer},
	Run:      run,
}

// Rule is the registry entry of the rule.
var Rule = &checks.Rule{
	Name:     Name,
	Kind:     checks.KindCorrectness,
	Severity: diag.Error,
	Summary:  "a barrier or collective operation that not every thread reaches the same number of times",
	Tags:     []string{"correctness", "collective", "deadlock"},
	Analyzer: Analyzer,
}

func run(pass *analysis.Pass) (any, error) {
	fs := facts.Of(pass)
	if fs.Variance == nil {
		return nil, nil
	}
	for _, fn := range fs.Funcs {
		c := &checker{pass: pass, fn: fn, col: fn.Collective(),
			u: &Uniformity{V: fn.Variance, Types: fs.Unit.Info, Unit: fs.Variance}}
		for _, op := range c.col.Ops() {
			if op.Kind == "upc_forall" {
				continue // the forall construct itself: see the doc's known limits
			}
			c.check(op)
		}
	}
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	fn   *facts.Func
	col  *collective.Func
	u    *Uniformity
	// strict: aligned branches count as divergence too (the question is
	// whether every thread executes a block, not whether collectives match)
	strict bool
}

// Divergence returns why the threads may execute block b of fn a different
// number of times, or nil when every thread executes it alike, with the
// precision assumptions of the rule (see Weak; error exits that end the
// program; counted loops with single-valued bounds). Unlike the rule, a
// branch whose arms execute the same collectives still counts.
func Divergence(fn *facts.Func, info *types.Info, b *cfg.Block) *variance.Reason {
	if b.Forall != nil {
		return &variance.Reason{What: "upc_forall affinity test"}
	}
	c := &checker{fn: fn, col: fn.Collective(), u: &Uniformity{V: fn.Variance, Types: info, Unit: fn.Collective().Info}, strict: true}
	if d := c.find(b); d != nil {
		return d.why
	}
	return nil
}

// divergence is a thread-dependent branch that makes threads disagree on
// how often they reach an operation.
type divergence struct {
	kind   collective.Kind
	branch *cfg.Block
	why    *variance.Reason
	loop   *cfg.Loop
}

func (c *checker) check(op *collective.Op) {
	what := opName(op)
	if f := op.Fact.Forall; f != nil {
		c.report(op, fmt.Sprintf("%s is inside the body of a upc_forall: collective operations there are undefined (UPC 1.3 §6.6.2), and the affinity test lets each thread run only its own iterations", what),
			analysis.RelatedInformation{Pos: f.Start(), End: forallHeaderEnd(f), Message: "the enclosing upc_forall"})
		return
	}
	if op.Fact.OK() {
		return
	}
	d := c.find(op.Block)
	if d == nil {
		return
	}
	dep := Describe(d.why)
	var msg, rel string
	switch d.kind {
	case collective.Loop:
		msg = fmt.Sprintf("%s is not executed the same number of times by every thread: it is in a loop with a thread-dependent trip count (the loop condition depends on %s); threads that run fewer iterations deadlock the others", what, dep)
		rel = "this loop condition depends on " + dep
	case collective.EarlyExit:
		msg = fmt.Sprintf("%s is not reached by every thread: it comes after a thread-dependent exit (a return, break or goto under a condition that depends on %s); the threads that reach it wait for the others forever", what, dep)
		rel = "this condition depends on " + dep + " and leads some threads past the operation"
	default:
		msg = fmt.Sprintf("%s is not reached by every thread: it is under a thread-dependent condition (it depends on %s); threads that skip it deadlock the others", what, dep)
		rel = "this condition depends on " + dep
	}
	n := d.why.Node
	if ctl := d.branch.Control(); ctl != nil && (n == nil || !n.Start().IsValid()) {
		n = ctl
	}
	related := []analysis.RelatedInformation{{Pos: n.Start(), End: n.End(), Message: rel}}
	c.report(op, msg, related...)
}

func (c *checker) report(op *collective.Op, msg string, related ...analysis.RelatedInformation) {
	if call, ok := op.Node.(*ast.CallExpr); ok {
		if callee := c.col.Info.Callee(call); callee != nil && callee.Collective != nil && variance.CollectiveKind(call) == "" {
			inner := callee.Collective
			related = append(related, analysis.RelatedInformation{Pos: inner.Start(), End: inner.End(),
				Message: fmt.Sprintf("%s executes %s here", cfg.FuncName(callee.Decl), opKindName(inner))})
		}
	}
	c.pass.Report(analysis.Diagnostic{Pos: op.Node.Start(), End: op.Node.End(), Category: Name, Message: msg, Related: related})
}

// find returns the thread-dependent branch that makes threads disagree on
// how often they execute block b, or nil when every such branch only
// separates threads that end the program (error exits), only reads shared
// data or memory through pointers (see Weak), or is the comparison of a
// loop with a single-valued trip count.
func (c *checker) find(b *cfg.Block) *divergence {
	seen := map[*cfg.Block]bool{}
	// target is the block whose execution is in question at this step: b,
	// or the last branch above it that decides it other than by stopping
	// the program.
	var walk func(x, target *cfg.Block) *divergence
	walk = func(x, target *cfg.Block) *divergence {
		for _, d := range c.fn.Graph.ControlDeps(x) {
			br := d.Block
			if seen[br] {
				continue
			}
			seen[br] = true
			next := target
			if controlsUnlessStopped(c.fn.Graph, target, br) {
				next = br
				if c.fn.Variance.Branch(br) != nil && (c.strict || !c.col.Aligned(br)) {
					if dv := c.diverges(b, br); dv != nil {
						return dv
					}
				}
			}
			if dv := walk(br, next); dv != nil {
				return dv
			}
		}
		return nil
	}
	return walk(b, b)
}

// diverges classifies the branch br above block b, or returns nil if it
// does not really make threads disagree about b.
func (c *checker) diverges(b, br *cfg.Block) *divergence {
	ctl := br.Control()
	if _, ok := ctl.(*ast.Affinity); ok {
		return nil // reported as forall above
	}
	e, ok := ctl.(ast.Expr)
	if !ok {
		return nil
	}
	why := c.u.Variant(e, br)
	if why == nil {
		return nil
	}
	d := &divergence{kind: collective.Branch, branch: br, why: why}
	for l := c.fn.Graph.Loops().LoopOf(br); l != nil; l = l.Parent {
		if !l.Contains(b) {
			continue
		}
		for _, ex := range l.Exits {
			if ex.From == br {
				if c.u.LoopUniform(l, br) {
					return nil
				}
				d.kind, d.loop = collective.Loop, l
				return d
			}
		}
	}
	if c.terminatesOnly(b, br) {
		return nil
	}
	if s := enclosingBranch(c.fn.Graph, ctl); s == nil || b.Pos() < s.Start() || b.Pos() >= s.End() {
		d.kind = collective.EarlyExit
	}
	return d
}

// terminatesOnly reports whether every path from br that avoids b ends the
// program: a call that never returns (exit, abort, upc_global_exit), or a
// return from main that b cannot reach again. Such paths are error exits.
func (c *checker) terminatesOnly(b, br *cfg.Block) bool {
	g := c.fn.Graph
	isMain := g.Name == "main"
	fromB := reach(b)
	seen := map[*cfg.Block]bool{b: true, br: true}
	var stack []*cfg.Block
	for _, s := range br.Succs {
		if !seen[s] {
			seen[s] = true
			stack = append(stack, s)
		}
	}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, s := range x.Succs {
			if s == g.Exit {
				switch x.Edges[i].Kind {
				case cfg.NoReturn:
					continue
				case cfg.Return:
					if isMain && !fromB[x] {
						continue
					}
				}
				return false
			}
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}

// controlsUnlessStopped reports whether b is control dependent on br once
// the paths that end the program (calls that never return, such as exit or
// upc_global_exit) are left out: some successor of br is always followed by
// b on the way out of the function, and br itself is not. A branch whose
// arms can only differ by stopping the program (an error check on one
// thread inside a loop of collectives) does not make the threads disagree.
func controlsUnlessStopped(g *cfg.Graph, b, br *cfg.Block) bool {
	if alwaysThrough(g, b, br) {
		return false
	}
	for _, s := range br.Succs {
		if alwaysThrough(g, b, s) {
			return true
		}
	}
	return false
}

// alwaysThrough reports whether every path from x that leaves the function
// other than by a call that never returns passes through b.
func alwaysThrough(g *cfg.Graph, b, x *cfg.Block) bool {
	if x == b {
		return true
	}
	seen := map[*cfg.Block]bool{x: true, b: true}
	stack := []*cfg.Block{x}
	for len(stack) > 0 {
		y := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for i, s := range y.Succs {
			if s == g.Exit {
				if y.Edges[i].Kind != cfg.NoReturn {
					return false
				}
				continue
			}
			if !seen[s] {
				seen[s] = true
				stack = append(stack, s)
			}
		}
	}
	return true
}

func reach(b *cfg.Block) map[*cfg.Block]bool {
	out := map[*cfg.Block]bool{b: true}
	stack := []*cfg.Block{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range x.Succs {
			if !out[s] {
				out[s] = true
				stack = append(stack, s)
			}
		}
	}
	return out
}

// enclosingBranch returns the innermost if, switch or loop statement of g
// whose range contains the condition ctl.
func enclosingBranch(g *cfg.Graph, ctl ast.Node) ast.Stmt {
	if g.Func == nil || g.Func.Body == nil {
		return nil
	}
	var best ast.Stmt
	cfg.Inspect(g.Func.Body, func(n ast.Node) bool {
		if n == nil || ctl.Start() < n.Start() || ctl.End() > n.End() {
			return false
		}
		switch s := n.(type) {
		case *ast.IfStmt, *ast.SwitchStmt, *ast.WhileStmt, *ast.DoStmt, *ast.ForStmt, *ast.ForallStmt:
			best = s.(ast.Stmt)
		}
		return true
	})
	return best
}

// opName names a collective operation for a message.
func opName(op *collective.Op) string {
	if strings.HasPrefix(op.Kind, "call of ") {
		return "this call of " + strings.TrimPrefix(op.Kind, "call of ") + " (which executes a collective operation)"
	}
	if _, ok := op.Node.(*ast.CallExpr); ok {
		return op.Kind + "()"
	}
	return op.Kind
}

func opKindName(n ast.Node) string {
	if k := variance.CollectiveKind(n); k != "" {
		if _, ok := n.(*ast.CallExpr); ok {
			return k + "()"
		}
		return k
	}
	if call, ok := n.(*ast.CallExpr); ok {
		return "a call of " + cfg.CalleeName(call) + " (a collective)"
	}
	return "a collective operation"
}

func forallHeaderEnd(f *ast.ForallStmt) gotoken.Pos {
	if f.Body != nil {
		return f.Body.Start()
	}
	return f.End()
}
