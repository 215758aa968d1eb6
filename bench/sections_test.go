package bench

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestKeptSections: marked sections survive Render, in their order; an
// unterminated one is dropped.
func TestKeptSections(t *testing.T) {
	doc := filepath.Join(t.TempDir(), "B.md")
	a := "<!-- section: profile -->\n## Profile\n\n| x | 1 |\n<!-- end: profile -->\n"
	b := "<!-- section: other-2 -->\ntext\n<!-- end: other-2 -->\n"
	old := "# old\n\n" + a + "\nmiddle\n\n" + b + "\n<!-- section: open -->\nno end\n"
	if err := os.WriteFile(doc, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, want := KeptSections(doc), a+"\n"+b; got != want {
		t.Fatalf("KeptSections:\n%q\nwant\n%q", got, want)
	}
	if err := Render(&Report{}, doc); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(string(got), "\n"+a+"\n"+b) || strings.Contains(string(got), "no end") || strings.Contains(string(got), "# old") {
		t.Errorf("regenerated document:\n%s", got)
	}
	if KeptSections(filepath.Join(t.TempDir(), "missing.md")) != "" {
		t.Error("a missing document has sections")
	}
}
