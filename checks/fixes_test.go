package checks_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/unit"
	"github.com/upclint/upclint/grammar/ast"
)

// barrierFixer suggests a fix on every barrier statement: one safe, one
// marked unsafe.
var barrierFixer = &analysis.Analyzer{
	Name:     "testbarrierfix",
	Doc:      "test analyzer",
	Requires: []*analysis.Analyzer{unit.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		u := unit.Of(pass)
		ast.Inspect(u.File, func(n ast.Node) bool {
			if b, ok := n.(*ast.BarrierStmt); ok {
				edit := analysis.TextEdit{Pos: b.Start(), End: b.End(), NewText: []byte("upc_barrier 0;")}
				pass.Report(analysis.Diagnostic{Pos: b.Start(), End: b.End(), Message: "barrier",
					SuggestedFixes: []analysis.SuggestedFix{
						{Message: "number it", TextEdits: []analysis.TextEdit{edit}},
						{Message: checks.UnsafeFix("number it differently"), TextEdits: []analysis.TextEdit{edit}},
					}})
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
	if len(fs) != 2 {
		t.Fatalf("%d findings, want 2", len(fs))
	}
	direct, viaMacro := fs[0], fs[1]
	if len(direct.Fixes) != 2 {
		t.Fatalf("direct barrier: %d fixes, want 2", len(direct.Fixes))
	}
	if f := direct.Fixes[0]; !f.Safe || f.Message != "number it" || len(f.Edits) != 1 ||
		f.Edits[0].Pos.Line != 3 || f.Edits[0].Pos.Col != 5 || f.Edits[0].End.Col != 17 || f.Edits[0].NewText != "upc_barrier 0;" {
		t.Errorf("safe fix = %+v", f)
	}
	if f := direct.Fixes[1]; f.Safe || f.Message != "number it differently" {
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
