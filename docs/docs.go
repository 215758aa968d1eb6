// Package docs embeds upclint's documentation so the binary can print it
// (`upclint explain RULE`) and SARIF logs can carry it.
package docs

import (
	"embed"
	"strings"
)

//go:embed rules/*.md
var rules embed.FS

// Rule returns the documentation page of a rule in Markdown, and whether
// one exists.
func Rule(name string) (string, bool) {
	b, err := rules.ReadFile("rules/" + name + ".md")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// RuleNames lists the rules that have a page.
func RuleNames() []string {
	entries, _ := rules.ReadDir("rules")
	var names []string
	for _, e := range entries {
		names = append(names, strings.TrimSuffix(e.Name(), ".md"))
	}
	return names
}
