package parser

import (
	"errors"
	"io"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upclint/upclint/grammar/token"
)

// Participle token types are the token kinds: kind k has type -(k+1), so
// token.EOF is lexer.EOF.
func tokType(k token.Kind) lexer.TokenType { return lexer.TokenType(-(int(k) + 1)) }

// Token types used by the hand-written parts of the parser.
var (
	tEOF      = tokType(token.EOF)
	tIdent    = tokType(token.Ident)
	tKeyword  = tokType(token.Keyword)
	tTypeName = tokType(token.TypeName)
	tNumber   = tokType(token.Number)
	tInt      = tokType(token.Int)
	tFloat    = tokType(token.Float)
	tChar     = tokType(token.Char)
	tString   = tokType(token.String)
	tPunct    = tokType(token.Punct)
	tPragma   = tokType(token.Pragma)
)

// definition is the participle lexer.Definition of the cooked token stream.
// The parser never lexes text through it; it only names the token types the
// grammar tags refer to (Ident, Keyword, TypeName, ...).
type definition struct{}

var symbols = func() map[string]lexer.TokenType {
	m := make(map[string]lexer.TokenType, token.NumKinds)
	for k := token.Kind(0); int(k) < token.NumKinds; k++ {
		m[k.String()] = tokType(k)
	}
	return m
}()

func (definition) Symbols() map[string]lexer.TokenType { return symbols }

func (definition) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("upclint parser: tokens come from grammar/cpp, not from text")
}

// sliceLexer feeds prepared participle tokens to lexer.Upgrade.
type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	t := l.toks[l.i]
	if l.i < len(l.toks)-1 {
		l.i++
	}
	return t, nil
}

// convert encodes toks[lo:hi] as participle tokens (see ast.Range): Offset is
// the token's site position, Line its index in toks, Column the site end of
// the token before it. Pragma tokens are dropped unless keep reports them as
// standing where a declaration or statement may. The result ends with an EOF
// token placed like toks[hi] would be.
func convert(dst []lexer.Token, toks []token.Token, lo, hi int, keep map[int]bool) []lexer.Token {
	prevEnd := 0
	if lo > 0 {
		prevEnd = int(toks[lo-1].SiteEnd())
	}
	for i := lo; i < hi; i++ {
		t := &toks[i]
		if t.Kind == token.Pragma && !keep[i] {
			continue
		}
		if t.Kind == token.EOF {
			break
		}
		dst = append(dst, lexer.Token{
			Type:  tokType(t.Kind),
			Value: t.Text,
			Pos:   lexer.Position{Offset: int(t.SitePos()), Line: i, Column: prevEnd},
		})
		prevEnd = int(t.SiteEnd())
	}
	eof := lexer.Token{Type: lexer.EOF, Pos: lexer.Position{Offset: prevEnd, Line: hi, Column: prevEnd}}
	if hi < len(toks) {
		eof.Pos.Offset = int(toks[hi].SitePos())
	}
	return append(dst, eof)
}

// peeking wraps prepared tokens in a participle PeekingLexer.
func peeking(toks []lexer.Token) *lexer.PeekingLexer {
	pl, err := lexer.Upgrade(&sliceLexer{toks: toks})
	if err != nil { // sliceLexer never fails
		panic(err)
	}
	return pl
}

// source is what the parser reads tokens from: a sliceSource on the fast
// path, participle's PeekingLexer when participle calls the expression
// parser.
type source interface {
	Peek() *lexer.Token
	Next() *lexer.Token
	Peek2() *lexer.Token // the token after the next one
}

// sliceSource reads prepared tokens ending with EOF.
type sliceSource struct {
	toks []lexer.Token
	i    int
}

func (s *sliceSource) Peek() *lexer.Token { return &s.toks[s.i] }

func (s *sliceSource) Next() *lexer.Token {
	t := &s.toks[s.i]
	if s.i < len(s.toks)-1 {
		s.i++
	}
	return t
}

func (s *sliceSource) Peek2() *lexer.Token {
	if s.i+1 < len(s.toks) {
		return &s.toks[s.i+1]
	}
	return &s.toks[s.i]
}

type peekingSource struct{ *lexer.PeekingLexer }

func (s peekingSource) Peek2() *lexer.Token {
	cp := s.MakeCheckpoint()
	s.Next()
	t := s.Peek()
	s.LoadCheckpoint(cp)
	return t
}
