package checks

import (
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/diag"
)

// Kind groups rules by what they protect.
type Kind string

const (
	KindFrontEnd    Kind = "front-end"   // the program is not valid C/UPC
	KindCorrectness Kind = "correctness" // the program is wrong (deadlock, undefined behaviour)
	KindPerformance Kind = "performance" // the program communicates more than it needs to
)

// Rule describes one rule. Names are the public contract: they appear in
// configuration, suppressions and SARIF ruleIds and never change.
type Rule struct {
	Name     string
	Kind     Kind
	Severity diag.Severity // default severity
	Summary  string        // one line, lower-case, no final period
	Tags     []string      // besides the kind, which SARIF lists as the first tag
	// Precision is how often a finding of the rule is a true positive, in
	// the SARIF/code-scanning vocabulary: "very-high", "high", "medium" or
	// "low". Empty means the default (see PrecisionOrDefault).
	Precision string
	// Analyzer implements the rule; nil for the front-end rules, whose
	// findings come from loading the unit.
	Analyzer *analysis.Analyzer
	// SafeFixes: the rule's suggested fixes preserve the program's
	// semantics under the conditions the rule proves, so `upclint fix`
	// applies them without --unsafe. A fix reported with Report has its
	// own Applicability instead.
	SafeFixes bool
}

// PrecisionOrDefault returns the rule's precision: Precision when set,
// "high" for front-end rules (their findings are what a compiler reports)
// and "medium" otherwise.
func (r *Rule) PrecisionOrDefault() string {
	switch {
	case r.Precision != "":
		return r.Precision
	case r.Kind == KindFrontEnd:
		return "high"
	}
	return "medium"
}

// NewRule returns the registry entry of a rule that inspects code: its
// name, kind, one-line summary (lower-case, no final period: the one source
// of the rule's description, also its Analyzer's Doc) and tags, and run,
// which reports the rule's findings in a unit. The kind, the rule's first
// tag (see Tags), decides its default severity: a performance rule warns, any other
// is an error. The Analyzer requires the shared program facts and calls run
// only on a unit that parsed and type-checked (fs.Variance is set). A rule
// reports fixes with Report, which gives each its applicability, so
// SafeFixes stays false.
func NewRule(name string, kind Kind, summary string, run func(pass *analysis.Pass, fs *facts.Facts) error, tags ...string) *Rule {
	sev := diag.Error
	if kind == KindPerformance {
		sev = diag.Warning
	}
	r := &Rule{Name: name, Kind: kind, Severity: sev, Summary: summary, Tags: tags}
	r.Analyzer = &analysis.Analyzer{
		Name:     name,
		Doc:      summary,
		Requires: []*analysis.Analyzer{facts.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			fs := facts.Of(pass)
			if fs.Variance == nil {
				return nil, nil
			}
			return nil, run(pass, fs)
		},
	}
	return r
}

var registry = map[string]*Rule{}

// Register adds a rule to the registry. It panics on a duplicate name: that
// is a programming error found by any test.
func Register(r *Rule) {
	if _, dup := registry[r.Name]; dup {
		panic("checks: duplicate rule " + r.Name)
	}
	registry[r.Name] = r
}

// Lookup returns the rule with the given name, or nil.
func Lookup(name string) *Rule { return registry[name] }

// Rules returns every registered rule, sorted by name.
func Rules() []*Rule {
	out := make([]*Rule, 0, len(registry))
	for _, r := range registry {
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func init() {
	Register(&Rule{Name: diag.RuleSyntax, Kind: KindFrontEnd, Severity: diag.Error,
		Summary: "the source does not parse as C99/UPC 1.3"})
	Register(&Rule{Name: diag.RuleTypecheck, Kind: KindFrontEnd, Severity: diag.Error,
		Summary: "a C or UPC constraint is violated (a compiler would reject the program)"})
	Register(&Rule{Name: diag.RulePreprocessor, Kind: KindFrontEnd, Severity: diag.Error,
		Summary: "a preprocessing problem: #error, a missing include, a bad directive"})
}
