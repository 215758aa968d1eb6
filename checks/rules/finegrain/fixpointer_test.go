package finegrain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/fixes/fixtest"
)

// TestPointerNoFix: reads through cyclic and indefinite pointers-to-shared
// are coalesced as reads of named arrays are; a loop that reads beyond the
// elements every iteration reads, under a guard that may be what keeps the
// read inside the object, keeps its finding without a fix.
func TestPointerNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
shared double *cv;
shared [] double *iv;

double cyclic(int b)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++)
        s += cv[b + j]; /* FIX */
    return s;
}

double indefinite(int b, int n)
{
    int j;
    double s = 0;
    for (j = 0; j < n; j++)
        s += iv[b + j]; /* FIX */
    return s;
}

double guarded(int b)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++) {
        s += iv[b + j]; /* NOFIX */
        if (j + 50 < 60)
            s += iv[b + j + 50];
    }
    return s;
}
`
	checkFixMarks(t, src)
}

// TestAddrNoFix: reads through an element's address, (&A[i])[j],
// *(&A[i] + j), (&M[r][0])[c] and *(A + i + j), are coalesced as A[i + j];
// an address made by a macro (the rewrite would edit its expansion) or one
// that calls a function keeps its finding without a fix.
func TestAddrNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define ROW(r) (&M[r][0])
shared double A[64 * THREADS];
shared double M[8 * THREADS][16];
int pick(int);

double index_form(int i)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++)
        s += (&A[i])[j]; /* FIX */
    return s;
}

double deref_form(int i)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++)
        s += *(&A[i] + j); /* FIX */
    return s;
}

double row_form(int r)
{
    int c;
    double s = 0;
    for (c = 0; c < 16; c++)
        s += (&M[r][0])[c]; /* FIX */
    return s;
}

double sum_form(int i)
{
    int j;
    double s = 0;
    for (j = 0; j < 40; j++)
        s += *(A + i + j); /* FIX */
    return s;
}

double macro_row(int r)
{
    int c;
    double s = 0;
    for (c = 0; c < 16; c++)
        s += ROW(r)[c]; /* NOFIX */
    return s;
}
`
	checkFixMarks(t, src)
}

// TestPointerNoFixSaysWhy: reads through a cast of what is not a pointer
// variable the loop leaves unchanged ((shared const T *)(src + k)) get
// no rewrite, and the finding says why instead of recommending
// a copy that is not offered; a cast of a pointer variable
// (*((shared const T *)src + i), the UPC collectives reference
// implementation) gets one (TestCastReads).
func TestPointerNoFixSaysWhy(t *testing.T) {
	src := `#include <upc_relaxed.h>
double sum(shared double *src, int k, int n)
{
    int i;
    double s = 0;
    for (i = 0; i < n; i++)
        s += *((shared const double *)(src + k) + i);
    return s;
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "cast.upc")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := checks.Run([]string{path}, &checks.Options{Jobs: 1, Enabled: func(r string) bool { return r == "finegrain" }})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 {
		t.Fatalf("%d findings, want 1: %+v", len(res.Findings), res.Findings)
	}
	f := res.Findings[0]
	if len(f.Fixes) != 0 || !strings.Contains(f.Message, "no rewrite offered: (shared const double*)(src + k) is a cast of an expression") {
		t.Errorf("want no fix and the reason, got %d fixes: %s", len(f.Fixes), f.Message)
	}
}

// TestCastFollowsMacros: the golden of reads through casts writes the
// element type and the block size as the casts spell them (RED_T, B), so
// the fixed program built with RED_T float or B 8 runs as the original
// built the same way.
func TestCastFollowsMacros(t *testing.T) {
	orig, fixed := fixtest.ReadPair(t, filepath.Join(goldenDir, "ptr_cast.upc"))
	for _, w := range []string{"RED_T *src_local = malloc", "len = B - upc_phaseof((shared [B] long *)src"} {
		if !strings.Contains(string(fixed), w) {
			t.Errorf("no %q in the fixed text", w)
		}
	}
	if testing.Short() || !fixtest.HaveCC() {
		t.Skip("builds and runs the program")
	}
	for _, def := range [][2]string{{"RED_T double", "RED_T float"}, {"B 4", "B 8"}} {
		t.Run(strings.ReplaceAll(def[1], " ", "="), func(t *testing.T) {
			with := func(src []byte) []byte {
				return []byte(strings.Replace(string(src), "#define "+def[0]+"\n", "#define "+def[1]+"\n", 1))
			}
			compareRuns(t, "ptr_cast.upc", with(orig), with(fixed))
		})
	}
}

// TestCastReads: a cast whose index a macro makes would have the macro's
// value written by the rewrite: no fix, and the finding says why.
func TestCastReads(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define OFF 3
#define RED_T double
RED_T plain(shared const void *src, int n)
{
    int i;
    RED_T s = 0;
    for (i = 0; i < n; i++)
        s += *((shared const RED_T *)src + i); /* FIX */
    return s;
}

RED_T offset(shared const void *src, int n)
{
    int i;
    RED_T s = 0;
    for (i = 0; i < n; i++)
        s += *((shared const RED_T *)src + (OFF + i)); /* NOFIX */
    return s;
}
`
	checkFixMarks(t, src)
	path := filepath.Join(t.TempDir(), "cast_offset.upc")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := checks.Run([]string{path}, &checks.Options{Jobs: 1, Enabled: func(r string) bool { return r == "finegrain" }})
	if err != nil {
		t.Fatal(err)
	}
	why := "no rewrite offered: a macro makes part of the index of the reads through (shared const double*)src"
	if len(res.Findings) != 2 || !strings.Contains(res.Findings[1].Message, why) {
		t.Errorf("want the reason %q in the second finding: %+v", why, res.Findings)
	}
}
