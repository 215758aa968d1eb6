package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/upclint/upclint/checks/buildinfo"
	"github.com/upclint/upclint/checks/pipeline"
)

// ciCheck parses the upclint check command line of a CI example with the
// real flags, and returns the file each format is written to.
func ciCheck(t *testing.T, line string) map[string]string {
	t.Helper()
	words, err := buildinfo.SplitCommand(line)
	if err != nil {
		t.Fatal(err)
	}
	if len(words) < 2 || words[0] != "upclint" || words[1] != "check" {
		t.Fatalf("not an upclint check command: %q", line)
	}
	cmd := newCheckCmd()
	if err := cmd.ParseFlags(words[2:]); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	get := func(name string) string { return cmd.Flags().Lookup(name).Value.String() }
	formats, err := cmd.Flags().GetStringArray("format")
	if err != nil {
		t.Fatal(err)
	}
	outs, err := pipeline.ParseOutputs(formats, get("output"))
	if err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if _, err := pipeline.New(pipeline.Settings{FailOn: get("fail-on")}); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	dests := map[string]string{}
	for _, o := range outs {
		dests[o.Format] = o.Dest
	}
	return dests
}

// loadCI reads a CI example as YAML.
func loadCI(t *testing.T, name string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "ci", name))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return doc
}

// TestCIExamples keeps docs/ci in step with the command line: the examples
// are valid YAML, their upclint commands parse with the real flags, the
// GitHub workflow uses upclint's action with inputs it declares, and the
// GitLab job declares the Code Quality report it writes.
func TestCIExamples(t *testing.T) {
	gh := loadCI(t, "github-actions.yml")
	perms, _ := gh["permissions"].(map[string]any)
	if perms["security-events"] != "write" {
		t.Errorf("github-actions.yml: the upload needs permissions: security-events: write")
	}
	// The workflow uses upclint's action (action.yml, tested by
	// TestActionMetadata and TestActionRunsUpclint), which writes and
	// uploads the SARIF log.
	var usesAction bool
	jobs, _ := gh["jobs"].(map[string]any)
	for _, job := range jobs {
		steps, _ := job.(map[string]any)["steps"].([]any)
		for _, s := range steps {
			step, _ := s.(map[string]any)
			if uses, _ := step["uses"].(string); strings.HasPrefix(uses, "upclint/upclint@") {
				usesAction = true
				meta, _ := loadAction(t)
				with, _ := step["with"].(map[string]any)
				for k := range with {
					if _, ok := meta.Inputs[k]; !ok {
						t.Errorf("github-actions.yml: the action has no input %q", k)
					}
				}
				if args, _ := with["args"].(string); args != "" {
					ciCheck(t, "upclint check "+args)
				}
			}
		}
	}
	if !usesAction {
		t.Errorf("github-actions.yml: does not use the upclint action")
	}

	gl := loadCI(t, "gitlab-ci.yml")
	job, _ := gl["upclint"].(map[string]any)
	var quality string
	script, _ := job["script"].([]any)
	for _, s := range script {
		if line, _ := s.(string); strings.HasPrefix(line, "upclint check") {
			quality = ciCheck(t, line)["gitlab"]
		}
	}
	artifacts, _ := job["artifacts"].(map[string]any)
	reports, _ := artifacts["reports"].(map[string]any)
	if quality == "" || reports["codequality"] != quality {
		t.Errorf("gitlab-ci.yml: upclint writes the Code Quality report to %q, the job declares %v", quality, reports["codequality"])
	}
	if artifacts["when"] != "always" {
		t.Errorf("gitlab-ci.yml: artifacts must be kept when: always, after findings fail the job")
	}
}
