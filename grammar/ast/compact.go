package ast

import (
	"strings"
)

// NodeString returns a one-line rendering of a node as it appears in a
// block: expressions in C syntax (fully parenthesized only where the tree
// says so), statements abbreviated (bodies are not printed, "{...}").
func NodeString(n Node) string {
	if IsNil(n) {
		return ""
	}
	var sb strings.Builder
	sb.Grow(32) // most are short; growing from nothing took three allocations
	writeNode(&sb, n)
	return sb.String()
}

func writeNode(sb *strings.Builder, n Node) {
	if IsNil(n) {
		return
	}
	w := func(s string) { sb.WriteString(s) }
	switch n := n.(type) {
	case *ExprStmt:
		writeNode(sb, n.X)
	case *DeclStmt:
		writeNode(sb, n.Decl)
	case *Decl:
		w("decl")
		for i, d := range n.Inits {
			if i > 0 {
				w(",")
			}
			w(" ")
			w(DeclaratorName(d.Decl))
			if d.Init != nil {
				w(" = ")
				writeInit(sb, d.Init)
			}
		}
	case *ReturnStmt:
		w("return")
		if !IsNil(n.X) {
			w(" ")
			writeNode(sb, n.X)
		}
	case *BarrierStmt:
		w(n.Kind)
		if !IsNil(n.ID) {
			w(" ")
			writeNode(sb, n.ID)
		}
	case *FenceStmt:
		w("upc_fence")
	case *GotoStmt:
		w("goto ")
		if n.Label != nil {
			w(n.Label.Name)
		} else {
			w("*")
			writeNode(sb, n.X)
		}
	case *PragmaStmt:
		w("#pragma " + n.Text)
	case *AsmStmt:
		w("asm(...)")
	case *Affinity:
		w("affinity ")
		if n.Continue {
			w("continue")
		} else {
			writeNode(sb, n.X)
		}
	case *CaseStmt:
		w("case ")
		writeNode(sb, n.Value)
		if n.High != nil {
			w(" ... ")
			writeNode(sb, n.High)
		}
	case *DefaultStmt:
		w("default")
	case Stmt:
		w("{...}")

	case *BadExpr:
		w("BAD")
	case *Name:
		w(n.Name)
	case *BasicLit:
		w(n.Value)
	case *UPCConst:
		w(n.Name)
	case *ParenExpr:
		w("(")
		writeNode(sb, n.X)
		w(")")
	case *UnaryExpr:
		w(n.Op)
		writeNode(sb, n.X)
	case *PostfixExpr:
		writeNode(sb, n.X)
		w(n.Op)
	case *BinaryExpr:
		writeNode(sb, n.X)
		w(" " + n.Op + " ")
		writeNode(sb, n.Y)
	case *AssignExpr:
		writeNode(sb, n.L)
		w(" " + n.Op + " ")
		writeNode(sb, n.R)
	case *CondExpr:
		writeNode(sb, n.Cond)
		w(" ? ")
		writeNode(sb, n.Then)
		w(" : ")
		writeNode(sb, n.Else)
	case *CommaExpr:
		for i, x := range n.List {
			if i > 0 {
				w(", ")
			}
			writeNode(sb, x)
		}
	case *CallExpr:
		writeNode(sb, n.Fun)
		w("(")
		for i, x := range n.Args {
			if i > 0 {
				w(", ")
			}
			writeNode(sb, x)
		}
		w(")")
	case *IndexExpr:
		writeNode(sb, n.X)
		w("[")
		writeNode(sb, n.Index)
		w("]")
	case *MemberExpr:
		writeNode(sb, n.X)
		if n.Arrow {
			w("->")
		} else {
			w(".")
		}
		if n.Name != nil {
			w(n.Name.Name)
		}
	case *CastExpr:
		w("(" + typeString(n.Type) + ")")
		writeNode(sb, n.X)
	case *CompoundLit:
		w("(" + typeString(n.Type) + "){...}")
	case *SizeofExpr:
		w(n.Op + "(")
		if n.Type != nil {
			w(typeString(n.Type))
		} else {
			writeNode(sb, n.X)
		}
		w(")")
	case *StmtExpr:
		w("({...})")
	case *VaArgExpr:
		w("va_arg(")
		writeNode(sb, n.X)
		w(", " + typeString(n.Type) + ")")
	case *OffsetofExpr:
		w("offsetof(" + typeString(n.Type) + ", ...)")
	case *GenericExpr:
		w("_Generic(")
		writeNode(sb, n.X)
		w(", ...)")
	case *TypesCompatibleExpr:
		w("__builtin_types_compatible_p(" + typeString(n.A) + ", " + typeString(n.B) + ")")
	}
}

func writeInit(sb *strings.Builder, in *Initializer) {
	if in.List != nil {
		sb.WriteString("{...}")
		return
	}
	writeNode(sb, in.X)
}

// DeclaratorName returns the name a declarator declares, or "".
func DeclaratorName(d *Declarator) string {
	if id := DeclaratorIdent(d); id != nil {
		return id.Name
	}
	return ""
}

// DeclaratorIdent returns the identifier a declarator declares, or nil.
func DeclaratorIdent(d *Declarator) *Ident {
	for d != nil && d.Direct != nil {
		if d.Direct.Name != nil {
			return d.Direct.Name
		}
		d = d.Direct.Nested
	}
	return nil
}

// typeString renders a type name briefly: its specifiers and "*"s.
func typeString(t *TypeName) string {
	if t == nil || t.Specs == nil {
		return "?"
	}
	var parts []string
	for _, s := range t.Specs.List {
		switch {
		case s.Keyword != "":
			parts = append(parts, s.Keyword)
		case s.Shared != nil:
			parts = append(parts, "shared")
		case s.Record != nil:
			name := ""
			if s.Record.Name != nil {
				name = " " + s.Record.Name.Name
			}
			parts = append(parts, s.Record.Kind+name)
		case s.Enum != nil:
			parts = append(parts, "enum")
		case s.TypeName != nil:
			parts = append(parts, s.TypeName.Name)
		}
	}
	out := strings.Join(parts, " ")
	if t.Decl != nil {
		out += strings.Repeat("*", len(t.Decl.Ptrs))
	}
	return out
}
