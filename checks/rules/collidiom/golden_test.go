package collidiom_test

import (
	"path/filepath"
	"testing"

	_ "github.com/upclint/upclint/checks/rules/all" // the registry the fix loop runs
	"github.com/upclint/upclint/fixes/fixtest"
)

// goldenDir holds the collective rewrites' golden programs: each is a
// runnable, self-checking UPC program (see TestGoldenRuns).
var goldenDir = filepath.Join("..", "..", "..", "testdata", "fixes", "collective")

// TestGolden applies every fix of the allreduce and collidiom rules to
// each program and compares the result with its .golden file.
func TestGolden(t *testing.T) {
	fixtest.Golden(t, goldenDir, "allreduce", "collidiom")
}

// TestGoldenValidate passes every golden through upclint fix --validate's
// check (fixes.ValidateResult).
func TestGoldenValidate(t *testing.T) {
	fixtest.ValidateGoldens(t, goldenDir, false)
}
