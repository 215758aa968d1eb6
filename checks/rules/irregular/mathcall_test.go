package irregular

import "testing"

// TestMathCall: the C math functions and their f and l forms, and nothing
// their spelling merely ends like (ceil is not "cei" + l).
func TestMathCall(t *testing.T) {
	for _, name := range []string{"sqrt", "sqrtf", "ceil", "ceilf", "ceill", "log10l", "fabs", "fmodf"} {
		if !mathCall(name) {
			t.Errorf("mathCall(%q) = false", name)
		}
	}
	for _, name := range []string{"cei", "rand", "f", "l", "printf", "sqr"} {
		if mathCall(name) {
			t.Errorf("mathCall(%q) = true", name)
		}
	}
}
