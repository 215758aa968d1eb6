package pipeline

import (
	"regexp"
	"slices"
	"testing"
)

func TestQuotedIncludes(t *testing.T) {
	src := "#include \"a.c\"\n  #  include\t\"dir/b.upc\"\nint x; # include \"no.c\"\n#include <stdio.h>\n#define Q \"#include \\\"no2.c\\\"\"\n#include \"unterminated\n#  include \"last.h\""
	want := []string{"a.c", "dir/b.upc", "last.h"}
	if got := quotedIncludes([]byte(src)); !slices.Equal(got, want) {
		t.Errorf("quotedIncludes = %q, want %q", got, want)
	}
	// The same as a regular expression for each line kind.
	re := regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*"([^"\n]+)"`)
	var viaRe []string
	for _, m := range re.FindAllStringSubmatch(src, -1) {
		viaRe = append(viaRe, m[1])
	}
	if !slices.Equal(viaRe, want) {
		t.Errorf("regexp = %q, want %q", viaRe, want)
	}
}
