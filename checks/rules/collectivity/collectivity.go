package collectivity

import (
	"fmt"
	gotoken "go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
)

func run(pass *analysis.Pass, fs *facts.Facts) error {
	for _, fn := range fs.Funcs {
		c := &checker{pass: pass, col: fn.Collective()}
		for _, op := range c.col.Ops() {
			if op.Kind == "upc_forall" {
				continue // the forall construct itself: see the doc's known limits
			}
			c.check(op)
		}
	}
	return nil
}

type checker struct {
	pass *analysis.Pass
	col  *collective.Func
}

func (c *checker) check(op *collective.Op) {
	what := opName(op)
	if f := op.Fact.Forall; f != nil {
		// With a continue or no affinity every thread runs every
		// iteration: the construct alone makes it undefined.
		why := "the affinity test lets each thread run only its own iterations"
		if f.Affinity == nil || f.Affinity.Continue {
			why = "although every thread runs every iteration here (no affinity test), the construct does not allow them"
		}
		c.report(op, fmt.Sprintf("%s is inside the body of a upc_forall: collective operations there are undefined (UPC 1.3 §6.6.2); %s", what, why),
			analysis.RelatedInformation{Pos: f.Start(), End: forallHeaderEnd(f), Message: "the enclosing upc_forall"})
		return
	}
	if op.Fact.OK() {
		return
	}
	if call, ok := op.Node.(*ast.CallExpr); ok && variance.CollectiveKind(call) == "" {
		if callee := c.col.Info.Callee(call); callee != nil && !collective.Synchronizes(c.col.Info, callee) {
			return // its only collectives are upc_forall loops: see the known limits
		}
	}
	d := c.col.Divergence(op.Block)
	if d == nil {
		return
	}
	dep := d.Why.Describe()
	var msg, rel string
	var extra []analysis.RelatedInformation
	switch d.Kind {
	case collective.Loop:
		msg = fmt.Sprintf("%s is not executed the same number of times by every thread: it is in a loop with a thread-dependent trip count (the loop condition depends on %s); threads that run fewer iterations deadlock the others", what, dep)
		rel = "this loop condition depends on " + dep
		if p := c.col.CountPartner(d.Loop); p != nil {
			// barriers match by count: another thread-dependent loop of
			// barriers may make up the difference
			msg = fmt.Sprintf("%s is executed a thread-dependent number of times: it is in a loop whose trip count depends on %s, and another loop of barriers in this function has a thread-dependent trip count too; whether the two add up to the same number of barriers on every thread is not known here: if they do not, the barriers pair up wrongly and threads deadlock", what, dep)
			extra = append(extra, analysis.RelatedInformation{Pos: p.Stmt.Start(), End: p.Stmt.End(), Message: "the other loop of barriers"})
		}
	case collective.EarlyExit:
		msg = fmt.Sprintf("%s is not reached by every thread: it comes after a thread-dependent exit (a return, break or goto under a condition that depends on %s); the threads that reach it wait for the others forever", what, dep)
		rel = "this condition depends on " + dep + " and leads some threads past the operation"
	default:
		msg = fmt.Sprintf("%s is not reached by every thread: it is under a thread-dependent condition (it depends on %s); threads that skip it deadlock the others", what, dep)
		rel = "this condition depends on " + dep
		if a, b, ok := c.col.Mismatch(d.Branch); ok {
			msg = fmt.Sprintf("%s is not reached by every thread: it is under a thread-dependent condition (it depends on %s) whose arms execute different collective operations (%s on one path, %s on another); threads that skip it deadlock the others",
				what, dep, sequence(a), sequence(b))
		}
	}
	n := d.Why.Node
	if ctl := d.Branch.Control(); ctl != nil && (n == nil || !n.Start().IsValid()) {
		n = ctl
	}
	related := append([]analysis.RelatedInformation{{Pos: n.Start(), End: n.End(), Message: rel}}, extra...)
	c.report(op, msg, related...)
}

func (c *checker) report(op *collective.Op, msg string, related ...analysis.RelatedInformation) {
	if call, ok := op.Node.(*ast.CallExpr); ok {
		if callee := c.col.Info.Callee(call); callee != nil && callee.Collective != nil && variance.CollectiveKind(call) == "" {
			inner := callee.Collective
			related = append(related, analysis.RelatedInformation{Pos: inner.Start(), End: inner.End(),
				Message: fmt.Sprintf("%s executes %s here", ast.FuncName(callee.Decl), opKindName(inner))})
		}
	}
	c.pass.Report(analysis.Diagnostic{Pos: op.Node.Start(), End: op.Node.End(), Category: Name, Message: msg, Related: related})
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
		return "a call of " + ast.CalleeName(call) + " (a collective)"
	}
	return "a collective operation"
}

func forallHeaderEnd(f *ast.ForallStmt) gotoken.Pos {
	if f.Body != nil {
		return f.Body.Start()
	}
	return f.End()
}

// sequence names a sequence of collective operations for a message.
func sequence(s string) string {
	if s == "" {
		return "none"
	}
	return s
}
