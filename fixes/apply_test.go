package fixes

import (
	"testing"

	"github.com/upclint/upclint/checks"
)

func edit(path string, start, end int, text string) checks.Edit {
	return checks.Edit{Pos: checks.Position{Path: path, Offset: start, Line: 1, Col: start + 1},
		End: checks.Position{Path: path, Offset: end, Line: 1, Col: end + 1}, NewText: text}
}

func TestApply(t *testing.T) {
	src := []byte("abcdefgh")
	got, err := Apply(src, []checks.Edit{edit("f", 6, 8, "XY"), edit("f", 0, 1, ""), edit("f", 3, 3, "+")})
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "bc+defXY" {
		t.Errorf("got %q", got)
	}
	if _, err := Apply(src, []checks.Edit{edit("f", 0, 4, ""), edit("f", 2, 5, "")}); err == nil {
		t.Error("overlapping edits: no error")
	}
	if _, err := Apply(src, []checks.Edit{edit("f", 4, 20, "")}); err == nil {
		t.Error("edit past the end: no error")
	}
}

func TestSelect(t *testing.T) {
	fix := func(safe bool, edits ...checks.Edit) checks.Fix {
		if safe {
			return checks.Fix{Applicability: checks.FixSafe, Edits: edits}
		}
		return checks.Fix{Applicability: checks.FixUnsafe, Edits: edits}
	}
	findings := []checks.Finding{
		{Rule: "a", Fixes: []checks.Fix{fix(true, edit("f", 0, 4, "x"))}},
		{Rule: "b", Fixes: []checks.Fix{fix(true, edit("f", 2, 6, "y"))}},                                     // overlaps the first
		{Rule: "c", Fixes: []checks.Fix{fix(false, edit("f", 8, 9, "z")), fix(true, edit("f", 10, 11, "w"))}}, // first is unsafe
		{Rule: "d", Fixes: []checks.Fix{fix(true, edit("g", 0, 1, "v"))}},
	}
	safeOnly := func(_ *checks.Finding, f *checks.Fix) bool { return f.Safe() }
	chosen, conflicts := Select(findings, safeOnly)
	if len(chosen["f"]) != 2 || chosen["f"][0].Finding.Rule != "a" || chosen["f"][1].Finding.Rule != "c" ||
		chosen["f"][1].Fix.Edits[0].NewText != "w" {
		t.Errorf("chosen for f = %+v", chosen["f"])
	}
	if len(chosen["g"]) != 1 {
		t.Errorf("chosen for g = %+v", chosen["g"])
	}
	if len(conflicts) != 1 || conflicts[0].Finding.Rule != "b" {
		t.Errorf("conflicts = %+v", conflicts)
	}
}

// TestSelectSharedInclude: two fixes that insert the same #include line at
// the same place are both selected and the include is applied once; two
// identical insertions of other text still conflict.
func TestSelectSharedInclude(t *testing.T) {
	inc := "\n#include <upc_collective.h>"
	fix := func(e ...checks.Edit) checks.Finding {
		return checks.Finding{Rule: "r", Fixes: []checks.Fix{{Applicability: checks.FixSafe, Edits: e}}}
	}
	findings := []checks.Finding{
		fix(edit("f", 3, 3, inc), edit("f", 5, 6, "X")),
		fix(edit("f", 3, 3, inc), edit("f", 7, 8, "Y")),
		fix(edit("f", 1, 1, " }")),
		fix(edit("f", 1, 1, " }"), edit("f", 0, 1, "W")),
	}
	all := func(*checks.Finding, *checks.Fix) bool { return true }
	chosen, conflicts := Select(findings, all)
	if len(chosen["f"]) != 3 || len(conflicts) != 1 || conflicts[0].Finding != &findings[3] {
		t.Fatalf("chosen %d, conflicts %d; want 3 and 1 (the include is shared, other text is not)", len(chosen["f"]), len(conflicts))
	}
	got, err := Apply([]byte("abc\nefgh"), Edits(chosen["f"]))
	if err != nil {
		t.Fatal(err)
	}
	if want := "a }bc\n#include <upc_collective.h>\neXgY"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
