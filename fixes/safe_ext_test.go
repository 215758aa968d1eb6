package fixes_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
	"github.com/upclint/upclint/internal/testflags"
)

// TestSafeFixesValidate: on every fix golden input and every kernel, the
// safe fixes (what upclint fix applies without --unsafe) pass --validate:
// the same output and no more communication with THREADS 1, 2, 3, 4 and 8.
// A rewrite that may communicate more must be offered as unsafe.
func TestSafeFixesValidate(t *testing.T) {
	fixtest.NeedCC(t)
	inputs, _ := filepath.Glob("../testdata/fixes/*/*.upc")
	kernels, _ := filepath.Glob("../testdata/kernels/*.upc")
	inputs = append(inputs, kernels...)
	if len(inputs) < 40 {
		t.Fatalf("%d inputs, want the goldens and the kernels", len(inputs))
	}
	for _, in := range inputs {
		t.Run(filepath.Base(filepath.Dir(in))+"/"+filepath.Base(in), func(t *testing.T) {
			t.Parallel()
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := testflags.Parse(in, src)
			if err != nil {
				t.Fatal(err)
			}
			r := fixes.FixSource(in, src, &fixes.Options{Check: &checks.Options{Config: cfg}})
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			if !r.Changed() {
				return
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
			defer cancel()
			if err := fixes.ValidateResult(ctx, r, fixes.ValidateOptions{Config: cfg, Timeout: time.Minute}); err != nil {
				t.Fatal(err)
			}
			for _, a := range r.Rejected {
				t.Errorf("safe %s fix at line %d refused: %s", a.Rule, a.Line, a.Reason)
			}
		})
	}
}
