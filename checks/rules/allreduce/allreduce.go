package allreduce

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

func run(pass *analysis.Pass, fs *facts.Facts) error {
	info := fs.Unit.Info
	// Most functions read no shared scalar: look for the reads first and
	// pay for collectivity (of this function, and of every call site) only
	// when there is one.
	var partial map[*variance.Func]bool
	var ed *edit.Editor
	for _, fn := range fs.Funcs {
		var reduced map[string]string
		for _, b := range fn.Graph.Blocks {
			if !b.Live || b.Forall != nil {
				continue
			}
			for _, n := range b.Nodes {
				into, src := privateRead(info, n)
				if src == nil {
					continue
				}
				rd := sharedScalar(info, fn, b, src)
				if rd == nil {
					// the value is computed from the read: mean = total / N
					if rd = scalarIn(info, fn, b, src); rd == nil {
						continue
					}
					into = computed(into)
				}
				if x := fn.Collective().Block(b); x.Kind != collective.Collective || x.Aligned || x.Forall != nil {
					continue
				}
				if advancedByAll(fn, ast.NodeString(rd)) {
					continue
				}
				if partial == nil {
					partial = partlyCalled(fs)
				}
				if partial[fn.Variance] || unrun(fs, fn) || paramGuarded(fs, fn, b) {
					continue
				}
				if reduced == nil {
					reduced = reductions(fn.Graph)
				}
				name := ast.NodeString(rd)
				origin := "shared " + name
				if call := reduced[name]; call != "" {
					origin = "the result of " + call + " (shared " + name + ")"
				}
				msg := fmt.Sprintf("every thread reads %s and %s: each thread fetches the value from its single owner, a hidden broadcast costing THREADS remote gets at one thread per execution; broadcast it once with upc_all_broadcast (or reduce into per-thread copies) and read the local copy",
					origin, into)
				var related []analysis.RelatedInformation
				if call := reduced[name]; call != "" {
					related = append(related, analysis.RelatedInformation{Pos: rd.Start(), End: rd.End(),
						Message: "the remote read of " + name})
				}
				var fixes []checks.SuggestedFix
				if fs.WantFixes {
					if ed == nil {
						ed = edit.New(pass, fs)
					}
					if f := broadcastFix(ed, fn, n, rd); f != nil {
						fixes = append(fixes, *ed.WithHeaders(f))
					}
				}
				checks.Report(pass, analysis.Diagnostic{Pos: n.Start(), End: n.End(), Category: Name, Message: msg, Related: related},
					fixes...)
			}
		}
	}
	return nil
}

// advancedByAll reports whether every thread that runs fn also writes the
// shared scalar named name (++, --, any assignment): a counter or
// accumulator that the threads take turns on, typically under a lock, so
// that each read sees a different value and is no broadcast.
func advancedByAll(fn *facts.Func, name string) bool {
	for _, b := range fn.Graph.Blocks {
		if !b.Live || b.Forall != nil {
			continue
		}
		if x := fn.Collective().Block(b); x.Kind != collective.Collective || x.Aligned || x.Forall != nil {
			continue
		}
		for _, n := range b.Nodes {
			found := false
			ast.InspectCode(n, func(m ast.Node) bool {
				// An assignment too: x = v + 1 after v = x (a counter
				// taken under a lock) or x = (x + 1) % THREADS: every
				// thread stores, so no value is one owner's.
				if target := cfg.Stored(m); target != nil && ast.NodeString(ast.Unparen(target)) == name {
					found = true
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// privateRead returns the expression a statement copies into private
// memory or returns, and how, or a nil expression.
func privateRead(info *types.Info, n ast.Node) (into string, src ast.Expr) {
	switch n := n.(type) {
	case *ast.ReturnStmt:
		if e, ok := n.X.(ast.Expr); ok && e != nil {
			return "returns it", e
		}
	case *ast.ExprStmt:
		if a, ok := n.X.(*ast.AssignExpr); ok && a.Op == "=" && isPrivate(info, a.L) {
			return "copies it into private " + ast.NodeString(a.L), a.R
		}
	case *ast.DeclStmt:
		if n.Decl != nil && len(n.Decl.Inits) == 1 {
			id := n.Decl.Inits[0]
			if id.Init != nil && id.Init.X != nil {
				return "copies it into private " + declName(id), id.Init.X
			}
		}
	}
	return "", nil
}

// scalarIn returns the first read of a shared scalar inside e (see
// sharedScalar), not under & or sizeof, or nil.
func scalarIn(info *types.Info, fn *facts.Func, b *cfg.Block, e ast.Expr) ast.Expr {
	var found ast.Expr
	ast.InspectCode(e, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.UnaryExpr:
			if x.Op == "&" || x.Op == "sizeof" {
				return false
			}
		case *ast.SizeofExpr:
			return false
		case *ast.Name, *ast.IndexExpr, *ast.MemberExpr: // what a read of a scalar is
			if rd := sharedScalar(info, fn, b, x.(ast.Expr)); rd != nil {
				found = rd
				return false
			}
		}
		return true
	})
	return found
}

// computed rewords what a statement does with a read (privateRead's
// phrase) for a read that is part of the value: "copies it into private
// m" becomes "computes private m from it".
func computed(into string) string {
	if v, ok := strings.CutPrefix(into, "copies it into private "); ok {
		return "computes private " + v + " from it"
	}
	return "returns a value computed from it"
}

// sharedScalar returns the read of a shared scalar that e is, after
// parentheses and casts: a shared non-array variable, a member of one, or
// an element of a shared array whose index is the same on every thread
// and in every iteration of the enclosing loops. It returns nil otherwise.
func sharedScalar(info *types.Info, fn *facts.Func, b *cfg.Block, e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.CastExpr:
			e = x.X
			continue
		}
		break
	}
	e = ast.Unparen(e)
	t := info.TypeOf(e)
	if t == nil || !types.IsShared(t) || !types.IsScalar(t) {
		return nil
	}
	ok := true
	var check func(e ast.Expr)
	check = func(e ast.Expr) {
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			if _, isVar := info.Uses[x].(*types.Var); !isVar {
				ok = false
			}
		case *ast.IndexExpr:
			bt := info.TypeOf(x.X)
			if bt == nil || !isArray(bt) {
				ok = false // through a pointer-to-shared: the owner varies with it
				return
			}
			idx, isExpr := x.Index.(ast.Expr)
			if !isExpr || fn.Variance.Variant(idx) != nil || !single(fn.Graph, b, idx) {
				ok = false
				return
			}
			check(x.X)
		case *ast.MemberExpr:
			if x.Arrow {
				ok = false
				return
			}
			check(x.X)
		default:
			ok = false
		}
	}
	check(e)
	if !ok {
		return nil
	}
	return e
}

// single reports whether an index is the same on every thread and in
// every iteration of the loops around b.
func single(g *cfg.Graph, b *cfg.Block, idx ast.Expr) bool {
	uses := false
	ast.InspectCode(idx, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UPCConst:
			if n.Name == "MYTHREAD" {
				uses = true
			}
		case *ast.CallExpr:
			uses = true
		}
		return !uses
	})
	if uses {
		return false
	}
	for l := g.Loops().LoopOf(b); l != nil; l = l.Parent {
		if !l.Invariant(idx) {
			return false
		}
	}
	return true
}

// unrun reports whether the unit names fn nowhere and fn is static (dead
// code) or not main in a unit that has main: dead code, or called from
// another unit by threads the rule does not see (Edmiston's
// printEditDistance, whose calls by thread 0 are commented out).
func unrun(fs *facts.Facts, fn *facts.Func) bool {
	if fs.Variance.Referenced(fn.Variance) {
		return false
	}
	if o := fn.Variance.Obj; o != nil && o.Storage == types.Static {
		return true
	}
	main := fs.Variance.Main()
	return main != nil && fn.Variance != main
}

// paramGuarded reports whether b runs only past a branch whose condition
// reads a parameter of fn (cfg.Graph.Guarded), and no call of fn is in the unit: the
// thread-variance of a parameter comes from the calls it sees, and another
// file may pass each thread's number (SPLASH-2 barnes-hut's
// output(ProcessId), under if (ProcessId == 0)).
func paramGuarded(fs *facts.Facts, fn *facts.Func, b *cfg.Block) bool {
	if fs.Variance.Referenced(fn.Variance) {
		return false
	}
	info := fs.Unit.Info
	return fn.Graph.Guarded(b, nil, func(cond ast.Expr, _ cfg.EdgeKind) bool {
		param := false
		ast.InspectCode(cond, func(n ast.Node) bool {
			if x, ok := n.(*ast.Name); ok {
				if v, ok := info.Uses[x].(*types.Var); ok && v.Param {
					param = true
				}
			}
			return !param
		})
		return param
	})
}

// partlyCalled returns the functions of the unit called somewhere by only
// some threads (or a different number of times by different threads): a
// read there is not executed by every thread.
func partlyCalled(fs *facts.Facts) map[*variance.Func]bool {
	out := map[*variance.Func]bool{}
	for _, fn := range fs.Funcs {
		col := fn.Collective()
		for _, b := range fn.Graph.Blocks {
			if !b.Live {
				continue
			}
			x := col.Block(b)
			all := x.Kind == collective.Collective && !x.Aligned && x.Forall == nil
			if all {
				continue
			}
			for _, n := range b.Nodes {
				ast.InspectCode(n, func(m ast.Node) bool {
					if c, ok := m.(*ast.CallExpr); ok {
						if callee := fs.Variance.Callee(c); callee != nil {
							out[callee] = true
						}
					}
					return true
				})
			}
		}
	}
	// callees of partly called functions are partly called too
	for changed := true; changed; {
		changed = false
		for _, fn := range fs.Funcs {
			if !out[fn.Variance] || fn.Graph.Func == nil || fn.Graph.Func.Body == nil {
				continue
			}
			ast.InspectCode(fn.Graph.Func.Body, func(m ast.Node) bool {
				if c, ok := m.(*ast.CallExpr); ok {
					if callee := fs.Variance.Callee(c); callee != nil && !out[callee] {
						out[callee], changed = true, true
					}
				}
				return true
			})
		}
	}
	return out
}

// reductions maps the destinations of the function's upc_all_reduce*
// calls (&dst or dst) to the call's name.
func reductions(g *cfg.Graph) map[string]string {
	out := map[string]string{}
	if g.Func == nil || g.Func.Body == nil {
		return out
	}
	ast.InspectCode(g.Func.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			name := ast.CalleeName(c)
			if strings.HasPrefix(name, "upc_all_reduce") && len(c.Args) > 0 {
				d := ast.Unparen(c.Args[0])
				if u, ok := d.(*ast.UnaryExpr); ok && u.Op == "&" {
					out[ast.NodeString(ast.Unparen(u.X))] = name
				}
			}
		}
		return true
	})
	return out
}

func isPrivate(info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	return t != nil && !types.IsShared(t)
}

func declName(id *ast.InitDeclarator) string {
	d := id.Decl
	for d != nil && d.Direct != nil {
		if d.Direct.Name != nil {
			return d.Direct.Name.Name
		}
		d = d.Direct.Nested
	}
	return "variable"
}

func isArray(t types.Type) bool { _, ok := types.Core(t).(*types.Array); return ok }
