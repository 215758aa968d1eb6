// Package cfg builds the control-flow graph of a UPC function and computes
// the facts the analyses share: dominator and post-dominator trees,
// dominance frontiers, control dependence, and the loop forest with
// induction variables. The SSA form of a function is built on top of the
// graph by package cfg/ssa.
//
// A Graph is built from the syntax tree alone (package grammar/ast); what
// needs type information is asked of the caller through Options.
//
// Every C and UPC construct has explicit edges: conditions are decomposed
// at && || ?: and ! so that control dependence sees each sub-condition, a
// upc_forall iteration tests its affinity in a block of its own, switch
// dispatch has one edge per case label, a call to a function that never
// returns (exit, abort, upc_global_exit, ...) jumps to the Exit block, and
// each barrier statement sits alone in its block.
package cfg

import (
	"fmt"
	gotoken "go/token"
	"sync"

	"github.com/upclint/upclint/grammar/ast"
)

// Graph is the control-flow graph of one function definition.
type Graph struct {
	Func *ast.Decl // the function definition
	Name string    // the function's name ("" if the declarator has none)

	// Blocks holds every block, reachable or not, indexed by Block.Index.
	// Blocks[0] is Entry and Blocks[1] is Exit.
	Blocks []*Block
	Entry  *Block // where execution starts; it has no predecessors
	Exit   *Block // the one block that leaves the function; it has no successors

	// Labels maps each label of the function to its block.
	Labels map[string]*Block
	// AddrLabels lists the labels whose address is taken (GNU &&label), the
	// possible targets of a computed goto, in source order.
	AddrLabels []string
	// StmtExprValue maps each statement expression to the expression whose
	// value it yields (its last expression statement), or to nil.
	StmtExprValue map[*ast.StmtExpr]ast.Expr

	// initDecls and addrOfs are the init-declarators and the & operators
	// of the body, in the order Inspect visits them.
	initDecls []*ast.InitDeclarator
	addrOfs   []*ast.UnaryExpr
	stmtExprs bool // the body has a statement expression

	succIdx, predIdx [][]int32 // see adjacency
	dom, pdom        *domTree
	loops            *LoopForest
	factsOnce        sync.Once
	facts            *funcFacts
	readOnly         func(*ast.Name) bool
	shared           func(ast.Expr) bool
}

// Block is a basic block: a sequence of nodes executed in order, followed
// by a transfer of control to one of its successors.
type Block struct {
	Index int
	// Kind says what the block is for, e.g. "entry", "if.then", "for.cond",
	// "forall.affinity", "switch.case", "label", "barrier", "unreachable".
	Kind string
	// Nodes are the statements and expressions executed by the block, in
	// order. They are *ast.ExprStmt, *ast.DeclStmt, *ast.Decl (a for-loop
	// declaration), ast.Expr (conditions, loop clauses, a switch tag),
	// *ast.Affinity, *ast.ReturnStmt, *ast.BarrierStmt, *ast.FenceStmt,
	// *ast.GotoStmt (computed), *ast.AsmStmt and *ast.PragmaStmt. When the
	// block has several successors the last node decides between them
	// (Control).
	Nodes []ast.Node
	// Stmt is the statement the block belongs to (nil for Entry and Exit).
	Stmt ast.Stmt
	// Succs are the successors; Edges[i] describes the edge to Succs[i].
	// A two-way branch has the true edge first.
	Succs []*Block
	Edges []Edge
	Preds []*Block

	// Live reports whether the block is reachable from Entry.
	Live bool
	// ForallDepth is the number of upc_forall bodies containing the block.
	// (int32 next to Live keeps a Block within a 256-byte allocation.)
	ForallDepth int32
	// Forall is the innermost upc_forall whose body contains the block, or
	// nil. The header, affinity test and step of a forall are not in its
	// body.
	Forall *ast.ForallStmt
	// NoReturn is the call that never returns at the end of the block, if
	// any; the block's only successor is then Exit.
	NoReturn *ast.CallExpr

	Comment string // free text shown by the printers

	// Inline storage for the first two successors, edges and predecessors,
	// which is all most blocks have.
	succBuf [2]*Block
	edgeBuf [2]Edge
	predBuf [2]*Block
}

// EdgeKind says why control flows along an edge.
type EdgeKind uint8

// Edge kinds.
const (
	Jump     EdgeKind = iota // unconditional
	True                     // condition true (or affinity test passed)
	False                    // condition false (or affinity test failed)
	Case                     // switch: to a case label (Edge.Label)
	Default                  // switch: to default, or past the body when there is none
	Computed                 // computed goto to an address-taken label
	Return                   // return statement to Exit
	NoReturn                 // call that never returns, to Exit
)

var edgeKindNames = [...]string{"jump", "true", "false", "case", "default", "computed", "return", "noreturn"}

func (k EdgeKind) String() string { return edgeKindNames[k] }

// Edge describes a control-flow edge.
type Edge struct {
	Kind EdgeKind
	// Label is the *ast.CaseStmt or *ast.DefaultStmt of a switch edge (nil
	// for the Default edge of a switch without default).
	Label ast.Stmt
}

// String returns a short label for the edge, e.g. "true" or "case".
func (e Edge) String() string { return e.Kind.String() }

// Control returns the node whose value chooses among several successors:
// a condition, a switch tag, an *ast.Affinity or a computed goto. It is
// nil when the block has at most one successor.
func (b *Block) Control() ast.Node {
	if len(b.Succs) < 2 || len(b.Nodes) == 0 {
		return nil
	}
	return b.Nodes[len(b.Nodes)-1]
}

// Pos returns the position of the block's first node, or of its statement.
func (b *Block) Pos() gotoken.Pos {
	if len(b.Nodes) > 0 {
		return b.Nodes[0].Start()
	}
	if b.Stmt != nil {
		return b.Stmt.Start()
	}
	return gotoken.NoPos
}

// String returns "b3 (for.cond)".
func (b *Block) String() string { return fmt.Sprintf("b%d (%s)", b.Index, b.Kind) }

// SuccIndex returns the index of s among b's successors, or -1.
func (b *Block) SuccIndex(s *Block) int {
	for i, x := range b.Succs {
		if x == s {
			return i
		}
	}
	return -1
}

// PredIndex returns the index of p among b's predecessors, or -1.
func (b *Block) PredIndex(p *Block) int {
	for i, x := range b.Preds {
		if x == p {
			return i
		}
	}
	return -1
}

// InitDeclarators returns the init-declarators of the function body, live
// or not, in the order Inspect visits them. The slice is shared: callers
// must not modify it.
func (g *Graph) InitDeclarators() []*ast.InitDeclarator { return g.initDecls }

// AddressOfs returns the unary & expressions of the function body, live or
// not, in the order Inspect visits them. The slice is shared: callers must
// not modify it.
func (g *Graph) AddressOfs() []*ast.UnaryExpr { return g.addrOfs }

// HasStmtExprs reports whether the function body contains a statement
// expression anywhere, unevaluated operands included. Without one, every
// statement of the body is reached by InspectStmts.
func (g *Graph) HasStmtExprs() bool { return g.stmtExprs }

// LiveBlocks returns the reachable blocks in index order.
func (g *Graph) LiveBlocks() []*Block {
	var out []*Block
	for _, b := range g.Blocks {
		if b.Live {
			out = append(out, b)
		}
	}
	return out
}

// BlockOf returns the block whose Nodes contain n, or nil.
func (g *Graph) BlockOf(n ast.Node) *Block {
	for _, b := range g.Blocks {
		for _, m := range b.Nodes {
			if m == n {
				return b
			}
		}
	}
	return nil
}
