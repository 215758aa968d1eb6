package fixes_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/upclint/upclint/fixes"
	"github.com/upclint/upclint/fixes/fixtest"
	"github.com/upclint/upclint/runtime/translate"
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

// twoFixes holds a right and a wrong fix (see the file).
const twoFixes = "testdata/two_fixes.upc"

// TestValidateKeepsGoodFixes: when a file's fixes fail together, the
// wrong one is rejected with its rule, line and first differing output
// line, and the right one is kept; with a budget of one extra validation
// nothing can be kept.
func TestValidateKeepsGoodFixes(t *testing.T) {
	fixtest.NeedCC(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	opts := fixes.ValidateOptions{Threads: []int{1, 2, 3}, Timeout: time.Minute}
	res := fixCopy(t, twoFixes, nil, unsafeOpts("forall"))
	if len(res.Applied) != 2 {
		t.Fatalf("applied %+v, want the two forall fixes", res.Applied)
	}
	if err := fixes.ValidateResult(ctx, res, opts); err != nil {
		t.Fatal(err)
	}
	v := res.Validation
	if v == nil || !v.OK || v.Runs != 3 {
		t.Fatalf("validation %+v, want OK after 3 validations (all, each fix added in turn)", v)
	}
	if len(res.Applied) != 1 || res.Applied[0].Line != 17 || res.Applied[0].Reason != "" {
		t.Errorf("applied %+v, want the fix of line 17", res.Applied)
	}
	if len(res.Rejected) != 1 || res.Rejected[0].Rule != "forall" || res.Rejected[0].Line != 11 ||
		!strings.Contains(res.Rejected[0].Reason, "output line 1") {
		t.Errorf("rejected %+v, want the fix of line 11 with the first differing line", res.Rejected)
	}
	fixed := string(res.Fixed)
	if !strings.Contains(fixed, "for (i = MYTHREAD; i < N*THREADS; i += THREADS)") ||
		!strings.Contains(fixed, "upc_forall (i = lo; i < hi; i++; i + 5)") {
		t.Errorf("fixed text:\n%s", fixed)
	}
	if len(res.Remaining) != 1 || res.Remaining[0].Pos.Line != 11 {
		t.Errorf("remaining %+v, want the finding of line 11", res.Remaining)
	}

	res = fixCopy(t, twoFixes, nil, unsafeOpts("forall"))
	opts.MaxRevalidations = 1
	if err := fixes.ValidateResult(ctx, res, opts); err != nil {
		t.Fatal(err)
	}
	if res.Changed() || len(res.Applied) != 0 || len(res.Rejected) != 2 || res.Validation.OK || res.Validation.Runs != 2 {
		t.Fatalf("budget 1: changed %v, applied %+v, rejected %+v, validation %+v", res.Changed(), res.Applied, res.Rejected, res.Validation)
	}
	for _, a := range res.Rejected {
		want := map[int]string{11: "output line 1", 17: "limit of 1 extra validations"}[a.Line]
		if want == "" || !strings.Contains(a.Reason, want) {
			t.Errorf("rejected %+v, want a reason with %q", a, want)
		}
	}
}

// TestValidatePerFixComm: a coalescing fix's lines communicate less after
// it, per the runtime's per-line statistics, and the lines are mapped to
// the fixed text.
func TestValidatePerFixComm(t *testing.T) {
	fixtest.NeedCC(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	res := fixCopy(t, "../testdata/fixes/coalesce/cyclic_range.upc", nil, unsafeOpts())
	if err := fixes.ValidateResult(ctx, res, fixes.ValidateOptions{Threads: []int{1, 4}, Timeout: time.Minute}); err != nil {
		t.Fatal(err)
	}
	if v := res.Validation; v == nil || !v.OK {
		t.Fatalf("not validated: %+v", v)
	}
	var fg *fixes.Applied
	for i := range res.Applied {
		if res.Applied[i].Rule == "finegrain" {
			fg = &res.Applied[i]
		}
	}
	if fg == nil || fg.Comm == nil {
		t.Fatalf("no finegrain fix with figures: %+v", res.Applied)
	}
	c := fg.Comm
	lines := strings.Split(string(res.Original), "\n")
	if c.Threads != 4 || c.Original[0] > fg.Line || c.Original[1] < fg.Line ||
		!strings.Contains(lines[c.Original[0]-1], "for (") {
		t.Errorf("original lines %v (finding at %d, THREADS %d)", c.Original, fg.Line, c.Threads)
	}
	fixedLines := strings.Split(string(res.Fixed), "\n")
	if !strings.Contains(strings.Join(fixedLines[c.Fixed[0]-1:c.Fixed[1]], "\n"), "upc_memget") {
		t.Errorf("fixed lines %v do not hold the upc_memget", c.Fixed)
	}
	if c.Before.RemoteOps == 0 || c.After.RemoteOps >= c.Before.RemoteOps || c.After.Modeled >= c.Before.Modeled {
		t.Errorf("the fix's lines do not communicate less: %+v -> %+v", c.Before, c.After)
	}
	if c.Before.RemoteOps > res.Validation.Before.RemoteOps {
		t.Errorf("the lines count more operations (%d) than the program (%d)", c.Before.RemoteOps, res.Validation.Before.RemoteOps)
	}
	t.Logf("lines %v -> %v: %+v -> %+v", c.Original, c.Fixed, c.Before, c.After)
}

// TestValidateStopsOnFrontEndErrors: a fixed text the front end rejects is
// not compiled: the validation fails with the front end's error, phrased
// as check reports it.
func TestValidateStopsOnFrontEndErrors(t *testing.T) {
	fixtest.NeedCC(t)
	in := "../testdata/fixes/forall/cyclic.upc"
	orig, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	fixed := append(append([]byte(nil), orig...), "\nint *to_local(shared int *p) { return p; }\n"...)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	v, err := fixes.Validate(ctx, in, orig, fixed, fixes.ValidateOptions{Threads: []int{1}, Timeout: time.Minute})
	if v == nil {
		t.Fatalf("no validation (err %v)", err)
	}
	var fe *translate.FrontEndError
	if v.OK || !errors.As(v.Err, &fe) {
		t.Fatalf("validation %+v, want a front-end error", v)
	}
	if r := v.Reason(); !strings.Contains(r, "cyclic.upc:") || !strings.Contains(r, "error: conversion from pointer-to-shared") || !strings.Contains(r, "[typecheck]") {
		t.Errorf("reason %q", r)
	}
}

// TestValidateMasksTimes: a fixed program that prints another time is
// kept, with the timing line reported as masked; one whose timing line
// also differs in another clause is not; one that prints the same but
// reads more remote elements is refused with the increase.
func TestValidateMasksTimes(t *testing.T) {
	fixtest.NeedCC(t)
	in := "testdata/timed_sum.upc"
	orig, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	edit := func(pairs ...string) []byte {
		s := string(orig)
		for i := 0; i < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("no %q in %s", pairs[i], in)
			}
			s = strings.Replace(s, pairs[i], pairs[i+1], 1)
		}
		return []byte(s)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	opts := fixes.ValidateOptions{Threads: []int{1, 2}, Timeout: time.Minute}
	validate := func(fixed []byte, o fixes.ValidateOptions) *fixes.Validation {
		t.Helper()
		v, err := fixes.Validate(ctx, in, orig, fixed, o)
		if err != nil || v == nil {
			t.Fatalf("validation %v, %v", v, err)
		}
		return v
	}

	v := validate(edit("t = 0.25", "t = 0.5"), opts)
	if !v.OK || len(v.Masked) != 2 || v.Masked[0].Line != 2 || v.Masked[1].Threads != 2 {
		t.Errorf("another time: %+v (masked %+v), want OK with line 2 masked at THREADS 1 and 2", v, v.Masked)
	}
	if s := v.MaskedSummary(); !strings.Contains(s, `"time = # seconds, # elements"`) {
		t.Errorf("masked summary %q", s)
	}

	exact := opts
	exact.ExactOutput = true
	if v := validate(edit("t = 0.25", "t = 0.5"), exact); v.OK || v.Mismatch == nil || v.Mismatch.Line != 2 {
		t.Errorf("exact output: %+v", v)
	}

	v = validate(edit("t = 0.25", "t = 0.5", "t, N*THREADS", "t, N*THREADS+1"), opts)
	if v.OK || v.Mismatch == nil || v.Mismatch.Line != 2 || len(v.Masked) != 0 {
		t.Errorf("another element count: %+v, want a mismatch at line 2", v)
	}

	v = validate(edit("sum += x[i];", "sum += x[i] + 0*x[(i+1)%(N*THREADS)];"), opts)
	if v.OK || v.Costlier == nil || v.Costlier.After.Threads != 2 {
		t.Fatalf("more remote reads: %+v, want refused as costlier at THREADS=2", v)
	}
	if r := v.Reason(); !strings.Contains(r, "THREADS=2: communicates more than the original: remote ops 64 → 128 (+64, 2.00x)") {
		t.Errorf("reason %q", r)
	}
}

// TestValidateTimeout: a fixed program stopped by the timeout fails as a
// timeout, not as the output line its stop cut off (collectives'
// try_prefix, whose only line comes at the end, read "<end of output>" on
// a loaded machine); an original stopped by the timeout validates
// nothing, even against a fixed program stopped at the same point.
func TestValidateTimeout(t *testing.T) {
	fixtest.NeedCC(t)
	in := "testdata/timed_sum.upc"
	orig, err := os.ReadFile(in)
	if err != nil {
		t.Fatal(err)
	}
	const last = `printf("time =`
	if !strings.Contains(string(orig), last) {
		t.Fatalf("no %q in %s", last, in)
	}
	spins := []byte(strings.Replace(string(orig), last, "{ volatile int spin = 1; while (spin) ; }\n        "+last, 1))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	opts := fixes.ValidateOptions{Threads: []int{1}, Timeout: 2 * time.Second}
	v, err := fixes.Validate(ctx, in, orig, spins, opts)
	if err != nil || v == nil {
		t.Fatalf("validation %v, %v", v, err)
	}
	if v.OK || v.Mismatch != nil || v.Err == nil || !strings.Contains(v.Reason(), "fixed, THREADS=1: timed out after 2s") {
		t.Errorf("a fixed program that does not end: %+v (reason %q), want a timeout", v, v.Reason())
	}
	v, err = fixes.Validate(ctx, in, spins, spins, opts)
	if err != nil || v == nil {
		t.Fatalf("validation %v, %v", v, err)
	}
	if v.OK || v.Err == nil || !strings.Contains(v.Reason(), "original, THREADS=1: timed out after 2s") {
		t.Errorf("an original that does not end: %+v (reason %q), want it reported as not running", v, v.Reason())
	}
}

// TestFixIncludedFile: a file that another includes is fixed where the
// code is, analysed and validated as part of its includer's unit; the
// includer itself is left unchanged.
func TestFixIncludedFile(t *testing.T) {
	fixtest.NeedCC(t)
	dir := includedCopy(t)
	f, err := fixes.New(fixes.Settings{Extensions: []string{".upc", ".c"}, Unsafe: true, Validate: true,
		ValidateOptions: fixes.ValidateOptions{Threads: []int{1, 3}, Timeout: time.Minute}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	out, err := f.Fix(ctx, []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var kernel *fixes.FileResult
	for _, r := range out.Results {
		switch filepath.Base(r.Path) {
		case "kernel.c":
			kernel = r
		case "main.upc":
			if strings.Contains(string(r.Fixed), "upc_memget") || len(r.Rejected) > 0 {
				t.Errorf("main.upc took kernel.c's fix: rejected %+v\n%s", r.Rejected, r.Fixed)
			}
		}
	}
	if kernel == nil || kernel.Err != nil {
		t.Fatalf("kernel.c not fixed: %+v", kernel)
	}
	if !kernel.Changed() || !strings.Contains(string(kernel.Fixed), "upc_memget") {
		t.Fatalf("kernel.c: applied %+v, rejected %+v, remaining %+v", kernel.Applied, kernel.Rejected, kernel.Remaining)
	}
	v := kernel.Validation
	if v == nil || !v.OK || v.After.RemoteOps >= v.Before.RemoteOps {
		t.Fatalf("validation of kernel.c through main.upc: %+v", v)
	}
}

// TestValidationReasonNamesVersionOnce: the reason of a failed build names
// the version once, whether the compiler's error is on the first line of
// the failure or further down.
func TestValidationReasonNamesVersionOnce(t *testing.T) {
	for _, c := range []struct{ err, want string }{
		{"original: a.upc:7:15: error: THREADS must appear [typecheck]", "original: a.upc:7:15: error: THREADS must appear [typecheck]"},
		{"fixed: cc failed\nIn function main:\na.c:3:1: error: expected ';'", "fixed: a.c:3:1: error: expected ';'"},
	} {
		v := &fixes.Validation{Err: errors.New(c.err)}
		if got := v.Reason(); got != c.want {
			t.Errorf("Reason of %q = %q, want %q", c.err, got, c.want)
		}
	}
}

// TestValidateRunsInScratchDir: the programs --validate runs read their
// input files from the working directory and write the files they create
// elsewhere: after validation the directory holds no output of theirs.
func TestValidateRunsInScratchDir(t *testing.T) {
	fixtest.NeedCC(t)
	src := `#include <upc_relaxed.h>
#include <stdio.h>
#define N 64
shared int a[N * THREADS];
int main(void)
{
    int i, k = 0;
    long s = 0;
    FILE *in = fopen("input.txt", "r"), *out;
    if (in == NULL || fscanf(in, "%d", &k) != 1)
        return 2;
    fclose(in);
    for (i = MYTHREAD; i < N * THREADS; i += THREADS)
        a[i] = i % k;
    upc_barrier;
    for (i = 0; i < N; i++)
        s += a[i];
    out = fopen("out.txt", "w");
    if (out != NULL) {
        fprintf(out, "%ld\n", s);
        fclose(out);
    }
    printf("thread %d: %ld\n", MYTHREAD, s);
    return 0;
}
`
	wd := t.TempDir()
	t.Chdir(wd)
	if err := os.WriteFile("input.txt", []byte("7\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res := fixCopy(t, "scratch.upc", []byte(src), unsafeOpts("finegrain"))
	if !res.Changed() {
		t.Fatal("no fix applied")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := fixes.ValidateResult(ctx, res, fixes.ValidateOptions{Threads: []int{1, 2}, Timeout: time.Minute}); err != nil {
		t.Fatal(err)
	}
	if v := res.Validation; v == nil || !v.OK {
		t.Fatalf("not validated (the program must read input.txt): %+v", v)
	}
	if _, err := os.Stat(filepath.Join(wd, "out.txt")); !os.IsNotExist(err) {
		t.Errorf("out.txt written into the working directory (%v)", err)
	}
	if b, err := os.ReadFile(filepath.Join(wd, "input.txt")); err != nil || string(b) != "7\n" {
		t.Errorf("input.txt changed: %q, %v", b, err)
	}
}
