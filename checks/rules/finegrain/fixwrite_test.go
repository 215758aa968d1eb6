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
// array other than by updating each element once (+=, ++), or a
// pointer-to-shared might alias it; a loop reading through a private
// pointer (which may point into the array's local part) gets an unsafe
// fix. An inner loop or an if before the write does not skip it, a
// continue of the loop does.
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

void deref_read(int k, int *lp)
{
    int j;
    for (j = 0; j < 40; j++)
        A[k + j] = *lp + j; /* UNSAFE */
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

void updates(int k)
{
    int j;
    for (j = 0; j < 40; j++)
        A[k + j] += j; /* FIX */
}

void increments(int k)
{
    int j;
    for (j = 0; j < 40; j++)
        A[k + j]++; /* FIX */
}

void inner_loop_first(int k)
{
    int j, b;
    for (j = 0; j < 40; j++) {
        int t = 0;
        for (b = 0; b < 4; b++) {
            if (b == j % 4)
                continue;
            t += b;
        }
        if (t > 3)
            t = 3;
        A[k + j] = t; /* FIX */
    }
}

void update_skipped(int k)
{
    int j;
    for (j = 0; j < 40; j++) {
        if (j % 5 == 0) {
            continue;
        }
        A[k + j] -= 1; /* NOFIX */
    }
}

void update_reads_neighbour(int k)
{
    int j;
    for (j = 0; j < 40; j++)
        A[k + j] += A[k + j + 1]; /* NOFIX */
}

void update_twice(int k)
{
    int j;
    for (j = 0; j < 40; j++) {
        A[k + j] += 1; /* NOFIX */
        A[k + j] *= 2;
    }
}
`
	checkFixMarks(t, src)
}

// checkFixMarks checks the finegrain findings of src: every line marked
// FIX */, UNSAFE */ or NOFIX */ is reported, with a safe fix on the FIX
// lines, an unsafe one on the UNSAFE lines and none on the NOFIX ones.
func checkFixMarks(t *testing.T, src string) {
	t.Helper()
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
		if strings.Contains(lines[f.Pos.Line-1], "UNSAFE") && (len(f.Fixes) == 0 || f.Fixes[0].Safe()) {
			t.Errorf("line %d: %s: no unsafe fix", f.Pos.Line, strings.TrimSpace(lines[f.Pos.Line-1]))
		}
		if strings.Contains(lines[f.Pos.Line-1], "/* FIX") && len(f.Fixes) > 0 && !f.Fixes[0].Safe() {
			t.Errorf("line %d: %s: fix marked unsafe", f.Pos.Line, strings.TrimSpace(lines[f.Pos.Line-1]))
		}
		if strings.Contains(lines[f.Pos.Line-1], "NOFIX") && len(f.Fixes) > 0 {
			t.Errorf("line %d: %s: unexpected fix %q", f.Pos.Line, strings.TrimSpace(lines[f.Pos.Line-1]), f.Fixes[0].Message)
		}
	}
	for i, l := range lines {
		if (strings.Contains(l, "FIX */") || strings.Contains(l, "UNSAFE */")) && !reported[i+1] {
			t.Errorf("line %d: %s: not reported", i+1, strings.TrimSpace(l))
		}
	}
}

// TestReadNoFix: loops whose remote reads are reported but must not be
// rewritten, because moving the reads before the loop could change what
// they read or what the loop does: a write through a pointer that may
// alias the array, a call of an unknown function, a barrier, a strict
// access, a lock, an exit from the loop (break, return, goto), and a read
// that only some iterations make outside the elements every iteration
// reads (its guard may keep it inside the array, the fetch of the box
// would not), with the same loop without the obstacle as the control.
func TestReadNoFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
#include <stdio.h>
shared int A[64 * THREADS];
strict shared int flag;
upc_lock_t *lk;
void unknown(int);

int plain(int k)
{
    int j, s = 0;
    for (j = 0; j < 40; j++)
        s += A[k + j]; /* FIX */
    return s;
}

int aliasing_write(int k, shared int *p)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        s += A[k + j]; /* NOFIX */
        p[j] = s;
    }
    return s;
}

int unknown_call(int k)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        s += A[k + j]; /* NOFIX */
        unknown(j);
    }
    return s;
}

int with_barrier(int k)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        s += A[k + j]; /* NOFIX */
        upc_barrier;
    }
    return s;
}

int strict_access(int k)
{
    int j, s = 0;
    for (j = 0; j < 40; j++)
        s += A[k + j] * flag; /* NOFIX */
    return s;
}

int lock(int k)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        upc_lock(lk);
        s += A[k + j]; /* NOFIX */
        upc_unlock(lk);
    }
    return s;
}

int breaks(int k)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        if (s > 1000)
            break;
        s += A[k + j]; /* NOFIX */
    }
    return s;
}

int returns(int k)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        if (s > 1000)
            return -1;
        s += A[k + j]; /* NOFIX */
    }
    return s;
}

int gotos(int k)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        if (s > 1000)
            goto out;
        s += A[k + j]; /* NOFIX */
    }
out:
    return s;
}

int guarded_ahead(void)
{
    int j, s = 0;
    for (j = 0; j < 64 * THREADS; j++)
        if (j + 5 < 64 * THREADS)
            s += A[j + 5]; /* NOFIX */
    return s;
}

int continue_behind(void)
{
    int j, s = 0;
    for (j = 0; j < 64 * THREADS; j++) {
        if (j == 0)
            continue;
        s += A[j - 1]; /* NOFIX */
    }
    return s;
}

int deref_write(int *mine)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        s += A[j]; /* UNSAFE */
        *mine = s;
    }
    return s;
}

int arrow_write(struct { int n; } *st)
{
    int j, s = 0;
    for (j = 0; j < 40; j++) {
        s += A[j]; /* UNSAFE */
        st->n++;
    }
    return s;
}

int guarded_inside(void)
{
    int j, s = 0;
    for (j = 0; j < 64 * THREADS; j++) {
        if (A[j] > 0) /* FIX */
            s += A[j];
    }
    return s;
}
`
	checkFixMarks(t, src)
}
