package singlevalued

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
)

func run(pass *analysis.Pass, fs *facts.Facts) error {
	for _, fn := range fs.Funcs {
		c := &checker{pass: pass, fn: fn, u: fn.Collective().Uniformity()}
		for _, b := range fn.Graph.Blocks {
			if !b.Live {
				continue
			}
			if s, ok := b.Stmt.(*ast.ForallStmt); ok && b.Kind == "forall.cond" && b.Forall == nil && b.Preds != nil {
				if c.first(s, b) {
					c.forall(s, b)
				}
			}
			for _, n := range b.Nodes {
				if _, ok := n.(*ast.StmtExpr); ok {
					continue
				}
				ast.InspectCode(n, func(m ast.Node) bool {
					switch m := m.(type) {
					case *ast.StmtExpr:
						return false
					case *ast.BarrierStmt:
						c.barrier(m, b)
					case *ast.CallExpr:
						c.call(m, b)
					}
					return true
				})
			}
		}
	}
	return nil
}

type checker struct {
	pass *analysis.Pass
	fn   *facts.Func
	u    *variance.Uniformity
	done map[*ast.ForallStmt]bool
}

// first reports whether forall s has not been checked yet (its condition
// may span several blocks).
func (c *checker) first(s *ast.ForallStmt, _ *cfg.Block) bool {
	if c.done == nil {
		c.done = map[*ast.ForallStmt]bool{}
	}
	if c.done[s] {
		return false
	}
	c.done[s] = true
	return true
}

func (c *checker) report(e ast.Node, why *variance.Reason, msg string) {
	var related []analysis.RelatedInformation
	if why.Node != nil && why.Node.Start().IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: why.Node.Start(), End: why.Node.End(),
			Message: "this makes it thread-dependent: " + why.What})
	}
	c.pass.Report(analysis.Diagnostic{Pos: e.Start(), End: e.End(), Category: Name, Message: msg, Related: related})
}

func (c *checker) barrier(s *ast.BarrierStmt, b *cfg.Block) {
	if s.ID == nil {
		return
	}
	why := c.u.Variant(s.ID, b)
	if why == nil {
		return
	}
	if s.Kind == "upc_wait" && anonymousNotify(c.fn.Graph, b) {
		return
	}
	c.report(s.ID, why, fmt.Sprintf("%s id %s is not single-valued: it depends on %s; UPC 1.3 §6.6.1 stops the program with an error when threads pass different ids",
		s.Kind, short(s.ID), why.Describe()))
}

// anonymousNotify reports whether every path to the wait in block b comes
// from a upc_notify without an id: then no thread's wait id can mismatch,
// since a barrier with an anonymous notify matches any value (UPC 1.3
// §6.6.1, constraint 4: the ids mismatch only when a notify carries a
// value). Other threads' notifies are in the same phase: a named notify
// there, on another path, is a mismatch of the barrier sequences
// (collectivity).
func anonymousNotify(g *cfg.Graph, b *cfg.Block) bool {
	seen := map[*cfg.Block]bool{b: true}
	stack := append([]*cfg.Block(nil), b.Preds...)
	found := false
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		if x == g.Entry {
			return false // the notify is in a caller: unknown
		}
		if bs := barrierOf(x); bs != nil {
			if bs.Kind != "upc_notify" || bs.ID != nil {
				return false
			}
			found = true
			continue
		}
		stack = append(stack, x.Preds...)
	}
	return found
}

// barrierOf returns the barrier statement of block x (each sits alone in
// its block), or nil.
func barrierOf(x *cfg.Block) *ast.BarrierStmt {
	for _, n := range x.Nodes {
		if bs, ok := n.(*ast.BarrierStmt); ok {
			return bs
		}
	}
	return nil
}

func (c *checker) call(call *ast.CallExpr, b *cfg.Block) {
	name := ast.CalleeName(call)
	if !strings.HasPrefix(name, "upc_all_") && !strings.HasPrefix(name, "bupc_all_") {
		return
	}
	if strings.HasPrefix(name, "upc_all_f") {
		return // UPC-IO: offsets and buffers of individual file pointers differ by design
	}
	for i, a := range call.Args {
		why := c.u.Variant(a, b)
		if why == nil {
			continue
		}
		c.report(a, why, fmt.Sprintf("argument %d of %s (%s) is not single-valued: it depends on %s; every thread must pass the same value to a collective operation",
			i+1, name, short(a), why.Describe()))
	}
}

// forall checks the controlling and affinity expressions of an outermost
// upc_forall; it reports the first thread-dependent one (the others
// usually depend on it).
func (c *checker) forall(s *ast.ForallStmt, cond *cfg.Block) {
	g := c.fn.Graph
	blockOf := func(n ast.Node, kind string) *cfg.Block {
		if b := g.BlockOf(n); b != nil {
			return b
		}
		for _, b := range g.Blocks {
			if b.Stmt == ast.Stmt(s) && b.Kind == kind {
				return b
			}
		}
		return cond
	}
	type clause struct {
		what    string
		e       ast.Expr
		at      *cfg.Block
		counter string
	}
	var cl []clause
	if s.Init.Decl != nil {
		at := blockOf(s.Init.Decl, "")
		for _, id := range s.Init.Decl.Inits {
			if id.Init != nil && id.Init.X != nil {
				cl = append(cl, clause{"initialization", id.Init.X, at, ""})
			}
		}
	} else if e, ok := s.Init.X.(ast.Expr); ok && e != nil {
		cl = append(cl, clause{"initialization", e, blockOf(e, ""), ""})
	}
	if e, ok := s.Post.(ast.Expr); ok && e != nil {
		// the counter itself is judged by the other clauses: here only
		// the amount it steps by
		cl = append(cl, clause{"step", e, blockOf(e, "forall.post"), counter(e)})
	}
	if e, ok := s.Cond.(ast.Expr); ok && e != nil {
		cl = append(cl, clause{"condition", e, cond, ""})
	}
	if s.Affinity != nil && !s.Affinity.Continue && s.Affinity.X != nil {
		cl = append(cl, clause{"affinity expression", s.Affinity.X, blockOf(s.Affinity, "forall.affinity"), ""})
	}
	for _, x := range cl {
		var uniform []string
		if x.counter != "" {
			uniform = append(uniform, x.counter)
		}
		if why := c.u.Variant(x.e, x.at, uniform...); why != nil {
			c.report(x.e, why, fmt.Sprintf("the %s of this upc_forall (%s) is not single-valued: it depends on %s; the controlling and affinity expressions of a upc_forall must be the same on every thread (UPC 1.3 §6.6.2)",
				x.what, short(x.e), why.Describe()))
			return
		}
	}
}

// counter returns the variable a forall step changes (i++, --i, i += s,
// i = i + s), or "".
func counter(e ast.Expr) string {
	if n, ok := ast.Unparen(cfg.Stored(ast.Unparen(e))).(*ast.Name); ok {
		return n.Name
	}
	return ""
}

// short prints an expression for a message, abbreviated when long.
func short(n ast.Node) string {
	s := ast.NodeString(n)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}
