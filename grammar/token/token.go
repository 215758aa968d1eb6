// Package token defines the tokens shared by the UPC lexer, preprocessor and
// parser, and how they map to go/token positions.
//
// Every source file (including bundled headers) is registered in one
// go/token.FileSet, so a token.Pos identifies both the file and the byte
// offset and can be handed to golang.org/x/tools/go/analysis unchanged.
package token

import (
	gotoken "go/token"
)

// Pos is a go/token position in the unit's FileSet.
type Pos = gotoken.Pos

// NoPos is the zero position.
const NoPos = gotoken.NoPos

// Kind classifies a token.
type Kind uint8

// Token kinds. The lexer produces Ident, Number, Char, String, Punct and
// Other; the preprocessor hands the parser Keyword, Int and Float in place of
// the identifiers and pp-numbers they spell; the parser's typedef pass turns
// identifiers that name a typedef into TypeName.
const (
	EOF      Kind = iota
	Ident         // identifier
	Keyword       // C99, GNU or UPC keyword (see Keywords)
	TypeName      // identifier declared by typedef in scope
	Number        // preprocessing number (before classification)
	Int           // integer constant
	Float         // floating constant
	Char          // character constant, including L'x'
	String        // string literal, including L"..."
	Punct         // punctuator, e.g. "+=", "->", "..."
	Pragma        // #pragma kept for the parser; Text is the pragma line after "#pragma"
	Other         // a stray character (e.g. '@', '\\', '`')
	numKinds
)

var kindNames = [...]string{
	EOF: "EOF", Ident: "Ident", Keyword: "Keyword", TypeName: "TypeName",
	Number: "Number", Int: "Int", Float: "Float", Char: "Char", String: "String",
	Punct: "Punct", Pragma: "Pragma", Other: "Other",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// NumKinds is the number of token kinds.
const NumKinds = int(numKinds)

// Flags record the layout around a token, which the preprocessor needs
// (directives start a line; function-like macro definitions need to know
// whether "(" follows the name without space) and the printer keeps.
type Flags uint8

const (
	// BOL: first token on its (logical) line.
	BOL Flags = 1 << iota
	// SpaceBefore: whitespace or a comment precedes the token.
	SpaceBefore
	// NoExpand: an identifier that must not be macro-expanded again (C99 6.10.3.4 "painted blue").
	NoExpand
)

// Token is one lexical token.
//
// Pos is where the token is spelled: for a token produced by a macro
// expansion, that is inside the macro definition (or the argument's spelling).
// Exp is the expansion site in the file being compiled: the position of the
// outermost macro name whose expansion produced the token, or NoPos for a
// token spelled directly in the source. Diagnostics and edits use Exp when it
// is set, so they always land on text the user wrote.
//
// A unit holds thousands of tokens, most from its headers, and copies them
// a few times: the length of the invocation fills what would be padding
// after Kind and Flags (40 bytes a token instead of 48).
type Token struct {
	Kind   Kind
	Flags  Flags
	expLen uint32 // ExpEnd - Exp
	Text   string
	Pos    Pos // spelling position
	Exp    Pos // expansion site, NoPos if not from a macro
}

// ExpEnd is the end of the outermost macro invocation (after its ")" for a
// function-like macro), NoPos if a macro did not produce the token.
func (t *Token) ExpEnd() Pos {
	if t.Exp == NoPos {
		return NoPos
	}
	return t.Exp + Pos(t.expLen)
}

// SetExp records that the expansion of the invocation [site, end)
// produced the token (end >= site).
func (t *Token) SetExp(site, end Pos) {
	t.Exp, t.expLen = site, uint32(max(end-site, 0))
}

// FromMacro reports whether a macro expansion produced the token.
func (t *Token) FromMacro() bool { return t.Exp != NoPos }

// SitePos is the position a user sees for the token: the expansion site for
// macro-made tokens, else the spelling.
func (t *Token) SitePos() Pos {
	if t.Exp != NoPos {
		return t.Exp
	}
	return t.Pos
}

// SiteEnd is the end of the token as the user sees it: the end of the
// macro invocation for macro-made tokens, else the end of the spelling.
func (t *Token) SiteEnd() Pos {
	if t.Exp != NoPos {
		return t.ExpEnd()
	}
	return t.Pos + Pos(len(t.Text))
}

// Is reports whether t is the punctuator or keyword s.
func (t *Token) Is(s string) bool {
	return (t.Kind == Punct || t.Kind == Keyword) && t.Text == s
}
