package pipeline_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks/buildinfo"
	"github.com/upclint/upclint/checks/config"
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

// TestOptionsMacroOrder: a later source of macros (database, then the
// command line) wins over an earlier one, for undefines as for defines.
func TestOptionsMacroOrder(t *testing.T) {
	eff := &config.Effective{Settings: config.Settings{Define: []string{"CFG=1"}, Undefine: []string{"A", "B", "KEEP"}}}
	db := &buildinfo.Entry{Define: []string{"B=2"}, Undefine: []string{"C", "D"}}
	fe := &pipeline.FrontEnd{Define: []string{"A=3", "C(x)=x"}, Undefine: []string{"CFG"}}
	o := fe.Options(eff, db, 1)
	if got, want := o.Config.Undefs, []string{"KEEP", "D", "CFG"}; !slices.Equal(got, want) {
		t.Errorf("Undefs = %q, want %q", got, want)
	}
	if got, want := o.Config.Defines, []string{"CFG=1", "B=2", "A=3", "C(x)=x"}; !slices.Equal(got, want) {
		t.Errorf("Defines = %q, want %q", got, want)
	}
}

// TestParseOutputs: destinations are checked before any analysis runs.
func TestParseOutputs(t *testing.T) {
	dir := t.TempDir()
	if outs, err := pipeline.ParseOutputs([]string{"text", "sarif:" + filepath.Join(dir, "out.sarif")}, ""); err != nil || len(outs) != 2 {
		t.Fatalf("ParseOutputs = %v, %v", outs, err)
	}
	for _, tc := range []struct {
		specs []string
		dest  string
		want  string
	}{
		{[]string{"sarif:"}, "", "no file name after ':'"},
		{[]string{"yaml"}, "", "unknown format"},
		{[]string{"text", "json"}, "", "only one --format may go to standard output"},
		{[]string{"sarif:" + filepath.Join(dir, "missing", "x.sarif")}, "", "no such file or directory"},
		{[]string{"sarif:" + dir}, "", "is a directory"},
		{[]string{"text"}, filepath.Join(dir, "missing", "out.txt"), "no such file or directory"},
	} {
		_, err := pipeline.ParseOutputs(tc.specs, tc.dest)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseOutputs(%q, %q) = %v, want an error containing %q", tc.specs, tc.dest, err, tc.want)
		}
	}
	if err := pipeline.CheckWritable(""); err != nil {
		t.Errorf("CheckWritable(\"\") = %v", err)
	}
}
