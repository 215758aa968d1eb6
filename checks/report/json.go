package report

import (
	"encoding/json"
	"io"

	"github.com/upclint/upclint/checks"
)

// JSONVersion is the version of the JSON report's schema. It changes only
// when a field is removed or changes meaning; fields may be added.
const JSONVersion = 1

// The JSON report (schema version 1, docs/json-report.schema.json):
//
//	{"version": 1, "tool": "upclint", "files": N,
//	 "findings": [{"rule", "message", "position", "end",
//	   "related": [{"position", "end", "message"}],
//	   "fixes": [{"message", "safe", "edits": [{"position", "end", "newText"}]}],
//	   "shownRewrites": [{"message", "edits"}],
//	   "fingerprint", "severity": "error|warning|note"}]}
//
// A position is {"path", "line", "column", "offset"}: 1-based lines and
// byte columns, 0-based byte offsets. "related" and "fixes" are left out
// when empty. A fix is "safe" when it preserves the program's meaning under
// the conditions the rule proved; the others need review. A display-only
// rewrite, which explains the finding but by the rule's own estimate
// communicates more than the code it replaces, is in "shownRewrites", never
// in "fixes": a consumer applies what "fixes" holds. These types are
// the schema: they are kept apart from checks.Finding so that the report
// stays stable when the analysis's types change.
type (
	jsonReport struct {
		Version  int           `json:"version"`
		Tool     string        `json:"tool"`
		Files    int           `json:"files"`
		Findings []jsonFinding `json:"findings"`
	}
	jsonFinding struct {
		Rule        string        `json:"rule"`
		Message     string        `json:"message"`
		Pos         jsonPosition  `json:"position"`
		End         jsonPosition  `json:"end"`
		Related     []jsonRelated `json:"related,omitempty"`
		Fixes       []jsonFix     `json:"fixes,omitempty"`
		Shown       []jsonShown   `json:"shownRewrites,omitempty"`
		Fingerprint string        `json:"fingerprint,omitempty"`
		Severity    string        `json:"severity"`
	}
	jsonPosition struct {
		Path   string `json:"path"`
		Line   int    `json:"line"`
		Column int    `json:"column"`
		Offset int    `json:"offset"`
	}
	jsonRelated struct {
		Pos     jsonPosition `json:"position"`
		End     jsonPosition `json:"end"`
		Message string       `json:"message"`
	}
	jsonFix struct {
		Message string     `json:"message"`
		Safe    bool       `json:"safe"`
		Edits   []jsonEdit `json:"edits"`
	}
	jsonShown struct {
		Message string     `json:"message"`
		Edits   []jsonEdit `json:"edits"`
	}
	jsonEdit struct {
		Pos     jsonPosition `json:"position"`
		End     jsonPosition `json:"end"`
		NewText string       `json:"newText"`
	}
)

func jsonPos(p checks.Position) jsonPosition {
	return jsonPosition{Path: p.Path, Line: p.Line, Column: p.Col, Offset: p.Offset}
}

// JSON writes findings as one JSON document (schema version JSONVersion).
func JSON(w io.Writer, findings []checks.Finding, run *Run) error {
	out := jsonReport{Version: JSONVersion, Tool: "upclint", Findings: make([]jsonFinding, len(findings))}
	if run != nil {
		out.Files = run.Files
	}
	for i := range findings {
		f := &findings[i]
		jf := jsonFinding{Rule: f.Rule, Message: f.Message, Pos: jsonPos(f.Pos), End: jsonPos(f.End),
			Fingerprint: f.Fingerprint, Severity: f.Severity.String()}
		for _, r := range f.Related {
			jf.Related = append(jf.Related, jsonRelated{Pos: jsonPos(r.Pos), End: jsonPos(r.End), Message: r.Message})
		}
		for _, fx := range f.Fixes {
			edits := make([]jsonEdit, len(fx.Edits))
			for k, e := range fx.Edits {
				edits[k] = jsonEdit{Pos: jsonPos(e.Pos), End: jsonPos(e.End), NewText: e.NewText}
			}
			if fx.Applicable() {
				jf.Fixes = append(jf.Fixes, jsonFix{Message: fx.Message, Safe: fx.Safe(), Edits: edits})
			} else {
				jf.Shown = append(jf.Shown, jsonShown{Message: fx.Message, Edits: edits})
			}
		}
		out.Findings[i] = jf
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
