// Package baseline records the findings a project has accepted, by
// fingerprint, so that a check reports only new ones:
//
//	upclint check --write-baseline upclint-baseline.json .
//	upclint check --baseline upclint-baseline.json .
//
// The file is JSON (version 1); each entry keeps the rule, path and message
// for the reader, but only the fingerprint is compared.
package baseline

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/upclint/upclint/checks"
)

// Entry is one accepted finding.
type Entry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	Path        string `json:"path"`
	Message     string `json:"message"`
}

type file struct {
	Version  int     `json:"version"`
	Findings []Entry `json:"findings"`
}

// Write writes the fingerprints of findings (which must have them) to path.
func Write(path string, findings []checks.Finding) error {
	out := file{Version: 1, Findings: make([]Entry, 0, len(findings))}
	for _, f := range findings {
		out.Findings = append(out.Findings, Entry{f.Fingerprint, f.Rule, f.Pos.Path, f.Message})
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// Read returns the set of fingerprints in the baseline file path.
func Read(path string) (map[string]bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var in file
	if err := json.Unmarshal(data, &in); err != nil {
		return nil, fmt.Errorf("%s: not a baseline file: %w", path, err)
	}
	if in.Version != 1 {
		return nil, fmt.Errorf("%s: unsupported baseline version %d", path, in.Version)
	}
	set := make(map[string]bool, len(in.Findings))
	for _, e := range in.Findings {
		set[e.Fingerprint] = true
	}
	return set, nil
}
