package irregular_test

import (
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks/checktest"
	_ "github.com/upclint/upclint/checks/rules/all" // the registry the fix loop runs
	"github.com/upclint/upclint/fixes/fixtest"
)

// goldenDir holds the aggregation rewrites' golden programs: each is a
// runnable, self-checking UPC program.
var goldenDir = filepath.Join("..", "..", "..", "testdata", "fixes", "irregular")

// TestGolden applies the rule's fixes to each program and compares the
// result with its .golden file.
func TestGolden(t *testing.T) {
	fixtest.Golden(t, goldenDir, "irregular")
}

// TestGoldenValidate runs every original and golden with THREADS 1, 2, 3,
// 4 and 8 (fixes.ValidateResult): the outputs must match and the fixed
// program must communicate less.
func TestGoldenValidate(t *testing.T) {
	fixtest.ValidateGoldens(t, goldenDir, true)
}

// TestRefused checks the findings whose rewrite must be refused, and why.
func TestRefused(t *testing.T) {
	checktest.Run(t, "testdata/*.upc", "irregular")
}

// TestRefusedUnchanged: the fix loop leaves the refused programs as they
// are.
func TestRefusedUnchanged(t *testing.T) {
	fixtest.Unchanged(t, "testdata/*.upc", "irregular")
}
