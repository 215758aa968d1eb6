package irregular_test

import (
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/fixes/fixtest"
)

// gatherDir holds the inspector-executor rewrites' golden programs.
var gatherDir = filepath.Join("..", "..", "..", "testdata", "fixes", "gather")

func TestGatherGolden(t *testing.T) {
	fixtest.Golden(t, gatherDir, "irregular")
}

// TestGatherGoldenValidate: outputs match with THREADS 1, 2, 3, 4 and 8,
// and the fixed programs communicate no more (the same gets, overlapped).
func TestGatherGoldenValidate(t *testing.T) {
	fixtest.ValidateGoldens(t, gatherDir, true)
}
