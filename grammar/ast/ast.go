// Package ast declares the syntax tree of a UPC translation unit.
//
// Declarations and statements are participle grammar structs: their
// `parser` tags are the grammar (see package grammar/parser). Expressions are
// built by a hand-written precedence-climbing parser and implement Expr.
//
// Every node embeds Range, which records the first token of the node and the
// token after it. Positions are go/token positions in the unit's FileSet,
// always on text the user wrote: a node produced by a macro expansion is
// placed at the macro invocation.
package ast

import (
	gotoken "go/token"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/upclint/upclint/grammar/token"
)

// Node is any syntax tree node.
type Node interface {
	Start() gotoken.Pos // first byte of the node
	End() gotoken.Pos   // byte just after the node
	// Span returns the node's tokens as indices into File.Tokens: [first, end).
	Span() (first, end int)
}

// Range is embedded in every node. participle fills Pos and EndPos while
// parsing: Pos with the node's first token, EndPos with the token after its
// last one. The parser's token adapter encodes each participle token as
//
//	Offset = the token's site position (token.Token.SitePos)
//	Line   = the token's index in File.Tokens
//	Column = the site end of the token before it
//
// so that Start, End and Span need no lookup table. Hand-built expression
// nodes fill Range the same way.
//
// Pos and EndPos hold either that lexer.Position (what participle stores,
// through the conversion it applies to fields named Pos and EndPos) or a
// *TokenPos with the same three numbers. The fast parser, which builds
// almost every node, points both at entries of one table per file with an
// entry per token: a Range is then two interface words (32 bytes) instead
// of two lexer.Positions (80 bytes, a filename included that is never set),
// which is about a third of a loaded unit's syntax tree.
type Range struct {
	Pos    Position
	EndPos Position
}

// Position is a token position as Range records it: a lexer.Position or a
// *TokenPos (see Range). Only the methods of Range read it.
type Position interface {
	String() string
}

// TokenPos is the compact form of the lexer.Position of token number Index:
// Offset is its site position, PrevEnd the site end of the token before it.
type TokenPos struct {
	Offset, Index, PrevEnd uint32
}

func (p *TokenPos) String() string {
	return lexer.Position{Offset: int(p.Offset), Line: int(p.Index), Column: int(p.PrevEnd)}.String()
}

// position decodes p into (offset, index, previous end); a nil p is the zero
// position.
func position(p Position) (off, index, prevEnd int) {
	switch p := p.(type) {
	case *TokenPos:
		return int(p.Offset), int(p.Index), int(p.PrevEnd)
	case lexer.Position:
		return p.Offset, p.Line, p.Column
	}
	return 0, 0, 0
}

// Start is the position of the node's first byte.
func (r *Range) Start() gotoken.Pos {
	off, _, _ := position(r.Pos)
	return gotoken.Pos(off)
}

// End is the position just after the node's last byte. An empty node (an
// abstract declarator with no tokens) ends where it starts.
func (r *Range) End() gotoken.Pos {
	off, first, _ := position(r.Pos)
	_, end, prevEnd := position(r.EndPos)
	if end == first {
		return gotoken.Pos(off)
	}
	return gotoken.Pos(prevEnd)
}

// Span is the node's token index range [first, end) in File.Tokens.
func (r *Range) Span() (first, end int) {
	_, first, _ = position(r.Pos)
	_, end, _ = position(r.EndPos)
	return first, end
}

// File is a parsed translation unit.
type File struct {
	Name   string
	Decls  []ExternalDecl
	Tokens []token.Token // the preprocessed tokens that Range indices refer to
}

// ExternalDecl is a top-level item: *Decl (declaration or function
// definition), *StaticAssert, *PragmaDecl, *AsmDecl, *EmptyDecl or *BadDecl.
type ExternalDecl interface {
	Node
	externalDecl()
}

// DeferredDecl is a top-level declaration of a library header that the
// parser has not parsed yet: a unit uses a few of the hundreds of
// declarations its system headers bring, so the parser leaves them as
// tokens and the type checker parses one (Parse) only when the unit looks
// up a name or tag it declares (see types.Config.Lazy). After type
// checking no DeferredDecl is left in File.Decls: each was replaced by its
// Decl or removed.
type DeferredDecl struct {
	Range
	Names []string // the file-scope identifiers it may declare
	Tags  []string // the tags it names
	// Parser parses the declaration (Parse). An interface rather than a
	// closure: the parser then makes one object per declaration, not two.
	Parser DeclParser
}

// DeclParser parses a deferred declaration.
type DeclParser interface {
	ParseDecl() *Decl
}

// Parse parses the declaration; nil if it does not parse as one.
func (d *DeferredDecl) Parse() *Decl {
	if d.Parser == nil {
		return nil
	}
	return d.Parser.ParseDecl()
}

// BadDecl stands for a top-level declaration that failed to parse; the
// syntax error is reported separately and the rest of the file is analysed.
type BadDecl struct {
	Range
}

// EmptyDecl is a stray ";" at file scope.
type EmptyDecl struct {
	Range
	Semi bool `parser:"@';'"`
}

// PragmaDecl is a #pragma at file scope (e.g. "upc strict").
type PragmaDecl struct {
	Range
	Text string `parser:"@Pragma"`
}

// AsmDecl is a file-scope GNU asm("...") statement.
type AsmDecl struct {
	Range
	Asm *AsmStmt `parser:"@@"`
}

// StaticAssert is a C11 static assertion, optionally preceded by GNU
// __extension__:
//
//	_Static_assert(sizeof(long) == 8, "LP64 only");
//
// It stands at file scope (an ExternalDecl), in a block (a Stmt) and among
// the members of a struct or union (RecordSpec.Asserts). Msg holds the
// message's string literals as written, quotes included (adjacent literals
// are concatenated); it is empty when the message is omitted, as C2x allows.
// It declares nothing and executes nothing: only the type checker reads it.
type StaticAssert struct {
	Range
	Extension bool     `parser:"@'__extension__':Keyword?"`
	Cond      Expr     `parser:"'_Static_assert':Keyword '(' @@"`
	Msg       []string `parser:"( ',' @String+ )? ')' ';'"`
}

// Decl is a declaration or, when Body is set, a function definition.
//
//	static shared [4] int a[4*THREADS], *p;
//	int main(int argc, char **argv) { ... }
//
// An old-style (K&R) definition declares its parameters between the
// declarator, whose parameter list is an identifier list
// (ParamList.Names), and the body: KRDecls holds those declarations.
//
//	int main(argc, argv) int argc; char **argv; { ... }
//
// The grammar accepts KRDecls after any declarator; the type checker
// reports them where they do not belong.
type Decl struct {
	Range
	Specs   *DeclSpecs        `parser:"@@"`
	Inits   []*InitDeclarator `parser:"( (?! ';') @@ ( ',' @@ )* )?"`
	KRDecls []*Decl           `parser:"( @@* "`
	Body    *Block            `parser:"  @@ | ';' )"`
}

// DeclSpecs is the list of declaration specifiers in source order.
type DeclSpecs struct {
	Range
	List []*Spec `parser:"@@+"`
}

// Spec is one declaration specifier: exactly one field is set.
type Spec struct {
	Range
	// Keyword is a storage class, type qualifier, function specifier or
	// basic type keyword: typedef extern static auto register inline const
	// volatile restrict strict relaxed void char short int long float double
	// signed unsigned _Bool _Complex __builtin_va_list __thread __int128
	// __extension__ (and the GNU spellings of these).
	Keyword  string       `parser:"  @( 'typedef' | 'extern' | 'static' | 'auto' | 'register' | 'inline' | '__inline__' | '__inline' | 'const' | '__const' | '__const__' | 'volatile' | '__volatile__' | 'restrict' | '__restrict' | '__restrict__' | 'strict':Keyword | 'relaxed':Keyword | 'void' | 'char' | 'short' | 'int' | 'long' | 'float' | 'double' | 'signed' | '__signed__' | '__signed' | 'unsigned' | '_Bool' | '_Complex' | '__builtin_va_list' | '__thread' | '__int128' | '__extension__':Keyword | '__label__' )"`
	Shared   *SharedQual  `parser:"| @@"`
	Record   *RecordSpec  `parser:"| @@"`
	Enum     *EnumSpec    `parser:"| @@"`
	TypeName *TypedefName `parser:"| @@"`
	Typeof   *TypeofSpec  `parser:"| @@"`
	Attr     *Attribute   `parser:"| @@"`
}

// SharedQual is the UPC qualifier "shared" with its optional layout
// qualifier: shared, shared [B], shared [*], shared [].
type SharedQual struct {
	Range
	Shared bool    `parser:"@'shared':Keyword"`
	Layout *Layout `parser:"@@?"`
}

// Layout is a UPC layout qualifier. With neither Star nor Size it is "[]"
// (indefinite block size).
type Layout struct {
	Range
	Star bool `parser:"'[' ( @'*'"`
	Size Expr `parser:"    | @@ )? ']'"`
}

// RecordSpec is a struct or union specifier.
type RecordSpec struct {
	Range
	Kind    string          `parser:"@( 'struct' | 'union' )"`
	Attrs   []*Attribute    `parser:"@@*"`
	Name    *Ident          `parser:"@@?"` // tag (the parser re-tags typedef names after struct/union/enum)
	HasBody bool            `parser:"( @'{'"`
	Fields  []*FieldDecl    `parser:"  ( @@"`
	Asserts []*StaticAssert `parser:"  | @@ )* '}' )?"` // static assertions among the members, in source order
	Trailer []*Attribute    `parser:"@@*"`
}

// FieldDecl declares one or more members: "int a, b : 3;".
type FieldDecl struct {
	Range
	Specs *DeclSpecs         `parser:"@@"`
	Decls []*FieldDeclarator `parser:"( (?! ';') @@ ( ',' @@ )* )? ';'"`
}

// FieldDeclarator is a member declarator with an optional bit-field width.
type FieldDeclarator struct {
	Range
	Decl  *Declarator  `parser:"( (?! ':') @@ )?"`
	Width Expr         `parser:"( ':' @@ )?"`
	Attrs []*Attribute `parser:"@@*"`
}

// EnumSpec is an enum specifier.
type EnumSpec struct {
	Range
	Enum    bool          `parser:"@'enum'"`
	Attrs   []*Attribute  `parser:"@@*"`
	Name    *Ident        `parser:"@@?"`
	HasBody bool          `parser:"( @'{'"`
	Items   []*Enumerator `parser:"  ( @@ ( ',' @@ )* ','? )? '}' )?"`
}

// Enumerator is one enumeration constant.
type Enumerator struct {
	Range
	Name  *Ident       `parser:"@@"`
	Attrs []*Attribute `parser:"@@*"` // GNU: "E __attribute__((deprecated)) = 1"
	Value Expr         `parser:"( '=' @@ )?"`
}

// TypeofSpec is GNU __typeof__(expr) or __typeof__(type-name).
type TypeofSpec struct {
	Range
	Keyword string    `parser:"@( '__typeof__' | '__typeof' | 'typeof' ) '('"`
	Type    *TypeName `parser:"( @@"`
	X       Expr      `parser:"| @@ ) ')'"`
}

// Attribute is a GNU __attribute__((...)); the contents are kept as tokens
// the analyses do not interpret, except for names (unused, aligned, ...).
type Attribute struct {
	Range
	Keyword string      `parser:"@( '__attribute__' | '__attribute' ) '(' '('"`
	Items   []*AttrItem `parser:"( @@ ( ',' @@ )* )? ')' ')'"`
}

// AttrItem is one attribute: a name with optional arguments.
type AttrItem struct {
	Range
	Name string    `parser:"@( Ident | Keyword )"`
	Type *TypeName `parser:"( '(' ( @@"` // C11 _Alignas(type), a macro for __aligned__(type)
	Args []Expr    `parser:"| ( @@ ( ',' @@ )* )? ) ')' )?"`
}

// InitDeclarator is a declarator with optional asm label, attributes and
// initializer.
type InitDeclarator struct {
	Range
	Decl  *Declarator  `parser:"@@"`
	Asm   *AsmLabel    `parser:"@@?"`
	Attrs []*Attribute `parser:"@@*"`
	Init  *Initializer `parser:"( '=' @@ )?"`
}

// AsmLabel is a GNU asm label on a declaration: __asm__("name").
type AsmLabel struct {
	Range
	Keyword string `parser:"@( '__asm__' | '__asm' | 'asm' ) '('"`
	Name    string `parser:"@String+ ')'"`
}

// Declarator is a C declarator: pointers, then a direct declarator. In an
// abstract declarator (type names, unnamed parameters) Direct.Name is nil.
type Declarator struct {
	Range
	// Attrs are GNU attributes at the start of a declarator, before its
	// '*'s or its name: "(__attribute__((x)) *fp)".
	Attrs  []*Attribute `parser:"@@*"`
	Ptrs   []*Pointer   `parser:"@@*"`
	Direct *DirectDecl  `parser:"@@"`
}

// Pointer is one "*" with its qualifiers: "* const", "* shared [4]".
type Pointer struct {
	Range
	Star  bool    `parser:"@'*'"`
	Quals []*Spec `parser:"@@*"` // qualifiers only (checked by the type checker)
}

// DirectDecl is a name or a parenthesized declarator, followed by array and
// function suffixes.
type DirectDecl struct {
	Range
	Name     *Ident        `parser:"( @@"`
	Nested   *Declarator   `parser:"| '(' @@ ')' )?"`
	Suffixes []*DeclSuffix `parser:"@@*"`
}

// DeclSuffix is an array suffix "[n]" or a function suffix "(params)".
type DeclSuffix struct {
	Range
	Array  *ArraySuffix `parser:"  @@"`
	Params *ParamList   `parser:"| @@"`
}

// ArraySuffix is "[ static? quals* size? ]" or "[*]" (a C99 VLA of unspecified size).
type ArraySuffix struct {
	Range
	Static bool    `parser:"'[' @'static'?"`
	Quals  []*Spec `parser:"@@*"`
	Star   bool    `parser:"( @'*' (?= ']')"`
	Size   Expr    `parser:"  | @@ )? ']'"`
}

// ParamList is a function suffix. An empty list is "()" (unspecified
// parameters); "(void)" is one unnamed parameter of type void. An old-style
// identifier list "(a, n)" sets Names instead of Params.
type ParamList struct {
	Range
	Params   []*ParamDecl `parser:"'(' ( @@ ( ',' @@ )*"`
	Variadic bool         `parser:"  ( ',' @'...' )?"`
	Names    []*Ident     `parser:"  | @@ ( ',' @@ )* )? ')'"`
}

// ParamDecl is one parameter declaration; Decl may be abstract or nil.
type ParamDecl struct {
	Range
	Specs *DeclSpecs   `parser:"@@"`
	Decl  *Declarator  `parser:"( (?= '*' | '(' | '[' | Ident | '__attribute__' | '__attribute' ) @@ )?"`
	Attrs []*Attribute `parser:"@@*"`
}

// TypeName is a type in a cast, sizeof, compound literal or typeof:
// specifiers and an abstract declarator.
type TypeName struct {
	Range
	Specs *DeclSpecs  `parser:"@@"`
	Decl  *Declarator `parser:"( (?= '*' | '(' | '[' | '__attribute__' | '__attribute' ) @@ )?"`
}

// Initializer is "= expr" or "= { ... }".
type Initializer struct {
	Range
	List *InitList `parser:"  @@"`
	X    Expr      `parser:"| @@"`
}

// InitList is a braced initializer list.
type InitList struct {
	Range
	Items []*InitItem `parser:"'{' ( @@ ( ',' @@ )* ','? )? '}'"`
}

// InitItem is one element of an initializer list with its designators.
type InitItem struct {
	Range
	Designators []*Designator `parser:"( @@+ '=' )?"`
	Init        *Initializer  `parser:"@@"`
}

// Designator is ".field", "[index]" or GNU "[lo ... hi]".
type Designator struct {
	Range
	Field *Ident `parser:"  '.' @@"`
	Index Expr   `parser:"| '[' @@"`
	High  Expr   `parser:"  ( '...' @@ )? ']'"`
}

// Ident is an identifier. The parser's token pass re-tags typedef names to
// plain identifiers where C reads them as names (after struct/union/enum,
// ".", "->", goto, and in declarators that redeclare them).
type Ident struct {
	Range
	Name string `parser:"@Ident"`
}

// TypedefName is a typedef name used as a type specifier.
type TypedefName struct {
	Range
	Name string `parser:"@TypeName"`
}

func (*BadDecl) externalDecl()      {}
func (*DeferredDecl) externalDecl() {}
func (*EmptyDecl) externalDecl()    {}
func (*PragmaDecl) externalDecl()   {}
func (*AsmDecl) externalDecl()      {}
func (*Decl) externalDecl()         {}

func (*StaticAssert) externalDecl() {}
