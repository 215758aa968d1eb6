package suppress

import (
	"fmt"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

func TestParse(t *testing.T) {
	src := `int a; // upclint:ignore typecheck,syntax generated code
char *s = "// upclint:ignore syntax not a comment";
/* upclint:file-ignore preprocessor vendor header
   spans lines */ int b; // upclint:ignored is another word
// upclint:ignore
x; /* upclint:ignore typecheck   why */ y;
`
	var got []string
	for _, d := range Parse("f.upc", []byte(src)) {
		got = append(got, fmt.Sprintf("%d:%d-%d:%d file=%t rules=%v reason=%q",
			d.Pos.Line, d.Pos.Col, d.End.Line, d.End.Col, d.File, d.Rules, d.Reason))
	}
	want := []string{
		`1:8-1:57 file=false rules=[typecheck syntax] reason="generated code"`,
		`3:1-4:18 file=true rules=[preprocessor] reason="vendor header\n   spans lines"`,
		`5:1-5:18 file=false rules=[] reason=""`,
		`6:4-6:40 file=false rules=[typecheck] reason="why"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func finding(rule string, line int) checks.Finding {
	return checks.Finding{Rule: rule, Severity: diag.Error, Message: rule + " problem",
		Pos: checks.Position{Path: "f.upc", Line: line, Col: 1}}
}

func TestApply(t *testing.T) {
	src := `line1
line2 // upclint:ignore typecheck same line
// upclint:ignore syntax next line
line4
line5 // upclint:ignore preprocessor unused
line6 // upclint:ignore typecheck
// upclint:file-ignore syntax everywhere
`
	read := func(string) ([]byte, error) { return []byte(src), nil }
	findings := []checks.Finding{
		finding("typecheck", 2), // silenced on its line
		finding("syntax", 4),    // silenced by the line before
		finding("typecheck", 4), // not silenced
		finding("syntax", 1),    // silenced by the file-ignore
		finding("typecheck", 6), // silenced, but the suppression has no reason
	}
	var got []string
	for _, f := range Apply(findings, []string{"f.upc"}, read, nil) {
		got = append(got, fmt.Sprintf("%d %s: %s", f.Pos.Line, f.Rule, f.Message))
	}
	want := []string{
		"4 typecheck: typecheck problem",
		"5 unusedignore: upclint:ignore preprocessor silences no finding on this line or the next",
		"6 unusedignore: upclint:ignore typecheck has no reason; say why the finding is acceptable",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// A suppression of a disabled rule is not unused; a disabled
	// unusedignore reports nothing.
	off := func(_, rule string) bool { return rule != "preprocessor" }
	for _, f := range Apply(findings, nil, read, off) {
		if strings.Contains(f.Message, "preprocessor") {
			t.Errorf("with preprocessor disabled: got %s", f.Message)
		}
	}
	none := func(_, rule string) bool { return rule != Rule }
	if out := Apply(findings[:1], nil, read, none); len(out) != 0 {
		t.Errorf("with unusedignore disabled: got %v", out)
	}
}
