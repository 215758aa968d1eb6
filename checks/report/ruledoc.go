package report

import (
	"regexp"
	"strings"

	"github.com/upclint/upclint/docs"
)

// RuleDocsURL is where the rule pages are published; a rule's helpUri is
// RuleDocsURL + NAME + ".md".
const RuleDocsURL = "https://github.com/upclint/upclint/blob/main/docs/rules/"

// ruleDoc is the documentation of a rule as SARIF carries it.
type ruleDoc struct {
	markdown string // the whole page
	text     string // the page as plain text
	// whatMarkdown and whatText are the first paragraph under
	// "## What it does"; empty when the page has none.
	whatMarkdown, whatText string
}

// loadRuleDoc reads the page of rule name from package docs; ok is false
// when the rule has no page.
func loadRuleDoc(name string) (d ruleDoc, ok bool) {
	md, ok := docs.Rule(name)
	if !ok {
		return d, false
	}
	d.markdown = md
	d.text = plainText(md)
	d.whatMarkdown = firstParagraph(md, "## What it does")
	d.whatText = plainText(d.whatMarkdown)
	return d, true
}

// firstParagraph returns the first paragraph after the heading line, with
// its lines joined by spaces.
func firstParagraph(md, heading string) string {
	lines := strings.Split(md, "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) != heading {
			continue
		}
		var para []string
		for _, l := range lines[i+1:] {
			t := strings.TrimSpace(l)
			if t == "" {
				if len(para) > 0 {
					break
				}
				continue
			}
			if strings.HasPrefix(t, "#") || strings.HasPrefix(t, "```") {
				break
			}
			para = append(para, t)
		}
		return strings.Join(para, " ")
	}
	return ""
}

var (
	mdLink   = regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	mdStrong = regexp.MustCompile(`\*\*([^*]+)\*\*`)
)

// plainText removes the Markdown markup a reader of plain text would
// trip over: code fences, heading marks, emphasis, backquotes and link
// targets. Everything else (lists, code) is already readable.
func plainText(md string) string {
	var out []string
	for _, l := range strings.Split(md, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") {
			continue
		}
		if strings.HasPrefix(t, "#") {
			l = strings.TrimSpace(strings.TrimLeft(t, "#"))
		}
		out = append(out, l)
	}
	s := strings.Join(out, "\n")
	s = mdLink.ReplaceAllString(s, "$1")
	s = mdStrong.ReplaceAllString(s, "$1")
	return strings.ReplaceAll(s, "`", "")
}
