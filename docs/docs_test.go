package docs_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	_ "github.com/upclint/upclint/checks/rules/all"
	"github.com/upclint/upclint/docs"
)

// TestEveryRuleHasAPage keeps the registry and docs/rules in step: every
// rule has a page whose title is its name and whose header gives its kind
// and default severity, and every page is a rule.
func TestEveryRuleHasAPage(t *testing.T) {
	var names []string
	for _, r := range checks.Rules() {
		names = append(names, r.Name)
		page, ok := docs.Rule(r.Name)
		if !ok {
			t.Errorf("rule %s has no docs/rules/%s.md", r.Name, r.Name)
			continue
		}
		if !strings.HasPrefix(page, "# "+r.Name+"\n") {
			t.Errorf("docs/rules/%s.md does not start with its title", r.Name)
		}
		if !strings.Contains(page, "## What it does") || !strings.Contains(page, "## Known limits") {
			t.Errorf("docs/rules/%s.md lacks a required section", r.Name)
		}
		// The header line states the registry's kind and default severity.
		kind := strings.ReplaceAll(string(r.Kind), "-", " ")
		header := fmt.Sprintf("**Kind:** %s · **Default severity:** %s · **Fix:** ", kind, r.Severity)
		if lines := strings.SplitN(page, "\n", 4); len(lines) < 3 || !strings.HasPrefix(lines[2], header) {
			t.Errorf("docs/rules/%s.md: third line should start %q (the registry's kind and severity)", r.Name, header)
		}
	}
	for _, n := range docs.RuleNames() {
		if !slices.Contains(names, n) {
			t.Errorf("docs/rules/%s.md documents no registered rule", n)
		}
	}
}

// TestReadmeRuleTable keeps the README's table of rules derived from the
// one source of each fact: the rule's kind and one-line summary from the
// registry, its fix from the header of its page. On failure it prints the
// table to paste.
func TestReadmeRuleTable(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	want.WriteString("| rule | kind | what it reports |\n|---|---|---|\n")
	for _, r := range checks.Rules() {
		fmt.Fprintf(&want, "| `%s` | %s | %s", r.Name, strings.ReplaceAll(string(r.Kind), "-", " "), r.Summary)
		if page, ok := docs.Rule(r.Name); ok {
			if lines := strings.SplitN(page, "\n", 4); len(lines) >= 3 {
				if _, fix, ok := strings.Cut(lines[2], "**Fix:** "); ok && fix != "none" && !strings.HasPrefix(fix, "none ") {
					fmt.Fprintf(&want, "; fix: %s", strings.TrimSuffix(fix, " (see Fix safety)"))
				}
			}
		}
		want.WriteString(" |\n")
	}
	if !strings.Contains(string(readme), want.String()) {
		t.Errorf("README.md's table of rules is not the registry's; it should read:\n%s", want.String())
	}
}
