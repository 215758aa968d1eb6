package lexer

import (
	gotoken "go/token"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// FuzzLex checks that lexing never panics or loops, that positions stay in
// the file, and that token texts are what the file spells (minus splices).
func FuzzLex(f *testing.F) {
	for _, s := range []string{
		"int main(void) { return 0; }", "a\\\nb", "\"abc", "'\\", "/* x", "// y\\\nz",
		"<: :> <% %> %:%:", "1e+5 0x1p-3 .5e", "L'x' u8\"y\" U\"\\\n\"", "\x00\x01", "\xff\xfe",
		"#define X(a) #a ## b\n", "a -\\ \r\n> b", "%:%\\\n:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		fset := gotoken.NewFileSet()
		file := fset.AddFile("f.c", -1, len(src))
		var dl diag.List
		var l Lexer
		l.Init(file, src, &dl)
		last := -1
		for n := 0; ; n++ {
			if n > len(src)+1 {
				t.Fatalf("more tokens than bytes")
			}
			tok := l.Next()
			off := int(tok.Pos) - file.Base()
			if off < 0 || off > len(src) || off <= last && tok.Kind != token.EOF {
				t.Fatalf("token %q at offset %d after %d", tok.Text, off, last)
			}
			if tok.Kind == token.EOF {
				break
			}
			last = off
			if tok.Text == "" {
				t.Fatalf("empty token at %d", off)
			}
			if !l.HasSplices() && tok.Kind != token.Punct && !strings.HasPrefix(src[off:], tok.Text) {
				t.Fatalf("token %q is not the source text at %d", tok.Text, off)
			}
		}
		for _, d := range dl {
			if off := int(d.Pos) - file.Base(); off < 0 || off > len(src) {
				t.Fatalf("diagnostic outside the file: %v", d)
			}
		}
	})
}
