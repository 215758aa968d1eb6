package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/grammar/diag"
)

// TestAnalysisOptionsConfig: the server takes rules, overrides and
// severities from .upclint.yaml (package checks/config), with the editor's
// settings on top.
func TestAnalysisOptionsConfig(t *testing.T) {
	root := t.TempDir()
	cfg := `threads: 4
rules:
  preprocessor: {enabled: false}
overrides:
  - paths: ["legacy/**"]
    rules: {typecheck: {severity: note}}
`
	if err := os.MkdirAll(filepath.Join(root, "legacy"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, ".upclint.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	old := filepath.Join(root, "legacy", "old.upc")
	opts, eff, err := analysisOptions(old, root, &Settings{}, nil, os.ReadFile)
	if err != nil {
		t.Fatal(err)
	}
	if opts.Enabled("preprocessor") || !opts.Enabled("typecheck") {
		t.Error("rules settings of the file not applied")
	}
	if eff.Severity("typecheck", diag.Error) != diag.Note {
		t.Error("override severity not applied")
	}
	if opts.Config.StaticThreads != 4 {
		t.Errorf("threads %d, want 4", opts.Config.StaticThreads)
	}
	_, eff, _ = analysisOptions(filepath.Join(root, "new.upc"), root, &Settings{}, nil, os.ReadFile)
	if eff.Severity("typecheck", diag.Error) != diag.Error {
		t.Error("override applied outside its paths")
	}
	// Editor settings on top.
	opts, _, _ = analysisOptions(old, root, &Settings{Threads: 8, Disable: []string{"typecheck"}}, nil, os.ReadFile)
	if opts.Enabled("typecheck") || opts.Config.StaticThreads != 8 {
		t.Error("editor settings do not apply on top of the file")
	}
}
