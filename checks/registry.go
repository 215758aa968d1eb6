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
	Tags     []string
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

// NewRule returns the registry entry r of a rule that inspects code, with
// the Analyzer that implements it: its Doc is the rule's Summary (the one
// source of the rule's one-line description) and it requires the shared
// program facts.
func NewRule(r Rule, run func(*analysis.Pass) (any, error)) *Rule {
	r.Analyzer = &analysis.Analyzer{
		Name:     r.Name,
		Doc:      r.Summary,
		Requires: []*analysis.Analyzer{facts.Analyzer},
		Run:      run,
	}
	return &r
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
		Summary: "the source does not parse as C99/UPC 1.3", Tags: []string{"front-end"}})
	Register(&Rule{Name: diag.RuleTypecheck, Kind: KindFrontEnd, Severity: diag.Error,
		Summary: "a C or UPC constraint is violated (a compiler would reject the program)", Tags: []string{"front-end"}})
	Register(&Rule{Name: diag.RulePreprocessor, Kind: KindFrontEnd, Severity: diag.Error,
		Summary: "a preprocessing problem: #error, a missing include, a bad directive", Tags: []string{"front-end"}})
}
