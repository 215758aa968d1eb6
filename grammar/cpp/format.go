package cpp

import (
	"strings"

	"github.com/upclint/upclint/grammar/token"
)

// Format renders tokens as text: one space between tokens, a newline before
// each token that began a line, and each Pragma on a line of its own as
// "#pragma TEXT". It stops at EOF. Tests and debugging dumps use it; the
// result preprocesses back to the same tokens.
func Format(toks []token.Token) string {
	var b strings.Builder
	for i := range toks {
		t := &toks[i]
		if t.Kind == token.EOF {
			break
		}
		if i > 0 {
			if t.Flags&token.BOL != 0 || t.Kind == token.Pragma || toks[i-1].Kind == token.Pragma {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		if t.Kind == token.Pragma {
			b.WriteString("#pragma")
			if t.Text != "" {
				b.WriteByte(' ')
			}
		}
		b.WriteString(t.Text)
	}
	return b.String()
}
