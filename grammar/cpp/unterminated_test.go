package cpp

import (
	"fmt"
	"strings"
	"testing"
)

// TestUnterminatedMany: of many conditionals left open, the innermost
// few and the outermost are reported, the outermost saying how many more
// it holds: a cut file does not give one error per open #if.
func TestUnterminatedMany(t *testing.T) {
	want := []string{}
	for line := 12; line >= 4; line-- {
		want = append(want, fmt.Sprintf("%d:1: error: unterminated conditional directive (#if without #endif)", line))
	}
	want = append(want, "1:1: error: unterminated conditional directive (#if without #endif), with 2 more inside it not listed")
	runPre(t, []preCase{
		{"twelve open", strings.Repeat("#if 1\n", 12) + "a\n", "a", want},
		{"ten open", strings.Repeat("#if 1\n", 10) + "a\n", "a", func() []string {
			var w []string
			for line := 10; line >= 1; line-- {
				w = append(w, fmt.Sprintf("%d:1: error: unterminated conditional directive (#if without #endif)", line))
			}
			return w
		}()},
	})
}
