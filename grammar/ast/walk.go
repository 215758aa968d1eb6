package ast

import (
	"fmt"
	gotoken "go/token"
)

// Start is the position of the first declaration.
func (f *File) Start() gotoken.Pos {
	if len(f.Decls) == 0 {
		return gotoken.NoPos
	}
	return f.Decls[0].Start()
}

// End is the end of the last declaration.
func (f *File) End() gotoken.Pos {
	if len(f.Decls) == 0 {
		return gotoken.NoPos
	}
	return f.Decls[len(f.Decls)-1].End()
}

// Span covers every token of the file.
func (f *File) Span() (first, end int) { return 0, len(f.Tokens) }

// A Visitor's Visit method is invoked for each node encountered by Walk.
// If the result visitor w is not nil, Walk visits each of the children of
// node with the visitor w, followed by a call of w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses a syntax tree in depth-first order, visiting the children
// of each node in source order: it starts by calling v.Visit(node); node
// must not be nil. Absent optional children (nil pointers and interfaces)
// are not visited. A *File is a Node too.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	switch n := node.(type) {
	case *File:
		for _, d := range n.Decls {
			Walk(v, d)
		}
	case *BadDecl, *DeferredDecl, *EmptyDecl, *PragmaDecl, *Ident, *TypedefName, *AsmLabel,
		*BreakStmt, *ContinueStmt, *FenceStmt, *PragmaStmt, *AsmStmt,
		*BadExpr, *Name, *BasicLit, *UPCConst:
		// leaves
	case *AsmDecl:
		walkNode(v, n.Asm)
	case *StaticAssert:
		walkExpr(v, n.Cond)
	case *Decl:
		walkNode(v, n.Specs)
		for _, x := range n.Inits {
			Walk(v, x)
		}
		for _, x := range n.KRDecls {
			Walk(v, x)
		}
		walkNode(v, n.Body)
	case *DeclSpecs:
		for _, x := range n.List {
			Walk(v, x)
		}
	case *Spec:
		walkNode(v, n.Shared)
		walkNode(v, n.Record)
		walkNode(v, n.Enum)
		walkNode(v, n.TypeName)
		walkNode(v, n.Typeof)
		walkNode(v, n.Attr)
	case *SharedQual:
		walkNode(v, n.Layout)
	case *Layout:
		walkExpr(v, n.Size)
	case *RecordSpec:
		walkList(v, n.Attrs)
		walkNode(v, n.Name)
		j := 0 // members and assertions in source order
		for _, x := range n.Fields {
			for ; j < len(n.Asserts) && n.Asserts[j].Start() < x.Start(); j++ {
				Walk(v, n.Asserts[j])
			}
			Walk(v, x)
		}
		walkList(v, n.Asserts[j:])
		walkList(v, n.Trailer)
	case *FieldDecl:
		walkNode(v, n.Specs)
		for _, x := range n.Decls {
			Walk(v, x)
		}
	case *FieldDeclarator:
		walkNode(v, n.Decl)
		walkExpr(v, n.Width)
		walkList(v, n.Attrs)
	case *EnumSpec:
		walkList(v, n.Attrs)
		walkNode(v, n.Name)
		for _, x := range n.Items {
			Walk(v, x)
		}
	case *Enumerator:
		walkNode(v, n.Name)
		walkList(v, n.Attrs)
		walkExpr(v, n.Value)
	case *TypeofSpec:
		walkNode(v, n.Type)
		walkExpr(v, n.X)
	case *Attribute:
		for _, x := range n.Items {
			Walk(v, x)
		}
	case *AttrItem:
		walkNode(v, n.Type)
		for _, x := range n.Args {
			walkExpr(v, x)
		}
	case *InitDeclarator:
		walkNode(v, n.Decl)
		walkNode(v, n.Asm)
		walkList(v, n.Attrs)
		walkNode(v, n.Init)
	case *Declarator:
		walkList(v, n.Attrs)
		for _, x := range n.Ptrs {
			Walk(v, x)
		}
		walkNode(v, n.Direct)
	case *Pointer:
		for _, x := range n.Quals {
			Walk(v, x)
		}
	case *DirectDecl:
		walkNode(v, n.Name)
		walkNode(v, n.Nested)
		for _, x := range n.Suffixes {
			Walk(v, x)
		}
	case *DeclSuffix:
		walkNode(v, n.Array)
		walkNode(v, n.Params)
	case *ArraySuffix:
		for _, x := range n.Quals {
			Walk(v, x)
		}
		walkExpr(v, n.Size)
	case *ParamList:
		for _, x := range n.Params {
			Walk(v, x)
		}
		for _, x := range n.Names {
			Walk(v, x)
		}
	case *ParamDecl:
		walkNode(v, n.Specs)
		walkNode(v, n.Decl)
		walkList(v, n.Attrs)
	case *TypeName:
		walkNode(v, n.Specs)
		walkNode(v, n.Decl)
	case *Initializer:
		walkNode(v, n.List)
		walkExpr(v, n.X)
	case *InitList:
		for _, x := range n.Items {
			Walk(v, x)
		}
	case *InitItem:
		for _, x := range n.Designators {
			Walk(v, x)
		}
		walkNode(v, n.Init)
	case *Designator:
		walkNode(v, n.Field)
		walkExpr(v, n.Index)
		walkExpr(v, n.High)

	// statements
	case *Block:
		for _, s := range n.Items {
			Walk(v, s)
		}
	case *DeclStmt:
		walkNode(v, n.Decl)
	case *ExprStmt:
		walkExpr(v, n.X)
	case *IfStmt:
		walkExpr(v, n.Cond)
		walkStmt(v, n.Then)
		walkStmt(v, n.Else)
	case *WhileStmt:
		walkExpr(v, n.Cond)
		walkStmt(v, n.Body)
	case *DoStmt:
		walkStmt(v, n.Body)
		walkExpr(v, n.Cond)
	case *ForStmt:
		Walk(v, &n.Init)
		walkExpr(v, n.Cond)
		walkExpr(v, n.Post)
		walkStmt(v, n.Body)
	case *ForInit:
		walkNode(v, n.Decl)
		walkExpr(v, n.X)
	case *ForallStmt:
		Walk(v, &n.Init)
		walkExpr(v, n.Cond)
		walkExpr(v, n.Post)
		walkNode(v, n.Affinity)
		walkStmt(v, n.Body)
	case *Affinity:
		walkExpr(v, n.X)
	case *SwitchStmt:
		walkExpr(v, n.Tag)
		walkStmt(v, n.Body)
	case *CaseStmt:
		walkExpr(v, n.Value)
		walkExpr(v, n.High)
		walkStmt(v, n.Body)
	case *DefaultStmt:
		walkStmt(v, n.Body)
	case *LabeledStmt:
		walkNode(v, n.Label)
		walkList(v, n.Attrs)
		walkStmt(v, n.Body)
	case *GotoStmt:
		walkNode(v, n.Label)
		walkExpr(v, n.X)
	case *ReturnStmt:
		walkExpr(v, n.X)
	case *BarrierStmt:
		walkExpr(v, n.ID)

	// expressions
	case *ParenExpr:
		walkExpr(v, n.X)
	case *UnaryExpr:
		walkExpr(v, n.X)
	case *PostfixExpr:
		walkExpr(v, n.X)
	case *BinaryExpr:
		walkExpr(v, n.X)
		walkExpr(v, n.Y)
	case *AssignExpr:
		walkExpr(v, n.L)
		walkExpr(v, n.R)
	case *CondExpr:
		walkExpr(v, n.Cond)
		walkExpr(v, n.Then)
		walkExpr(v, n.Else)
	case *CommaExpr:
		for _, x := range n.List {
			walkExpr(v, x)
		}
	case *CallExpr:
		walkExpr(v, n.Fun)
		for _, x := range n.Args {
			walkExpr(v, x)
		}
	case *IndexExpr:
		walkExpr(v, n.X)
		walkExpr(v, n.Index)
	case *MemberExpr:
		walkExpr(v, n.X)
		walkNode(v, n.Name)
	case *CastExpr:
		walkNode(v, n.Type)
		walkExpr(v, n.X)
	case *CompoundLit:
		walkNode(v, n.Type)
		walkNode(v, n.Init)
	case *SizeofExpr:
		walkExpr(v, n.X)
		walkNode(v, n.Type)
	case *StmtExpr:
		walkNode(v, n.Body)
	case *VaArgExpr:
		walkExpr(v, n.X)
		walkNode(v, n.Type)
	case *OffsetofExpr:
		walkNode(v, n.Type)
		for _, x := range n.Path {
			Walk(v, x)
		}
	case *GenericExpr:
		walkExpr(v, n.X)
		for _, a := range n.Assocs {
			Walk(v, a)
		}
	case *GenericAssoc:
		walkNode(v, n.Type)
		walkExpr(v, n.X)
	case *TypesCompatibleExpr:
		walkNode(v, n.A)
		walkNode(v, n.B)
	default:
		panic("ast.Walk: unexpected node type " + typeName(node))
	}
	v.Visit(nil)
}

// walkNode walks a child held in a typed pointer, skipping nil.
func walkNode[T any, P interface {
	*T
	Node
}](v Visitor, n P) {
	if n != nil {
		Walk(v, n)
	}
}

func walkList[T any, P interface {
	*T
	Node
}](v Visitor, list []P) {
	for _, n := range list {
		walkNode(v, n)
	}
}

func walkExpr(v Visitor, x Expr) {
	if x != nil {
		Walk(v, x)
	}
}

func walkStmt(v Visitor, s Stmt) {
	if s != nil {
		Walk(v, s)
	}
}

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if f(node) {
		return f
	}
	return nil
}

// Inspect traverses a syntax tree in depth-first order, children in source
// order: it starts by calling f(node); node must not be nil. If f returns
// true, Inspect invokes f recursively for each of the non-nil children of
// node, followed by a call of f(nil).
func Inspect(node Node, f func(Node) bool) {
	Walk(inspector(f), node)
}

func typeName(n Node) string { return fmt.Sprintf("%T", n) }
