package report

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks"
	_ "github.com/upclint/upclint/checks/rules/all" // the programs' findings come from the rules
	"github.com/upclint/upclint/grammar/diag"
)

// TestDirectResultsMatchModel: the results the encoder writes straight
// from findings are byte for byte those of the go-sarif model (BuildSARIF
// encoded by MarshalSARIF), on the findings of the testdata programs
// (fixes, related locations, several files) and on hand-made edge cases.
func TestDirectResultsMatchModel(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	var files []string
	for _, pat := range []string{"testdata/kernels/*.upc", "testdata/fixes/*/*.upc", "testdata/corpus/invalid/*.upc", "checks/rules/*/testdata/*.upc"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	res, err := checks.Run(files, &checks.Options{})
	if err != nil {
		t.Fatal(err)
	}
	findings := res.Findings
	AssignFingerprints(findings)
	fixes, related := 0, 0
	for _, f := range findings {
		fixes += len(f.Fixes)
		related += len(f.Related)
	}
	if fixes < 50 || related < 20 {
		t.Fatalf("only %d fixes and %d related locations in %d findings", fixes, related, len(findings))
	}
	pos := func(path string, line, col, off int) checks.Position {
		return checks.Position{Path: path, Line: line, Col: col, Offset: off}
	}
	many := make([]checks.Related, MaxSARIFRelatedLocations+3)
	for i := range many {
		many[i] = checks.Related{Pos: pos("a.upc", i+1, 1, i*10), Message: "related"}
	}
	findings = append(findings,
		checks.Finding{Rule: "finegrain", Severity: diag.Note, Message: "é \"quoted\"", Pos: pos("a.upc", 3, 5, 40),
			End: pos("a.upc", 3, 9, 44), Line: "\tx é y z w v", Related: many, Fingerprint: "f1",
			Fixes: []checks.Fix{
				{Message: "two files", Applicability: checks.FixUnsafe, Edits: []checks.Edit{
					{Pos: pos("", 3, 5, 40), End: pos("", 3, 9, 44), NewText: "a"},
					{Pos: pos("b.h", 1, 1, 0), End: pos("b.h", 1, 1, 0), NewText: "#include <upc.h>\n"},
					{Pos: pos("a.upc", 4, 1, 50), End: pos("a.upc", 5, 1, 60)},
				}},
				{Message: "no position", Applicability: checks.FixSafe, Edits: []checks.Edit{
					{Pos: checks.Position{Path: "a.upc", Offset: -1}, End: checks.Position{Offset: -1}, NewText: "x"},
					{Pos: checks.Position{Path: "a.upc", Offset: 7}, End: checks.Position{Offset: 9}},
				}},
				{Message: "no edits", Applicability: checks.FixSafe},
			}},
		checks.Finding{Rule: "no-such-rule", Severity: diag.Error, Message: "whole file", Pos: checks.Position{Path: "/abs/elsewhere.upc"}},
		checks.Finding{Rule: "syntax", Severity: diag.Warning, Message: "end before start", Pos: pos("../up.upc", 2, 3, 20),
			End: pos("../up.upc", 1, 1, 0), Fingerprint: ""},
	)
	run := &Run{Version: "1.2.3", Files: 3, Lines: 100, ExitCode: 1}
	rep, err := BuildSARIF(findings, run)
	if err != nil {
		t.Fatal(err)
	}
	want, err := MarshalSARIF(rep)
	if err != nil {
		t.Fatal(err)
	}
	got, _, _, err := encodeSARIFLimited(findings, run)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		i := 0
		for i < len(got) && i < len(want) && got[i] == want[i] {
			i++
		}
		from := max(i-200, 0)
		t.Fatalf("direct encoding differs from the model at byte %d of %d/%d:\ngot:  %s\nwant: %s",
			i, len(got), len(want), got[from:min(i+200, len(got))], want[from:min(i+200, len(want))])
	}
}
