package edit

import (
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
	words map[string]bool // built on first use: most units need no name
	used  map[string]bool
}

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
	if n.words == nil {
		n.words = map[string]bool{}
		for i := range u.File.Tokens {
			if k := u.File.Tokens[i].Kind; k == token.Ident || k == token.TypeName || k == token.Keyword {
				n.words[u.File.Tokens[i].Text] = true
			}
		}
		if n.pass != nil && n.pass.ReadFile != nil {
			if src, err := n.pass.ReadFile(u.File.Name); err == nil {
				words, _ := countWords(src)
				for w := range words {
					n.words[w] = true
				}
			}
		}
	}
	if n.words[name] {
		return true
	}
	return u.Info != nil && u.Info.FileScope != nil && u.Info.FileScope.Lookup(name) != nil
}

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
