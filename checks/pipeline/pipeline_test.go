package pipeline_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/upclint/upclint/checks/pipeline"
	_ "github.com/upclint/upclint/checks/rules/all" // register the rules
)

// TestCheck: a directory check applies each file's configuration (a
// severity override), suppression comments from the analysed text, and
// --fail-on.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("src/a.upc", "int f(void) { return missing; }\n")
	write("src/b.upc", "int g(void) {\n  // upclint:ignore typecheck declared by the vendor header\n  return other;\n}\n")
	write("src/sub/.upclint.yaml", "rules:\n  typecheck: {severity: note}\n")
	write("src/sub/c.upc", "int h(void) { return gone; }\n")

	out, err := pipeline.Check(context.Background(), []string{"src"}, pipeline.Settings{Jobs: 1, FailOn: "warning"})
	if err != nil {
		t.Fatal(err)
	}
	if out.Files != 3 {
		t.Errorf("Files = %d, want 3", out.Files)
	}
	var got []string
	for _, f := range out.Findings {
		got = append(got, f.Pos.Path+" "+f.Rule+" "+f.Severity.String())
		if f.Fingerprint == "" {
			t.Errorf("%s: no fingerprint", f.Pos.Path)
		}
	}
	want := []string{filepath.Join("src", "a.upc") + " typecheck error", filepath.Join("src", "sub", "c.upc") + " typecheck note"}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("findings = %q, want %q", got, want)
	}
	if out.ExitCode != 1 {
		t.Errorf("ExitCode = %d, want 1", out.ExitCode)
	}

	if _, err := pipeline.New(pipeline.Settings{FailOn: "fatal"}); err == nil {
		t.Error("FailOn fatal: no error")
	}
}
