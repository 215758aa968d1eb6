package fixes_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/fixes"
)

// TestValidateRejectsWrongRewrite: a fix whose program prints something
// else is reverted, and the mismatch names the THREADS count, the thread
// and the first differing line.
func TestValidateRejectsWrongRewrite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs UPC programs")
	}
	if _, err := exec.LookPath("cc"); err != nil && os.Getenv("CC") == "" {
		t.Skip("no C compiler")
	}
	in := "../testdata/fixes/forall/cyclic.upc"
	res := fixCopy(t, in, nil, unsafeOpts("forall"))
	if !res.Changed() {
		t.Fatal("no fix applied")
	}
	good := *res
	// A wrong rewrite: the strided loop starts one iteration late.
	wrong := strings.Replace(string(res.Fixed), "for (i = MYTHREAD;", "for (i = MYTHREAD + THREADS;", 1)
	if wrong == string(res.Fixed) {
		t.Fatalf("the fixed text has no loop starting at MYTHREAD:\n%s", res.Fixed)
	}
	res.Fixed = []byte(wrong)
	applied := len(res.Applied)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	opts := fixes.ValidateOptions{Threads: []int{1, 3}, Timeout: time.Minute}
	if err := fixes.ValidateResult(ctx, res, opts); err != nil {
		t.Fatal(err)
	}
	v := res.Validation
	if v == nil || v.OK || v.Mismatch == nil {
		t.Fatalf("a wrong rewrite was accepted: %+v", v)
	}
	if m := v.Mismatch; m.Threads != 1 || m.Thread != 0 || m.Line < 1 || m.Original == m.Fixed {
		t.Errorf("mismatch %+v, want THREADS=1 thread 0 at a differing output line", m)
	}
	if !strings.Contains(v.Mismatch.String(), "THREADS=1 thread 0 output line") {
		t.Errorf("report: %s", v.Mismatch)
	}
	if res.Changed() || len(res.Applied) != 0 || len(res.Rejected) < applied {
		t.Errorf("not reverted: changed %v, applied %d, rejected %d", res.Changed(), len(res.Applied), len(res.Rejected))
	}
	// The right rewrite is kept, with its communication reported.
	if err := fixes.ValidateResult(ctx, &good, opts); err != nil {
		t.Fatal(err)
	}
	if v := good.Validation; v == nil || !v.OK || !good.Changed() || v.Before.Threads != 3 {
		t.Errorf("the right rewrite: %+v", v)
	}
}
