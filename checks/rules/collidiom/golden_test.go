package collidiom_test

import (
	"testing"

	_ "github.com/upclint/upclint/checks/rules/all" // the registry the fix loop runs
	"github.com/upclint/upclint/fixes/fixtest"
)

// TestGolden applies every fix of the allreduce and collidiom rules to
// each collective program and compares the result with its .golden file,
// then passes every golden through upclint fix --validate's check
// (fixes.ValidateResult).
func TestGolden(t *testing.T) {
	fixtest.Goldens{Dir: "collective", Rules: []string{"allreduce", "collidiom"}}.Run(t)
}
