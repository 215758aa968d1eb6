package token

import "testing"

// TestBinaryPrec: each level of C99 6.5.5 to 6.5.14 binds tighter than the
// next, operators of one level share it, and what is not a binary operator
// has none.
func TestBinaryPrec(t *testing.T) {
	levels := [][]string{
		{"*", "/", "%"}, {"+", "-"}, {"<<", ">>"}, {"<", ">", "<=", ">="},
		{"==", "!="}, {"&"}, {"^"}, {"|"}, {"&&"}, {"||"},
	}
	for i, ops := range levels {
		want := len(levels) - i
		for _, op := range ops {
			if got := BinaryPrec(op); got != want {
				t.Errorf("BinaryPrec(%q) = %d, want %d", op, got, want)
			}
		}
	}
	for _, op := range []string{"=", "+=", ",", "?", ":", "!", "~", "->", "++", ""} {
		if got := BinaryPrec(op); got != 0 {
			t.Errorf("BinaryPrec(%q) = %d, want 0", op, got)
		}
	}
}
