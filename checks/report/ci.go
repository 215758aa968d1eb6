package report

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"github.com/upclint/upclint/checks"
)

// GitHub writes findings as GitHub Actions workflow commands, which the
// runner turns into annotations on the pull request:
//
//	::error file=kernel.upc,line=12,col=5,endLine=12,endColumn=16,title=syntax::expected ';'
//
// Notes become ::notice.
func GitHub(w io.Writer, findings []checks.Finding, _ *Run) error {
	bw := bufio.NewWriter(w)
	for i := range findings {
		f := &findings[i]
		cmd := bySeverity(f.Severity, "error", "warning", "notice")
		props := []string{"file=" + ghProperty(relPath(f.Pos.Path))}
		if f.Pos.IsValid() {
			props = append(props, fmt.Sprintf("line=%d", f.Pos.Line), fmt.Sprintf("col=%d", f.Pos.Col))
			if f.End.IsValid() && f.End.Offset >= f.Pos.Offset {
				props = append(props, fmt.Sprintf("endLine=%d", f.End.Line))
				if f.End.Line == f.Pos.Line {
					props = append(props, fmt.Sprintf("endColumn=%d", max(f.End.Col, f.Pos.Col)))
				}
			}
		}
		props = append(props, "title="+ghProperty(f.Rule))
		fmt.Fprintf(bw, "::%s %s::%s\n", cmd, strings.Join(props, ","), ghData(f.Message))
	}
	return bw.Flush()
}

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

type gitlabIssue struct {
	Description string         `json:"description"`
	CheckName   string         `json:"check_name"`
	Fingerprint string         `json:"fingerprint"`
	Severity    string         `json:"severity"`
	Location    gitlabLocation `json:"location"`
}

type gitlabLocation struct {
	Path  string      `json:"path"`
	Lines gitlabLines `json:"lines"`
}

type gitlabLines struct {
	Begin int `json:"begin"`
	End   int `json:"end,omitempty"`
}

// GitLab writes findings as a GitLab Code Quality report (a JSON array of
// issues). Severities map error → major, warning → minor, note → info; the
// fingerprint is the finding's (see AssignFingerprints).
func GitLab(w io.Writer, findings []checks.Finding, _ *Run) error {
	AssignFingerprints(findings)
	issues := make([]gitlabIssue, 0, len(findings))
	for i := range findings {
		f := &findings[i]
		sev := bySeverity(f.Severity, "major", "minor", "info")
		lines := gitlabLines{Begin: max(f.Pos.Line, 1)}
		if f.End.IsValid() && f.End.Line > f.Pos.Line {
			lines.End = f.End.Line
		}
		issues = append(issues, gitlabIssue{
			Description: f.Message,
			CheckName:   f.Rule,
			Fingerprint: f.Fingerprint,
			Severity:    sev,
			Location:    gitlabLocation{Path: relPath(f.Pos.Path), Lines: lines},
		})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(issues)
}

type checkstyleReport struct {
	XMLName xml.Name         `xml:"checkstyle"`
	Version string           `xml:"version,attr"`
	Files   []checkstyleFile `xml:"file"`
}

type checkstyleFile struct {
	Name   string            `xml:"name,attr"`
	Errors []checkstyleError `xml:"error"`
}

type checkstyleError struct {
	Line     int    `xml:"line,attr"`
	Column   int    `xml:"column,attr,omitempty"`
	Severity string `xml:"severity,attr"`
	Message  string `xml:"message,attr"`
	Source   string `xml:"source,attr"`
}

// Checkstyle writes findings as Checkstyle XML (version 4.3), one <file>
// element per file in report order; the source attribute is
// "upclint.<rule>".
func Checkstyle(w io.Writer, findings []checks.Finding, _ *Run) error {
	rep := checkstyleReport{Version: "4.3"}
	index := map[string]int{}
	for i := range findings {
		f := &findings[i]
		j, ok := index[f.Pos.Path]
		if !ok {
			j = len(rep.Files)
			index[f.Pos.Path] = j
			rep.Files = append(rep.Files, checkstyleFile{Name: f.Pos.Path})
		}
		sev := bySeverity(f.Severity, "error", "warning", "info")
		rep.Files[j].Errors = append(rep.Files[j].Errors, checkstyleError{
			Line: f.Pos.Line, Column: f.Pos.Col, Severity: sev, Message: f.Message, Source: "upclint." + f.Rule,
		})
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
