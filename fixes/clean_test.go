package fixes_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/internal/testflags"
)

// TestFixedCodeIsClean: on every fix golden input and every kernel, the
// output of the fix loop with every fix (upclint fix --unsafe) has no
// finding left that a fix addresses, and fixing it again changes nothing.
func TestFixedCodeIsClean(t *testing.T) {
	inputs, _ := filepath.Glob("../testdata/fixes/*/*.upc")
	kernels, _ := filepath.Glob("../testdata/kernels/*.upc")
	inputs = append(inputs, kernels...)
	for _, in := range inputs {
		t.Run(filepath.Base(filepath.Dir(in))+"/"+filepath.Base(in), func(t *testing.T) {
			src, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := testflags.Parse(in, src)
			if err != nil {
				t.Fatal(err)
			}
			opts := &fixes.Options{Check: &checks.Options{Config: cfg}, Unsafe: true}
			r := fixes.FixSource(in, src, opts)
			if r.Err != nil {
				t.Fatal(r.Err)
			}
			for _, f := range r.Remaining {
				if len(f.Fixes) > 0 {
					t.Errorf("after fixing, %s:%d: %s [%s] still has a fix: %s", filepath.Base(in), f.Pos.Line, f.Message, f.Rule, f.Fixes[0].Message)
				}
			}
			again := fixes.FixSource(in, r.Fixed, opts)
			if !bytes.Equal(again.Fixed, r.Fixed) {
				t.Errorf("a second fix run changes the fixed text: %d fixes applied", len(again.Applied))
			}
		})
	}
}
