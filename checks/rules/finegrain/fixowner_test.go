package finegrain_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
)

// TestOwnerFix: reads of a cyclic array over K*THREADS elements get one
// upc_memget per thread read by layout (OWNER x b c: the buffer is
// x_local, with suffix b when b > 1 (a global takes part_local), and the
// counter t (c = 1) or thr (c = 2, the function has a t); other
// functions' names do not count), also whole rows of a 2-D array; other
// ranges keep the other rewrites (OTHER), which gather
// into global order or run in strips.
func TestOwnerFix(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define K 16
shared long part[K * THREADS];
shared long grid[4 * THREADS][6];
long part_local;

long all(void)
{
    int i;
    long s = 0;
    for (i = 0; i < K * THREADS; i++)
        s += part[i]; /* OWNER part 2 1 */
    return s;
}

long shifted(void)
{
    int i, t = 0;
    long s = 0;
    for (i = 8; i < 8 + 4 * THREADS; i++)
        s += part[i] * t; /* OWNER part 2 2 */
    return s;
}

long uneven(void)
{
    int i;
    long s = 0;
    for (i = 0; i < K * THREADS - 3; i++)
        s += part[i]; /* OTHER */
    return s;
}

long param(int n)
{
    int i;
    long s = 0;
    for (i = 0; i < n * THREADS; i++)
        s += part[i]; /* OTHER */
    return s;
}

long uneven_rows(void)
{
    int r, c;
    long s = 0;
    for (r = 0; r < 4 * THREADS - 1; r++)
        for (c = 0; c < 6; c++)
            s += grid[r][c]; /* OTHER */
    return s;
}

long rows(void)
{
    int r, c;
    long s = 0;
    for (r = 0; r < 4 * THREADS; r++)
        for (c = 0; c < 6; c++)
            s += grid[r][c]; /* OWNER grid 1 1 */
    return s;
}
`
	res, lines := finegrainOn(t, src)
	seen := map[int]bool{}
	for _, f := range res.Findings {
		line := lines[f.Pos.Line-1]
		seen[f.Pos.Line] = true
		owner := len(f.Fixes) > 0 && strings.Contains(f.Fixes[0].Message, "read by layout")
		switch {
		case strings.Contains(line, "OWNER"):
			if !owner {
				t.Errorf("line %d: %s: no per-thread fix (%d fixes)", f.Pos.Line, strings.TrimSpace(line), len(f.Fixes))
				continue
			}
			_, marks, _ := strings.Cut(line, "OWNER")
			want := strings.Fields(marks)
			buf, ctr := want[0]+"_local", "t"
			if want[1] != "1" {
				buf += want[1]
			}
			if want[2] == "2" {
				ctr = "thr"
			}
			var text strings.Builder
			for _, e := range f.Fixes[0].Edits {
				text.WriteString(e.NewText)
			}
			if !strings.Contains(text.String(), buf+"[") || !strings.Contains(text.String(), "int "+ctr+" = 0") {
				t.Errorf("line %d: want buffer %s and counter %s, got:\n%s", f.Pos.Line, buf, ctr, text.String())
			}
		case strings.Contains(line, "OTHER"):
			if owner {
				t.Errorf("line %d: %s: per-thread fix %q", f.Pos.Line, strings.TrimSpace(line), f.Fixes[0].Message)
			}
		}
	}
	for i, l := range lines {
		if (strings.Contains(l, "OWNER") || strings.Contains(l, "OTHER")) && !seen[i+1] {
			t.Errorf("line %d: %s: not reported", i+1, strings.TrimSpace(l))
		}
	}
}

// TestWriteWrap: the row writes of a loop that is a upc_forall's whole
// body, without braces, are coalesced and the body gets braces; not when
// the header line ends with a comment (the "{" would go inside it) or
// the loop shares the header's line.
func TestWriteWrap(t *testing.T) {
	src := `#include <upc_relaxed.h>
#define NC 24
shared int grid[4 * THREADS][NC];

void plain(void)
{
    int r, c;
    upc_forall (r = 0; r < 4 * THREADS; r++; &grid[r][0])
        for (c = 0; c < NC; c++)
            grid[r][c] = r + c; /* WRAP */
}

void commented(void)
{
    int r, c;
    upc_forall (r = 0; r < 4 * THREADS; r++; &grid[r][0]) // rows
        for (c = 0; c < NC; c++)
            grid[r][c] = r - c; /* NOWRAP */
}

void one_line(void)
{
    int r, c;
    upc_forall (r = 0; r < 4 * THREADS; r++; &grid[r][0]) for (c = 0; c < NC; c++)
            grid[r][c] = r * c; /* NOWRAP */
}
`
	res, lines := finegrainOn(t, src)
	seen := 0
	for _, f := range res.Findings {
		line := lines[f.Pos.Line-1]
		wrapped := false
		for _, fix := range f.Fixes {
			for _, e := range fix.Edits {
				wrapped = wrapped || e.NewText == " {"
			}
		}
		switch {
		case strings.Contains(line, "NOWRAP"):
			seen++
			if wrapped {
				t.Errorf("line %d: %s: braces added", f.Pos.Line, strings.TrimSpace(line))
			}
		case strings.Contains(line, "WRAP"):
			seen++
			if !wrapped {
				t.Errorf("line %d: %s: no fix with braces (%d fixes)", f.Pos.Line, strings.TrimSpace(line), len(f.Fixes))
			}
		}
	}
	if seen != 3 {
		t.Errorf("%d of the 3 marked writes reported", seen)
	}
}

// finegrainOn runs finegrain on src and returns its result and lines.
func finegrainOn(t *testing.T, src string) (*checks.Result, []string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.upc")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := checks.Run([]string{path}, &checks.Options{Jobs: 1, Enabled: func(r string) bool { return r == "finegrain" }})
	if err != nil {
		t.Fatal(err)
	}
	return res, strings.Split(src, "\n")
}
