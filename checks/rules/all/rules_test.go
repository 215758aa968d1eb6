package all_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/checktest"
)

// TestRules checks each rule's test programs (checks/rules/NAME/testdata)
// with only that rule enabled: exactly the wanted findings. The seed
// kernels, whose wants cover every rule, are checked with all rules
// enabled (TestKernels).
func TestRules(t *testing.T) {
	n := 0
	for _, r := range checks.Rules() {
		dir := filepath.Join("..", r.Name, "testdata")
		if _, err := os.Stat(dir); err != nil {
			continue // a front-end rule, or one tested elsewhere
		}
		n++
		t.Run(r.Name, func(t *testing.T) {
			checktest.Run(t, filepath.Join(dir, "*.upc"), r.Name)
		})
	}
	if n < 6 {
		t.Fatalf("only %d rules have test programs", n)
	}
}
