package checks_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/unit"
	"github.com/upclint/upclint/grammar/ast"
)

// barrierFixer reports every barrier statement twice: with a safe, an
// unsafe and a display-only fix, and with a fix of the rule's default
// applicability.
var barrierFixer = &analysis.Analyzer{
	Name:     "testbarrierfix",
	Doc:      "test analyzer",
	Requires: []*analysis.Analyzer{unit.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		u := unit.Of(pass)
		ast.Inspect(u.File, func(n ast.Node) bool {
			if b, ok := n.(*ast.BarrierStmt); ok {
				edit := analysis.TextEdit{Pos: b.Start(), End: b.End(), NewText: []byte("upc_barrier 0;")}
				edits := []analysis.TextEdit{edit}
				checks.Report(pass, analysis.Diagnostic{Pos: b.Start(), End: b.End(), Message: "barrier"},
					checks.SuggestedFix{SuggestedFix: analysis.SuggestedFix{Message: "number it", TextEdits: edits}},
					*checks.FixOf(&analysis.SuggestedFix{Message: "number it differently", TextEdits: edits}, "review"),
					checks.SuggestedFix{SuggestedFix: analysis.SuggestedFix{Message: "show it", TextEdits: edits}, Applicability: checks.FixDisplayOnly})
				// Reported without checks.Report: the rule's default.
				pass.Report(analysis.Diagnostic{Pos: b.Start(), End: b.End(), Message: "barrier again",
					SuggestedFixes: []analysis.SuggestedFix{{Message: "number it", TextEdits: edits}}})
			}
			return true
		})
		return nil, nil
	},
}

func init() {
	checks.Register(&checks.Rule{Name: barrierFixer.Name, Kind: checks.KindCorrectness, Analyzer: barrierFixer, SafeFixes: true})
}

func fixesOf(t *testing.T, src string) []checks.Finding {
	t.Helper()
	p := writeFile(t, t.TempDir(), "f.upc", src)
	res, err := checks.Run([]string{p}, &checks.Options{Jobs: 1, Enabled: func(r string) bool { return r == barrierFixer.Name }})
	if err != nil {
		t.Fatal(err)
	}
	return res.Findings
}

func TestFixesCarried(t *testing.T) {
	fs := fixesOf(t, "#define SYNC upc_barrier;\nvoid f(void) {\n    upc_barrier;\n    SYNC\n}\n")
	if len(fs) != 4 {
		t.Fatalf("%d findings, want 4", len(fs))
	}
	direct, byDefault, viaMacro := fs[0], fs[1], fs[2]
	if direct.Message != "barrier" || byDefault.Message != "barrier again" {
		t.Fatalf("findings out of order: %+v", fs)
	}
	if len(direct.Fixes) != 3 {
		t.Fatalf("direct barrier: %d fixes, want 3", len(direct.Fixes))
	}
	if f := direct.Fixes[2]; f.Applicability != checks.FixDisplayOnly || f.Message != "show it" {
		t.Errorf("display-only fix = %+v", f)
	}
	if len(byDefault.Fixes) != 1 || !byDefault.Fixes[0].Safe() {
		t.Errorf("a fix without an applicability does not take its rule's (safe): %+v", byDefault.Fixes)
	}
	if f := direct.Fixes[0]; !f.Safe() || f.Message != "number it" || len(f.Edits) != 1 ||
		f.Edits[0].Pos.Line != 3 || f.Edits[0].Pos.Col != 5 || f.Edits[0].End.Col != 17 || f.Edits[0].NewText != "upc_barrier 0;" {
		t.Errorf("safe fix = %+v", f)
	}
	if f := direct.Fixes[1]; f.Applicability != checks.FixUnsafe || f.Message != "number it differently (review)" {
		t.Errorf("unsafe fix = %+v", f)
	}
	if len(viaMacro.Fixes) != 0 {
		t.Errorf("a fix edits a macro expansion: %+v", viaMacro.Fixes)
	}
}

func TestNoFixesInBrokenFile(t *testing.T) {
	fs := fixesOf(t, "void f(void) {\n    upc_barrier;\n}\nint g(void) { return 1 }\n")
	for _, f := range fs {
		if f.Rule == barrierFixer.Name && len(f.Fixes) > 0 {
			t.Errorf("fix offered in a file with a syntax error: %+v", f.Fixes)
		}
	}
}
