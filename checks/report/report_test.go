package report_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/report"
	"github.com/upclint/upclint/grammar/diag"
)

// run analyses src as file name in a temporary directory (the working
// directory during the test) and returns the findings.
func run(t *testing.T, name, src string) []checks.Finding {
	t.Helper()
	if err := os.WriteFile(name, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := checks.Run([]string{name}, &checks.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	return res.Findings
}

const buggy = `int main(void) {
    return nope;
}
int g(void) { return nope1 + nope2; }
`

// TestSARIFSchema validates the SARIF log against the official SARIF 2.1.0
// JSON schema, as written and read back.
func TestSARIFSchema(t *testing.T) {
	t.Chdir(t.TempDir())
	findings := run(t, "bad.upc", buggy)
	findings = append(findings, checks.Finding{Rule: "typecheck", Severity: diag.Note, Message: "with related",
		Pos: checks.Position{Path: "bad.upc", Line: 2, Col: 5, Offset: 21}, End: checks.Position{Path: "bad.upc", Line: 2, Col: 9, Offset: 25},
		Line:    "    return nope;",
		Related: []checks.Related{{Pos: checks.Position{Path: "bad.upc", Line: 1, Col: 1}, End: checks.Position{Path: "bad.upc", Line: 1, Col: 4}, Message: "here"}}})
	if len(findings) < 3 {
		t.Fatalf("want findings, got %v", findings)
	}
	rep, err := report.BuildSARIF(findings, &report.Run{Version: "v1.2.3", Files: 1, ExitCode: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Validate(); err != nil {
		t.Fatalf("SARIF log does not validate: %v", err)
	}
	var buf bytes.Buffer
	if err := report.SARIF(&buf, findings, nil); err != nil {
		t.Fatal(err)
	}
	back, err := sarif.FromBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := back.Validate(); err != nil {
		t.Fatalf("written SARIF log does not validate: %v", err)
	}
	for _, r := range back.Runs[0].Results {
		if fp := r.PartialFingerprints["primaryLocationLineHash"]; fp == "" {
			t.Errorf("result %v has no primaryLocationLineHash", *r.RuleID)
		}
	}
}

func fingerprints(fs []checks.Finding) []string {
	report.AssignFingerprints(fs)
	var out []string
	for _, f := range fs {
		out = append(out, f.Rule+" "+f.Fingerprint)
	}
	return out
}

// TestFingerprintStable: inserting lines above the findings and
// re-indenting their lines keeps every fingerprint; identical findings on
// identical lines are told apart by their occurrence index.
func TestFingerprintStable(t *testing.T) {
	t.Chdir(t.TempDir())
	before := fingerprints(run(t, "k.upc", buggy))
	after := fingerprints(run(t, "k.upc", "/* a new header comment */\n\nint unrelated;\n"+
		strings.ReplaceAll(buggy, "    return nope;", "\t  return   nope ;")))
	if len(before) != 3 || strings.Join(before, "\n") != strings.Join(after, "\n") {
		t.Fatalf("fingerprints changed:\nbefore %q\nafter  %q", before, after)
	}
	seen := map[string]bool{}
	for _, fp := range before {
		if seen[fp] {
			t.Errorf("duplicate fingerprint %s", fp)
		}
		seen[fp] = true
	}
	if !strings.HasSuffix(before[1], ":1") || !strings.HasSuffix(before[2], ":2") {
		t.Errorf("want occurrence indices 1 and 2 on the same line, got %q", before[1:])
	}
	changed := fingerprints(run(t, "k.upc", strings.ReplaceAll(buggy, "return nope;", "return nope + 1;")))
	if changed[0] == before[0] {
		t.Errorf("editing the finding's line kept its fingerprint %s", changed[0])
	}
	// The path is part of the fingerprint.
	other := fingerprints(run(t, "other.upc", buggy))
	if other[0] == before[0] {
		t.Errorf("another file has the same fingerprint %s", other[0])
	}
}

// TestGitLabReport checks the Code Quality fields.
func TestGitLabReport(t *testing.T) {
	t.Chdir(t.TempDir())
	findings := run(t, filepath.Join(".", "bad.upc"), buggy)
	var buf bytes.Buffer
	if err := report.GitLab(&buf, findings, nil); err != nil {
		t.Fatal(err)
	}
	var issues []struct {
		Description, CheckName, Fingerprint, Severity string
		Location                                      struct {
			Path  string
			Lines struct{ Begin int }
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &issues); err != nil {
		t.Fatal(err)
	}
	if len(issues) != 3 {
		t.Fatalf("want 3 issues, got %s", buf.String())
	}
	i := issues[0]
	if i.Severity != "major" || i.Location.Path != "bad.upc" || i.Location.Lines.Begin != 2 || i.Fingerprint == "" ||
		!strings.Contains(i.Description, "nope") {
		t.Errorf("bad issue %+v", i)
	}
}

// TestGitHubEscapes checks the escaping of workflow command values.
func TestGitHubEscapes(t *testing.T) {
	f := checks.Finding{Rule: "syntax", Severity: diag.Warning, Message: "100% bad\nreally",
		Pos: checks.Position{Path: "a,b:c.upc", Line: 3, Col: 2, Offset: 10}, End: checks.Position{Path: "a,b:c.upc", Line: 3, Col: 5, Offset: 13}}
	var buf bytes.Buffer
	if err := report.GitHub(&buf, []checks.Finding{f}, nil); err != nil {
		t.Fatal(err)
	}
	want := "::warning file=a%2Cb%3Ac.upc,line=3,col=2,endLine=3,endColumn=5,title=syntax::100%25 bad%0Areally\n"
	if buf.String() != want {
		t.Errorf("got  %q\nwant %q", buf.String(), want)
	}
}

// TestWriteEveryFormat: each listed format is known and has a writer whose
// output names the finding; an unlisted one is an error.
func TestWriteEveryFormat(t *testing.T) {
	t.Chdir(t.TempDir())
	findings := run(t, "b.upc", buggy)
	if len(findings) == 0 {
		t.Fatal("no findings")
	}
	for _, f := range report.Formats {
		var b bytes.Buffer
		if !report.Known(f) {
			t.Errorf("%s: not Known", f)
		}
		if err := report.Write(&b, f, findings, &report.Run{}); err != nil {
			t.Errorf("%s: %v", f, err)
		} else if !strings.Contains(b.String(), "nope") {
			t.Errorf("%s: the finding is not in the output:\n%s", f, b.String())
		}
	}
	if report.Known("yaml") || report.Write(&bytes.Buffer{}, "yaml", findings, &report.Run{}) == nil {
		t.Error("yaml is accepted")
	}
}
