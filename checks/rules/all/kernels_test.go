package all_test

import (
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks/checktest"
	_ "github.com/upclint/upclint/checks/rules/all"
)

// TestKernels runs every rule over the seed kernels: each `// want` in
// testdata/kernels names a finding some rule must report on its line, and
// nothing else may be reported.
func TestKernels(t *testing.T) {
	checktest.Run(t, filepath.Join("..", "..", "..", "testdata", "kernels", "*.upc"))
}
