package bench

import (
	"os"
	"regexp"
	"strings"
)

// Sections of BENCHMARKS.md measured by other commands (a package's own
// benchmark, reported by hand) sit between
//
//	<!-- section: NAME -->
//	...
//	<!-- end: NAME -->
//
// and survive regeneration: Render appends them after the generated
// document, in their order.
var sectionBegin = regexp.MustCompile(`(?m)^<!-- section: ([A-Za-z0-9_.-]+) -->[ \t]*$`)

// KeptSections returns the marked sections of the document at path, each
// from its begin marker to its end marker and a newline, separated by
// blank lines ("" if the document has none or cannot be read). A section
// without its end marker is not kept.
func KeptSections(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return keptSections(string(b))
}

func keptSections(s string) string {
	var out []string
	for _, m := range sectionBegin.FindAllStringSubmatchIndex(s, -1) {
		name := s[m[2]:m[3]]
		end := "<!-- end: " + name + " -->"
		j := strings.Index(s[m[1]:], end)
		if j < 0 {
			continue
		}
		out = append(out, s[m[0]:m[1]+j+len(end)]+"\n")
	}
	return strings.Join(out, "\n")
}
