package edit

import "testing"

func TestBracedBody(t *testing.T) {
	for _, c := range []struct {
		name, src, closer string
		ok                bool
		indent            string
	}{
		{"if", "  if (MYTHREAD == 0)\n    for (;;) x;\n", ")", true, "  "},
		{"comment after header", "  if (MYTHREAD == 0) // thread 0\n    for (;;) x;\n", ")", false, ""},
		{"same line", "  if (MYTHREAD == 0) for (;;) x;\n", ")", false, ""},
		{"not deeper", "  if (MYTHREAD == 0)\n  for (;;) x;\n", ")", false, ""},
		{"label", "    case 1:\n      for (;;) x;\n", ":", true, "    "},
		{"tabs", "\tif (a)\n\t\tfor (;;) x;\n", ")", true, "\t"},
	} {
		src := []byte(c.src)
		pOff := len(c.src) - len(trimLeftSpace(c.src))
		sOff := indexFor(c.src)
		open, indent, ok := BracedBody(src, pOff, sOff, c.closer)
		if ok != c.ok || indent != c.indent {
			t.Errorf("%s: BracedBody = %d, %q, %v; want ok %v, indent %q", c.name, open, indent, ok, c.ok, c.indent)
			continue
		}
		if ok && src[open] != '\n' {
			t.Errorf("%s: open %d is not the end of the header line", c.name, open)
		}
	}
}

func TestLineEnd(t *testing.T) {
	src := "x = 1; // one\ny = 2;   \nz = 3; /* c */ w = 4;\n"
	if got, want := LineEnd([]byte(src), 6), len("x = 1; // one"); got != want {
		t.Errorf("after a line comment: %d, want %d", got, want)
	}
	y := len("x = 1; // one\ny = 2;")
	if got := LineEnd([]byte(src), y); got != y {
		t.Errorf("no comment: %d, want %d", got, y)
	}
	z := len("x = 1; // one\ny = 2;   \nz = 3;")
	if got := LineEnd([]byte(src), z); got != z {
		t.Errorf("code after the comment: %d, want %d", got, z)
	}
}

func trimLeftSpace(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	return s
}

// indexFor returns the offset of the "for" of src.
func indexFor(s string) int {
	for i := 0; i+3 <= len(s); i++ {
		if s[i:i+3] == "for" {
			return i
		}
	}
	return -1
}
