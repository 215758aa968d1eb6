package report

import (
	"encoding/json"
	"io"

	"github.com/upclint/upclint/checks"
)

// jsonFinding is the stable JSON schema of one finding (version 1):
//
//	{"rule": "...", "severity": "error|warning|note", "message": "...",
//	 "position": {"path", "line", "column", "offset"}, "end": {...},
//	 "related": [{"position", "end", "message"}]}
//
// Columns are 1-based byte columns; offsets are 0-based byte offsets.
type jsonFinding struct {
	checks.Finding
	Severity string `json:"severity"`
}

type jsonReport struct {
	Version  int           `json:"version"`
	Tool     string        `json:"tool"`
	Files    int           `json:"files"`
	Findings []jsonFinding `json:"findings"`
}

// JSON writes findings as one JSON document (schema version 1).
func JSON(w io.Writer, findings []checks.Finding, run *Run) error {
	out := jsonReport{Version: 1, Tool: "upclint", Findings: make([]jsonFinding, len(findings))}
	if run != nil {
		out.Files = run.Files
	}
	for i, f := range findings {
		out.Findings[i] = jsonFinding{Finding: f, Severity: f.Severity.String()}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
