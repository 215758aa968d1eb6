package collidiom_test

import (
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks/checktest"
	_ "github.com/upclint/upclint/checks/rules/all"
)

// TestRule checks the rule's test programs with only this rule enabled:
// exactly the wanted findings. The seed kernels, whose wants cover every
// rule, are checked with all rules enabled in package all.
func TestRule(t *testing.T) {
	checktest.Run(t, filepath.Join("testdata", "*.upc"), "collidiom")
}
