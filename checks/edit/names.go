package edit

import (
	"bytes"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/token"
)

// Names hands out identifiers for the declarations a fix adds, so that
// they collide with nothing the unit can see. A name is taken when it is
// an identifier, type name or keyword among the unit's tokens (headers
// included), a word of the main file's text that the tokens do not show
// (the name of a macro, a word in a comment), declared at file scope
// (types.Info), or handed out before by the same Names.
type Names struct {
	pass  *analysis.Pass
	unit  *grammar.Unit
	src   []byte // the main file's text, read on first use
	read  bool
	asked int             // questions answered by reading the tokens and text
	words map[string]bool // built after scanned questions: most units ask few
	used  map[string]bool
}

// scanned is how many questions Taken answers by reading the unit's
// tokens (thousands, most from headers) and text before it builds the set
// of their words: a read costs about a hundredth of building the set.
const scanned = 32

// NewNames returns the names of unit u, analysed by pass.
func NewNames(pass *analysis.Pass, u *grammar.Unit) *Names {
	return &Names{pass: pass, unit: u, used: map[string]bool{}}
}

// Taken reports whether name may not be declared by a fix.
func (n *Names) Taken(name string) bool {
	if n.used[name] {
		return true
	}
	u := n.unit
	if u == nil || u.File == nil {
		return true
	}
	if n.word(name) {
		return true
	}
	return u.Info != nil && u.Info.FileScope != nil && u.Info.FileScope.Lookup(name) != nil
}

// word reports whether name is an identifier, type name or keyword among
// the unit's tokens or a word of the main file's text.
func (n *Names) word(name string) bool {
	if n.words != nil {
		return n.words[name]
	}
	if !n.read {
		n.read = true
		if n.pass != nil && n.pass.ReadFile != nil {
			n.src, _ = n.pass.ReadFile(n.unit.File.Name)
		}
	}
	toks := n.unit.File.Tokens
	if n.asked++; n.asked <= scanned {
		for i := range toks {
			if t := &toks[i]; t.Text == name && isWordKind(t.Kind) {
				return true
			}
		}
		return hasWord(n.src, name)
	}
	n.words = map[string]bool{}
	for i := range toks {
		if isWordKind(toks[i].Kind) {
			n.words[toks[i].Text] = true
		}
	}
	words, _ := countWords(n.src)
	for w := range words {
		n.words[w] = true
	}
	return n.words[name]
}

func isWordKind(k token.Kind) bool {
	return k == token.Ident || k == token.TypeName || k == token.Keyword
}

// hasWord reports whether w is one of the words countWords finds in text:
// an identifier neither inside a longer one nor right after a number.
func hasWord(text []byte, w string) bool {
	if w == "" || !isIdentStart(w[0]) {
		return false
	}
	bw := []byte(w)
	for i := 0; ; {
		k := bytes.Index(text[i:], bw)
		if k < 0 {
			return false
		}
		i += k
		j := i + len(w)
		if (i == 0 || !isIdentChar(text[i-1])) && (j == len(text) || !isIdentChar(text[j])) {
			return true
		}
		i++
	}
}

func isIdentChar(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

// Fresh returns base, or the first of next(base, 2), next(base, 3), ...
// that is not taken, and marks it taken.
func (n *Names) Fresh(base string, next func(base string, k int) string) string {
	name := base
	for k := 2; n.Taken(name); k++ {
		name = next(base, k)
	}
	n.used[name] = true
	return name
}

// Claim marks name taken and reports whether it was free.
func (n *Names) Claim(name string) bool {
	if n.Taken(name) {
		return false
	}
	n.used[name] = true
	return true
}
