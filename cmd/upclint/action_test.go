package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// actionMeta is the metadata of a GitHub Action as documented in
// "Metadata syntax for GitHub Actions" (docs.github.com): the fields a
// composite action uses.
type actionMeta struct {
	Name        string                  `yaml:"name"`
	Description string                  `yaml:"description"`
	Inputs      map[string]actionInput  `yaml:"inputs"`
	Outputs     map[string]actionOutput `yaml:"outputs"`
	Runs        struct {
		Using string       `yaml:"using"`
		Steps []actionStep `yaml:"steps"`
	} `yaml:"runs"`
}

type actionInput struct {
	Description string  `yaml:"description"`
	Required    *bool   `yaml:"required"`
	Default     *string `yaml:"default"`
}

type actionOutput struct {
	Description string `yaml:"description"`
	Value       string `yaml:"value"`
}

type actionStep struct {
	ID               string            `yaml:"id"`
	Name             string            `yaml:"name"`
	If               string            `yaml:"if"`
	Run              string            `yaml:"run"`
	Uses             string            `yaml:"uses"`
	Shell            string            `yaml:"shell"`
	With             map[string]string `yaml:"with"`
	Env              map[string]string `yaml:"env"`
	WorkingDirectory string            `yaml:"working-directory"`
}

// Fields the metadata syntax allows at the top level and in a composite
// step; anything else is a typo GitHub rejects when the action loads.
var (
	actionKeys = []string{"name", "author", "description", "inputs", "outputs", "runs", "branding"}
	stepKeys   = []string{"id", "name", "if", "run", "uses", "shell", "with", "env", "working-directory", "continue-on-error"}
	inputKeys  = []string{"description", "required", "default", "deprecationMessage"}
)

// loadAction reads action.yml strictly: unknown fields are errors.
func loadAction(t *testing.T) (*actionMeta, map[string]any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "action.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	var meta actionMeta
	if err := yaml.Unmarshal(data, &meta); err != nil {
		t.Fatalf("action.yml: %v", err)
	}
	return &meta, raw
}

func unknownKeys(m map[string]any, allowed []string) []string {
	var bad []string
	for k := range m {
		if !slices.Contains(allowed, k) {
			bad = append(bad, k)
		}
	}
	slices.Sort(bad)
	return bad
}

// exprRef matches the contexts an expression in action.yml refers to.
var exprRef = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)

// TestActionMetadata checks action.yml against the documented required
// fields of action metadata: name, description, runs.using composite with
// steps; each step runs a command (with its shell, required in composite
// actions) or uses an action, not both; each input has a description;
// each output of a composite action has a value; the expressions refer to
// declared inputs and step ids. Inputs reach run scripts through env, never
// spliced into the script (script injection).
func TestActionMetadata(t *testing.T) {
	meta, raw := loadAction(t)
	if bad := unknownKeys(raw, actionKeys); len(bad) > 0 {
		t.Errorf("action.yml: unknown top-level fields %q", bad)
	}
	if meta.Name == "" || meta.Description == "" {
		t.Errorf("action.yml: name and description are required")
	}
	if meta.Runs.Using != "composite" || len(meta.Runs.Steps) == 0 {
		t.Fatalf("action.yml: runs.using %q with %d steps, want composite with steps", meta.Runs.Using, len(meta.Runs.Steps))
	}
	for name, in := range meta.Inputs {
		if in.Description == "" {
			t.Errorf("input %s: description is required", name)
		}
	}
	rawInputs, _ := raw["inputs"].(map[string]any)
	for name, in := range rawInputs {
		m, _ := in.(map[string]any)
		if bad := unknownKeys(m, inputKeys); len(bad) > 0 {
			t.Errorf("input %s: unknown fields %q", name, bad)
		}
	}
	for name, out := range meta.Outputs {
		if out.Description == "" || out.Value == "" {
			t.Errorf("output %s: a composite action's output needs a description and a value", name)
		}
	}
	rawRuns, _ := raw["runs"].(map[string]any)
	rawSteps, _ := rawRuns["steps"].([]any)
	ids := map[string]bool{}
	for i, s := range meta.Runs.Steps {
		m, _ := rawSteps[i].(map[string]any)
		if bad := unknownKeys(m, stepKeys); len(bad) > 0 {
			t.Errorf("step %d: unknown fields %q", i, bad)
		}
		switch {
		case (s.Run == "") == (s.Uses == ""):
			t.Errorf("step %d: exactly one of run and uses", i)
		case s.Run != "" && s.Shell == "":
			t.Errorf("step %d (%s): a run step of a composite action needs shell", i, s.Name)
		case s.Uses != "" && !regexp.MustCompile(`^[\w.-]+/[\w./-]+@\S+$`).MatchString(s.Uses):
			t.Errorf("step %d: uses %q is not owner/repo@ref", i, s.Uses)
		}
		if exprRef.MatchString(s.Run) {
			t.Errorf("step %d (%s): expression in the run script; pass it through env", i, s.Name)
		}
		if s.ID != "" {
			ids[s.ID] = true
		}
	}
	// Every expression names a declared input or an earlier step's output.
	check := func(where, text string) {
		for _, m := range exprRef.FindAllStringSubmatch(text, -1) {
			for _, ref := range regexp.MustCompile(`\b(inputs|steps)\.([\w-]+)`).FindAllStringSubmatch(m[1], -1) {
				if ref[1] == "inputs" && rawInputs[ref[2]] == nil {
					t.Errorf("%s: %s names an undeclared input", where, m[0])
				}
				if ref[1] == "steps" && !ids[ref[2]] {
					t.Errorf("%s: %s names no step id", where, m[0])
				}
			}
		}
	}
	for _, s := range meta.Runs.Steps {
		check("step "+s.Name, s.If)
		check("step "+s.Name, s.WorkingDirectory)
		for k, v := range s.With {
			check("step "+s.Name+" with."+k, v)
		}
		for k, v := range s.Env {
			check("step "+s.Name+" env."+k, v)
		}
	}
	for name, out := range meta.Outputs {
		check("output "+name, out.Value)
	}
}

// actionCheckLine returns the upclint check command of the action's run
// step with its environment variables replaced by the inputs' defaults,
// the SARIF file it writes (by default) and the step that uploads it.
func actionCheckLine(t *testing.T, meta *actionMeta) (line string, upload *actionStep) {
	t.Helper()
	for i := range meta.Runs.Steps {
		s := &meta.Runs.Steps[i]
		if strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
			upload = s
		}
		for _, l := range strings.Split(s.Run, "\n") {
			l = strings.TrimSpace(l)
			if !strings.HasPrefix(l, "upclint check") {
				continue
			}
			l, _, _ = strings.Cut(l, " ||")
			for name, v := range s.Env {
				def := v
				if m := regexp.MustCompile(`^\$\{\{\s*inputs\.([\w-]+)\s*\}\}$`).FindStringSubmatch(v); m != nil {
					in := meta.Inputs[m[1]]
					def = ""
					if in.Default != nil {
						def = *in.Default
					}
				}
				l = strings.ReplaceAll(l, `"$`+name+`"`, def)
				l = strings.ReplaceAll(l, `$`+name, def)
			}
			line = l
		}
	}
	if line == "" {
		t.Fatal("action.yml runs no upclint check")
	}
	return line, upload
}

// TestActionRunsUpclint checks what the action does: it builds upclint
// from its own checkout (the repository at the action's ref), runs upclint
// check with annotations and a SARIF log (the command line parses with the
// real flags once the inputs' defaults are substituted), uploads the log it
// wrote, and fails only after the upload.
func TestActionRunsUpclint(t *testing.T) {
	meta, _ := loadAction(t)
	var built bool
	for _, s := range meta.Runs.Steps {
		if strings.Contains(s.Run, "./cmd/upclint") && strings.Contains(s.WorkingDirectory, "github.action_path") &&
			strings.Contains(s.Run, "GITHUB_PATH") {
			built = true
		}
	}
	if !built {
		t.Errorf("action.yml does not build ./cmd/upclint in the action's directory and put it on PATH")
	}
	line, upload := actionCheckLine(t, meta)
	dests := ciCheck(t, line)
	if _, ok := dests["github"]; !ok {
		t.Errorf("action: no --format github annotations in %q", line)
	}
	if upload == nil {
		t.Fatal("action.yml does not upload SARIF with github/codeql-action/upload-sarif")
	}
	sarif := meta.Inputs["sarif-file"]
	if sarif.Default == nil || dests["sarif"] != *sarif.Default || upload.With["sarif_file"] != "${{ inputs.sarif-file }}" {
		t.Errorf("action: upclint writes SARIF to %q, upload-sarif uploads %q", dests["sarif"], upload.With["sarif_file"])
	}
	// The check step keeps findings from failing it; a later step fails.
	checkStep, uploadStep, failStep := -1, -1, -1
	for i, s := range meta.Runs.Steps {
		switch {
		case strings.Contains(s.Run, "upclint check"):
			checkStep = i
			if !strings.Contains(s.Run, "|| status=$?") || !strings.Contains(s.Run, "GITHUB_OUTPUT") {
				t.Errorf("the check step must keep upclint's status as an output instead of failing")
			}
		case &meta.Runs.Steps[i] == upload:
			uploadStep = i
		case strings.Contains(s.If, "steps."+meta.Runs.Steps[max(checkStep, 0)].ID+".outputs.exit-code") && strings.Contains(s.Run, "exit 1"):
			failStep = i
		}
	}
	if checkStep < 0 || uploadStep < checkStep || failStep < uploadStep {
		t.Errorf("steps: check %d, upload %d, fail %d: want the upload between the check and the failure", checkStep, uploadStep, failStep)
	}
}
