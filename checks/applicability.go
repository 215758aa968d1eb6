package checks

import (
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Applicability says whether `upclint fix` may apply a fix, as ruff's
// does.
type Applicability uint8

// Applicabilities of fixes.
const (
	// FixSafe: the fix preserves the program's semantics under the
	// conditions the rule proved; upclint fix applies it.
	FixSafe Applicability = iota
	// FixUnsafe: the fix may change what the program does and needs
	// review; upclint fix applies it with --unsafe.
	FixUnsafe
	// FixDisplayOnly: the fix is shown, never applied.
	FixDisplayOnly
)

var applicabilityNames = [...]string{"safe", "unsafe", "display-only"}

func (a Applicability) String() string {
	if int(a) < len(applicabilityNames) {
		return applicabilityNames[a]
	}
	return "unknown"
}

// SuggestedFix is a rule's suggested fix with its applicability.
type SuggestedFix struct {
	analysis.SuggestedFix
	Applicability Applicability
}

// FixOf returns sf as a safe fix, or, when unsafe says why it needs
// review, as an unsafe fix whose message ends with that reason in
// parentheses; nil when sf is nil.
func FixOf(sf *analysis.SuggestedFix, unsafe string) *SuggestedFix {
	if sf == nil {
		return nil
	}
	f := &SuggestedFix{SuggestedFix: *sf}
	if unsafe != "" {
		f.Message += " (" + unsafe + ")"
		f.Applicability = FixUnsafe
	}
	return f
}

// ShownOnly returns sf as a display-only fix whose message ends with why
// it is not applied (a rewrite the rule's own cost estimate says costs
// more than the code it replaces); nil when sf is nil.
func ShownOnly(sf *analysis.SuggestedFix, why string) *SuggestedFix {
	if sf == nil {
		return nil
	}
	f := &SuggestedFix{SuggestedFix: *sf, Applicability: FixDisplayOnly}
	f.Message += " (not applied: " + why + ")"
	return f
}

// reporting hands the applicabilities of the fixes of the diagnostic that
// Report is reporting to the driver's Pass.Report.
var reporting sync.Map // *analysis.Pass → []Applicability

// Report reports d with fixes as its suggested fixes. A fix reported
// without Report (in d.SuggestedFixes) is safe when its rule's SafeFixes
// says so, else unsafe. The applicabilities reach the driver through a
// slot of the pass, so Report is called from the goroutine that runs the
// pass (as pass.Report is by every rule of upclint), never concurrently on
// one pass.
func Report(pass *analysis.Pass, d analysis.Diagnostic, fixes ...SuggestedFix) {
	if len(fixes) == 0 {
		pass.Report(d)
		return
	}
	apps := make([]Applicability, len(fixes))
	d.SuggestedFixes = make([]analysis.SuggestedFix, len(fixes))
	for i, f := range fixes {
		d.SuggestedFixes[i], apps[i] = f.SuggestedFix, f.Applicability
	}
	reporting.Store(pass, apps)
	defer reporting.Delete(pass)
	pass.Report(d)
}

// reportedApplicability returns the applicabilities Report gives the
// diagnostic pass is reporting, or nil.
func reportedApplicability(pass *analysis.Pass) []Applicability {
	if v, ok := reporting.Load(pass); ok {
		return v.([]Applicability)
	}
	return nil
}
