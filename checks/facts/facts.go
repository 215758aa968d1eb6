// Package facts computes, once per translation unit, the program facts the
// rules share: each function's control-flow graph, thread-variance,
// collectivity, affine index forms and affinity of shared accesses (package
// cfg and its sub-packages). Its Analyzer is required by every rule that
// inspects code, as inspect.Analyzer is by go/analysis passes.
package facts

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks/unit"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
)

// Analyzer computes the Facts of a unit.
var Analyzer = &analysis.Analyzer{
	Name:       "facts",
	Doc:        "computes control-flow graphs, thread-variance, collectivity, affine indices and affinity",
	Requires:   []*analysis.Analyzer{unit.Analyzer},
	Run:        func(pass *analysis.Pass) (any, error) { return Compute(unit.Of(pass)), nil },
	ResultType: reflect.TypeFor[*Facts](),
}

// Facts are the shared facts of one unit.
type Facts struct {
	Unit     *grammar.Unit
	Variance *variance.Info
	Funcs    []*Func // function definitions in source order
	// WantFixes tells the rules whether to build suggested fixes. Compute
	// sets it; the driver clears it for an analysis whose fixes are not
	// wanted (the language server's diagnostics): the rules then report
	// the same diagnostics without SuggestedFixes.
	WantFixes bool
	byDecl    map[*ast.Decl]*Func
}

// Func are the facts of one function definition. The per-function analyses
// are computed on first use: a rule that needs only collectivity does not
// pay for affinity.
type Func struct {
	Decl     *ast.Decl
	Graph    *cfg.Graph
	Variance *variance.Func

	facts      *Facts
	collective *collective.Func
	affine     *affine.Func
	affinity   *affinity.Func
}

// Compute computes the facts of u.
func Compute(u *grammar.Unit) *Facts {
	f := &Facts{Unit: u, WantFixes: true, byDecl: map[*ast.Decl]*Func{}}
	if u.File == nil || u.Info == nil {
		return f
	}
	f.Variance = variance.Analyze(u.File, u.Info, nil)
	for _, vf := range f.Variance.Funcs {
		fn := &Func{Decl: vf.Decl, Graph: vf.Graph, Variance: vf, facts: f}
		f.Funcs = append(f.Funcs, fn)
		f.byDecl[vf.Decl] = fn
	}
	return f
}

// Of returns the facts from a pass whose analyzer requires Analyzer.
func Of(pass *analysis.Pass) *Facts { return pass.ResultOf[Analyzer].(*Facts) }

// Func returns the facts of a function definition, or nil.
func (f *Facts) Func(d *ast.Decl) *Func { return f.byDecl[d] }

// Collective returns the function's collectivity facts.
func (fn *Func) Collective() *collective.Func {
	if fn.collective == nil {
		fn.collective = collective.Analyze(fn.facts.Variance, fn.Variance)
	}
	return fn.collective
}

// Affine returns the function's shared and private array accesses with
// their affine index forms.
func (fn *Func) Affine() *affine.Func {
	if fn.affine == nil {
		fn.affine = affine.Analyze(fn.Graph, fn.facts.Unit.Info)
	}
	return fn.affine
}

// Affinity returns the locality (local, remote, unknown) of the function's
// shared accesses.
func (fn *Func) Affinity() *affinity.Func {
	if fn.affinity == nil {
		fn.affinity = affinity.Analyze(fn.Affine(), fn.facts.Unit.Info.StaticThreads)
	}
	return fn.affinity
}
