package parser

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upclint/upclint/grammar/ast"
)

// The fast path. participle interprets the grammar tags by reflection and
// allocates a parse context for every alternative it tries, which makes it
// several times too slow for whole code bases. The functions below are a
// recursive-descent transcription of the same tags, one function per
// production, building the same trees with the same positions (a test
// compares the two on every piece of the corpus). ParseFile uses the fast
// path first; if it fails on a piece, participle parses the piece again, so
// the tags stay the definition of what is accepted, and the fast path's
// error message (which knows what it expected) is reported when participle
// fails too.

func (p *parser) mark() lexer.Position { return p.lex.Peek().Pos }

// peekValue reports whether the next token is spelled s, whatever its type
// (participle literals without a type match any token).
func (p *parser) peekValue(s string) bool {
	t := p.lex.Peek()
	return t.Value == s && !t.EOF()
}

func (p *parser) expectValue(s string) error {
	if !p.peekValue(s) {
		return p.errExpected("'" + s + "'")
	}
	p.lex.Next()
	return nil
}

// specKeywords are the keywords Spec.Keyword accepts.
var specKeywords = map[string]bool{
	"typedef": true, "extern": true, "static": true, "auto": true, "register": true,
	"inline": true, "__inline__": true, "__inline": true, "const": true, "__const": true,
	"__const__": true, "volatile": true, "__volatile__": true, "restrict": true,
	"__restrict": true, "__restrict__": true, "strict": true, "relaxed": true, "void": true,
	"char": true, "short": true, "int": true, "long": true, "float": true, "double": true,
	"signed": true, "__signed__": true, "__signed": true, "unsigned": true, "_Bool": true,
	"_Complex": true, "__builtin_va_list": true, "__thread": true, "__int128": true,
	"__extension__": true, "__label__": true,
}

// startsSpec reports whether t begins a Spec.
func startsSpec(t *lexer.Token) bool {
	switch t.Type {
	case tTypeName:
		return true
	case tKeyword:
		switch t.Value {
		case "shared", "struct", "union", "enum", "__typeof__", "__typeof", "typeof",
			"__attribute__", "__attribute":
			return true
		}
		return specKeywords[t.Value]
	}
	return false
}

func isAttr(t *lexer.Token) bool {
	return t.Type == tKeyword && (t.Value == "__attribute__" || t.Value == "__attribute")
}

func isAsm(t *lexer.Token) bool {
	return t.Value == "__asm__" || t.Value == "__asm" || t.Value == "asm"
}

// externalDecl parses one top-level item.
func (p *parser) externalDecl() (ast.ExternalDecl, error) {
	t := p.lex.Peek()
	start := t.Pos
	switch {
	case t.Type == tPragma:
		p.lex.Next()
		return &ast.PragmaDecl{Range: p.rng(start, p.mark()), Text: t.Value}, nil
	case t.Type == tKeyword && isAsm(t):
		s, err := p.asmStmt()
		if err != nil {
			return nil, err
		}
		return &ast.AsmDecl{Range: p.rng(start, p.mark()), Asm: s}, nil
	case t.Type == tPunct && t.Value == ";":
		p.lex.Next()
		return &ast.EmptyDecl{Range: p.rng(start, p.mark()), Semi: true}, nil
	case t.Type == tPunct && (t.Value == "}" || t.Value == ")" || t.Value == "]"):
		return nil, &syntaxError{pos: t.Pos, msg: "unexpected " + describe(t)}
	case p.startsStaticAssert():
		return p.staticAssert()
	case t.Type == tIdent && p.peek2().Value == "(":
		// C89 implicit int: "main() { ... }", "f(a, b) int a; { ... }"
		return p.declWith(start, &ast.DeclSpecs{Range: p.rng(start, start)})
	}
	return p.decl()
}

// startsStaticAssert reports whether a StaticAssert comes next:
// "_Static_assert" or "__extension__ _Static_assert".
func (p *parser) startsStaticAssert() bool {
	t := p.lex.Peek()
	if t.Type != tKeyword {
		return false
	}
	if t.Value == "__extension__" {
		t = p.peek2()
	}
	return t.Type == tKeyword && t.Value == "_Static_assert"
}

// staticAssert parses a StaticAssert; startsStaticAssert is true.
func (p *parser) staticAssert() (*ast.StaticAssert, error) {
	start := p.mark()
	s := &ast.StaticAssert{}
	if p.lex.Peek().Value == "__extension__" {
		p.lex.Next()
		s.Extension = true
	}
	p.lex.Next()
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	var err error
	if s.Cond, err = p.requiredExpr(); err != nil {
		return nil, err
	}
	if p.peekValue(",") {
		p.lex.Next()
		if p.lex.Peek().Type != tString {
			return nil, p.errExpected("string literal")
		}
		for p.lex.Peek().Type == tString {
			s.Msg = append(s.Msg, p.lex.Next().Value)
		}
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	if err := p.expectValue(";"); err != nil {
		return nil, err
	}
	s.Range = p.rng(start, p.mark())
	return s, nil
}

func (p *parser) decl() (*ast.Decl, error) {
	start := p.mark()
	specs, err := p.declSpecs()
	if err != nil {
		return nil, err
	}
	return p.declWith(start, specs)
}

// declWith parses the rest of a declaration after its specifiers.
func (p *parser) declWith(start lexer.Position, specs *ast.DeclSpecs) (*ast.Decl, error) {
	var err error
	d := &ast.Decl{Specs: specs}
	if !p.peekValue(";") {
		for {
			x, err := p.initDeclarator()
			if err != nil {
				return nil, err
			}
			d.Inits = append(d.Inits, x)
			if !p.peekValue(",") {
				break
			}
			p.lex.Next()
		}
	}
	if startsSpec(p.lex.Peek()) {
		if err := p.krDecls(d); err != nil {
			return nil, err
		}
	}
	if p.peekValue("{") {
		if d.Body, err = p.block(); err != nil {
			return nil, err
		}
	} else if err := p.expectValue(";"); err != nil {
		return nil, err
	}
	d.Range = p.rng(start, p.mark())
	return d, nil
}

// krDecls parses the parameter declarations of an old-style definition,
// which stand between its declarator and its body; a declaration comes
// next. After a declarator without an identifier list, declarations there
// are most likely a missing ';', which is what a failure reports.
func (p *parser) krDecls(d *ast.Decl) error {
	var semi error
	if !hasIdentList(d.Inits) {
		semi = p.errExpected("';'")
	}
	for startsSpec(p.lex.Peek()) {
		k, err := p.decl()
		if err != nil {
			if semi != nil {
				return semi
			}
			return err
		}
		if k.Body != nil && semi == nil {
			// "int a { ... }": most likely a missing ';'
			semi = &syntaxError{pos: lexerPos(k.Body.Pos), msg: "expected ';', found '{'"}
		}
		d.KRDecls = append(d.KRDecls, k)
	}
	if !p.peekValue("{") {
		if semi != nil {
			return semi
		}
		return p.errExpected("'{'")
	}
	return nil
}

// lexerPos converts a node position back to the lexer.Position it stands
// for (see ast.Range).
func lexerPos(pos ast.Position) lexer.Position {
	switch x := pos.(type) {
	case *ast.TokenPos:
		return lexer.Position{Offset: int(x.Offset), Line: int(x.Index), Column: int(x.PrevEnd)}
	case lexer.Position:
		return x
	}
	return lexer.Position{}
}

// hasIdentList reports whether a declarator of inits has an old-style
// identifier list.
func hasIdentList(inits []*ast.InitDeclarator) bool {
	for _, id := range inits {
		for d := id.Decl; d != nil && d.Direct != nil; d = d.Direct.Nested {
			for _, s := range d.Direct.Suffixes {
				if s.Params != nil && len(s.Params.Names) > 0 {
					return true
				}
			}
		}
	}
	return false
}

// declSpecsBuf is a DeclSpecs with room for three specifiers, in one
// object: most declarations have one to three ("static unsigned int").
type declSpecsBuf struct {
	s    ast.DeclSpecs
	list [3]*ast.Spec
}

func (p *parser) declSpecs() (*ast.DeclSpecs, error) {
	start := p.mark()
	b := new(declSpecsBuf)
	s := &b.s
	s.List = b.list[:0:len(b.list)]
	for startsSpec(p.lex.Peek()) {
		x, err := p.spec()
		if err != nil {
			return nil, err
		}
		s.List = append(s.List, x)
	}
	if len(s.List) == 0 {
		return nil, p.errExpected("declaration")
	}
	s.Range = p.rng(start, p.mark())
	return s, nil
}

// spec parses one Spec; the caller has checked startsSpec.
func (p *parser) spec() (*ast.Spec, error) {
	t := p.lex.Peek()
	start := t.Pos
	s := &ast.Spec{}
	var err error
	switch {
	case t.Type == tTypeName:
		p.lex.Next()
		s.TypeName = &ast.TypedefName{Range: p.rng(start, p.mark()), Name: t.Value}
	case t.Value == "shared":
		s.Shared, err = p.sharedQual()
	case t.Value == "struct" || t.Value == "union":
		s.Record, err = p.record()
	case t.Value == "enum":
		s.Enum, err = p.enum()
	case t.Value == "__typeof__" || t.Value == "__typeof" || t.Value == "typeof":
		s.Typeof, err = p.typeof()
	case isAttr(t):
		s.Attr, err = p.attribute()
	default:
		p.lex.Next()
		s.Keyword = t.Value
	}
	if err != nil {
		return nil, err
	}
	s.Range = p.rng(start, p.mark())
	return s, nil
}

func (p *parser) sharedQual() (*ast.SharedQual, error) {
	start := p.lex.Next().Pos
	q := &ast.SharedQual{Shared: true}
	if p.peekValue("[") {
		l, err := p.layout()
		if err != nil {
			return nil, err
		}
		q.Layout = l
	}
	q.Range = p.rng(start, p.mark())
	return q, nil
}

func (p *parser) layout() (*ast.Layout, error) {
	start := p.lex.Next().Pos
	l := &ast.Layout{}
	if p.peekValue("*") {
		p.lex.Next()
		l.Star = true
	} else if p.startsExpr(p.lex.Peek()) {
		x, err := p.assign()
		if err != nil {
			return nil, err
		}
		l.Size = x
	}
	if err := p.expectValue("]"); err != nil {
		return nil, err
	}
	l.Range = p.rng(start, p.mark())
	return l, nil
}

func (p *parser) attrs() ([]*ast.Attribute, error) {
	var list []*ast.Attribute
	for isAttr(p.lex.Peek()) {
		a, err := p.attribute()
		if err != nil {
			return nil, err
		}
		list = append(list, a)
	}
	return list, nil
}

// optIdent parses an identifier if one comes next.
func (p *parser) optIdent() *ast.Ident {
	t := p.lex.Peek()
	if t.Type != tIdent {
		return nil
	}
	p.lex.Next()
	return &ast.Ident{Range: p.rng(t.Pos, p.mark()), Name: t.Value}
}

func (p *parser) record() (*ast.RecordSpec, error) {
	t := p.lex.Next()
	r := &ast.RecordSpec{Kind: t.Value}
	var err error
	if r.Attrs, err = p.attrs(); err != nil {
		return nil, err
	}
	r.Name = p.optIdent()
	if p.peekValue("{") {
		p.lex.Next()
		r.HasBody = true
		for startsSpec(p.lex.Peek()) || p.startsStaticAssert() {
			if p.startsStaticAssert() {
				a, err := p.staticAssert()
				if err != nil {
					return nil, err
				}
				r.Asserts = append(r.Asserts, a)
				continue
			}
			f, err := p.fieldDecl()
			if err != nil {
				return nil, err
			}
			r.Fields = append(r.Fields, f)
		}
		if err := p.expectValue("}"); err != nil {
			return nil, err
		}
	}
	if r.Trailer, err = p.attrs(); err != nil {
		return nil, err
	}
	r.Range = p.rng(t.Pos, p.mark())
	return r, nil
}

func (p *parser) fieldDecl() (*ast.FieldDecl, error) {
	start := p.mark()
	f := &ast.FieldDecl{}
	var err error
	if f.Specs, err = p.declSpecs(); err != nil {
		return nil, err
	}
	if !p.peekValue(";") {
		for {
			d, err := p.fieldDeclarator()
			if err != nil {
				return nil, err
			}
			f.Decls = append(f.Decls, d)
			if !p.peekValue(",") {
				break
			}
			p.lex.Next()
		}
	}
	if err := p.expectValue(";"); err != nil {
		return nil, err
	}
	f.Range = p.rng(start, p.mark())
	return f, nil
}

func (p *parser) fieldDeclarator() (*ast.FieldDeclarator, error) {
	start := p.mark()
	f := &ast.FieldDeclarator{}
	var err error
	if !p.peekValue(":") {
		if f.Decl, err = p.declarator(); err != nil {
			return nil, err
		}
	}
	if p.peekValue(":") {
		p.lex.Next()
		if f.Width, err = p.requiredExpr(); err != nil {
			return nil, err
		}
	}
	if f.Attrs, err = p.attrs(); err != nil {
		return nil, err
	}
	f.Range = p.rng(start, p.mark())
	return f, nil
}

// requiredExpr parses an assignment-expression that must be there.
func (p *parser) requiredExpr() (ast.Expr, error) {
	if !p.startsExpr(p.lex.Peek()) {
		return nil, p.errExpected("expression")
	}
	return p.assign()
}

func (p *parser) requiredFull() (ast.Expr, error) {
	if !p.startsExpr(p.lex.Peek()) {
		return nil, p.errExpected("expression")
	}
	return p.full()
}

// optFull parses an optional full expression.
func (p *parser) optFull() (ast.Expr, error) {
	if !p.startsExpr(p.lex.Peek()) {
		return nil, nil
	}
	return p.full()
}

func (p *parser) enum() (*ast.EnumSpec, error) {
	start := p.lex.Next().Pos
	e := &ast.EnumSpec{Enum: true}
	var err error
	if e.Attrs, err = p.attrs(); err != nil {
		return nil, err
	}
	e.Name = p.optIdent()
	if p.peekValue("{") {
		p.lex.Next()
		e.HasBody = true
		for p.lex.Peek().Type == tIdent {
			x, err := p.enumerator()
			if err != nil {
				return nil, err
			}
			e.Items = append(e.Items, x)
			if !p.peekValue(",") {
				break
			}
			p.lex.Next()
		}
		if err := p.expectValue("}"); err != nil {
			return nil, err
		}
	}
	e.Range = p.rng(start, p.mark())
	return e, nil
}

func (p *parser) enumerator() (*ast.Enumerator, error) {
	start := p.mark()
	e := &ast.Enumerator{Name: p.optIdent()}
	var err error
	if e.Attrs, err = p.attrs(); err != nil {
		return nil, err
	}
	if p.peekValue("=") {
		p.lex.Next()
		x, err := p.requiredExpr()
		if err != nil {
			return nil, err
		}
		e.Value = x
	}
	e.Range = p.rng(start, p.mark())
	return e, nil
}

func (p *parser) typeof() (*ast.TypeofSpec, error) {
	t := p.lex.Next()
	s := &ast.TypeofSpec{Keyword: t.Value}
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	var err error
	if startsSpec(p.lex.Peek()) {
		s.Type, err = p.fastTypeName()
	} else {
		s.X, err = p.requiredExpr()
	}
	if err != nil {
		return nil, err
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	s.Range = p.rng(t.Pos, p.mark())
	return s, nil
}

func (p *parser) attribute() (*ast.Attribute, error) {
	t := p.lex.Next()
	a := &ast.Attribute{Keyword: t.Value}
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	if n := p.lex.Peek(); n.Type == tIdent || n.Type == tKeyword {
		for {
			x, err := p.attrItem()
			if err != nil {
				return nil, err
			}
			a.Items = append(a.Items, x)
			if !p.peekValue(",") {
				break
			}
			p.lex.Next()
		}
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	a.Range = p.rng(t.Pos, p.mark())
	return a, nil
}

func (p *parser) attrItem() (*ast.AttrItem, error) {
	t := p.lex.Peek()
	if t.Type != tIdent && t.Type != tKeyword {
		return nil, p.errExpected("attribute name")
	}
	p.lex.Next()
	x := &ast.AttrItem{Name: t.Value}
	if p.peekValue("(") {
		p.lex.Next()
		if startsSpec(p.lex.Peek()) {
			typ, err := p.fastTypeName()
			if err != nil {
				return nil, err
			}
			x.Type = typ
		} else if p.startsExpr(p.lex.Peek()) {
			for {
				a, err := p.assign()
				if err != nil {
					return nil, err
				}
				x.Args = append(x.Args, a)
				if !p.peekValue(",") {
					break
				}
				p.lex.Next()
			}
		}
		if err := p.expectValue(")"); err != nil {
			return nil, err
		}
	}
	x.Range = p.rng(t.Pos, p.mark())
	return x, nil
}

func (p *parser) initDeclarator() (*ast.InitDeclarator, error) {
	start := p.mark()
	x := &ast.InitDeclarator{}
	var err error
	if x.Decl, err = p.declarator(); err != nil {
		return nil, err
	}
	if isAsm(p.lex.Peek()) {
		if x.Asm, err = p.asmLabel(); err != nil {
			return nil, err
		}
	}
	if x.Attrs, err = p.attrs(); err != nil {
		return nil, err
	}
	if p.peekValue("=") {
		p.lex.Next()
		if x.Init, err = p.initializer(); err != nil {
			return nil, err
		}
	}
	x.Range = p.rng(start, p.mark())
	return x, nil
}

func (p *parser) asmLabel() (*ast.AsmLabel, error) {
	t := p.lex.Next()
	a := &ast.AsmLabel{Keyword: t.Value}
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	if p.lex.Peek().Type != tString {
		return nil, p.errExpected("string literal")
	}
	for p.lex.Peek().Type == tString {
		a.Name += p.lex.Next().Value
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	a.Range = p.rng(t.Pos, p.mark())
	return a, nil
}

// declarator parses a declarator, which may be empty (abstract).
func (p *parser) declarator() (*ast.Declarator, error) {
	start := p.mark()
	d := &ast.Declarator{}
	var err error
	if d.Attrs, err = p.attrs(); err != nil {
		return nil, err
	}
	for p.peekValue("*") {
		ptr, err := p.pointer()
		if err != nil {
			return nil, err
		}
		d.Ptrs = append(d.Ptrs, ptr)
	}
	dd, err := p.direct()
	if err != nil {
		return nil, err
	}
	d.Direct = dd
	d.Range = p.rng(start, p.mark())
	return d, nil
}

func (p *parser) pointer() (*ast.Pointer, error) {
	start := p.lex.Next().Pos
	ptr := &ast.Pointer{Star: true}
	for startsSpec(p.lex.Peek()) {
		q, err := p.spec()
		if err != nil {
			return nil, err
		}
		ptr.Quals = append(ptr.Quals, q)
	}
	ptr.Range = p.rng(start, p.mark())
	return ptr, nil
}

func (p *parser) direct() (*ast.DirectDecl, error) {
	start := p.mark()
	d := &ast.DirectDecl{}
	if d.Name = p.optIdent(); d.Name == nil && p.peekValue("(") {
		// "(" declarator ")" or, failing within one token, a parameter list
		cp := p.sl.i
		p.lex.Next()
		nested, err := p.declarator()
		if err == nil && p.peekValue(")") {
			p.lex.Next()
			d.Nested = nested
		} else if p.sl.i-cp > 1 {
			if err == nil {
				err = p.errExpected("')'")
			}
			return nil, err
		} else {
			p.sl.i = cp
		}
	}
	for {
		t := p.lex.Peek()
		if t.Value != "[" && t.Value != "(" || t.EOF() {
			break
		}
		s, err := p.declSuffix()
		if err != nil {
			return nil, err
		}
		d.Suffixes = append(d.Suffixes, s)
	}
	d.Range = p.rng(start, p.mark())
	return d, nil
}

func (p *parser) declSuffix() (*ast.DeclSuffix, error) {
	start := p.mark()
	s := &ast.DeclSuffix{}
	var err error
	if p.peekValue("[") {
		s.Array, err = p.arraySuffix()
	} else {
		s.Params, err = p.paramList()
	}
	if err != nil {
		return nil, err
	}
	s.Range = p.rng(start, p.mark())
	return s, nil
}

func (p *parser) arraySuffix() (*ast.ArraySuffix, error) {
	start := p.lex.Next().Pos
	a := &ast.ArraySuffix{}
	if p.peekValue("static") {
		p.lex.Next()
		a.Static = true
	}
	for startsSpec(p.lex.Peek()) {
		q, err := p.spec()
		if err != nil {
			return nil, err
		}
		a.Quals = append(a.Quals, q)
	}
	if p.peekValue("*") && p.peek2().Value == "]" && !p.peek2().EOF() {
		p.lex.Next()
		a.Star = true
	} else if p.startsExpr(p.lex.Peek()) {
		x, err := p.assign()
		if err != nil {
			return nil, err
		}
		a.Size = x
	}
	if err := p.expectValue("]"); err != nil {
		return nil, err
	}
	a.Range = p.rng(start, p.mark())
	return a, nil
}

func (p *parser) paramList() (*ast.ParamList, error) {
	start := p.lex.Next().Pos
	l := &ast.ParamList{}
	if startsSpec(p.lex.Peek()) {
		for {
			x, err := p.paramDecl()
			if err != nil {
				return nil, err
			}
			l.Params = append(l.Params, x)
			if !p.peekValue(",") {
				break
			}
			if n := p.peek2(); n.Value == "..." && !n.EOF() {
				p.lex.Next()
				p.lex.Next()
				l.Variadic = true
				break
			}
			p.lex.Next()
			if !startsSpec(p.lex.Peek()) {
				return nil, p.errExpected("parameter declaration")
			}
		}
	} else if p.lex.Peek().Type == tIdent {
		// an old-style identifier list
		for {
			t := p.lex.Next()
			l.Names = append(l.Names, &ast.Ident{Range: p.rng(t.Pos, p.mark()), Name: t.Value})
			if !p.peekValue(",") {
				break
			}
			p.lex.Next()
			if p.lex.Peek().Type != tIdent {
				return nil, p.errExpected("identifier")
			}
		}
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	l.Range = p.rng(start, p.mark())
	return l, nil
}

// startsDeclarator is the lookahead of ParamDecl.Decl and TypeName.Decl.
func startsDeclarator(t *lexer.Token, ident bool) bool {
	switch t.Type {
	case tIdent:
		return ident
	case tEOF:
		return false
	}
	switch t.Value {
	case "*", "(", "[", "__attribute__", "__attribute":
		return true
	}
	return false
}

func (p *parser) paramDecl() (*ast.ParamDecl, error) {
	start := p.mark()
	x := &ast.ParamDecl{}
	var err error
	if x.Specs, err = p.declSpecs(); err != nil {
		return nil, err
	}
	if startsDeclarator(p.lex.Peek(), true) {
		if x.Decl, err = p.declarator(); err != nil {
			return nil, err
		}
	}
	if x.Attrs, err = p.attrs(); err != nil {
		return nil, err
	}
	x.Range = p.rng(start, p.mark())
	return x, nil
}

func (p *parser) fastTypeName() (*ast.TypeName, error) {
	start := p.mark()
	x := &ast.TypeName{}
	var err error
	if x.Specs, err = p.declSpecs(); err != nil {
		return nil, err
	}
	if startsDeclarator(p.lex.Peek(), false) {
		if x.Decl, err = p.declarator(); err != nil {
			return nil, err
		}
	}
	x.Range = p.rng(start, p.mark())
	return x, nil
}

func (p *parser) initializer() (*ast.Initializer, error) {
	start := p.mark()
	x := &ast.Initializer{}
	var err error
	if p.peekValue("{") {
		x.List, err = p.initList()
	} else {
		x.X, err = p.requiredExpr()
	}
	if err != nil {
		return nil, err
	}
	x.Range = p.rng(start, p.mark())
	return x, nil
}

func (p *parser) initList() (*ast.InitList, error) {
	start := p.lex.Next().Pos
	l := &ast.InitList{}
	if !p.peekValue("}") {
		for {
			x, err := p.initItem()
			if err != nil {
				return nil, err
			}
			l.Items = append(l.Items, x)
			if !p.peekValue(",") {
				break
			}
			p.lex.Next()
			if p.peekValue("}") {
				break
			}
		}
	}
	if err := p.expectValue("}"); err != nil {
		return nil, err
	}
	l.Range = p.rng(start, p.mark())
	return l, nil
}

func (p *parser) initItem() (*ast.InitItem, error) {
	start := p.mark()
	x := &ast.InitItem{}
	if p.peekValue(".") || p.peekValue("[") {
		for p.peekValue(".") || p.peekValue("[") {
			d, err := p.designator()
			if err != nil {
				return nil, err
			}
			x.Designators = append(x.Designators, d)
		}
		if err := p.expectValue("="); err != nil {
			return nil, err
		}
	}
	init, err := p.initializer()
	if err != nil {
		return nil, err
	}
	x.Init = init
	x.Range = p.rng(start, p.mark())
	return x, nil
}

func (p *parser) designator() (*ast.Designator, error) {
	t := p.lex.Next()
	d := &ast.Designator{}
	var err error
	if t.Value == "." {
		if d.Field = p.optIdent(); d.Field == nil {
			return nil, p.errExpected("member name")
		}
	} else {
		if d.Index, err = p.requiredExpr(); err != nil {
			return nil, err
		}
		if p.peekValue("...") {
			p.lex.Next()
			if d.High, err = p.requiredExpr(); err != nil {
				return nil, err
			}
		}
		if err := p.expectValue("]"); err != nil {
			return nil, err
		}
	}
	d.Range = p.rng(t.Pos, p.mark())
	return d, nil
}

// Statements.

func (p *parser) block() (*ast.Block, error) {
	start := p.mark()
	if err := p.expectValue("{"); err != nil {
		return nil, err
	}
	b := &ast.Block{}
	for {
		t := p.lex.Peek()
		if t.EOF() || t.Type == tPunct && t.Value == "}" {
			break
		}
		s, err := p.stmt()
		if err != nil {
			return nil, err
		}
		b.Items = append(b.Items, s)
	}
	if err := p.expectValue("}"); err != nil {
		return nil, err
	}
	b.Range = p.rng(start, p.mark())
	return b, nil
}

func (p *parser) stmt() (ast.Stmt, error) {
	if err := p.nest(); err != nil {
		return nil, err
	}
	defer func() { p.depth-- }()
	t := p.lex.Peek()
	start := t.Pos
	switch t.Type {
	case tPragma:
		p.lex.Next()
		return &ast.PragmaStmt{Range: p.rng(start, p.mark()), Text: t.Value}, nil
	case tTypeName:
		return p.declStmt()
	case tIdent:
		if n := p.peek2(); n.Type == tPunct && n.Value == ":" {
			label := p.optIdent()
			p.lex.Next()
			attrs, err := p.attrs()
			if err != nil {
				return nil, err
			}
			body, err := p.stmt()
			if err != nil {
				return nil, err
			}
			return &ast.LabeledStmt{Range: p.rng(start, p.mark()), Label: label, Attrs: attrs, Body: body}, nil
		}
	case tPunct:
		if t.Value == "{" {
			return p.block()
		}
	case tKeyword:
		switch t.Value {
		case "if":
			return p.ifStmt()
		case "for":
			return p.forStmt()
		case "while":
			p.lex.Next()
			cond, err := p.parenCond()
			if err != nil {
				return nil, err
			}
			body, err := p.stmt()
			if err != nil {
				return nil, err
			}
			return &ast.WhileStmt{Range: p.rng(start, p.mark()), Cond: cond, Body: body}, nil
		case "do":
			p.lex.Next()
			body, err := p.stmt()
			if err != nil {
				return nil, err
			}
			if err := p.expectValue("while"); err != nil {
				return nil, err
			}
			cond, err := p.parenCond()
			if err != nil {
				return nil, err
			}
			if err := p.expectValue(";"); err != nil {
				return nil, err
			}
			return &ast.DoStmt{Range: p.rng(start, p.mark()), Body: body, Cond: cond}, nil
		case "return":
			p.lex.Next()
			x, err := p.optFull()
			if err != nil {
				return nil, err
			}
			if err := p.expectValue(";"); err != nil {
				return nil, err
			}
			return &ast.ReturnStmt{Range: p.rng(start, p.mark()), X: x}, nil
		case "break", "continue", "upc_fence":
			p.lex.Next()
			if err := p.expectValue(";"); err != nil {
				return nil, err
			}
			r := p.rng(start, p.mark())
			switch t.Value {
			case "break":
				return &ast.BreakStmt{Range: r, Break: true}, nil
			case "continue":
				return &ast.ContinueStmt{Range: r, Continue: true}, nil
			}
			return &ast.FenceStmt{Range: r, Fence: true}, nil
		case "upc_forall":
			return p.forallStmt()
		case "upc_barrier", "upc_notify", "upc_wait":
			p.lex.Next()
			x, err := p.optFull()
			if err != nil {
				return nil, err
			}
			if err := p.expectValue(";"); err != nil {
				return nil, err
			}
			return &ast.BarrierStmt{Range: p.rng(start, p.mark()), Kind: t.Value, ID: x}, nil
		case "switch":
			p.lex.Next()
			tag, err := p.parenCond()
			if err != nil {
				return nil, err
			}
			body, err := p.stmt()
			if err != nil {
				return nil, err
			}
			return &ast.SwitchStmt{Range: p.rng(start, p.mark()), Tag: tag, Body: body}, nil
		case "case":
			p.lex.Next()
			c := &ast.CaseStmt{}
			var err error
			if c.Value, err = p.requiredExpr(); err != nil {
				return nil, err
			}
			if p.peekValue("...") {
				p.lex.Next()
				if c.High, err = p.requiredExpr(); err != nil {
					return nil, err
				}
			}
			if err := p.expectValue(":"); err != nil {
				return nil, err
			}
			if c.Body, err = p.stmt(); err != nil {
				return nil, err
			}
			c.Range = p.rng(start, p.mark())
			return c, nil
		case "default":
			p.lex.Next()
			if err := p.expectValue(":"); err != nil {
				return nil, err
			}
			body, err := p.stmt()
			if err != nil {
				return nil, err
			}
			return &ast.DefaultStmt{Range: p.rng(start, p.mark()), Body: body}, nil
		case "goto":
			p.lex.Next()
			g := &ast.GotoStmt{}
			if g.Label = p.optIdent(); g.Label == nil {
				if err := p.expectValue("*"); err != nil {
					return nil, p.errExpected("label")
				}
				x, err := p.requiredExpr()
				if err != nil {
					return nil, err
				}
				g.X = x
			}
			if err := p.expectValue(";"); err != nil {
				return nil, err
			}
			g.Range = p.rng(start, p.mark())
			return g, nil
		case "__asm__", "__asm", "asm":
			return p.asmStmt()
		}
		if p.startsStaticAssert() {
			return p.staticAssert()
		}
		if startsSpec(t) {
			return p.declStmt()
		}
	}
	// expression statement
	x, err := p.optFull()
	if err != nil {
		return nil, err
	}
	if x == nil && !p.peekValue(";") {
		return nil, p.errExpected("statement")
	}
	if err := p.expectValue(";"); err != nil {
		return nil, err
	}
	return &ast.ExprStmt{Range: p.rng(start, p.mark()), X: x}, nil
}

func (p *parser) declStmt() (ast.Stmt, error) {
	start := p.mark()
	d, err := p.decl()
	if err != nil {
		return nil, err
	}
	return &ast.DeclStmt{Range: p.rng(start, p.mark()), Decl: d}, nil
}

// parenCond parses "( expression )".
func (p *parser) parenCond() (ast.Expr, error) {
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	x, err := p.requiredFull()
	if err != nil {
		return nil, err
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	return x, nil
}

func (p *parser) ifStmt() (ast.Stmt, error) {
	start := p.lex.Next().Pos
	s := &ast.IfStmt{}
	var err error
	if s.Cond, err = p.parenCond(); err != nil {
		return nil, err
	}
	if s.Then, err = p.stmt(); err != nil {
		return nil, err
	}
	if p.peekValue("else") {
		p.lex.Next()
		if s.Else, err = p.stmt(); err != nil {
			return nil, err
		}
	}
	s.Range = p.rng(start, p.mark())
	return s, nil
}

func (p *parser) forInit() (ast.ForInit, error) {
	start := p.mark()
	var f ast.ForInit
	var err error
	if startsSpec(p.lex.Peek()) {
		if f.Decl, err = p.decl(); err != nil {
			return f, err
		}
	} else {
		if f.X, err = p.optFull(); err != nil {
			return f, err
		}
		if err := p.expectValue(";"); err != nil {
			return f, err
		}
	}
	f.Range = p.rng(start, p.mark())
	return f, nil
}

func (p *parser) forStmt() (ast.Stmt, error) {
	start := p.lex.Next().Pos
	s := &ast.ForStmt{}
	var err error
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	if s.Init, err = p.forInit(); err != nil {
		return nil, err
	}
	if s.Cond, err = p.optFull(); err != nil {
		return nil, err
	}
	if err := p.expectValue(";"); err != nil {
		return nil, err
	}
	if s.Post, err = p.optFull(); err != nil {
		return nil, err
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	if s.Body, err = p.stmt(); err != nil {
		return nil, err
	}
	s.Range = p.rng(start, p.mark())
	return s, nil
}

func (p *parser) forallStmt() (ast.Stmt, error) {
	start := p.lex.Next().Pos
	s := &ast.ForallStmt{}
	var err error
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	if s.Init, err = p.forInit(); err != nil {
		return nil, err
	}
	if s.Cond, err = p.optFull(); err != nil {
		return nil, err
	}
	if err := p.expectValue(";"); err != nil {
		return nil, err
	}
	if s.Post, err = p.optFull(); err != nil {
		return nil, err
	}
	if err := p.expectValue(";"); err != nil {
		return nil, err
	}
	if t := p.lex.Peek(); t.Value == "continue" && !t.EOF() {
		p.lex.Next()
		s.Affinity = &ast.Affinity{Range: p.rng(t.Pos, p.mark()), Continue: true}
	} else if p.startsExpr(t) {
		x, err := p.assign()
		if err != nil {
			return nil, err
		}
		s.Affinity = &ast.Affinity{Range: p.rng(t.Pos, p.mark()), X: x}
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	if s.Body, err = p.stmt(); err != nil {
		return nil, err
	}
	s.Range = p.rng(start, p.mark())
	return s, nil
}

// asmTokens appends the tokens of an asm statement's body up to the ')'
// that closes it, as AsmStmt.Body's tag reads them: parentheses nest three
// deep (depth counts those open), the innermost holding any token but ')'.
func (p *parser) asmTokens(body []string, depth int) ([]string, error) {
	for {
		q := p.lex.Peek()
		if q.EOF() || q.Value == ")" {
			return body, nil
		}
		body = append(body, p.lex.Next().Value)
		if q.Value != "(" {
			continue
		}
		if depth < 2 {
			var err error
			if body, err = p.asmTokens(body, depth+1); err != nil {
				return nil, err
			}
		} else {
			for n := p.lex.Peek(); !n.EOF() && n.Value != ")"; n = p.lex.Peek() {
				body = append(body, p.lex.Next().Value)
			}
		}
		if err := p.expectValue(")"); err != nil {
			return nil, err
		}
		body = append(body, ")")
	}
}

func (p *parser) asmStmt() (*ast.AsmStmt, error) {
	t := p.lex.Next()
	s := &ast.AsmStmt{Keyword: t.Value}
	for {
		q := p.lex.Peek()
		if q.EOF() || q.Value != "volatile" && q.Value != "__volatile__" && q.Value != "goto" && q.Value != "inline" {
			break
		}
		s.Quals = append(s.Quals, p.lex.Next().Value)
	}
	if err := p.expectValue("("); err != nil {
		return nil, err
	}
	var err error
	if s.Body, err = p.asmTokens(s.Body, 0); err != nil {
		return nil, err
	}
	if err := p.expectValue(")"); err != nil {
		return nil, err
	}
	if err := p.expectValue(";"); err != nil {
		return nil, err
	}
	s.Range = p.rng(t.Pos, p.mark())
	return s, nil
}
