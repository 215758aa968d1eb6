package lsp

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// editorRun is a real editor's session against the server binary, driven
// by a script: a directory with the document (fixSrc) and the script, and
// the environment that tells the script where they are.
type editorRun struct {
	name                   string // the editor, for messages
	dir, file, script, out string
	env                    []string
}

// newEditorRun writes fixSrc and the script (named scriptName) into a
// temporary directory and builds the server binary.
func newEditorRun(t *testing.T, name, scriptName, script string) *editorRun {
	t.Helper()
	dir := t.TempDir()
	r := &editorRun{name: name, dir: dir, file: filepath.Join(dir, "e2e.upc"), script: filepath.Join(dir, scriptName),
		out: filepath.Join(dir, "out.json")}
	for path, text := range map[string]string{r.file: fixSrc, r.script: script} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r.env = append(os.Environ(), "HOME="+dir,
		"UPCLINT_BIN="+buildUpclint(t), "UPCLINT_FILE="+r.file, "UPCLINT_ROOT="+dir, "UPCLINT_OUT="+r.out,
		"UPCLINT_LOG="+filepath.Join(dir, "server.log"))
	return r
}

// run runs the editor (argv, with extra environment) for at most 90
// seconds and decodes the JSON its script wrote into res. It fails the
// test, with the editor's output and the server's log, when the script
// wrote nothing or reports a failed step (its "ok" and "err" fields).
func (r *editorRun) run(t *testing.T, argv []string, env []string, res any) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	cmd.Dir = r.dir
	cmd.Env = append(append([]string(nil), r.env...), env...)
	combined, runErr := cmd.CombinedOutput()
	log, _ := os.ReadFile(filepath.Join(r.dir, "server.log"))
	data, err := os.ReadFile(r.out)
	if err != nil {
		t.Fatalf("%s wrote no result (%v): %v\n%s\nserver log:\n%s", r.name, runErr, err, combined, log)
	}
	t.Logf("%s saw: %s", r.name, data)
	var status struct {
		OK    bool     `json:"ok"`
		Err   string   `json:"err"`
		Steps []string `json:"steps"`
	}
	if err := json.Unmarshal(data, &status); err != nil {
		t.Fatalf("bad result %s: %v", data, err)
	}
	if !status.OK {
		t.Fatalf("%s steps %q failed: %s\n%s\nserver log:\n%s", r.name, status.Steps, status.Err, combined, log)
	}
	if err := json.Unmarshal(data, res); err != nil {
		t.Fatalf("bad result %s: %v", data, err)
	}
}
