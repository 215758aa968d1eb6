package collidiom_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/fixes/fixtest"
	"github.com/upclint/upclint/runtime"
)

var runThreads = []int{1, 2, 3, 4, 8}

// goldenDir holds the collective rewrites' golden programs: each is a
// runnable, self-checking UPC program (see TestGoldenRuns).
var goldenDir = filepath.Join("..", "..", "..", "testdata", "fixes", "collective")

func runUPC(t *testing.T, bin string, threads int) *runtime.Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := runtime.Run(ctx, bin, runtime.Options{Threads: threads, Timeout: time.Minute, DeadlockAfter: 5 * time.Second})
	if err != nil {
		t.Fatalf("THREADS=%d: %v", threads, err)
	}
	return res
}

// sameRuns builds the original and the fixed program and runs both with
// every count of runThreads: the original must succeed and both must
// print the same and exit the same.
func sameRuns(t *testing.T, original, fixed string) {
	t.Helper()
	orig, fix := fixtest.Build(t, original), fixtest.Build(t, fixed)
	for _, n := range runThreads {
		a, b := runUPC(t, orig, n), runUPC(t, fix, n)
		if a.Status != 0 {
			t.Errorf("THREADS=%d: the original fails:\n%s%s", n, outcome(a), a.Stderr)
			continue
		}
		if oa, ob := outcome(a), outcome(b); oa != ob {
			t.Errorf("THREADS=%d: outputs differ\n--- original\n%s--- fixed\n%s%s", n, oa, ob, b.Stderr)
		}
		t.Logf("THREADS=%d: busiest thread's modeled communication %v -> %v", n, busiest(a), busiest(b))
	}
}

// busiest is the modeled time of the thread that sees the most.
func busiest(res *runtime.Result) time.Duration {
	if res.Stats == nil {
		return 0
	}
	var m float64
	for _, c := range res.Stats.PerThread {
		m = max(m, c.ModeledNs)
	}
	return time.Duration(m)
}

// outcome is what a run must reproduce: per-thread output and status.
func outcome(res *runtime.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "status %d\n", res.Status)
	if f := res.Fatal(); f != nil {
		fmt.Fprintf(&b, "fatal %s: %s\n", f.Kind, f.Message)
	}
	for _, th := range res.Threads {
		fmt.Fprintf(&b, "thread %d exit %d:\n%s", th.Thread, th.ExitCode, th.Stdout)
	}
	return b.String()
}

// TestGoldenRuns runs the original and the fixed program of every golden
// with several THREADS counts: per-thread output and exit status must be
// the same, and the original must succeed (the programs check themselves).
func TestGoldenRuns(t *testing.T) {
	fixtest.NeedCC(t)
	inputs, _ := filepath.Glob(filepath.Join(goldenDir, "*.upc"))
	if len(inputs) == 0 {
		t.Fatal("no golden inputs")
	}
	for _, in := range inputs {
		t.Run(filepath.Base(in), func(t *testing.T) {
			golden, err := os.ReadFile(in + ".golden")
			if err != nil {
				t.Fatal(err)
			}
			fixed := filepath.Join(t.TempDir(), filepath.Base(in))
			if err := os.WriteFile(fixed, golden, 0o644); err != nil {
				t.Fatal(err)
			}
			// Headers next to the input stay reachable by "..." includes.
			hdrs, _ := filepath.Glob(filepath.Join(goldenDir, "*.h"))
			for _, h := range hdrs {
				b, err := os.ReadFile(h)
				if err == nil {
					err = os.WriteFile(filepath.Join(filepath.Dir(fixed), filepath.Base(h)), b, 0o644)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			sameRuns(t, in, fixed)
		})
	}
}

// TestAllreduceKernelScaling measures the allreduce kernel of the IBM xlUPC evaluation of UPC
// collectives on Power7-IH before
// and after the fix: the fixed kernel broadcasts along a binomial tree, so
// the busiest thread's modeled time grows with log(THREADS), while the
// original's THREADS reads of one owner grow linearly.
func TestAllreduceKernelScaling(t *testing.T) {
	fixtest.NeedCC(t)
	kernel := filepath.Join("..", "..", "..", "testdata", "kernels", "allreduce.upc")
	src, _ := fixtest.FixFile(t, kernel, "allreduce")
	fixed := filepath.Join(t.TempDir(), "allreduce.upc")
	if err := os.WriteFile(fixed, src, 0o644); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(src), "upc_all_broadcast") {
		t.Fatalf("the kernel was not rewritten:\n%s", src)
	}
	orig, fix := fixtest.Build(t, kernel), fixtest.Build(t, fixed)
	for _, n := range []int{2, 4, 8, 16} {
		a, b := runUPC(t, orig, n), runUPC(t, fix, n)
		if oa, ob := outcome(a), outcome(b); a.Status != 0 || oa != ob {
			t.Errorf("THREADS=%d: outputs differ or fail\n--- original\n%s--- fixed\n%s", n, oa, ob)
		}
		var ra, rb uint64
		for _, c := range a.Stats.PerThread {
			ra = max(ra, c.RemoteReads)
		}
		for _, c := range b.Stats.PerThread {
			rb = max(rb, c.RemoteReads)
		}
		t.Logf("THREADS=%2d: busiest thread modeled %10v -> %10v (x%.2f); max remote reads per thread %d -> %d",
			n, busiest(a), busiest(b), float64(busiest(a))/float64(max(busiest(b), 1)), ra, rb)
	}
}

// TestGatherAllKernels fixes the seed kernels whose hand-written gather-all
// loops (reduce.upc: the counts; ftbcast.upc: FT's slab pointers) the rule
// rewrites into pipelined upc_memget_nbi gets, and runs the original and the fixed
// kernel with several THREADS counts: outputs and status must match.
func TestGatherAllKernels(t *testing.T) {
	fixtest.NeedCC(t)
	for _, name := range []string{"reduce.upc", "ftbcast.upc"} {
		t.Run(name, func(t *testing.T) {
			kernel := filepath.Join("..", "..", "..", "testdata", "kernels", name)
			src, remaining := fixtest.FixFile(t, kernel, "collidiom")
			for _, f := range remaining {
				if fixtest.Applicable(f) { // reduce.upc's reduction is shown only
					t.Errorf("after fixing, line %d: %s", f.Pos.Line, f.Message)
				}
			}
			// the pipelined gets (same element types in both kernels)
			if !strings.Contains(string(src), "upc_memget_nbi(") || !strings.Contains(string(src), "upc_synci();") {
				t.Fatalf("the gather-all loop was not rewritten:\n%s", src)
			}
			fixed := filepath.Join(t.TempDir(), name)
			if err := os.WriteFile(fixed, src, 0o644); err != nil {
				t.Fatal(err)
			}
			sameRuns(t, kernel, fixed)
		})
	}
}
