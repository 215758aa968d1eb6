package checks_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/unit"
	"github.com/upclint/upclint/grammar/ast"
)

// argFixer offers, for the last argument of every call, a fix replacing
// it by a name and one replacing it by an expression.
var argFixer = &analysis.Analyzer{
	Name:     "testargfix",
	Doc:      "test analyzer",
	Requires: []*analysis.Analyzer{unit.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		ast.Inspect(unit.Of(pass).File, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && len(c.Args) > 0 {
				a := c.Args[len(c.Args)-1]
				fix := func(text string) checks.SuggestedFix {
					return checks.SuggestedFix{SuggestedFix: analysis.SuggestedFix{Message: text,
						TextEdits: []analysis.TextEdit{{Pos: a.Start(), End: a.End(), NewText: []byte(text)}}}}
				}
				checks.Report(pass, analysis.Diagnostic{Pos: c.Start(), End: c.End(), Message: "call"}, fix("B"), fix("B + 1"), fix("7"), fix("07"), fix(""))
			}
			return true
		})
		return nil, nil
	},
}

func init() {
	checks.Register(&checks.Rule{Name: argFixer.Name, Kind: checks.KindCorrectness, Analyzer: argFixer, SafeFixes: true})
}

// TestFixReplacesWholeInvocation: a fix may replace one whole macro
// invocation by a name (a flag by another flag) or a decimal constant (its
// value), or delete text holding whole invocations (A + 3), nothing else
// that touches an expansion.
func TestFixReplacesWholeInvocation(t *testing.T) {
	p := writeFile(t, t.TempDir(), "f.upc", "#define A 1\n#define B 2\nint f(int);\nvoid g(void) {\n    f(A);\n    f(A + 3);\n    f(4);\n}\n")
	res, err := checks.Run([]string{p}, &checks.Options{Jobs: 1, Enabled: func(r string) bool { return r == argFixer.Name }})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][]string{5: {"B", "7", ""}, 6: {""}, 7: {"B", "B + 1", "7", "07", ""}}
	if len(res.Findings) != len(want) {
		t.Fatalf("%d findings, want %d", len(res.Findings), len(want))
	}
	for _, f := range res.Findings {
		var got []string
		for _, x := range f.Fixes {
			got = append(got, x.Message)
		}
		if w := want[f.Pos.Line]; strings.Join(got, ", ") != strings.Join(w, ", ") {
			t.Errorf("line %d: fixes %q, want %q", f.Pos.Line, got, w)
		}
	}
}
