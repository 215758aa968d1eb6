// Package facts computes, once per translation unit, the program facts the
// rules share: each function's control-flow graph, thread-variance,
// collectivity, affine index forms and affinity of shared accesses (package
// cfg and its sub-packages). Its Analyzer is required by every rule that
// inspects code, as inspect.Analyzer is by go/analysis passes.
package facts

import (
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/ssa"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks/unit"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/internal/par"
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

	alignedOnce sync.Once
	aligned     affinity.Aligned
}

// Func are the facts of one function definition. The per-function analyses
// are computed on first use (a rule that needs only collectivity does not
// pay for affinity), once: the accessors are safe for concurrent use.
type Func struct {
	Decl     *ast.Decl
	Graph    *cfg.Graph
	Variance *variance.Func

	facts                                             *Facts
	collectiveOnce, affineOnce, affinityOnce, ssaOnce sync.Once
	collective                                        *collective.Func
	affine                                            *affine.Func
	affinity                                          *affinity.Func
	ssa                                               *ssa.Function
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

// ComputeParallel computes the same facts as Compute with up to workers
// goroutines, for a caller that analyses one unit and has idle cores (the
// language server). The work on one function is independent of the other
// functions until the unit-wide thread-variance fixpoint: the graphs are
// built over the workers, then the affine and affinity facts of every
// function, which need no variance, are computed while variance.Analyze
// runs. Every function's affine and affinity facts are computed, as the
// default rules (finegrain, forall) use them all.
//
// The graphs' dominator trees, post-dominator trees, control dependences
// and loop forests, cached on first use, are computed by the goroutine that
// builds the graph, before the variance and affine analyses share it: those
// caches are not safe for concurrent first use, and both analyses need
// them. A loop's induction variable and invariants, which both analyses
// ask for too, are safe for concurrent first use (cfg.Loop.Induction).
func ComputeParallel(u *grammar.Unit, workers int) *Facts {
	if workers <= 1 || u.File == nil || u.Info == nil {
		return Compute(u)
	}
	var decls []*ast.Decl
	for _, d := range u.File.Decls {
		if d, ok := d.(*ast.Decl); ok && d.Body != nil {
			decls = append(decls, d)
		}
	}
	graphs := make([]*cfg.Graph, len(decls))
	index := make(map[*ast.Decl]int, len(decls))
	for i, d := range decls {
		index[d] = i
	}
	opts := variance.GraphOptions(u.Info)
	par.ForEach(len(decls), workers, func(i int) {
		g := cfg.BuildOptions(decls[i], opts)
		g.ReversePostorder()
		g.DomChildren(g.Entry)
		g.DominanceFrontier(g.Entry)
		g.ControlDeps(g.Entry)
		g.Loops()
		graphs[i] = g
	})
	graphOf := func(d *ast.Decl) *cfg.Graph {
		if i, ok := index[d]; ok {
			return graphs[i]
		}
		return cfg.BuildOptions(d, opts)
	}

	f := &Facts{Unit: u, WantFixes: true, byDecl: make(map[*ast.Decl]*Func, len(decls))}
	// The Funcs are made before variance.Analyze, from the same
	// declarations in the same order, so that their affine facts can be
	// computed meanwhile; the variance facts are attached after.
	funcs := make([]*Func, len(decls))
	for i, d := range decls {
		funcs[i] = &Func{Decl: d, Graph: graphs[i], facts: f}
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		par.ForEach(len(funcs), workers-1, func(i int) { funcs[i].Affinity() })
	}()
	f.Variance = variance.Analyze(u.File, u.Info, &variance.Config{Graph: graphOf})
	wg.Wait()
	for _, vf := range f.Variance.Funcs {
		fn := funcs[index[vf.Decl]]
		if fn.Graph != vf.Graph {
			panic("facts: variance analysed a graph it was not given")
		}
		fn.Variance = vf
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
	fn.collectiveOnce.Do(func() { fn.collective = collective.Analyze(fn.facts.Variance, fn.Variance) })
	return fn.collective
}

// Affine returns the function's shared and private array accesses with
// their affine index forms.
func (fn *Func) Affine() *affine.Func {
	fn.affineOnce.Do(func() { fn.affine = affine.Analyze(fn.Graph, fn.facts.Unit.Info) })
	return fn.affine
}

// Affinity returns the locality (local, remote, unknown) of the function's
// shared accesses.
func (fn *Func) Affinity() *affinity.Func {
	fn.affinityOnce.Do(func() {
		fn.affinity = affinity.AnalyzeAligned(fn.Affine(), fn.facts.Unit.Info.StaticThreads, fn.facts.Aligned())
	})
	return fn.affinity
}

// SSA returns the function in SSA form (package ssa), built once: a rule
// may ask for each of its loops. It is shared, not to be modified.
func (fn *Func) SSA() *ssa.Function {
	fn.ssaOnce.Do(func() { fn.ssa = ssa.Build(fn.Graph, &ssa.Config{File: fn.facts.Unit.File}) })
	return fn.ssa
}

// Mentions reports whether a token of the function definition is spelled
// as one of words (keywords, names): a test, cheaper than walking the
// function, that it may contain what those tokens begin. It answers true
// when it cannot tell.
func (fn *Func) Mentions(words ...string) bool {
	toks := fn.facts.Unit.File.Tokens
	first, end := fn.Decl.Span()
	if first < 0 || end > len(toks) || first >= end {
		return true
	}
	for i := first; i < end; i++ {
		if slices.Contains(words, toks[i].Text) {
			return true
		}
	}
	return false
}

// Aligned returns the unit's pointers-to-shared that always point to the
// start of a upc_all_alloc or upc_global_alloc block, computed once.
func (f *Facts) Aligned() affinity.Aligned {
	f.alignedOnce.Do(func() { f.aligned = affinity.AlignedPointers(f.Unit.File, f.Unit.Info) })
	return f.aligned
}
