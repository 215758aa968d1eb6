package fixes

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/runtime"
)

func TestWriteFileKeepsMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k.upc")
	if err := os.WriteFile(path, []byte("old\n"), 0o751); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("new\n")); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(path)
	st, _ := os.Stat(path)
	if string(b) != "new\n" || st.Mode().Perm() != 0o751 {
		t.Errorf("got %q mode %v", b, st.Mode().Perm())
	}
	if m, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".*upclint*")); len(m) > 0 {
		t.Errorf("temporary files left: %v", m)
	}
}

func TestLineEndings(t *testing.T) {
	if !IsCRLF([]byte("a\r\nb\r\nc\n")) || IsCRLF([]byte("a\nb\r\nc\n")) || IsCRLF([]byte("abc")) {
		t.Error("IsCRLF")
	}
	if got := ToCRLF("x\ny\r\nz"); got != "x\r\ny\r\nz" {
		t.Errorf("ToCRLF: %q", got)
	}
}

func TestCompareRuns(t *testing.T) {
	run := func(out ...string) *runtime.Result {
		r := &runtime.Result{}
		for i, o := range out {
			r.Threads = append(r.Threads, runtime.ThreadResult{Thread: i, Stdout: []byte(o)})
		}
		return r
	}
	if m, _ := compareRuns(2, run("a\nb\n", "c\n"), run("a\nb\n", "c\n"), nil); m != nil {
		t.Errorf("equal runs differ: %v", m)
	}
	m, _ := compareRuns(2, run("a\nb\n", "c\nd\n"), run("a\nb\n", "c\nx\n"), nil)
	if m == nil || m.Thread != 1 || m.Line != 2 || m.Original != "d" || m.Fixed != "x" {
		t.Errorf("got %+v", m)
	}
	b := run("a\n")
	b.Threads[0].ExitCode = 3
	if m, _ := compareRuns(1, run("a\n"), b, nil); m == nil || m.Line != 0 || m.Fixed != "3" {
		t.Errorf("exit status: %+v", m)
	}
}

// TestMapSpans: spans move through rounds of edits; text inserted at a
// span's ends joins the span, and mapping back lands in the original.
func TestMapSpans(t *testing.T) {
	e := func(start, end int, text string) checks.Edit {
		return checks.Edit{Pos: checks.Position{Offset: start}, End: checks.Position{Offset: end}, NewText: text}
	}
	// "0123456789": round 1 inserts "AB" at 2 and replaces 5-7 by "X";
	// round 2 (on "01AB234X789") inserts "<" at 0.
	hist := [][]checks.Edit{{e(2, 2, "AB"), e(5, 7, "X")}, {e(0, 0, "<")}}
	src := "0123456789"
	r1, _ := Apply([]byte(src), hist[0])
	r2, _ := Apply(r1, hist[1])
	if string(r2) != "<01AB234X789" {
		t.Fatalf("got %q", r2)
	}
	for _, c := range []struct {
		start, end         int // in src
		fixedStart, fixEnd int // in r2
	}{
		{2, 5, 3, 8},    // [2,5) "234" keeps "AB" inserted at its start: "AB234"
		{5, 7, 8, 9},    // the replaced range becomes "X"
		{6, 9, 8, 11},   // a start inside a replaced range goes to its start
		{0, 2, 0, 5},    // "01" and the insertions at both ends
		{8, 10, 10, 12}, // after every edit
	} {
		s, en := mapForward(hist, c.start, false), mapForward(hist, c.end, true)
		if s != c.fixedStart || en != c.fixEnd {
			t.Errorf("forward [%d,%d) = [%d,%d) %q, want [%d,%d)", c.start, c.end, s, en, r2[s:en], c.fixedStart, c.fixEnd)
		}
	}
	for _, c := range []struct{ off, start int }{
		{1, 0}, {3, 2}, {6, 3}, {8, 5}, {9, 7}, {11, 9}, {12, 10},
	} {
		if got := mapBack(hist, c.off, false); got != c.start {
			t.Errorf("back(%d) = %d, want %d", c.off, got, c.start)
		}
	}
	if got := mapBack(hist, 4, true); got != 2 {
		t.Errorf("back end inside inserted text = %d, want 2 (the insertion point)", got)
	}
	if got := mapBack(hist, 8, true); got != 5 {
		t.Errorf("back end at the start of a replacement = %d, want 5", got)
	}
}

// TestFileScopeEdit: #include and declaration lines inserted unindented
// at a line boundary are file-scope; code inserted in a function is not.
func TestFileScopeEdit(t *testing.T) {
	ins := func(col int, text string) checks.Edit {
		return checks.Edit{Pos: checks.Position{Offset: 5, Col: col}, End: checks.Position{Offset: 5, Col: col}, NewText: text}
	}
	for _, c := range []struct {
		e    checks.Edit
		want bool
	}{
		{ins(20, "\n#include <stdlib.h>"), true},
		{ins(1, "shared long _upclint_red_a;\n\n"), true},
		{ins(1, "    int buf[4];\n"), false},
		{ins(9, "upc_all_broadcast(x, &y, 8, 0);\n    "), false},
		{ins(20, "\n    free(buf);"), false},
	} {
		if got := fileScope(c.e); got != c.want {
			t.Errorf("fileScope(%q at col %d) = %v", c.e.NewText, c.e.Pos.Col, got)
		}
	}
}
