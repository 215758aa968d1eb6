package checks

import (
	"fmt"
	gotoken "go/token"
	"runtime/debug"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/checks/unit"
	"github.com/upclint/upclint/grammar"
)

// ruleDiagnostic is an analysis diagnostic tagged with the rule it belongs to.
type ruleDiagnostic struct {
	analysis.Diagnostic
	rule string
	// apps are the applicabilities of the SuggestedFixes when the rule
	// reported them with Report, else nil.
	apps []Applicability
}

// analyze runs the analyzers on one loaded unit, each after the analyzers
// it requires, and returns their diagnostics. A diagnostic's rule is its
// Category, or the analyzer's name when Category is empty. An analyzer that
// fails or panics becomes a diagnostic of its own rule at the top of the
// file: one broken rule never hides the others' findings. Without
// wantFixes, the rules are told (facts.Facts.WantFixes) not to build fixes.
// With workers > 1 the shared facts are computed by that many goroutines
// (facts.ComputeParallel); the result is the same.
func analyze(u *grammar.Unit, path string, analyzers []*analysis.Analyzer, readFile func(string) ([]byte, error), wantFixes bool, workers int) []ruleDiagnostic {
	var out []ruleDiagnostic
	results := map[*analysis.Analyzer]any{unit.Analyzer: u}
	failed := map[*analysis.Analyzer]bool{}
	var filePos gotoken.Pos
	if u.File != nil && len(u.File.Tokens) > 0 {
		if tf := u.Fset.File(u.File.Tokens[0].Pos); tf != nil {
			filePos = tf.Pos(0)
		}
	}

	var visit func(a *analysis.Analyzer) bool
	visit = func(a *analysis.Analyzer) bool {
		if _, done := results[a]; done {
			return true
		}
		if failed[a] {
			return false
		}
		for _, req := range a.Requires {
			if !visit(req) {
				failed[a] = true
				return false
			}
		}
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       u.Fset,
			OtherFiles: []string{path},
			ReadFile:   readFile,
			ResultOf:   make(map[*analysis.Analyzer]any, len(a.Requires)),
		}
		pass.Report = func(d analysis.Diagnostic) {
			rule := d.Category
			if rule == "" {
				rule = a.Name
			}
			out = append(out, ruleDiagnostic{d, rule, reportedApplicability(pass)})
		}
		for _, req := range a.Requires {
			pass.ResultOf[req] = results[req]
		}
		run := a.Run
		if a == facts.Analyzer && workers > 1 {
			run = func(pass *analysis.Pass) (any, error) { return facts.ComputeParallel(unit.Of(pass), workers), nil }
		}
		res, err := runSafely(run, pass)
		if err != nil {
			failed[a] = true
			out = append(out, ruleDiagnostic{analysis.Diagnostic{Pos: filePos,
				Message: fmt.Sprintf("internal error in rule %s: %v (please report it)", a.Name, err)}, a.Name, nil})
			return false
		}
		if f, ok := res.(*facts.Facts); ok && !wantFixes {
			f.WantFixes = false
		}
		results[a] = res
		return true
	}
	for _, a := range analyzers {
		visit(a)
	}
	return out
}

// runSafely runs one analyzer's run function and turns a panic into an
// error.
func runSafely(run func(*analysis.Pass) (any, error), pass *analysis.Pass) (res any, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
		}
	}()
	return run(pass)
}
