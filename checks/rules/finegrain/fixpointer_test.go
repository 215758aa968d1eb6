package finegrain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
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

// TestPointerNoFixSaysWhy: reads through a cast of a pointer (the UPC
// collectives reference implementation's *((shared const T *)src + i))
// get no rewrite, and the finding says why instead of recommending a
// copy that is not offered.
func TestPointerNoFixSaysWhy(t *testing.T) {
	src := `#include <upc_relaxed.h>
double sum(shared void *src, int n)
{
    int i;
    double s = 0;
    for (i = 0; i < n; i++)
        s += *((shared const double *)src + i);
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
	if len(f.Fixes) != 0 || !strings.Contains(f.Message, "no rewrite offered: (shared const double*)src is computed") {
		t.Errorf("want no fix and the reason, got %d fixes: %s", len(f.Fixes), f.Message)
	}
}
