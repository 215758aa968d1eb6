package ast

import "github.com/upclint/upclint/grammar/token"

// Expr is an expression. Where the C grammar asks for an
// assignment-expression (initializers, arguments, array sizes) the field has
// type Expr; where a comma operator may appear at top level, FullExpr.
type Expr interface {
	Node
	exprNode()
}

// FullExpr is an expression in which the comma operator may appear at top
// level (C99 "expression"). It is an Expr; the distinct type only tells the
// parser which production to use.
type FullExpr interface {
	Expr
}

// BadExpr stands for an expression that failed to parse.
type BadExpr struct{ Range }

// Name is a reference to an identifier in an expression. (Ident is used
// where a name is declared.)
type Name struct {
	Range
	Name string
}

// BasicLit is an integer, floating, character or string constant. Adjacent
// string literals are one BasicLit whose Value holds the raw spellings
// separated by single spaces.
type BasicLit struct {
	Range
	Kind  token.Kind // token.Int, token.Float, token.Char or token.String
	Value string     // raw spelling
}

// UPCConst is MYTHREAD, THREADS or UPC_MAX_BLOCK_SIZE (under static THREADS
// the preprocessor has already replaced THREADS by its value).
type UPCConst struct {
	Range
	Name string
}

// ParenExpr is "(X)".
type ParenExpr struct {
	Range
	X FullExpr
}

// UnaryExpr is a prefix operator: - + ! ~ * & ++ -- and GNU && (label address).
type UnaryExpr struct {
	Range
	Op string
	X  Expr
}

// PostfixExpr is X++ or X--.
type PostfixExpr struct {
	Range
	Op string
	X  Expr
}

// BinaryExpr is X Op Y for the arithmetic, shift, relational, equality,
// bitwise and logical operators.
type BinaryExpr struct {
	Range
	Op    string
	OpPos int // index of the operator token in File.Tokens
	X, Y  Expr
}

// AssignExpr is L Op R for = and the compound assignments.
type AssignExpr struct {
	Range
	Op   string
	L, R Expr
}

// CondExpr is "Cond ? Then : Else"; Then is nil for GNU "Cond ?: Else".
type CondExpr struct {
	Range
	Cond, Then, Else Expr
}

// CommaExpr is "X, Y, ...".
type CommaExpr struct {
	Range
	List []Expr
}

// CallExpr is Fun(Args).
type CallExpr struct {
	Range
	Fun  Expr
	Args []Expr
}

// IndexExpr is X[Index].
type IndexExpr struct {
	Range
	X     Expr
	Index FullExpr
}

// MemberExpr is X.Name or X->Name.
type MemberExpr struct {
	Range
	X     Expr
	Arrow bool
	Name  *Ident
}

// CastExpr is "(Type) X".
type CastExpr struct {
	Range
	Type *TypeName
	X    Expr
}

// CompoundLit is "(Type){ ... }".
type CompoundLit struct {
	Range
	Type *TypeName
	Init *InitList
}

// SizeofExpr is sizeof, __alignof__, upc_localsizeof, upc_blocksizeof or
// upc_elemsizeof applied to an expression (X) or a type name (Type).
type SizeofExpr struct {
	Range
	Op   string
	X    Expr
	Type *TypeName
}

// StmtExpr is a GNU statement expression "({ ... })".
type StmtExpr struct {
	Range
	Body *Block
}

// VaArgExpr is __builtin_va_arg(X, Type).
type VaArgExpr struct {
	Range
	X    Expr
	Type *TypeName
}

// OffsetofExpr is __builtin_offsetof(Type, Path), Path being a member
// designator such as "a.b[2].c", kept as designators.
type OffsetofExpr struct {
	Range
	Type *TypeName
	Path []*Designator // the first is a field
}

// GenericExpr is C11 "_Generic(X, Type: E, ..., default: E)".
type GenericExpr struct {
	Range
	X      Expr
	Assocs []*GenericAssoc
}

// GenericAssoc is one association of a GenericExpr; Type is nil for the
// default one.
type GenericAssoc struct {
	Range
	Type *TypeName
	X    Expr
}

// TypesCompatibleExpr is GNU "__builtin_types_compatible_p(A, B)".
type TypesCompatibleExpr struct {
	Range
	A, B *TypeName
}

func (*GenericExpr) exprNode()         {}
func (*TypesCompatibleExpr) exprNode() {}
func (*BadExpr) exprNode()             {}
func (*Name) exprNode()                {}
func (*BasicLit) exprNode()            {}
func (*UPCConst) exprNode()            {}
func (*ParenExpr) exprNode()           {}
func (*UnaryExpr) exprNode()           {}
func (*PostfixExpr) exprNode()         {}
func (*BinaryExpr) exprNode()          {}
func (*AssignExpr) exprNode()          {}
func (*CondExpr) exprNode()            {}
func (*CommaExpr) exprNode()           {}
func (*CallExpr) exprNode()            {}
func (*IndexExpr) exprNode()           {}
func (*MemberExpr) exprNode()          {}
func (*CastExpr) exprNode()            {}
func (*CompoundLit) exprNode()         {}
func (*SizeofExpr) exprNode()          {}
func (*StmtExpr) exprNode()            {}
func (*VaArgExpr) exprNode()           {}
func (*OffsetofExpr) exprNode()        {}
