package collidiom_test

import (
	"path/filepath"
	"testing"

	_ "github.com/upclint/upclint/checks/rules/all" // the registry the fix loop runs
	"github.com/upclint/upclint/fixes/fixtest"
)

// TestGolden applies every fix of the allreduce and collidiom rules to
// each collective program and compares the result with its .golden file,
// then passes every golden through upclint fix --validate's check
// (fixes.ValidateResult): each must communicate no more than its
// original at THREADS 1, 2, 3, 4 and 8.
func TestGolden(t *testing.T) {
	fixtest.Goldens{Dir: "collective", Rules: []string{"allreduce", "collidiom"}, Cheaper: true}.Run(t)
}

// TestShown checks the collective rewrites the rules show and do not
// apply (one value per thread: a reduction or gather into one thread,
// a scatter from it, a gather into every thread, a broadcast that removes
// no barrier): fix leaves them, and --validate refuses each rewrite shown
// for communicating more, as the rules' estimate says.
func TestShown(t *testing.T) {
	fixtest.Shown(t, filepath.Join("..", "..", "..", "testdata", "fixes", "collective_shown"), "allreduce", "collidiom")
}
