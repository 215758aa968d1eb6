package report

import (
	"io"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// InformationURI is where the tool's documentation lives.
const InformationURI = "https://github.com/upclint/upclint"

// srcRoot is the uriBaseId of every result location; it is bound to the
// working directory in originalUriBaseIds, so code scanning resolves the
// relative paths against the checkout.
const srcRoot = "%SRCROOT%"

// SARIF writes findings as a SARIF 2.1.0 log with one run.
func SARIF(w io.Writer, findings []checks.Finding, run *Run) error {
	rep, err := BuildSARIF(findings, run)
	if err != nil {
		return err
	}
	return rep.PrettyWrite(w)
}

// BuildSARIF builds the SARIF log (exported for tests that validate it).
func BuildSARIF(findings []checks.Finding, run *Run) (*sarif.Report, error) {
	version := "0.0.0"
	if run != nil && run.Version != "" {
		version = strings.TrimPrefix(run.Version, "v")
	}
	driver := sarif.NewToolComponent().
		WithName("upclint").
		WithSemanticVersion(version).
		WithInformationURI(InformationURI)
	r := sarif.NewRun().WithTool(sarif.NewTool().WithDriver(driver))
	r.WithColumnKind("unicodeCodePoints")
	if wd, err := os.Getwd(); err == nil {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(wd) + "/"}
		r.OriginalUriBaseIds = map[string]sarif.ArtifactLocation{srcRoot: *sarif.NewArtifactLocation().WithURI(u.String())}
	}
	for _, rule := range checks.Rules() {
		pb := sarif.NewPropertyBag()
		tags := []string{string(rule.Kind)}
		for _, t := range rule.Tags {
			if !slices.Contains(tags, t) { // SARIF requires unique tags
				tags = append(tags, t)
			}
		}
		pb.Add("tags", tags)
		pb.Add("problem.severity", problemSeverity(rule.Severity))
		r.AddRule(rule.Name).
			WithName(rule.Name).
			WithShortDescription(sarif.NewMultiformatMessageString().WithText(rule.Summary)).
			WithFullDescription(sarif.NewMultiformatMessageString().WithText(rule.Summary)).
			WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(level(rule.Severity))).
			WithProperties(pb)
	}
	AssignFingerprints(findings)
	for i := range findings {
		f := &findings[i]
		res := sarif.NewRuleResult(f.Rule).
			WithLevel(level(f.Severity)).
			WithMessage(sarif.NewTextMessage(f.Message)).
			WithLocations([]*sarif.Location{location(f.Pos, f.End, f.Line)}).
			WithPartialFingerprints(map[string]string{"primaryLocationLineHash": f.Fingerprint})
		if idx := r.GetRuleIndex(f.Rule); idx >= 0 {
			res.WithRuleIndex(idx)
		}
		var rel []*sarif.Location
		for j, rl := range f.Related {
			loc := location(rl.Pos, rl.End, "").WithMessage(sarif.NewTextMessage(rl.Message))
			loc.WithID(j)
			rel = append(rel, loc)
		}
		if len(rel) > 0 {
			res.WithRelatedLocations(rel)
		}
		r.AddResult(res)
	}
	exit := 0
	if run != nil {
		exit = run.ExitCode
	}
	r.Invocations = []*sarif.Invocation{sarif.NewInvocation().WithExecutionSuccessful(exit != 2).WithExitCode(exit)}
	rep := sarif.NewReport()
	rep.AddRun(r)
	return rep, nil
}

func location(pos, end checks.Position, line string) *sarif.Location {
	region := sarif.NewRegion()
	if pos.IsValid() {
		region.WithStartLine(pos.Line).WithStartColumn(charColumn(line, pos.Col))
		if end.IsValid() && end.Offset >= pos.Offset {
			region.WithEndLine(end.Line)
			if end.Line == pos.Line {
				region.WithEndColumn(charColumn(line, end.Col))
			} else {
				region.WithEndColumn(end.Col)
			}
		}
	}
	return sarif.NewLocationWithPhysicalLocation(sarif.NewPhysicalLocation().
		WithArtifactLocation(sarif.NewArtifactLocation().WithURI(relURI(pos.Path)).WithURIBaseID(srcRoot)).
		WithRegion(region))
}

// charColumn converts a 1-based byte column into a 1-based code point
// column, using the line text when known.
func charColumn(line string, col int) int {
	if line == "" || col-1 > len(line) {
		return max(col, 1)
	}
	return utf8.RuneCountInString(line[:col-1]) + 1
}

// relURI turns a path into a URI relative to the working directory.
func relURI(path string) string {
	if filepath.IsAbs(path) {
		if wd, err := os.Getwd(); err == nil {
			if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
				path = rel
			}
		}
	}
	u := url.URL{Path: filepath.ToSlash(filepath.Clean(path))}
	return u.String()
}

func level(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "note"
}

func problemSeverity(s diag.Severity) string {
	switch s {
	case diag.Error:
		return "error"
	case diag.Warning:
		return "warning"
	}
	return "recommendation"
}
