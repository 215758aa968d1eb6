// Package ssa is the static single-assignment form of a UPC function, built
// on its control-flow graph (package cfg).
//
// Promotable variables (scalar locals and parameters whose address is never
// taken, neither volatile nor shared; the caller may decide) live in
// registers: each assignment is a new Value and φ-nodes merge them where
// control flow joins (Cytron et al.: φ at the iterated dominance frontier
// of the assignments, then renaming along the dominator tree). Everything
// else is memory: Load and Store for private memory, Get and Put for
// shared memory, BulkCopy for upc_memget, upc_memput, upc_memcpy and
// upc_memset. UPC synchronisation (Barrier) and the affinity test of a
// upc_forall iteration (Affinity) are instructions of their own.
//
// Every instruction has a position. There is one BasicBlock per reachable
// block of the graph, with the same index; each ends in exactly one
// control instruction (Jump, If, Switch, Return, ComputedGoto, Halt, Exit).
//
// Conditions of if, loops and upc_forall are split at && || ?: by the
// graph, so they are exact. In other expressions && || and ?: are
// evaluated as plain operators (BinOp, Select): both operands are
// computed, which over-approximates their side effects.
package ssa

import (
	gotoken "go/token"
	"strconv"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
)

// Function is the SSA form of one function definition.
type Function struct {
	Name   string
	Graph  *cfg.Graph
	Params []*Parameter
	Vars   []*Var        // locals and parameters, in declaration order
	Blocks []*BasicBlock // reachable blocks, by index (Blocks[0] is the entry)
	// Promoted lists the variables held in registers.
	Promoted []*Var

	blockOf  []*BasicBlock // by cfg block index
	globals  map[*Var]*Global
	nextNum  int
	resolver *resolver
}

// BlockOf returns the SSA block of a reachable cfg block, or nil.
func (f *Function) BlockOf(b *cfg.Block) *BasicBlock { return f.blockOf[b.Index] }

// VarOf returns the variable a name in the function's body denotes.
func (f *Function) VarOf(n *ast.Name) *Var { return f.resolver.uses[n] }

// VarDecl returns the variable a declaring identifier declares.
func (f *Function) VarDecl(id *ast.Ident) *Var { return f.resolver.defs[id] }

// BasicBlock is a block of instructions.
type BasicBlock struct {
	Index  int // the index of CFG in its graph
	CFG    *cfg.Block
	Instrs []Instruction
	Preds  []*BasicBlock
	Succs  []*BasicBlock
	parent *Function
}

// Parent returns the function the block belongs to.
func (b *BasicBlock) Parent() *Function { return b.parent }

// Value is something an instruction can use.
type Value interface {
	// Name is the value's name in listings: "t3", "n" (a parameter),
	// "42:int" style constants are printed by String.
	Name() string
	String() string
	Pos() gotoken.Pos
	// Referrers returns the instructions that use the value (nil for
	// constants and globals, whose uses are not tracked).
	Referrers() *[]Instruction
}

// Instruction is an element of BasicBlock.Instrs.
type Instruction interface {
	String() string
	Pos() gotoken.Pos
	Block() *BasicBlock
	// Operands appends the addresses of the instruction's operands.
	Operands(rands []*Value) []*Value
	setBlock(*BasicBlock)
}

// anInstruction is embedded in every instruction.
type anInstruction struct {
	block *BasicBlock
	pos   gotoken.Pos
}

func (i *anInstruction) Block() *BasicBlock     { return i.block }
func (i *anInstruction) setBlock(b *BasicBlock) { i.block = b }
func (i *anInstruction) Pos() gotoken.Pos       { return i.pos }

// register is embedded in instructions that are values.
type register struct {
	anInstruction
	num       int
	referrers []Instruction
}

func (r *register) Name() string              { return "t" + strconv.Itoa(r.num) }
func (r *register) Referrers() *[]Instruction { return &r.referrers }

// Const is a constant: a literal, sizeof, THREADS, MYTHREAD, a label
// address, or the indeterminate value of an uninitialized variable.
type Const struct {
	Expr  ast.Expr // the source expression (nil for Undef)
	Value string   // its spelling
	// Int is the value of an integer constant, IsInt says whether it is one.
	Int   int64
	IsInt bool
	// UPC is MYTHREAD, THREADS or UPC_MAX_BLOCK_SIZE.
	UPC string
	// Undef marks the value of a variable read before any assignment.
	Undef bool
	Var   *Var // for Undef: the variable
}

func (c *Const) Name() string              { return c.String() }
func (c *Const) Referrers() *[]Instruction { return nil }
func (c *Const) Pos() gotoken.Pos {
	if c.Expr != nil {
		return c.Expr.Start()
	}
	return gotoken.NoPos
}

// Parameter is the value of a parameter on entry.
type Parameter struct {
	Var       *Var
	pos       gotoken.Pos
	referrers []Instruction
}

func (p *Parameter) Name() string              { return p.Var.Name }
func (p *Parameter) String() string            { return "parameter " + p.Var.Name }
func (p *Parameter) Pos() gotoken.Pos          { return p.pos }
func (p *Parameter) Referrers() *[]Instruction { return &p.referrers }

// Global is the address of a variable or function declared outside the
// function (or of a block-scope static).
type Global struct {
	Var *Var
}

func (g *Global) Name() string              { return "@" + g.Var.Name }
func (g *Global) String() string            { return "global " + g.Var.Name }
func (g *Global) Referrers() *[]Instruction { return nil }
func (g *Global) Pos() gotoken.Pos {
	if g.Var.Ident != nil {
		return g.Var.Ident.Start()
	}
	return gotoken.NoPos
}

// Alloc is the address of a local that lives in memory. Allocs are at the
// start of the entry block.
type Alloc struct {
	register
	Var *Var
}

// Phi merges the values of a variable at a join: Edges[i] comes from
// Block().Preds[i].
type Phi struct {
	register
	Edges []Value
	Var   *Var
}

// UnOp is a unary operator: - + ! ~.
type UnOp struct {
	register
	Op string
	X  Value
}

// BinOp is a binary operator (arithmetic, shifts, comparisons, bitwise,
// and && || evaluated without short circuit).
type BinOp struct {
	register
	Op   string
	X, Y Value
}

// Select is c ? x : y in a value context (all three are computed).
type Select struct {
	register
	Cond, X, Y Value
}

// Convert is a cast.
type Convert struct {
	register
	X    Value
	Type *ast.TypeName
}

// Call calls a function: by name (Callee, with Fun the global) or through
// a pointer (Callee "", Fun the pointer).
type Call struct {
	register
	Callee string
	Fun    Value
	Args   []Value
	Expr   *ast.CallExpr
}

// IndexAddr is the address of element Index of the array or pointer X.
type IndexAddr struct {
	register
	X, Index Value
	Shared   bool // the element is shared
}

// FieldAddr is the address of member Field of the struct X points to.
type FieldAddr struct {
	register
	X     Value
	Field string
}

// Load reads private memory.
type Load struct {
	register
	Addr Value
	Expr ast.Expr // the lvalue read
}

// Get reads shared memory (possibly remote).
type Get struct {
	register
	Addr Value
	Expr ast.Expr
}

// Opaque is the value of an expression the form does not model (compound
// literal, va_arg, initializer list).
type Opaque struct {
	register
	Expr ast.Node
}

// Affinity is the affinity test of one upc_forall iteration: true when
// the iteration runs on this thread (X % THREADS == MYTHREAD for an
// integer, upc_threadof(X) == MYTHREAD for a pointer-to-shared).
type Affinity struct {
	register
	X       Value
	Pointer bool // X is a pointer-to-shared
	Stmt    *ast.ForallStmt
}

// Store writes private memory.
type Store struct {
	anInstruction
	Addr, Val Value
	Expr      ast.Expr // the lvalue written
}

// Put writes shared memory.
type Put struct {
	anInstruction
	Addr, Val Value
	Expr      ast.Expr
}

// BulkCopy is upc_memget, upc_memput, upc_memcpy or upc_memset (Op is
// the function's name; Src is the byte value for upc_memset).
type BulkCopy struct {
	anInstruction
	Op          string
	Dst, Src, N Value
	Call        *ast.CallExpr
}

// Barrier is upc_barrier, upc_notify, upc_wait (with an optional ID) or
// upc_fence.
type Barrier struct {
	anInstruction
	Kind string
	ID   Value // nil if none
	Stmt ast.Stmt
}

// Jump transfers control to the only successor.
type Jump struct{ anInstruction }

// If transfers control to Succs[0] if Cond is true, else to Succs[1].
type If struct {
	anInstruction
	Cond Value
}

// Switch transfers control to the successor of the matching label;
// Labels[i] is the *ast.CaseStmt or *ast.DefaultStmt of Succs[i], nil for
// the implicit default of a switch without one.
type Switch struct {
	anInstruction
	Tag    Value
	Labels []ast.Stmt
}

// Return leaves the function (its only successor is the exit block).
type Return struct {
	anInstruction
	X Value // nil for "return;"
}

// ComputedGoto jumps to one of the address-taken labels.
type ComputedGoto struct {
	anInstruction
	X Value
}

// Halt ends a block whose last call never returns; its successor is the
// exit block.
type Halt struct {
	anInstruction
	Call *ast.CallExpr
}

// Exit ends the exit block.
type Exit struct{ anInstruction }

func (v *Alloc) Operands(r []*Value) []*Value     { return r }
func (v *Phi) Operands(r []*Value) []*Value       { return appendAddrs(r, v.Edges) }
func (v *UnOp) Operands(r []*Value) []*Value      { return append(r, &v.X) }
func (v *BinOp) Operands(r []*Value) []*Value     { return append(r, &v.X, &v.Y) }
func (v *Select) Operands(r []*Value) []*Value    { return append(r, &v.Cond, &v.X, &v.Y) }
func (v *Convert) Operands(r []*Value) []*Value   { return append(r, &v.X) }
func (v *Call) Operands(r []*Value) []*Value      { return appendAddrs(append(r, &v.Fun), v.Args) }
func (v *IndexAddr) Operands(r []*Value) []*Value { return append(r, &v.X, &v.Index) }
func (v *FieldAddr) Operands(r []*Value) []*Value { return append(r, &v.X) }
func (v *Load) Operands(r []*Value) []*Value      { return append(r, &v.Addr) }
func (v *Get) Operands(r []*Value) []*Value       { return append(r, &v.Addr) }
func (v *Opaque) Operands(r []*Value) []*Value    { return r }
func (v *Affinity) Operands(r []*Value) []*Value  { return append(r, &v.X) }
func (v *Store) Operands(r []*Value) []*Value     { return append(r, &v.Addr, &v.Val) }
func (v *Put) Operands(r []*Value) []*Value       { return append(r, &v.Addr, &v.Val) }
func (v *BulkCopy) Operands(r []*Value) []*Value  { return append(r, &v.Dst, &v.Src, &v.N) }
func (v *Barrier) Operands(r []*Value) []*Value   { return append(r, &v.ID) }
func (v *Jump) Operands(r []*Value) []*Value      { return r }
func (v *If) Operands(r []*Value) []*Value        { return append(r, &v.Cond) }
func (v *Switch) Operands(r []*Value) []*Value    { return append(r, &v.Tag) }
func (v *Return) Operands(r []*Value) []*Value    { return append(r, &v.X) }
func (v *ComputedGoto) Operands(r []*Value) []*Value {
	return append(r, &v.X)
}
func (v *Halt) Operands(r []*Value) []*Value { return r }
func (v *Exit) Operands(r []*Value) []*Value { return r }

func appendAddrs(r []*Value, vs []Value) []*Value {
	for i := range vs {
		r = append(r, &vs[i])
	}
	return r
}

// IsControl reports whether instr ends a block.
func IsControl(instr Instruction) bool {
	switch instr.(type) {
	case *Jump, *If, *Switch, *Return, *ComputedGoto, *Halt, *Exit:
		return true
	}
	return false
}
