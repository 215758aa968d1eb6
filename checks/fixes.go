package checks

import (
	gotoken "go/token"
	"sort"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// editGuard knows where edits must not go: text produced by a macro
// expansion (an edit there would change every use of the macro, or split
// an invocation; deleting whole invocations is allowed) and files that
// failed to parse (their tree is incomplete).
type editGuard struct {
	fset   *gotoken.FileSet
	macros []span // expansion sites, sorted by start
	broken map[string]bool
}

// span is one macro invocation; keyword says that it makes a single
// keyword (Berkeley's #define forall upc_forall).
type span struct {
	start, end gotoken.Pos
	keyword    bool
}

func newEditGuard(u *grammar.Unit) *editGuard {
	g := &editGuard{fset: u.Fset, broken: map[string]bool{}}
	for _, d := range u.Diags {
		if d.Rule == diag.RuleSyntax && d.Pos.IsValid() {
			g.broken[u.Fset.Position(d.Pos).Filename] = true
		}
	}
	if u.File == nil {
		return g
	}
	for i := range u.File.Tokens {
		t := &u.File.Tokens[i]
		if !t.FromMacro() {
			continue
		}
		if n := len(g.macros); n > 0 && g.macros[n-1].start == t.Exp && g.macros[n-1].end == t.ExpEnd() {
			g.macros[n-1].keyword = false // the same invocation's next token
			continue
		}
		g.macros = append(g.macros, span{t.Exp, t.ExpEnd(), t.Kind == token.Keyword})
	}
	sort.Slice(g.macros, func(i, j int) bool { return g.macros[i].start < g.macros[j].start })
	return g
}

// allows reports whether an edit of [start, end) by text is permitted.
func (g *editGuard) allows(start, end gotoken.Pos, text string) bool {
	if !start.IsValid() {
		return false
	}
	if g.broken[g.fset.Position(start).Filename] {
		return false
	}
	if end < start {
		end = start
	}
	// The first expansion that ends after start is the only candidate for
	// overlap among those starting before end.
	i := sort.Search(len(g.macros), func(i int) bool { return g.macros[i].end > start })
	for ; i < len(g.macros) && g.macros[i].start < max(end, start+1); i++ {
		// One whole invocation replaced by a name (a synchronisation flag
		// by another) or by its value (Sobel's buf[PREV_ROW(i)] read as
		// buf[0]): nothing of the expansion is split or rewritten.
		if g.macros[i].start == start && g.macros[i].end == end && (isIdent(text) || isDecimal(text)) {
			continue
		}
		// A whole invocation that is one keyword (forall for upc_forall)
		// replaced by the rewrite of that keyword: the user's spelling of
		// it, with no value to write.
		if g.macros[i].start == start && g.macros[i].end == end && g.macros[i].keyword {
			continue
		}
		// Whole invocations deleted (a upc_forall's affinity &a[i + OFF]):
		// nothing is split and no value is written.
		if text == "" && start <= g.macros[i].start && g.macros[i].end <= end {
			continue
		}
		if g.macros[i].end > start {
			return false
		}
	}
	return true
}

// convertFixes turns an analyzer's suggested fixes into Fixes, dropping
// every fix with an edit the guard forbids: a fix is applied whole or not at
// all.
func convertFixes(fset *gotoken.FileSet, d ruleDiagnostic, g *editGuard) []Fix {
	var out []Fix
	def := FixUnsafe
	if r := Lookup(d.rule); r != nil && r.SafeFixes {
		def = FixSafe
	}
next:
	for i, sf := range d.SuggestedFixes {
		fix := Fix{Message: sf.Message, Applicability: def}
		if i < len(d.apps) {
			fix.Applicability = d.apps[i]
		}
		for _, e := range sf.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			if !g.allows(e.Pos, end, string(e.NewText)) {
				continue next
			}
			fix.Edits = append(fix.Edits, Edit{Pos: resolve(fset, e.Pos), End: resolve(fset, end), NewText: string(e.NewText)})
		}
		if len(fix.Edits) > 0 {
			out = append(out, fix)
		}
	}
	return out
}

// isDecimal reports whether s is a decimal integer constant without suffix.
func isDecimal(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != "" && (s == "0" || s[0] != '0')
}

// isIdent reports whether s is a C identifier.
func isIdent(s string) bool {
	for i, c := range s {
		if c != '_' && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}
