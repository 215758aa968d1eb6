package finegrain_test

import (
	"bytes"
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

const goldenDir = "../../../testdata/fixes/coalesce"

// TestFixGolden applies the coalescing fixes to every program of
// testdata/fixes/coalesce and compares with the .golden files.
func TestFixGolden(t *testing.T) {
	fixtest.Golden(t, goldenDir, "finegrain")
}

var runThreads = []int{1, 2, 3, 4, 8}

// buildUPC translates and compiles the UPC program text src.
func buildUPC(t *testing.T, name string, src []byte) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	return fixtest.Build(t, path)
}

// fixedText applies the finegrain fixes to the program src, written as
// a file named name, and fails t unless the fixed text holds every want.
func fixedText(t *testing.T, name, src string, want ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	b, _ := fixtest.FixFile(t, path, "finegrain")
	got := string(b)
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("no %q in the fixed text:\n%s", w, got)
		}
	}
	return got
}

type outcome struct {
	status int
	out    []string
	remote uint64
}

func runUPC(t *testing.T, bin string, threads int) outcome {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	res, err := runtime.Run(ctx, bin, runtime.Options{Threads: threads, Timeout: 90 * time.Second, DeadlockAfter: 5 * time.Second})
	if err != nil {
		t.Fatalf("run with %d threads: %v", threads, err)
	}
	o := outcome{status: res.Status}
	for _, th := range res.Threads {
		o.out = append(o.out, string(th.Stdout))
	}
	if f := res.Fatal(); f != nil {
		o.out = append(o.out, "fatal: "+f.Kind+": "+f.Message)
	}
	if res.Stats != nil {
		o.remote = res.Stats.Total.RemoteOps()
	}
	return o
}

// compareRuns runs the original and the fixed program with every thread
// count and requires the same per-thread output and exit status; it
// returns the remote operations of both at the largest thread count.
func compareRuns(t *testing.T, name string, orig, fixed []byte) (before, after uint64) {
	t.Helper()
	b1 := buildUPC(t, name, orig)
	b2 := buildUPC(t, name, fixed)
	for _, n := range runThreads {
		o1, o2 := runUPC(t, b1, n), runUPC(t, b2, n)
		if o1.status != 0 {
			t.Errorf("%s: original exits with %d at THREADS=%d:\n%s", name, o1.status, n, strings.Join(o1.out, ""))
		}
		if o1.status != o2.status || fmt.Sprint(o1.out) != fmt.Sprint(o2.out) {
			t.Errorf("%s: THREADS=%d: original (status %d):\n%s\nfixed (status %d):\n%s", name, n,
				o1.status, strings.Join(o1.out, "|"), o2.status, strings.Join(o2.out, "|"))
		}
		t.Logf("%s THREADS=%d: remote operations %d -> %d", name, n, o1.remote, o2.remote)
		before, after = o1.remote, o2.remote
	}
	return before, after
}

// TestFixKernels fixes the seed kernels matvec and stencil and measures
// the remote operations before and after (Chen, "Building a Source-to-Source UPC-to-C Translator", §8.3: about two orders
// of magnitude for matvec).
func TestFixKernels(t *testing.T) {
	if !fixtest.HaveCC() {
		t.Skip("needs a C compiler")
	}
	// The stencil's rows are fetched and put row by row inside the
	// upc_forall, so each thread copies only the rows its own iterations
	// touch (a copy of the whole grid before the forall made 228x fewer
	// operations but more bytes than the original reads): 69x at
	// THREADS=8.
	for k, want := range map[string]uint64{"matvec.upc": 100, "stencil.upc": 50} {
		t.Run(k, func(t *testing.T) {
			path := filepath.Join("../../../testdata/kernels", k)
			orig, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			fixed, _ := fixtest.FixFile(t, path, "finegrain")
			if bytes.Equal(orig, fixed) {
				t.Fatalf("%s: no fix applied", k)
			}
			before, after := compareRuns(t, k, orig, fixed)
			if before < want*max(after, 1) {
				t.Errorf("%s: remote operations %d -> %d, want at least %dx fewer", k, before, after, want)
			}
			t.Logf("%s: remote operations at THREADS=8: %d -> %d (%.1fx)", k, before, after, float64(before)/float64(max(after, 1)))
		})
	}
}

// TestFixGoldenValidate passes every golden through upclint fix
// --validate's check (fixes.ValidateResult): the original and the fixed
// program print the same and exit alike with THREADS 1, 2, 3, 4 and 8,
// and the fix communicates less. None is listed as communicating more: a
// copy of whole structures where the loop reads some of their fields, or
// of whole rows where it reads some columns, is shown, not applied.
func TestFixGoldenValidate(t *testing.T) {
	fixtest.ValidateGoldens(t, goldenDir, true)
}
