package irregular_test

import (
	"testing"

	_ "github.com/upclint/upclint/checks/rules/all" // the registry the fix loop runs
	"github.com/upclint/upclint/fixes/fixtest"
)

// TestGolden applies the rule's fixes to each aggregation program (each a
// runnable, self-checking UPC program) and compares the result with its
// .golden file; every original and golden then runs with THREADS 1, 2, 3,
// 4 and 8: the outputs must match and the fixed program must communicate
// no more. The programs of testdata, whose rewrite must be refused, keep
// their findings and are left unchanged.
func TestGolden(t *testing.T) {
	fixtest.Goldens{Dir: "irregular", Rules: []string{"irregular"}, Cheaper: true, Refused: "testdata/*.upc"}.Run(t)
}
