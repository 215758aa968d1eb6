package parser

import (
	gotoken "go/token"
	"slices"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// Units that begin with the same #include lines begin with the same
// tokens at the same positions (see cpp.Prefix), thousands of them for a
// unit of a hundred lines. Their typedef pass, their cut into top-level
// declarations and the parse of those declarations give the same result in
// every such unit, so a Prefix keeps them: the next unit copies the
// retagged tokens, starts the typedef pass from the kept state and shares
// the declarations.
//
// The prefix ends where a top-level declaration ends; nothing in it
// depends on the tokens after it, which is checked as it is built (the
// typedef pass and the cut look one token ahead in a few places). A
// prefix with a syntax error is not kept: the error is the unit's.

// Prefix is the parse of the first tokens of a unit that other units begin
// with too. It is never modified once built; units share its declarations
// (and the declarations their deferred ones parse into), which must not be
// modified either.
type Prefix struct {
	toks     []token.Token // retagged
	tab      posTab
	prevEnd  int // the site end of the last token that converts
	retag    *retagState
	decls    []ast.ExternalDecl
	deferred bool // built with a deferDecl function
}

// Tokens reports how many tokens p covers.
func (p *Prefix) Tokens() int { return len(p.toks) }

// ParsePrefixed is ParseFileDeferring for a unit whose first n tokens are
// shared by other units (the tokens of the cached leading #include lines,
// cpp.Result.Prefix). If prefix is not nil, it is what an earlier call
// returned for those tokens, with a deferDecl that selects the same
// declarations, and the unit shares its parse; otherwise ParsePrefixed
// returns the parse of the first n tokens for the units that follow, or
// nil if they cannot be parsed apart from the rest (they do not end with a
// top-level declaration, or hold a syntax error). The result is that of
// ParseFileDeferring, except that the declaration ending the prefix ends at
// an EOF position of its own rather than at the unit's next token (the
// same Span and End).
//
// from, if not nil, is the Prefix of fewer of the first tokens, which a
// Prefix that ParsePrefixed builds extends.
func ParsePrefixed(fset *gotoken.FileSet, name string, toks []token.Token, deferDecl func(first *token.Token) bool,
	n int, prefix, from *Prefix) (*ast.File, diag.List, *Prefix) {
	toks = terminate(toks)
	fits := func(p *Prefix, n int) bool {
		return p != nil && p.Tokens() <= n && n < len(toks) && p.deferred == (deferDecl != nil)
	}
	if !fits(prefix, n) || prefix.Tokens() != n {
		prefix = nil // not made for these tokens: parse them
	}
	built := (*Prefix)(nil)
	if prefix == nil && n > 0 && n < len(toks) {
		if !fits(from, n-1) {
			from = nil
		}
		prefix = buildPrefix(toks, n, deferDecl, from)
		built = prefix
	}
	if prefix == nil {
		f, diags := ParseFileDeferring(fset, name, toks, deferDecl)
		return f, diags, nil
	}
	if built == nil {
		prefix.setKinds(toks)
	}
	keep, _ := retagShared(toks, prefix.retag, n, -1)
	tab := posTab{n, make([]ast.TokenPos, len(toks)-n)} // the prefix's are in prefix.tab
	fillPositions(tab, toks, keep, n, prefix.prevEnd)
	f := &ast.File{Name: name, Tokens: toks}
	pieces := split(toks, keep, n)
	f.Decls = make([]ast.ExternalDecl, len(prefix.decls), len(prefix.decls)+len(pieces))
	copy(f.Decls, prefix.decls)
	diags := parsePieces(fset, f, toks, keep, tab, pieces, deferDecl)
	return f, diags, built
}

// setKinds gives toks the kinds the typedef pass gave p's tokens. It
// changes only kinds: copying whole tokens would cost a write barrier per
// token during a collection.
func (p *Prefix) setKinds(toks []token.Token) {
	for i := range p.toks {
		toks[i].Kind = p.toks[i].Kind
	}
}

// buildPrefix retags toks and parses toks[:n] apart from the rest (after
// the tokens of from, which it shares, if from is not nil), returning nil
// if the cut at n is not clean. toks[:n] are retagged in place, as the
// whole unit will be.
func buildPrefix(toks []token.Token, n int, deferDecl func(first *token.Token) bool, from *Prefix) *Prefix {
	m, prevEnd := 0, 0
	var base *retagState
	if from != nil {
		from.setKinds(toks)
		m, prevEnd, base = from.Tokens(), from.prevEnd, from.retag
	}
	_, st := retagShared(toks, base, m, n)
	if st == nil {
		return nil
	}
	// the cut between declarations must not depend on the tokens after n
	pieces := split(toks, st.keep, m)
	k := 0
	for k < len(pieces) && pieces[k].hi <= n {
		k++
	}
	if k < len(pieces) && pieces[k].lo < n || k > 0 && pieces[k-1].hi == n && pieces[k-1].peeked {
		return nil
	}
	// The Prefix keeps the building unit's tokens rather than a copy: no
	// stage writes to toks[:n] after this retagging (later units set their
	// own kinds from these), and the unit's own tokens that this keeps
	// alive are few beside its headers'.
	p := &Prefix{toks: toks[:n:n], retag: st, deferred: deferDecl != nil}
	p.tab = posTab{m, make([]ast.TokenPos, n-m)} // the first m are in from.tab
	f := &ast.File{}
	if from != nil {
		f.Decls = slices.Clone(from.decls)
	}
	p.prevEnd = fillPositions(p.tab, p.toks, st.keep, m, prevEnd)
	if diags := parsePieces(nil, f, p.toks, st.keep, p.tab, pieces[:k], deferDecl); len(diags) > 0 {
		return nil
	}
	for _, d := range f.Decls {
		if _, ok := d.(*ast.BadDecl); ok {
			return nil
		}
	}
	p.decls = slices.Clip(f.Decls)
	return p
}

// pieceBufs holds the buffers parsePieces converts a piece's tokens into:
// grown to a unit's largest declaration, each would be garbage after one
// unit otherwise (64 bytes a token).
var pieceBufs = sync.Pool{New: func() any { return new([]lexer.Token) }}

// maxPooledPiece bounds the buffers kept in pieceBufs, in tokens.
const maxPooledPiece = 1 << 16

// parsePieces parses the pieces of toks into f.Decls, returning the
// syntax errors. fset, if not nil, places a declaration that runs on
// unterminated (see resync).
func parsePieces(fset *gotoken.FileSet, f *ast.File, toks []token.Token, keep map[int]bool, tab posTab,
	pieces []piece, deferDecl func(first *token.Token) bool) diag.List {
	var diags diag.List
	var names []string // of the deferred declarations
	bp := pieceBufs.Get().(*[]lexer.Token)
	buf, used := *bp, 0 // used: the most of buf a piece used
	defer func() {
		if cap(buf) <= maxPooledPiece {
			clear(buf[:max(used, len(buf))]) // the texts of this unit's tokens
			*bp = buf[:0]
			pieceBufs.Put(bp)
		}
	}()
	for k := 0; k < len(pieces); k++ {
		pc := pieces[k]
		if pc.deep < 0 && !pc.pragma && deferDecl != nil && deferDecl(&toks[pc.lo]) {
			f.Decls = append(f.Decls, deferred(toks, keep, tab, pc, pieceRange(tab, toks, pc.lo, pc.hi, keep), &names))
			continue
		}
		buf = convert(buf[:0], toks, pc.lo, pc.hi, keep)
		used = max(used, len(buf))
		r := rangeOf(tab, buf[0].Pos, buf[len(buf)-1].Pos)
		switch {
		case pc.deep >= 0:
			t := &toks[pc.deep]
			msg := "expression nested too deeply"
			if t.Text == "{" {
				msg = "block nested too deeply"
			}
			diags.Add(t.SitePos(), t.SiteEnd(), diag.Error, diag.RuleSyntax, "%s", msg)
			f.Decls = append(f.Decls, &ast.BadDecl{Range: r})
		case pc.pragma:
			f.Decls = append(f.Decls, &ast.PragmaDecl{Range: r, Text: toks[pc.lo].Text})
		default:
			d, err := parsePiece(buf, tab)
			if err != nil && fset != nil && errorAt(err) == pc.hi {
				// The declaration ran to its end unfinished, most likely for
				// a missing '}': end it where the next declaration seems to
				// begin, and go on from there.
				if cut := resync(fset, toks, pc.lo, pc.hi); cut >= 0 {
					pc.hi = cut
					buf = convert(buf[:0], toks, pc.lo, pc.hi, keep)
					used = max(used, len(buf))
					r = rangeOf(tab, buf[0].Pos, buf[len(buf)-1].Pos)
					_, err = parsePiece(buf, tab)
					pieces = append(pieces[:k+1], split(toks, keep, cut)...)
				}
			}
			if err != nil {
				pos, msg := errorMessage(err)
				end := gotoken.NoPos
				if pos.Line < len(toks) && pos.Line >= pc.lo {
					t := &toks[pos.Line]
					end = t.SiteEnd()
					if pos.Line == pc.hi && t.Kind != token.EOF {
						// the piece's end stands for the token after it
						msg = strings.Replace(msg, "found end of file", "found '"+t.Text+"'", 1)
					}
				}
				diags.Add(gotoken.Pos(pos.Offset), end, diag.Error, diag.RuleSyntax, "%s", msg)
				f.Decls = append(f.Decls, &ast.BadDecl{Range: r})
				continue
			}
			f.Decls = append(f.Decls, d)
		}
	}
	return diags
}
