package types_test

import (
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/diag"
)

// TestStaticThreadsSummary: the declarations that need static THREADS
// give one error at the first, the others as related locations; a size
// with a variable besides THREADS is still its own error; under static
// THREADS there is none.
func TestStaticThreadsSummary(t *testing.T) {
	src := `#include <upc.h>
int n = 4;
shared [THREADS] double blk[THREADS];
int a[3 * THREADS];
int b[100 / THREADS + 2 * (THREADS / 256)];
shared int c[100];
int d[n * THREADS];
`
	u := checkSrc(t, src, 0)
	var errs []diag.Diagnostic
	for _, d := range u.diags {
		if d.Severity == diag.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) != 2 {
		t.Fatalf("%d errors, want 2: %v", len(errs), errs)
	}
	sum := errs[0]
	if !strings.Contains(sum.Message, "the program needs static THREADS: 4 declarations") ||
		!strings.Contains(sum.Message, "--threads N") || u.fset.Position(sum.Pos).Line != 3 {
		t.Errorf("summary = %d: %s", u.fset.Position(sum.Pos).Line, sum.Message)
	}
	var lines []int
	for _, r := range sum.Related {
		lines = append(lines, u.fset.Position(r.Pos).Line)
	}
	if len(lines) != 3 || lines[0] != 4 || lines[1] != 5 || lines[2] != 6 {
		t.Errorf("related lines %v, want [4 5 6]", lines)
	}
	if p := u.fset.Position(errs[1].Pos); p.Line != 7 || !strings.Contains(errs[1].Message, "variable length") {
		t.Errorf("second error %d: %s, want d's variable length on line 7", p.Line, errs[1].Message)
	}

	u = checkSrc(t, strings.Replace(src, "int d[n * THREADS];\n", "", 1), 4)
	for _, d := range u.diags {
		if d.Severity == diag.Error {
			t.Errorf("static THREADS: %s", d.Message)
		}
	}
}
