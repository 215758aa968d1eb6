// Package parser parses the preprocessed tokens of a UPC translation unit
// into an ast.File.
//
// The grammar of declarations and statements is the set of participle
// struct tags in package grammar/ast; expressions are parsed by hand by
// precedence climbing (expr.go). Before parsing, a typedef pass (retag.go)
// marks the identifiers that name types, and the token stream is cut into
// top-level declarations (split.go) that are parsed one by one, so that a
// syntax error costs only the declaration it occurs in.
//
// Each declaration is parsed first by a hand-written transcription of the
// tags (fast.go), about ten times faster than participle's reflective
// interpreter and checked against it by TestFastMatchesGrammar; participle
// parses whatever the fast path rejects, so the tags decide what is
// accepted. Syntax errors are reported once per declaration, phrased like a
// compiler's: "expected ';', found 'int'".
package parser

import (
	"errors"
	gotoken "go/token"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// One participle parser per entry production, built once. A participle
// parser keeps no state between parses, so they are shared by concurrent
// parses.
var (
	declParser     *participle.Parser[ast.ExternalDecl]
	typeNameParser *participle.Parser[ast.TypeName]
	blockParser    *participle.Parser[ast.Block]
	initListParser *participle.Parser[ast.InitList]
)

func options() []participle.Option {
	return []participle.Option{
		participle.Lexer(definition{}),
		participle.ParseTypeWith(parseExpr),
		participle.ParseTypeWith(parseFullExpr),
		// Members are tried in order: the expression statement comes first
		// because it is the most frequent and fails at once on a token
		// that cannot start an expression (keywords, type names).
		participle.Union[ast.Stmt](
			&ast.ExprStmt{}, &ast.DeclStmt{}, &ast.IfStmt{}, &ast.ForStmt{},
			&ast.ReturnStmt{}, &ast.Block{}, &ast.WhileStmt{}, &ast.BreakStmt{},
			&ast.ForallStmt{}, &ast.BarrierStmt{}, &ast.ContinueStmt{},
			&ast.SwitchStmt{}, &ast.CaseStmt{}, &ast.DefaultStmt{}, &ast.DoStmt{},
			&ast.GotoStmt{}, &ast.LabeledStmt{}, &ast.FenceStmt{}, &ast.PragmaStmt{},
			&ast.AsmStmt{}, &ast.StaticAssert{},
		),
		participle.Union[ast.ExternalDecl](
			&ast.Decl{}, &ast.StaticAssert{}, &ast.PragmaDecl{}, &ast.AsmDecl{}, &ast.EmptyDecl{},
		),
		participle.UseLookahead(1),
	}
}

func init() {
	declParser = participle.MustBuild[ast.ExternalDecl](options()...)
	typeNameParser = participle.MustBuild[ast.TypeName](options()...)
	blockParser = participle.MustBuild[ast.Block](options()...)
	initListParser = participle.MustBuild[ast.InitList](options()...)
}

// parseSub runs a participle sub-parser on lex from its current position,
// leaving lex after what it parsed.
func parseSub[T any](p *participle.Parser[T], lex *lexer.PeekingLexer) (*T, error) {
	return p.ParseFromLexer(lex, participle.AllowTrailing(true))
}

// ParseFile parses the preprocessed tokens of one translation unit. toks
// must end with an EOF token; ParseFile retags them in place (identifiers
// that name typedefs become token.TypeName, see retag) and keeps them as
// File.Tokens, which the nodes' Span indices refer to.
//
// A top-level declaration that does not parse becomes an *ast.BadDecl and
// costs one diagnostic; the rest of the file is still parsed.
func ParseFile(fset *gotoken.FileSet, name string, toks []token.Token) (*ast.File, diag.List) {
	return ParseFileDeferring(fset, name, toks, nil)
}

// ParseFileDeferring is ParseFile, except that the top-level declarations
// whose first token defer selects (those of library headers) are not
// parsed but left as *ast.DeferredDecl, to be parsed when the type checker
// needs them. A deferred declaration that does not parse is dropped then,
// without a diagnostic: defer selects only headers the tool ships.
func ParseFileDeferring(fset *gotoken.FileSet, name string, toks []token.Token, deferDecl func(first *token.Token) bool) (*ast.File, diag.List) {
	toks = terminate(toks)
	keep := retag(toks)
	f := &ast.File{Name: name, Tokens: toks}
	tab := positions(toks, keep)
	diags := parsePieces(fset, f, toks, keep, tab, split(toks, keep, 0), deferDecl)
	return f, diags
}

// pieceRange returns the range of toks[lo:hi] that convert's first and
// last token give, without converting the tokens (most pieces of a unit
// are library declarations that are never parsed).
func pieceRange(tab posTab, toks []token.Token, lo, hi int, keep map[int]bool) ast.Range {
	prevEnd := 0
	if lo > 0 {
		prevEnd = int(toks[lo-1].SiteEnd())
	}
	var first lexer.Position
	have := false
	for i := lo; i < hi; i++ {
		t := &toks[i]
		if t.Kind == token.Pragma && !keep[i] {
			continue
		}
		if t.Kind == token.EOF {
			break
		}
		if !have {
			first, have = lexer.Position{Offset: int(t.SitePos()), Line: i, Column: prevEnd}, true
		}
		prevEnd = int(t.SiteEnd())
	}
	eof := lexer.Position{Offset: prevEnd, Line: hi, Column: prevEnd}
	if hi < len(toks) {
		eof.Offset = int(toks[hi].SitePos())
	}
	if !have {
		first = eof
	}
	return rangeOf(tab, first, eof)
}

// deferred returns the deferred declaration of piece pc: the names it may
// declare, found by a scan of its tokens, and a function that parses it
// once. The names are appended to *names, which the declarations of a
// unit share (each keeps a clipped part): most units have thousands.
func deferred(toks []token.Token, keep map[int]bool, tab posTab, pc piece, r ast.Range, names *[]string) *ast.DeferredDecl {
	d := &deferredDecl{toks: toks, keep: keep, tab: tab, pc: pc}
	d.Range = r
	start := len(*names)
	*names, d.Tags = scanDeclared(toks[pc.lo:pc.hi], *names)
	if len(*names) > start {
		d.Names = (*names)[start:len(*names):len(*names)]
	}
	d.Parser = d
	return &d.DeferredDecl
}

// deferredDecl is a deferred declaration with what its Parse needs, in one
// object, which is its own ast.DeclParser (a closure and its variables took
// three more). Concurrent units share the declarations of a Prefix: the
// parse runs once.
type deferredDecl struct {
	ast.DeferredDecl
	once   sync.Once
	parsed *ast.Decl
	toks   []token.Token
	keep   map[int]bool
	tab    posTab
	pc     piece
}

var _ ast.DeclParser = (*deferredDecl)(nil)

// ParseDecl implements ast.DeclParser.
func (d *deferredDecl) ParseDecl() *ast.Decl {
	d.once.Do(func() {
		buf := convert(make([]lexer.Token, 0, d.pc.hi-d.pc.lo+1), d.toks, d.pc.lo, d.pc.hi, d.keep)
		if x, err := parsePiece(buf, d.tab); err == nil {
			d.parsed, _ = x.(*ast.Decl)
		}
	})
	return d.parsed
}

// scanDeclared over-approximates the file-scope names and the tags a
// declaration's tokens may declare, as types' declaredNames finds them in
// a parsed declaration: identifiers outside parentheses, brackets and
// record bodies (declarators; the typedef pass left uses of type names as
// type names), a
// name in parentheses after '*' or '(' and before ')' or '(' (a function
// pointer "(*fp)", a function returning one "(*signal(int, ...))"),
// enumeration constants, and the tag after struct, union or enum. Naming
// too much only makes the type checker parse a declaration it may not need.
// The names are appended to names.
func scanDeclared(toks []token.Token, names []string) (_, tags []string) {
	depth := 0        // parentheses and brackets
	var braces []bool // open braces: true for an enum body
	afterTag := false
	enumNext := false
	for i := range toks {
		t := &toks[i]
		switch t.Kind {
		case token.Keyword:
			switch t.Text {
			case "struct", "union":
				afterTag, enumNext = true, false
			case "enum":
				afterTag, enumNext = true, true
			case "__attribute__", "__attribute", "__asm__", "__asm", "asm":
				afterTag = false
			}
			continue
		case token.TypeName:
			// a use of a typedef name (the typedef pass tags a redeclared
			// one as an identifier); after struct it is a tag
			if afterTag {
				tags = append(tags, t.Text)
			}
			afterTag = false
			continue
		case token.Ident:
			switch {
			case afterTag:
				tags = append(tags, t.Text)
			case len(braces) > 0 && braces[len(braces)-1]:
				if p := prevText(toks, i); p == "{" || p == "," {
					names = append(names, t.Text) // enumerator
				}
			case len(braces) > 0:
				// a member: not a file-scope name
			case depth == 0:
				names = append(names, t.Text)
			default:
				if p, n := prevText(toks, i), nextText(toks, i); (p == "*" || p == "(") && (n == ")" || n == "(") {
					names = append(names, t.Text)
				}
			}
			afterTag = false
			continue
		case token.Punct:
			switch t.Text {
			case "(", "[":
				depth++
			case ")", "]":
				depth--
			case "{":
				braces = append(braces, enumNext && afterTagOrTagged(toks, i))
			case "}":
				if len(braces) > 0 {
					braces = braces[:len(braces)-1]
				}
			}
		}
		afterTag = false
	}
	return names, tags
}

// afterTagOrTagged reports whether the '{' at toks[i] opens the body of the
// enum just named (enum { or enum tag {).
func afterTagOrTagged(toks []token.Token, i int) bool {
	p := prevText(toks, i)
	if p == "enum" {
		return true
	}
	return i >= 2 && toks[i-2].Text == "enum"
}

func prevText(toks []token.Token, i int) string {
	if i > 0 {
		return toks[i-1].Text
	}
	return ""
}

func nextText(toks []token.Token, i int) string {
	if i+1 < len(toks) {
		return toks[i+1].Text
	}
	return ""
}

// newFast returns a fast-path parser reading toks, which end with EOF. tab,
// if not nil, holds the positions of the file's tokens (see positions).
func newFast(toks []lexer.Token, tab posTab) *parser {
	sl := &sliceSource{toks: toks}
	return &parser{lex: sl, sl: sl, fast: true, tab: tab}
}

// positions returns the compact position of every token of toks, encoded
// as convert encodes them: ranges point into this table rather than each
// holding two lexer.Positions (see ast.Range).
func positions(toks []token.Token, keep map[int]bool) posTab {
	tab := posTab{t: make([]ast.TokenPos, len(toks))}
	fillPositions(tab, toks, keep, 0, 0)
	return tab
}

// fillPositions sets the entries of tab for the tokens from from on (the
// table's base) as positions does, prevEnd being the site end of the last
// token before from that converts, and returns that of the last token.
func fillPositions(tab posTab, toks []token.Token, keep map[int]bool, from, prevEnd int) int {
	for i := from; i < len(toks); i++ {
		t := &toks[i]
		tab.t[i-tab.base] = ast.TokenPos{Offset: uint32(t.SitePos()), Index: uint32(i), PrevEnd: uint32(prevEnd)}
		if t.Kind != token.EOF && (t.Kind != token.Pragma || keep[i]) {
			prevEnd = int(t.SiteEnd())
		}
	}
	return prevEnd
}

// slowOnly makes parsePiece use participle alone (for tests).
var slowOnly = false

// parsePiece parses one top-level declaration: with the fast path, then,
// if that fails, with participle, whose grammar decides. When both fail,
// the fast path's error is reported: it knows what it expected.
func parsePiece(toks []lexer.Token, tab posTab) (ast.ExternalDecl, error) {
	var ferr error
	if !slowOnly {
		p := newFast(toks, tab)
		d, err := p.externalDecl()
		if err == nil {
			if t := p.lex.Peek(); !t.EOF() {
				err = &syntaxError{pos: t.Pos, msg: "unexpected " + describe(t)}
			}
		}
		if err == nil {
			return d, nil
		}
		ferr = err
	}
	d, err := declParser.ParseFromLexer(peeking(toks))
	if err != nil {
		if ferr != nil {
			return nil, ferr
		}
		return nil, err
	}
	return *d, nil
}

// ParseExpr parses toks (ending with an EOF token) as one expression, with
// the comma operator. It is meant for tests and tools; typedef names are
// unknown to it, so casts need basic types.
func ParseExpr(fset *gotoken.FileSet, toks []token.Token) (ast.Expr, diag.List) {
	_ = fset
	toks = terminate(toks)
	keep := retag(toks)
	var diags diag.List
	buf := convert(nil, toks, 0, len(toks)-1, keep)
	if deep := tooDeep(toks); deep >= 0 {
		diags.Add(toks[deep].SitePos(), toks[deep].SiteEnd(), diag.Error, diag.RuleSyntax, "expression nested too deeply")
		return &ast.BadExpr{Range: rangeOf(posTab{}, buf[0].Pos, buf[len(buf)-1].Pos)}, diags
	}
	p := newFast(buf, positions(toks, keep))
	x, err := p.top(true)
	if errors.Is(err, participle.NextMatch) {
		err = p.errExpected("expression")
	} else if err == nil && !p.lex.Peek().EOF() {
		err = &syntaxError{pos: p.lex.Peek().Pos, msg: "unexpected " + describe(p.lex.Peek())}
	}
	if err != nil {
		pos, msg := errorMessage(err)
		end := gotoken.NoPos
		if pos.Line >= 0 && pos.Line < len(toks) {
			end = toks[pos.Line].SiteEnd() // the offending token
		}
		diags.Add(gotoken.Pos(pos.Offset), end, diag.Error, diag.RuleSyntax, "%s", msg)
		return &ast.BadExpr{Range: rangeOf(posTab{}, buf[0].Pos, buf[len(buf)-1].Pos)}, diags
	}
	return x, diags
}

// terminate makes sure toks ends with an EOF token.
func terminate(toks []token.Token) []token.Token {
	if n := len(toks); n == 0 || toks[n-1].Kind != token.EOF {
		var pos token.Pos
		if n > 0 {
			pos = toks[n-1].SiteEnd()
		}
		toks = append(toks, token.Token{Kind: token.EOF, Pos: pos})
	}
	return toks
}

// tooDeep returns the index of the first bracket nested deeper than
// maxNesting, or -1.
func tooDeep(toks []token.Token) int {
	depth := 0
	for i := range toks {
		t := &toks[i]
		if t.Kind != token.Punct {
			continue
		}
		switch t.Text {
		case "(", "[", "{":
			if depth++; depth > maxNesting {
				return i
			}
		case ")", "]", "}":
			depth--
		}
	}
	return -1
}

// errorAt returns the index of the token a parse error is at.
func errorAt(err error) int {
	pos, _ := errorMessage(err)
	return pos.Line
}

// errorMessage turns a participle error into a position and a message
// phrased like a compiler's: "expected ';', found 'int'".
func errorMessage(err error) (lexer.Position, string) {
	var se *syntaxError
	if errors.As(err, &se) {
		return se.pos, se.msg
	}
	var ue *participle.UnexpectedTokenError
	if errors.As(err, &ue) {
		found := describe(&ue.Unexpected)
		msg := ue.Message()
		if i := strings.LastIndex(msg, " (expected "); i >= 0 && strings.HasSuffix(msg, ")") {
			if what := expectation(msg[i+len(" (expected ") : len(msg)-1]); what != "" {
				return ue.Unexpected.Pos, "expected " + what + ", found " + found
			}
		}
		return ue.Unexpected.Pos, "unexpected " + found
	}
	var pe participle.Error
	if errors.As(err, &pe) {
		return pe.Position(), strings.ToLower(pe.Message()[:1]) + pe.Message()[1:]
	}
	return lexer.Position{}, err.Error()
}

// productionWords names grammar productions in messages.
var productionWords = map[string]string{
	"Expr": "expression", "FullExpr": "expression", "Stmt": "statement",
	"Block": "'{'", "Declarator": "declarator", "DirectDecl": "declarator",
	"InitDeclarator": "declarator", "Ident": "identifier", "TypeName": "type name",
	"DeclSpecs": "declaration specifiers", "Spec": "declaration specifiers",
	"Initializer": "initializer", "InitList": "'{'", "InitItem": "initializer",
	"ExternalDecl": "declaration", "Decl": "declaration", "ParamDecl": "parameter declaration",
	"FieldDecl": "member declaration", "Enumerator": "enumerator", "ForInit": "expression",
	"Affinity": "affinity expression", "Layout": "'['", "Attribute": "'__attribute__'",
	"Designator": "designator",
}

// expectation converts participle's description of what it expected (an
// EBNF fragment) into words.
func expectation(ebnf string) string {
	ebnf = strings.TrimSpace(ebnf)
	if strings.HasPrefix(ebnf, `"`) {
		if q, err := strconv.QuotedPrefix(ebnf); err == nil {
			if s, err := strconv.Unquote(q); err == nil {
				return "'" + s + "'"
			}
		}
	}
	if strings.HasPrefix(ebnf, "<") {
		if i := strings.IndexByte(ebnf, '>'); i > 0 {
			switch ebnf[1:i] {
			case "ident":
				return "identifier"
			case "typename":
				return "type name"
			case "string":
				return "string literal"
			case "pragma":
				return "'#pragma'"
			}
		}
		return ""
	}
	i := 0
	for i < len(ebnf) && (ebnf[i] >= 'A' && ebnf[i] <= 'Z' || ebnf[i] >= 'a' && ebnf[i] <= 'z') {
		i++
	}
	return productionWords[ebnf[:i]]
}
