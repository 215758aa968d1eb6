package forall_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/checks"
	_ "github.com/upclint/upclint/checks/rules/all" // the registry the fix loop runs
	"github.com/upclint/upclint/checks/rules/forall"
	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
)

const goldenDir = "../../../testdata/fixes/forall"

// TestFixGolden checks the rewrite of every program in
// testdata/fixes/forall against its golden file (go test -update
// rewrites them).
func TestFixGolden(t *testing.T) {
	fixtest.Golden(t, goldenDir, forall.Name)
}

// validate runs the original and the fixed program with THREADS 1, 2, 3,
// 4 and 8 and fails on any difference.
func validate(t *testing.T, path string, original, fixed []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	v, err := fixes.Validate(ctx, path, original, fixed, fixes.ValidateOptions{Timeout: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case v.Mismatch != nil:
		t.Errorf("%s: original and fixed differ: %v", path, v.Mismatch)
	case !v.OK:
		t.Errorf("%s: %v", path, v.Err)
	}
	if v.OK && v.After.Modeled > v.Before.Modeled {
		t.Errorf("%s: fixed program communicates more: %+v before, %+v after", path, v.Before, v.After)
	}
}

// TestFixVecadd fixes the seed kernel with the safe fixes of the rule,
// as upclint fix does, and validates the result.
func TestFixVecadd(t *testing.T) {
	fixtest.NeedCC(t)
	path := "../../../testdata/kernels/vecadd.upc"
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{}, Rules: []string{forall.Name}})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if n := len(res.Applied); n != 4 {
		t.Fatalf("applied %d fixes, want 4:\n%s", n, res.Diff())
	}
	for _, f := range res.Remaining {
		if f.Rule == forall.Name {
			t.Errorf("left: %d: %s", f.Pos.Line, f.Message)
		}
	}
	again := fixes.FixSource(path, res.Fixed, &fixes.Options{Check: &checks.Options{}, Rules: []string{forall.Name}})
	if again.Changed() {
		t.Errorf("a second run changes the file:\n%s", again.Diff())
	}
	validate(t, path, res.Original, res.Fixed)
}

// TestFixBlockedStartChanges: the two-level loop of a block-cyclic
// affinity starts its inner loop from the loop's start expression again
// for every block, so a start that the body changes (or that another
// thread may write) gets no fix; the one-level strided loop evaluates its
// start once and keeps its fix.
func TestFixBlockedStartChanges(t *testing.T) {
	src := []byte(`#include <upc_relaxed.h>
#include <stdio.h>
shared [3] int ab[40 * THREADS];
shared int a[40 * THREADS];
shared int s;
void blk(int lo, int hi)
{
    int i;
    upc_forall (i = lo; i < hi; i++; &ab[i]) {
        printf("%d\n", i);
        lo = lo + 1;
    }
}
void blkdown(int lo, int hi)
{
    int i;
    upc_forall (i = hi; i >= lo; i--; &ab[i]) {
        printf("%d\n", i);
        hi = hi - 2;
    }
}
void blkshared(int hi)
{
    int i;
    upc_forall (i = s; i < hi; i++; &ab[i])
        ab[i] = i;
}
void cyc(int lo, int hi)
{
    int i;
    upc_forall (i = lo; i < hi; i++; &a[i]) {
        printf("%d\n", i);
        lo = lo + 1;
    }
}
int main(void) { blk(0, 20); blkdown(0, 20); blkshared(20); cyc(0, 20); return 0; }
`)
	path := filepath.Join(t.TempDir(), "start.upc")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{}, Unsafe: true, Rules: []string{forall.Name}})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Applied) != 1 || res.Applied[0].Line != 31 {
		t.Errorf("applied %+v, want only the cyclic loop's fix (line 31):\n%s", res.Applied, res.Diff())
	}
	if strings.Contains(string(res.Fixed), "_blk") {
		t.Errorf("a block-cyclic loop was rewritten:\n%s", res.Diff())
	}
	if fixtest.HaveCC() {
		validate(t, path, res.Original, res.Fixed)
	}
}

// TestFixUnsigned: an unsigned counter is rewritten only where its first
// offset is computed in int arithmetic (counting up from a constant);
// counting down, or from an expression, it would wrap around.
func TestFixUnsigned(t *testing.T) {
	src := []byte(`#include <upc_relaxed.h>
#include <stdint.h>
#include <stddef.h>
shared int a[40 * THREADS];
void up(void)
{
    uint64_t i;
    upc_forall (i = 0; i < 37; i++; &a[i])
        a[i] = (int)i;
}
void down(void)
{
    size_t j;
    upc_forall (j = 44; j > 37; j--; &a[j])
        a[j] = (int)j;
}
void from(unsigned lo)
{
    unsigned k;
    upc_forall (k = lo; k < lo + 4; k++; &a[k])
        a[k] = (int)k;
}
int main(void) { up(); down(); from(38); return 0; }
`)
	path := filepath.Join(t.TempDir(), "unsigned.upc")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		t.Fatal(err)
	}
	res := fixes.FixFile(path, &fixes.Options{Check: &checks.Options{}, Unsafe: true, Rules: []string{forall.Name}})
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if len(res.Applied) != 1 || res.Applied[0].Line != 8 {
		t.Errorf("applied %+v, want only the count-up loop's fix (line 8):\n%s", res.Applied, res.Diff())
	}
	if fixtest.HaveCC() {
		validate(t, path, res.Original, res.Fixed)
	}
}

// TestFixGoldenValidate passes every golden through upclint fix
// --validate's check (fixes.ValidateResult).
func TestFixGoldenValidate(t *testing.T) {
	fixtest.ValidateGoldens(t, goldenDir, true)
}
