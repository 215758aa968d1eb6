package translate

import "github.com/upclint/upclint/grammar/token"

// staticAssertEnd returns the index just past the static assertion that
// begins at token i ("_Static_assert ( ... ) ;", optionally preceded by
// __extension__), or i when none begins there. The front end has checked
// the assertion on the UPC program; the translated C, whose shared types
// are runtime structures, gets an empty declaration in its place, which
// keeps it valid wherever the assertion stood (file scope, block, struct
// body).
func (t *translator) staticAssertEnd(i int) int {
	j := i
	if tok := &t.toks[j]; tok.Kind == token.Keyword && tok.Text == "__extension__" && j+1 < len(t.toks) {
		j++
	}
	if tok := &t.toks[j]; tok.Kind != token.Keyword || tok.Text != "_Static_assert" {
		return i
	}
	depth := 0
	for j++; j < len(t.toks) && t.toks[j].Kind != token.EOF; j++ {
		tok := &t.toks[j]
		if tok.Kind != token.Punct {
			continue
		}
		switch tok.Text {
		case "(":
			depth++
		case ")":
			depth--
		case ";":
			if depth <= 0 {
				return j + 1
			}
		}
	}
	return i
}
