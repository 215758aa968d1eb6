package finegrain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	_ "github.com/upclint/upclint/checks/rules/all"
)

// TestWriteNoFix lists remote writes that must keep their finding without
// a rewrite: the range is not written exactly once, or the loop reads the
// array, or a pointer-to-shared might alias it.
func TestWriteNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
shared int A[64 * THREADS];
shared int B[64 * THREADS][8];

void conditional(int k)
{
    int j;
    for (j = 0; j < 40; j++) {
        if (j % 3)
            A[k + j] = j; /* NOFIX */
    }
}

void skips(int k)
{
    int j;
    for (j = 0; j < 40; j += 2)
        A[k + j] = j; /* NOFIX */
}

void reads_too(int k)
{
    int j;
    for (j = 1; j < 40; j++)
        A[k + j] = A[k + j - 1] + 1; /* NOFIX */
}

void twice(int k)
{
    int j;
    for (j = 0; j < 40; j++) {
        A[k + j] = j; /* NOFIX */
        A[k + j] = j + 1;
    }
}

void aliased(int k, shared int *p)
{
    int j;
    for (j = 0; j < 40; j++) {
        A[k + j] = p[j]; /* NOFIX */
    }
}

void forall_rows(void)
{
    int i;
    upc_forall (i = 0; i < 64; i++; i)
        B[i][3] = i; /* NOFIX */
}

void plain(int k)
{
    int j;
    for (j = 0; j < 40; j++)
        A[k + j] = j; /* FIX */
}

void continues(int k)
{
    int j;
    for (j = 0; j < 40; j++) {
        if (j == 7)
            continue;
        A[k + j] = j; /* NOFIX */
    }
}
`
	dir := t.TempDir()
	path := filepath.Join(dir, "nofix.upc")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := checks.Run([]string{path}, &checks.Options{Jobs: 1, Enabled: func(r string) bool { return r == "finegrain" }})
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(src, "\n")
	reported := map[int]bool{}
	for _, f := range res.Findings {
		reported[f.Pos.Line] = true
		if strings.Contains(lines[f.Pos.Line-1], "/* FIX") && len(f.Fixes) == 0 {
			t.Errorf("line %d: no fix", f.Pos.Line)
		}
		if strings.Contains(lines[f.Pos.Line-1], "NOFIX") && len(f.Fixes) > 0 {
			t.Errorf("line %d: %s: unexpected fix %q", f.Pos.Line, strings.TrimSpace(lines[f.Pos.Line-1]), f.Fixes[0].Message)
		}
	}
	for i, l := range lines {
		if strings.Contains(l, "FIX */") && !reported[i+1] {
			t.Errorf("line %d: %s: not reported", i+1, strings.TrimSpace(l))
		}
	}
}
