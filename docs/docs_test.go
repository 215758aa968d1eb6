package docs_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/upclint/upclint/checks"
	_ "github.com/upclint/upclint/checks/rules/all"
	"github.com/upclint/upclint/docs"
)

// TestEveryRuleHasAPage keeps the registry and docs/rules in step: every
// rule has a page whose title is its name, and every page is a rule.
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
	}
	for _, n := range docs.RuleNames() {
		if !slices.Contains(names, n) {
			t.Errorf("docs/rules/%s.md documents no registered rule", n)
		}
	}
}
