package parser

import (
	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/token"
)

// The expression parser. C expressions are parsed by precedence climbing
// rather than by a layered participle grammar (one production per
// precedence level costs a dozen reflective calls per operand). It is
// registered with participle.ParseTypeWith for ast.Expr (an
// assignment-expression) and ast.FullExpr (with the comma operator), and it
// calls back into participle for type names, braced initializers and the
// blocks of statement expressions.
//
// Prefix operators and casts are collected in a loop and right-nested
// assignments and conditionals are folded from a list, so only brackets
// recurse; split bounds their nesting.

// parser parses from a participle PeekingLexer: expressions always, and
// declarations and statements on the fast path (fast.go).
type parser struct {
	lex   source
	sl    *sliceSource        // lex on the fast path
	pl    *lexer.PeekingLexer // lex when participle calls the parser
	depth int
	// fast: type names, initializers and blocks inside expressions are
	// parsed by the hand-written fast path rather than by participle.
	fast bool
	tab  posTab // the file's token positions (see rangeOf); nil when participle calls
	// names is the current chunk that newName carves Names out of
	names []ast.Name
}

// nameChunk bounds the Names allocated at once.
const nameChunk = 32

// newName returns a Name from the current chunk: names are most of the
// leaves of a function body, and one object each made the parser's most
// frequent allocation. On the fast path a chunk holds at most as many as
// tokens remain.
func (p *parser) newName(r ast.Range, name string) *ast.Name {
	if len(p.names) == cap(p.names) {
		n := nameChunk
		if p.sl != nil {
			n = min(n, max(len(p.sl.toks)-p.sl.i, 1))
		}
		p.names = make([]ast.Name, 0, n)
	}
	p.names = append(p.names, ast.Name{Range: r, Name: name})
	return &p.names[len(p.names)-1]
}

func parseExpr(lex *lexer.PeekingLexer) (ast.Expr, error) {
	p := parser{lex: peekingSource{lex}, pl: lex}
	return p.top(false)
}

func parseFullExpr(lex *lexer.PeekingLexer) (ast.FullExpr, error) {
	p := parser{lex: peekingSource{lex}, pl: lex}
	return p.top(true)
}

// top parses an expression, or reports participle.NextMatch without
// consuming anything when the next token cannot start one (so that optional
// expressions such as "return;" work).
func (p *parser) top(comma bool) (ast.Expr, error) {
	if !p.startsExpr(p.lex.Peek()) {
		return nil, participle.NextMatch
	}
	if comma {
		return p.full()
	}
	return p.assign()
}

// syntaxError is an error at a token.
type syntaxError struct {
	pos lexer.Position
	msg string
}

func (e *syntaxError) Error() string            { return e.msg }
func (e *syntaxError) Message() string          { return e.msg }
func (e *syntaxError) Position() lexer.Position { return e.pos }

// describe spells a token for a message: 'x', or "end of file".
func describe(t *lexer.Token) string {
	if t.EOF() {
		return "end of file"
	}
	return "'" + t.Value + "'"
}

func (p *parser) errExpected(what string) error {
	t := p.lex.Peek()
	return &syntaxError{pos: t.Pos, msg: "expected " + what + ", found " + describe(t)}
}

func (p *parser) peekIs(s string) bool {
	t := p.lex.Peek()
	return t.Type == tPunct && t.Value == s
}

func (p *parser) expect(s string) error {
	if !p.peekIs(s) {
		return p.errExpected("'" + s + "'")
	}
	p.lex.Next()
	return nil
}

// peek2 returns the token after the next one.
func (p *parser) peek2() *lexer.Token { return p.lex.Peek2() }

func (p *parser) rng(start, end lexer.Position) ast.Range { return rangeOf(p.tab, start, end) }

// rangeOf makes the Range from start to end, pointing it at the entries of
// tab (see positions) when they hold the same positions, as they do on the
// fast path; otherwise (participle calling the expression parser, a piece
// cut after a dropped pragma, positions beyond 32 bits) it stores the
// lexer.Positions themselves.
func rangeOf(tab posTab, start, end lexer.Position) ast.Range {
	return ast.Range{Pos: tokenPos(tab, start), EndPos: tokenPos(tab, end)}
}

func tokenPos(tab posTab, l lexer.Position) ast.Position {
	if t := tab.at(l.Line); t != nil && int(t.Offset) == l.Offset && int(t.PrevEnd) == l.Column && int(t.Index) == l.Line && l.Filename == "" {
		return t
	}
	return l
}

// posTab is a table of TokenPos (see positions) for the tokens from base
// on: a unit that shares the parse of its first tokens (Prefix) makes
// entries for the others only.
type posTab struct {
	base int
	t    []ast.TokenPos
}

// at returns the entry of token i, or nil if the table has none.
func (tab posTab) at(i int) *ast.TokenPos {
	if j := i - tab.base; uint(j) < uint(len(tab.t)) {
		return &tab.t[j]
	}
	return nil
}

func (p *parser) end() lexer.Position { return p.lex.Peek().Pos }

func (p *parser) nest() error {
	p.depth++
	if p.depth > maxNesting {
		return &syntaxError{pos: p.lex.Peek().Pos, msg: "expression nested too deeply"}
	}
	return nil
}

// full parses an expression with the comma operator.
func (p *parser) full() (ast.Expr, error) {
	start := p.lex.Peek().Pos
	x, err := p.assign()
	if err != nil || !p.peekIs(",") {
		return x, err
	}
	list := []ast.Expr{x}
	for p.peekIs(",") {
		p.lex.Next()
		y, err := p.assign()
		if err != nil {
			return nil, err
		}
		list = append(list, y)
	}
	return &ast.CommaExpr{Range: p.rng(start, p.end()), List: list}, nil
}

func isAssignOp(t *lexer.Token) bool {
	if t.Type != tPunct {
		return false
	}
	switch t.Value {
	case "=", "*=", "/=", "%=", "+=", "-=", "<<=", ">>=", "&=", "^=", "|=":
		return true
	}
	return false
}

// assign parses an assignment-expression. Assignments nest to the right;
// they are collected and folded so that long chains do not recurse.
func (p *parser) assign() (ast.Expr, error) {
	start := p.lex.Peek().Pos
	x, err := p.cond()
	if err != nil || !isAssignOp(p.lex.Peek()) {
		return x, err
	}
	type operand struct {
		x     ast.Expr
		start lexer.Position
		op    string
	}
	var chain []operand
	for isAssignOp(p.lex.Peek()) {
		chain = append(chain, operand{x, start, p.lex.Next().Value})
		start = p.lex.Peek().Pos
		if x, err = p.cond(); err != nil {
			return nil, err
		}
	}
	end := p.end()
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		x = &ast.AssignExpr{Range: p.rng(c.start, end), Op: c.op, L: c.x, R: x}
	}
	return x, nil
}

// cond parses a conditional-expression, including GNU "a ?: b".
func (p *parser) cond() (ast.Expr, error) {
	start := p.lex.Peek().Pos
	x, err := p.binary(1)
	if err != nil || !p.peekIs("?") {
		return x, err
	}
	type arm struct {
		cond, then ast.Expr
		start      lexer.Position
	}
	var arms []arm
	for p.peekIs("?") {
		p.lex.Next()
		var then ast.Expr
		if !p.peekIs(":") {
			if err := p.nest(); err != nil {
				return nil, err
			}
			if then, err = p.full(); err != nil {
				return nil, err
			}
			p.depth--
		}
		if err := p.expect(":"); err != nil {
			return nil, err
		}
		arms = append(arms, arm{x, then, start})
		start = p.lex.Peek().Pos
		if x, err = p.binary(1); err != nil {
			return nil, err
		}
	}
	end := p.end()
	for i := len(arms) - 1; i >= 0; i-- {
		a := arms[i]
		x = &ast.CondExpr{Range: p.rng(a.start, end), Cond: a.cond, Then: a.then, Else: x}
	}
	return x, nil
}

// binaryPrec returns the precedence of a binary operator token, 0 if t is
// not one.
func binaryPrec(t *lexer.Token) int {
	if t.Type != tPunct {
		return 0
	}
	return token.BinaryPrec(t.Value)
}

// binary parses operands joined by binary operators of precedence at least
// prec (precedence climbing; all are left-associative).
func (p *parser) binary(prec int) (ast.Expr, error) {
	start := p.lex.Peek().Pos
	x, err := p.unary()
	if err != nil {
		return nil, err
	}
	for {
		t := p.lex.Peek()
		q := binaryPrec(t)
		if q < prec || q == 0 {
			return x, nil
		}
		p.lex.Next()
		y, err := p.binary(q + 1)
		if err != nil {
			return nil, err
		}
		x = &ast.BinaryExpr{Range: p.rng(start, p.end()), Op: t.Value, OpPos: t.Pos.Line, X: x, Y: y}
	}
}

// prefix is a pending prefix operator, cast or sizeof.
type prefix struct {
	kind uint8 // 'u' unary operator, 'c' cast, 's' sizeof/alignof of an expression
	op   string
	pos  lexer.Position
	typ  *ast.TypeName
}

// unary parses a cast-expression: prefix operators, casts and sizeof
// applied to a postfix expression.
func (p *parser) unary() (ast.Expr, error) {
	var buf [4]prefix
	pre := buf[:0]
	var operand ast.Expr
	var opStart lexer.Position
loop:
	for {
		t := p.lex.Peek()
		switch t.Type {
		case tPunct:
			switch t.Value {
			case "-", "+", "!", "~", "*", "&", "++", "--", "&&":
				pre = append(pre, prefix{kind: 'u', op: t.Value, pos: t.Pos})
				p.lex.Next()
				continue
			case "(":
				if !p.startsType(p.peek2()) {
					break loop
				}
				p.lex.Next()
				typ, err := p.typeName()
				if err != nil {
					return nil, err
				}
				if err := p.expect(")"); err != nil {
					return nil, err
				}
				if p.peekIs("{") {
					lit, err := p.compoundLit(t.Pos, typ)
					if err != nil {
						return nil, err
					}
					operand, opStart = lit, t.Pos
					break loop
				}
				pre = append(pre, prefix{kind: 'c', pos: t.Pos, typ: typ})
				continue
			}
		case tKeyword, tIdent:
			switch t.Value {
			case "__real__", "__real", "__imag__", "__imag":
				// GNU: the real or imaginary part of a complex number
				if t.Type == tIdent && p.startsExpr(p.peek2()) {
					pre = append(pre, prefix{kind: 'u', op: t.Value, pos: t.Pos})
					p.lex.Next()
					continue
				}
			case "sizeof", "__alignof__", "__alignof", "_Alignof", "upc_localsizeof", "upc_blocksizeof", "upc_elemsizeof":
				if t.Type != tKeyword {
					break loop
				}
				p.lex.Next()
				if p.peekIs("(") && p.startsType(p.peek2()) {
					lp := p.lex.Next().Pos
					typ, err := p.typeName()
					if err != nil {
						return nil, err
					}
					if err := p.expect(")"); err != nil {
						return nil, err
					}
					if p.peekIs("{") { // sizeof (T){...}
						lit, err := p.compoundLit(lp, typ)
						if err != nil {
							return nil, err
						}
						pre = append(pre, prefix{kind: 's', op: t.Value, pos: t.Pos})
						operand, opStart = lit, lp
						break loop
					}
					operand = &ast.SizeofExpr{Range: p.rng(t.Pos, p.end()), Op: t.Value, Type: typ}
					return p.fold(pre, operand), nil
				}
				pre = append(pre, prefix{kind: 's', op: t.Value, pos: t.Pos})
				continue
			case "__extension__":
				p.lex.Next() // no meaning beyond silencing pedantic warnings
				continue
			}
		}
		break
	}
	if operand == nil {
		opStart = p.lex.Peek().Pos
		x, err := p.primary()
		if err != nil {
			return nil, err
		}
		operand = x
	}
	x, err := p.postfix(operand, opStart)
	if err != nil {
		return nil, err
	}
	return p.fold(pre, x), nil
}

// fold applies the prefixes, innermost (last) first.
func (p *parser) fold(pre []prefix, x ast.Expr) ast.Expr {
	end := p.end()
	for i := len(pre) - 1; i >= 0; i-- {
		f := pre[i]
		r := p.rng(f.pos, end)
		switch f.kind {
		case 'u':
			x = &ast.UnaryExpr{Range: r, Op: f.op, X: x}
		case 'c':
			x = &ast.CastExpr{Range: r, Type: f.typ, X: x}
		default:
			x = &ast.SizeofExpr{Range: r, Op: f.op, X: x}
		}
	}
	return x
}

func (p *parser) compoundLit(start lexer.Position, typ *ast.TypeName) (ast.Expr, error) {
	var init *ast.InitList
	var err error
	if p.fast {
		init, err = p.initList()
	} else {
		init, err = parseSub(initListParser, p.pl)
	}
	if err != nil {
		return nil, err
	}
	return &ast.CompoundLit{Range: p.rng(start, p.end()), Type: typ, Init: init}, nil
}

func (p *parser) typeName() (*ast.TypeName, error) {
	if p.fast {
		return p.fastTypeName()
	}
	return parseSub(typeNameParser, p.pl)
}

// postfix parses the postfix operators after x, which starts at start.
func (p *parser) postfix(x ast.Expr, start lexer.Position) (ast.Expr, error) {
	for {
		t := p.lex.Peek()
		if t.Type != tPunct {
			return x, nil
		}
		switch t.Value {
		case "[":
			p.lex.Next()
			i, err := p.full()
			if err != nil {
				return nil, err
			}
			if err := p.expect("]"); err != nil {
				return nil, err
			}
			x = &ast.IndexExpr{Range: p.rng(start, p.end()), X: x, Index: i}
		case "(":
			p.lex.Next()
			var args []ast.Expr
			if !p.peekIs(")") {
				for {
					a, err := p.assign()
					if err != nil {
						return nil, err
					}
					args = append(args, a)
					if !p.peekIs(",") {
						break
					}
					p.lex.Next()
				}
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			x = &ast.CallExpr{Range: p.rng(start, p.end()), Fun: x, Args: args}
		case ".", "->":
			p.lex.Next()
			n := p.lex.Peek()
			if n.Type != tIdent && n.Type != tTypeName && n.Type != tKeyword {
				return nil, p.errExpected("member name")
			}
			p.lex.Next()
			name := &ast.Ident{Range: p.rng(n.Pos, p.end()), Name: n.Value}
			x = &ast.MemberExpr{Range: p.rng(start, p.end()), X: x, Arrow: t.Value == "->", Name: name}
		case "++", "--":
			p.lex.Next()
			x = &ast.PostfixExpr{Range: p.rng(start, p.end()), Op: t.Value, X: x}
		default:
			return x, nil
		}
	}
}

// primary parses a primary expression.
func (p *parser) primary() (ast.Expr, error) {
	t := p.lex.Peek()
	switch t.Type {
	case tIdent:
		if p.peek2().Value == "(" {
			switch t.Value {
			case "_Generic":
				return p.generic()
			case "__builtin_types_compatible_p":
				return p.typesCompatible()
			}
		}
		p.lex.Next()
		return p.newName(p.rng(t.Pos, p.end()), t.Value), nil
	case tInt, tFloat, tChar:
		p.lex.Next()
		return &ast.BasicLit{Range: p.rng(t.Pos, p.end()), Kind: kindOf(t.Type), Value: t.Value}, nil
	case tNumber:
		p.lex.Next()
		return &ast.BasicLit{Range: p.rng(t.Pos, p.end()), Kind: numberKind(t.Value), Value: t.Value}, nil
	case tString:
		p.lex.Next()
		v := t.Value
		for p.lex.Peek().Type == tString {
			v += " " + p.lex.Next().Value
		}
		return &ast.BasicLit{Range: p.rng(t.Pos, p.end()), Kind: token.String, Value: v}, nil
	case tKeyword:
		switch t.Value {
		case "MYTHREAD", "THREADS", "UPC_MAX_BLOCK_SIZE":
			p.lex.Next()
			return &ast.UPCConst{Range: p.rng(t.Pos, p.end()), Name: t.Value}, nil
		case "__builtin_va_arg":
			return p.vaArg()
		case "__builtin_offsetof":
			return p.offsetof()
		}
	case tPunct:
		if t.Value == "(" {
			if err := p.nest(); err != nil {
				return nil, err
			}
			defer func() { p.depth-- }()
			p.lex.Next()
			if p.peekIs("{") {
				var body *ast.Block
				var err error
				if p.fast {
					body, err = p.block()
				} else {
					body, err = parseSub(blockParser, p.pl)
				}
				if err != nil {
					return nil, err
				}
				if err := p.expect(")"); err != nil {
					return nil, err
				}
				return &ast.StmtExpr{Range: p.rng(t.Pos, p.end()), Body: body}, nil
			}
			x, err := p.full()
			if err != nil {
				return nil, err
			}
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			return &ast.ParenExpr{Range: p.rng(t.Pos, p.end()), X: x}, nil
		}
	}
	return nil, p.errExpected("expression")
}

// generic parses C11 _Generic(X, Type: E, ..., default: E).
func (p *parser) generic() (ast.Expr, error) {
	start := p.lex.Next().Pos
	p.lex.Next() // (
	x, err := p.assign()
	if err != nil {
		return nil, err
	}
	g := &ast.GenericExpr{X: x}
	for p.peekIs(",") {
		p.lex.Next()
		a := &ast.GenericAssoc{}
		at := p.lex.Peek().Pos
		if p.lex.Peek().Value == "default" {
			p.lex.Next()
		} else if a.Type, err = p.typeName(); err != nil {
			return nil, err
		}
		if err := p.expect(":"); err != nil {
			return nil, err
		}
		if a.X, err = p.assign(); err != nil {
			return nil, err
		}
		a.Range = p.rng(at, p.end())
		g.Assocs = append(g.Assocs, a)
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	g.Range = p.rng(start, p.end())
	return g, nil
}

// typesCompatible parses GNU __builtin_types_compatible_p(A, B).
func (p *parser) typesCompatible() (ast.Expr, error) {
	start := p.lex.Next().Pos
	p.lex.Next() // (
	a, err := p.typeName()
	if err != nil {
		return nil, err
	}
	if err := p.expect(","); err != nil {
		return nil, err
	}
	b, err := p.typeName()
	if err != nil {
		return nil, err
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	return &ast.TypesCompatibleExpr{Range: p.rng(start, p.end()), A: a, B: b}, nil
}

func (p *parser) vaArg() (ast.Expr, error) {
	start := p.lex.Next().Pos
	if err := p.expect("("); err != nil {
		return nil, err
	}
	x, err := p.assign()
	if err != nil {
		return nil, err
	}
	if err := p.expect(","); err != nil {
		return nil, err
	}
	typ, err := p.typeName()
	if err != nil {
		return nil, err
	}
	if err := p.expect(")"); err != nil {
		return nil, err
	}
	return &ast.VaArgExpr{Range: p.rng(start, p.end()), X: x, Type: typ}, nil
}

// offsetof parses __builtin_offsetof(type, member-designator).
func (p *parser) offsetof() (ast.Expr, error) {
	start := p.lex.Next().Pos
	if err := p.expect("("); err != nil {
		return nil, err
	}
	typ, err := p.typeName()
	if err != nil {
		return nil, err
	}
	if err := p.expect(","); err != nil {
		return nil, err
	}
	var path []*ast.Designator
	for first := true; ; first = false {
		t := p.lex.Peek()
		switch {
		case first || p.peekIs("."):
			if !first {
				p.lex.Next()
			}
			n := p.lex.Peek()
			if n.Type != tIdent && n.Type != tTypeName && n.Type != tKeyword {
				return nil, p.errExpected("member name")
			}
			p.lex.Next()
			name := &ast.Ident{Range: p.rng(n.Pos, p.end()), Name: n.Value}
			path = append(path, &ast.Designator{Range: p.rng(t.Pos, p.end()), Field: name})
		case p.peekIs("["):
			p.lex.Next()
			i, err := p.full()
			if err != nil {
				return nil, err
			}
			if err := p.expect("]"); err != nil {
				return nil, err
			}
			path = append(path, &ast.Designator{Range: p.rng(t.Pos, p.end()), Index: i})
		default:
			if err := p.expect(")"); err != nil {
				return nil, err
			}
			return &ast.OffsetofExpr{Range: p.rng(start, p.end()), Type: typ, Path: path}, nil
		}
	}
}

func kindOf(t lexer.TokenType) token.Kind { return token.Kind(-int(t) - 1) }

// numberKind classifies an unconverted preprocessing number.
func numberKind(s string) token.Kind {
	hex := len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '.':
			return token.Float
		case (c == 'e' || c == 'E') && !hex, (c == 'p' || c == 'P') && hex:
			return token.Float
		}
	}
	return token.Int
}

// startsExpr reports whether t can begin an expression.
func (p *parser) startsExpr(t *lexer.Token) bool {
	switch t.Type {
	case tIdent, tInt, tFloat, tChar, tString, tNumber:
		return true
	case tPunct:
		switch t.Value {
		case "(", "-", "+", "!", "~", "*", "&", "++", "--", "&&":
			return true
		}
	case tKeyword:
		switch t.Value {
		case "sizeof", "__alignof__", "__alignof", "_Alignof", "upc_localsizeof", "upc_blocksizeof",
			"upc_elemsizeof", "MYTHREAD", "THREADS", "UPC_MAX_BLOCK_SIZE", "__builtin_va_arg",
			"__builtin_offsetof":
			return true
		}
	}
	return false
}

// startsType reports whether t begins a type name (after '(' this makes a
// cast, a compound literal or sizeof of a type).
func (p *parser) startsType(t *lexer.Token) bool {
	switch t.Type {
	case tTypeName:
		return true
	case tKeyword:
		return typeSpecKeywords[t.Value] || typeQualKeywords[t.Value]
	}
	return false
}

// typeQualKeywords are the keywords other than basic type specifiers that
// may begin a type name.
var typeQualKeywords = map[string]bool{
	"const": true, "__const": true, "__const__": true, "volatile": true,
	"__volatile__": true, "restrict": true, "__restrict": true, "__restrict__": true,
	"strict": true, "relaxed": true, "shared": true, "struct": true, "union": true,
	"enum": true, "__typeof__": true, "__typeof": true, "typeof": true,
	"__attribute__": true, "__attribute": true,
}
