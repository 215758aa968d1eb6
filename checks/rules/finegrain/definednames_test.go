package finegrain

import (
	"regexp"
	"slices"
	"testing"
)

// TestDefinedNames: the scan finds the names the regular expression it
// stands for finds, on lines of every shape.
func TestDefinedNames(t *testing.T) {
	re := regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+([A-Za-z_][A-Za-z0-9_]*)`)
	src := []byte("#define A 1\n  #  define\tB_2(x) x\n#define\n#definefoo 3\n# define 9x\n\r#define C\n" +
		"#define D\r\nint x; #define E\n#\tdefine _F\n#undef G\n#  define  H1H\n#define I")
	var want, got []string
	for _, m := range re.FindAllSubmatch(src, -1) {
		want = append(want, string(m[1]))
	}
	definedNames(src, func(name []byte) { got = append(got, string(name)) })
	if !slices.Equal(got, want) || len(want) != 6 {
		t.Errorf("definedNames found %q, the regular expression %q", got, want)
	}
}
