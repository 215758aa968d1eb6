package report_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/report"
	"github.com/upclint/upclint/grammar/diag"
)

// TestSARIFRuleMetadata: rule descriptors carry the rule page as help, its
// "What it does" paragraph as fullDescription, a helpUri and a precision.
func TestSARIFRuleMetadata(t *testing.T) {
	rep, err := report.BuildSARIF(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var syntax *sarif.ReportingDescriptor
	for _, r := range rep.Runs[0].Tool.Driver.Rules {
		if r.ID != nil && *r.ID == "syntax" {
			syntax = r
		}
		if r.Properties == nil || r.Properties.Properties["precision"] == nil {
			t.Errorf("rule %v has no precision", *r.ID)
		}
	}
	if syntax == nil {
		t.Fatal("no syntax rule")
	}
	if syntax.Help == nil || syntax.Help.Markdown == nil || !strings.Contains(*syntax.Help.Markdown, "## What it does") {
		t.Errorf("help.markdown is not the rule page: %+v", syntax.Help)
	}
	if syntax.Help.Text == nil || strings.Contains(*syntax.Help.Text, "```") || strings.Contains(*syntax.Help.Text, "**") {
		t.Errorf("help.text keeps Markdown markup: %v", syntax.Help.Text)
	}
	if fd := syntax.FullDescription; fd == nil || fd.Text == nil || !strings.HasPrefix(*fd.Text, "Reports source text that does not parse") ||
		strings.Contains(*fd.Text, "\n") || strings.Contains(*fd.Text, "Why") {
		t.Errorf("fullDescription is not the first paragraph of What it does: %v", *fd.Text)
	}
	if syntax.HelpURI == nil || *syntax.HelpURI != "https://github.com/upclint/upclint/blob/main/docs/rules/syntax.md" {
		t.Errorf("helpUri = %v", syntax.HelpURI)
	}
	if p := syntax.Properties.Properties["precision"]; p != "high" {
		t.Errorf("front-end precision = %v, want high", p)
	}
}

// fixed is a finding with a two-edit fix, one of them in another file.
func fixed() checks.Finding {
	pos := func(path string, line, col, off int) checks.Position {
		return checks.Position{Path: path, Line: line, Col: col, Offset: off}
	}
	return checks.Finding{Rule: "typecheck", Severity: diag.Error, Message: "use of undeclared identifier 'nope'",
		Pos: pos("bad.upc", 2, 12, 28), End: pos("bad.upc", 2, 16, 32), Line: "    return nope;",
		Fixes: []checks.Fix{{Message: "declare nope", Applicability: checks.FixUnsafe, Edits: []checks.Edit{
			{Pos: pos("bad.upc", 1, 1, 0), End: pos("bad.upc", 1, 1, 0), NewText: "int nope;\n"},
			{Pos: pos("bad.upc", 2, 12, 28), End: pos("bad.upc", 2, 16, 32), NewText: ""},
			{Pos: pos("inc/h.h", 3, 1, 40), End: pos("inc/h.h", 3, 5, 44), NewText: "x"},
		}}}}
}

// TestSARIFFixes: a finding's fixes become SARIF fixes with one
// artifactChange per file; the log validates.
func TestSARIFFixes(t *testing.T) {
	t.Chdir(t.TempDir())
	rep, err := report.BuildSARIF([]checks.Finding{fixed()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Validate(); err != nil {
		t.Fatalf("SARIF log with fixes does not validate: %v", err)
	}
	res := rep.Runs[0].Results[0]
	if len(res.Fixes) != 1 {
		t.Fatalf("want 1 fix, got %d", len(res.Fixes))
	}
	fx := res.Fixes[0]
	if !strings.HasPrefix(*fx.Description.Text, "declare nope") || len(fx.ArtifactChanges) != 2 {
		t.Fatalf("bad fix %+v", fx)
	}
	ch := fx.ArtifactChanges[0]
	if *ch.ArtifactLocation.URI != "bad.upc" || len(ch.Replacements) != 2 {
		t.Fatalf("bad change %+v", ch)
	}
	ins := ch.Replacements[0]
	if ins.DeletedRegion.ByteOffset != 0 || *ins.DeletedRegion.ByteLength != 0 || *ins.InsertedContent.Text != "int nope;\n" {
		t.Errorf("bad insertion %+v", ins)
	}
	del := ch.Replacements[1]
	if *del.DeletedRegion.StartColumn != 12 || *del.DeletedRegion.EndColumn != 16 || del.InsertedContent != nil {
		t.Errorf("bad deletion %+v", del)
	}
	if *fx.ArtifactChanges[1].ArtifactLocation.URI != "inc/h.h" {
		t.Errorf("second change in %s", *fx.ArtifactChanges[1].ArtifactLocation.URI)
	}
}

// TestDisplayOnlyFixes: a rewrite the rule shows but refuses to apply (its
// cost estimate says it communicates more) is no SARIF fix, in the model
// and in the log written to a file, since SARIF consumers offer fixes to be
// applied; the JSON report keeps it apart, in shownRewrites.
func TestDisplayOnlyFixes(t *testing.T) {
	t.Chdir(t.TempDir())
	f := fixed()
	shown := f.Fixes[0]
	shown.Message, shown.Applicability = "copy whole elements (not applied: more bytes)", checks.FixDisplayOnly
	f.Fixes = append([]checks.Fix{shown}, f.Fixes...)
	onlyShown := f
	onlyShown.Fixes = f.Fixes[:1]
	findings := []checks.Finding{f, onlyShown}
	rep, err := report.BuildSARIF(findings, nil)
	if err != nil {
		t.Fatal(err)
	}
	res := rep.Runs[0].Results
	if len(res[0].Fixes) != 1 || *res[0].Fixes[0].Description.Text != "declare nope (review: not proven safe)" || len(res[1].Fixes) != 0 {
		t.Fatalf("SARIF fixes: %d and %d, want the applicable one alone", len(res[0].Fixes), len(res[1].Fixes))
	}
	out, err := os.Create("log.sarif")
	if err != nil {
		t.Fatal(err)
	}
	if err := report.SARIF(out, findings, nil); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("log.sarif")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"fixes"`); n != 1 || strings.Contains(string(data), "copy whole elements") {
		t.Errorf("SARIF file: %d fixes arrays (want 1), display-only rewrite present: %t", n, strings.Contains(string(data), "copy whole elements"))
	}
	var buf bytes.Buffer
	if err := report.JSON(&buf, findings, nil); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Findings []struct {
			Fixes         []struct{ Message string }
			ShownRewrites []struct{ Message string }
		}
	}
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	got := back.Findings[0]
	if len(got.Fixes) != 1 || got.Fixes[0].Message != "declare nope" || len(got.ShownRewrites) != 1 || got.ShownRewrites[0].Message != shown.Message {
		t.Errorf("JSON: fixes %+v and shown rewrites %+v, want the unsafe fix and the display-only rewrite apart", got.Fixes, got.ShownRewrites)
	}
}

// many returns n findings of alternating severities, each with many
// related locations.
func many(n, related int) []checks.Finding {
	var fs []checks.Finding
	for i := range n {
		sev := []diag.Severity{diag.Note, diag.Warning, diag.Error}[i%3]
		p := checks.Position{Path: "k.upc", Line: i + 1, Col: 1, Offset: i * 10}
		f := checks.Finding{Rule: "typecheck", Severity: sev, Message: fmt.Sprintf("finding %d", i), Pos: p, End: p,
			Line: fmt.Sprintf("int v%d = w%d;", i, i)}
		for j := range related {
			f.Related = append(f.Related, checks.Related{Pos: p, End: p, Message: fmt.Sprintf("related %d", j)})
		}
		fs = append(fs, f)
	}
	return fs
}

// TestSARIFLimits: beyond the result limit the most severe findings are
// kept, in report order, with a notification in the invocation; a log too
// large compressed keeps fewer; related locations are capped.
func TestSARIFLimits(t *testing.T) {
	t.Chdir(t.TempDir())
	rep, err := report.BuildSARIF(many(30, 0), &report.Run{SARIFMaxResults: 10})
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Validate(); err != nil {
		t.Fatal(err)
	}
	res := rep.Runs[0].Results
	if len(res) != 10 {
		t.Fatalf("want 10 results, got %d", len(res))
	}
	last := 0
	for _, r := range res {
		if r.Level != "error" {
			t.Errorf("kept a %s before all errors", r.Level)
		}
		line := *r.Locations[0].PhysicalLocation.Region.StartLine
		if line < last {
			t.Errorf("results out of report order")
		}
		last = line
	}
	notes := rep.Runs[0].Invocations[0].ToolExecutionNotifications
	if len(notes) != 1 || !strings.Contains(*notes[0].Message.Text, "20 of 30 findings left out") ||
		!strings.Contains(*notes[0].Message.Text, "at most 10 results") {
		t.Fatalf("bad notification %+v", notes)
	}

	// The compressed size limit.
	big := many(3000, 0)
	for i := range big {
		big[i].Message = strings.Repeat(fmt.Sprintf("%x", i*7919), 40) // poorly compressible
	}
	rep, err = report.BuildSARIF(big, &report.Run{SARIFMaxBytes: 64 << 10})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := rep.Write(&buf); err != nil {
		t.Fatal(err)
	}
	n := len(rep.Runs[0].Results)
	if n == 0 || n >= 3000 {
		t.Fatalf("kept %d results of 3000", n)
	}
	notes = rep.Runs[0].Invocations[0].ToolExecutionNotifications
	if len(notes) != 1 || !strings.Contains(*notes[0].Message.Text, "gzip-compressed") {
		t.Fatalf("bad notification %+v", notes)
	}

	// Within the limits: no notification; related locations capped.
	rep, err = report.BuildSARIF(many(2, 150), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Runs[0].Invocations[0].ToolExecutionNotifications) != 0 {
		t.Error("notification without truncation")
	}
	if got := len(rep.Runs[0].Results[0].RelatedLocations); got != report.MaxSARIFRelatedLocations {
		t.Errorf("%d related locations, want %d", got, report.MaxSARIFRelatedLocations)
	}
	data, _ := json.Marshal(rep)
	if !json.Valid(data) {
		t.Error("invalid JSON")
	}
}

// TestSARIFURIs: files below the working directory get URIs relative to
// %SRCROOT% (absolute or relative paths alike, escaped); files outside it
// (a system header, a path through "..") get absolute file URIs and no
// uriBaseId, which would otherwise resolve them inside the checkout.
func TestSARIFURIs(t *testing.T) {
	dir := t.TempDir()
	wd := filepath.Join(dir, "repo")
	if err := os.Mkdir(wd, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(wd)
	at := func(path string) checks.Finding {
		p := checks.Position{Path: path, Line: 1, Col: 1}
		return checks.Finding{Rule: "typecheck", Severity: diag.Error, Message: "m", Pos: p, End: p}
	}
	outside := filepath.Join(dir, "other", "h.h")
	f := at("src/a b.upc")
	f.Related = []checks.Related{{Pos: checks.Position{Path: outside, Line: 2, Col: 1}, Message: "declared here"}}
	f.Fixes = []checks.Fix{{Message: "edit the header", Edits: []checks.Edit{
		{Pos: checks.Position{Path: outside, Line: 2, Col: 1}, End: checks.Position{Path: outside, Line: 2, Col: 1}, NewText: "x"}}}}
	findings := []checks.Finding{f, at(filepath.Join(wd, "inc", "k.h")), at("../other/k.upc"), at(outside)}
	var buf bytes.Buffer
	if err := report.SARIF(&buf, findings, nil); err != nil {
		t.Fatal(err)
	}
	rep, err := sarif.FromBytes(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := rep.Validate(); err != nil {
		t.Fatal(err)
	}
	describe := func(a *sarif.ArtifactLocation) string {
		if a.URIBaseID == nil {
			return *a.URI
		}
		return *a.URIBaseID + " " + *a.URI
	}
	var got []string
	for _, r := range rep.Runs[0].Results {
		got = append(got, describe(r.Locations[0].PhysicalLocation.ArtifactLocation))
	}
	outsideURI := "file://" + filepath.ToSlash(outside)
	want := []string{"%SRCROOT% src/a%20b.upc", "%SRCROOT% inc/k.h", "file://" + filepath.ToSlash(filepath.Join(dir, "other", "k.upc")), outsideURI}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("URIs:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	res := rep.Runs[0].Results[0]
	if d := describe(res.RelatedLocations[0].PhysicalLocation.ArtifactLocation); d != outsideURI {
		t.Errorf("related location %s, want %s", d, outsideURI)
	}
	if d := describe(res.Fixes[0].ArtifactChanges[0].ArtifactLocation); d != outsideURI {
		t.Errorf("fix location %s, want %s", d, outsideURI)
	}
}
