package ast

// Stmt is a statement or a block item.
type Stmt interface {
	Node
	stmtNode()
}

// Block is a compound statement "{ ... }".
type Block struct {
	Range
	Items []Stmt `parser:"'{' @@* '}'"`
}

// DeclStmt is a declaration inside a block.
type DeclStmt struct {
	Range
	Decl *Decl `parser:"@@"`
}

// ExprStmt is an expression statement; X is nil for the empty statement ";".
type ExprStmt struct {
	Range
	X FullExpr `parser:"@@? ';'"`
}

// IfStmt is "if (Cond) Then else Else".
type IfStmt struct {
	Range
	Cond FullExpr `parser:"'if' '(' @@ ')'"`
	Then Stmt     `parser:"@@"`
	Else Stmt     `parser:"( 'else' @@ )?"`
}

// WhileStmt is "while (Cond) Body".
type WhileStmt struct {
	Range
	Cond FullExpr `parser:"'while' '(' @@ ')'"`
	Body Stmt     `parser:"@@"`
}

// DoStmt is "do Body while (Cond);".
type DoStmt struct {
	Range
	Body Stmt     `parser:"'do' @@"`
	Cond FullExpr `parser:"'while' '(' @@ ')' ';'"`
}

// ForStmt is "for (Init Cond; Post) Body". Init is a *DeclStmt, an
// *ExprStmt (possibly empty) — it includes its own ";".
type ForStmt struct {
	Range
	Init ForInit  `parser:"'for' '(' @@"`
	Cond FullExpr `parser:"@@? ';'"`
	Post FullExpr `parser:"@@? ')'"`
	Body Stmt     `parser:"@@"`
}

// ForInit is the first clause of a for or upc_forall header.
type ForInit struct {
	Range
	Decl *Decl    `parser:"  @@"`
	X    FullExpr `parser:"| @@? ';'"`
}

// ForallStmt is "upc_forall (Init Cond; Post; Affinity) Body" (UPC 6.6.2).
// Every clause is optional.
type ForallStmt struct {
	Range
	Init     ForInit   `parser:"'upc_forall' '(' @@"`
	Cond     FullExpr  `parser:"@@? ';'"`
	Post     FullExpr  `parser:"@@? ';'"`
	Affinity *Affinity `parser:"@@? ')'"`
	Body     Stmt      `parser:"@@"`
}

// Affinity is the fourth clause of upc_forall: "continue" or an integer or
// pointer-to-shared expression. A missing clause is a nil *Affinity.
type Affinity struct {
	Range
	Continue bool `parser:"  @'continue'"`
	X        Expr `parser:"| @@"`
}

// SwitchStmt is "switch (Tag) Body".
type SwitchStmt struct {
	Range
	Tag  FullExpr `parser:"'switch' '(' @@ ')'"`
	Body Stmt     `parser:"@@"`
}

// CaseStmt is "case Value: Body" or GNU "case Lo ... Hi: Body".
type CaseStmt struct {
	Range
	Value Expr `parser:"'case' @@"`
	High  Expr `parser:"( '...' @@ )? ':'"`
	Body  Stmt `parser:"@@"`
}

// DefaultStmt is "default: Body".
type DefaultStmt struct {
	Range
	Body Stmt `parser:"'default' ':' @@"`
}

// LabeledStmt is "Label: Body".
type LabeledStmt struct {
	Range
	Label *Ident       `parser:"@@ ':'"`
	Attrs []*Attribute `parser:"@@*"` // GNU label attributes: "out: __attribute__((unused))"
	Body  Stmt         `parser:"@@"`
}

// GotoStmt is "goto Label;" (or GNU "goto *X;", then Label is nil).
type GotoStmt struct {
	Range
	Label *Ident `parser:"'goto' ( @@"`
	X     Expr   `parser:"| '*' @@ ) ';'"`
}

// BreakStmt is "break;".
type BreakStmt struct {
	Range
	Break bool `parser:"@'break' ';'"`
}

// ContinueStmt is "continue;".
type ContinueStmt struct {
	Range
	Continue bool `parser:"@'continue' ';'"`
}

// ReturnStmt is "return X;".
type ReturnStmt struct {
	Range
	X FullExpr `parser:"'return' @@? ';'"`
}

// BarrierStmt is upc_barrier, upc_notify or upc_wait with an optional
// barrier id (UPC 6.6.1).
type BarrierStmt struct {
	Range
	Kind string   `parser:"@( 'upc_barrier' | 'upc_notify' | 'upc_wait' )"`
	ID   FullExpr `parser:"@@? ';'"`
}

// FenceStmt is "upc_fence;".
type FenceStmt struct {
	Range
	Fence bool `parser:"@'upc_fence' ';'"`
}

// PragmaStmt is a #pragma inside a block (e.g. "upc strict").
type PragmaStmt struct {
	Range
	Text string `parser:"@Pragma"`
}

// AsmStmt is a GNU asm statement; its operands are kept as raw tokens.
type AsmStmt struct {
	Range
	Keyword string   `parser:"@( '__asm__' | '__asm' | 'asm' )"`
	Quals   []string `parser:"@( 'volatile' | '__volatile__' | 'goto' | 'inline' )*"`
	// Body nests parentheses three deep, as operands with casts do:
	// "m" (*((const void **)p)).
	Body []string `parser:"'(' @( ~( '(' | ')' ) | '(' ( ~( '(' | ')' ) | '(' ( ~( '(' | ')' ) | '(' ~')'* ')' )* ')' )* ')' )* ')' ';'"`
}

func (*Block) stmtNode()        {}
func (*DeclStmt) stmtNode()     {}
func (*ExprStmt) stmtNode()     {}
func (*IfStmt) stmtNode()       {}
func (*WhileStmt) stmtNode()    {}
func (*DoStmt) stmtNode()       {}
func (*ForStmt) stmtNode()      {}
func (*ForallStmt) stmtNode()   {}
func (*SwitchStmt) stmtNode()   {}
func (*CaseStmt) stmtNode()     {}
func (*DefaultStmt) stmtNode()  {}
func (*LabeledStmt) stmtNode()  {}
func (*GotoStmt) stmtNode()     {}
func (*BreakStmt) stmtNode()    {}
func (*ContinueStmt) stmtNode() {}
func (*ReturnStmt) stmtNode()   {}
func (*BarrierStmt) stmtNode()  {}
func (*FenceStmt) stmtNode()    {}
func (*PragmaStmt) stmtNode()   {}
func (*AsmStmt) stmtNode()      {}
func (*StaticAssert) stmtNode() {}
