package fixes_test

import (
	"context"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
	"github.com/upclint/upclint/grammar"
)

// TestSafeFixesValidate: on every fix golden input and every kernel, the
// safe fixes (what upclint fix applies without --unsafe) pass --validate:
// the same output and no more communication with THREADS 1, 2, 3, 4 and 8.
// A rewrite that may communicate more must be offered as unsafe.
func TestSafeFixesValidate(t *testing.T) {
	fixtest.NeedCC(t)
	fixtest.EachInput(t, "..", func(t *testing.T, in string, src []byte, cfg grammar.Config) {
		t.Parallel()
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
