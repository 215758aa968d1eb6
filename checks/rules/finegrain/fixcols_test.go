package finegrain_test

import (
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
)

// shownWhy returns the message of the display-only fix of a finding on
// line, failing when there is none or a fix there is applicable.
func shownWhy(t *testing.T, src string, line int) string {
	t.Helper()
	why := ""
	for _, f := range findingList(t, src) {
		if f.Pos.Line != line {
			continue
		}
		for _, x := range f.Fixes {
			if x.Applicability != checks.FixDisplayOnly {
				t.Errorf("line %d: an applicable fix %q", line, x.Message)
			}
			why = x.Message
		}
	}
	if why == "" {
		t.Errorf("no fix shown on line %d", line)
	}
	return why
}

// TestRowsShownWhenColumnsPart: mcop's print loop reads iPsize columns of
// rows of a cyclic 4096-column matrix (a run-time bound): a copy of whole
// rows moved 24x the bytes the loop reads at its test size, so the rewrite
// is only shown, and says why. Columns are fetched alone only where a
// row's columns are contiguous on one thread (blocked rows,
// rows_columns.upc); a cyclic row's are on every thread.
func TestRowsShownWhenColumnsPart(t *testing.T) {
	src := `#include <upc_relaxed.h>
#include <stdio.h>
#define PSIZE 4096
shared int iCost[PSIZE][PSIZE];

void print(int iPsize)
{
    int i, j;
    for (i = 0; i < iPsize; i++) {
        for (j = 0; j < iPsize; j++)
            printf("%10d", iCost[i][j]);
        printf("\n");
    }
}
`
	why := shownWhy(t, src, 11)
	if !strings.Contains(why, "not applied: it fetches whole rows of 4096 elements where the loop may read only part of each") {
		t.Errorf("the shown fix does not say why it is not applied: %q", why)
	}
}

// TestStructMemberShown: GWU's I_case5_ii sums one member array of each
// element of a blocked array of structures: a copy of whole elements moves
// their other member too (+1% bytes), so the rewrite is only shown.
func TestStructMemberShown(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define NUMBER 100
struct foo {
    char No;
    int a[NUMBER];
};
shared [8] struct foo barray[THREADS];

int sum(void)
{
    int i, j, s = 0;
    for (i = 0; i < THREADS; i++)
        for (j = 0; j < NUMBER; j++)
            s += barray[i].a[j];
    return s;
}
`
	why := shownWhy(t, src, 14)
	if !strings.Contains(why, "not applied: it copies whole 404-byte elements where the loop reads 400 bytes of each") {
		t.Errorf("the shown fix does not say why it is not applied: %q", why)
	}
}
