package irregular_test

import (
	"testing"

	"github.com/upclint/upclint/fixes/fixtest"
)

// TestGatherGolden checks the inspector-executor rewrites against their
// goldens; the outputs match with THREADS 1, 2, 3, 4 and 8, and the fixed
// programs communicate no more (the same gets, overlapped).
func TestGatherGolden(t *testing.T) {
	fixtest.Goldens{Dir: "gather", Rules: []string{"irregular"}, Cheaper: true}.Run(t)
}
