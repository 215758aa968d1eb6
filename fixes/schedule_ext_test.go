package fixes_test

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
)

// TestValidateScheduleDependent: in a program whose polling makes a
// different number of remote reads in every run, a coalescing rewrite of
// the copy loop is kept and a rewrite that reads more per byte on the
// lines it changes is refused, whichever way the polling moved the
// totals; the verdict names the changed lines' figures.
func TestValidateScheduleDependent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs UPC programs")
	}
	fixtest.NeedCC(t)
	path := "testdata/polling.upc"
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	loop := "    for (k = 0; k < N; k++)\n        loc[k] = a[nb][k];\n"
	if !strings.Contains(string(orig), loop) {
		t.Fatalf("%s has no copy loop", path)
	}
	good := strings.Replace(string(orig), loop, "    upc_memget(loc, &a[nb][0], sizeof loc);\n", 1)
	bad := strings.Replace(string(orig), "loc[k] = a[nb][k];", "loc[k] = a[nb][k] + c[nb][k];", 1)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	opts := fixes.ValidateOptions{Threads: []int{2, 4}, Timeout: time.Minute}

	v, err := fixes.Validate(ctx, path, orig, []byte(good), opts)
	if err != nil {
		t.Fatal(err)
	}
	if !v.OK {
		t.Fatalf("the coalesced copy is refused: %s", v.Reason())
	}
	if len(v.Schedule) == 0 {
		// Each thread's polls would have to repeat exactly.
		t.Logf("the polling happened to repeat: the totals decided")
	}
	for _, s := range v.Schedule {
		t.Logf("kept: %s", s)
		no, nf := uint64(len(s.Original)), uint64(len(s.Fixed))
		if no < 1 || nf < 1 || s.Before.RemoteOps != no*uint64(s.Threads)*256 || s.After.RemoteOps != nf*uint64(s.Threads) {
			t.Errorf("THREADS=%d: changed lines %d → %d ops in %d and %d runs, want 256 reads → 1 upc_memget per thread and run",
				s.Threads, s.Before.RemoteOps, s.After.RemoteOps, no, nf)
		}
	}

	v, err = fixes.Validate(ctx, path, orig, []byte(bad), opts)
	if err != nil {
		t.Fatal(err)
	}
	if v.OK || v.Costlier == nil {
		t.Fatalf("a rewrite that reads more is kept: %+v", v)
	}
	if s := v.Costlier.Schedule; s != nil && !strings.Contains(s.Reason, "remote ops per KiB 256 → 410") {
		t.Errorf("reason %q, want remote ops per KiB 256 → 410 (1 read of 4 bytes → 2 reads of 5)", s.Reason)
	}
	t.Logf("refused: %s", v.Reason())
}
