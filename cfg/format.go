package cfg

import (
	"strings"

	"github.com/upclint/upclint/grammar/ast"
)

// NodeString returns a one-line rendering of a node as it appears in a
// block: expressions in C syntax (fully parenthesized only where the tree
// says so), statements abbreviated (bodies are not printed, "{...}").
func NodeString(n ast.Node) string {
	var sb strings.Builder
	writeNode(&sb, n)
	return sb.String()
}

func writeNode(sb *strings.Builder, n ast.Node) {
	if isNil(n) {
		return
	}
	w := func(s string) { sb.WriteString(s) }
	switch n := n.(type) {
	case *ast.ExprStmt:
		writeNode(sb, n.X)
	case *ast.DeclStmt:
		writeNode(sb, n.Decl)
	case *ast.Decl:
		w("decl")
		for i, d := range n.Inits {
			if i > 0 {
				w(",")
			}
			w(" ")
			w(declName(d.Decl))
			if d.Init != nil {
				w(" = ")
				writeInit(sb, d.Init)
			}
		}
	case *ast.ReturnStmt:
		w("return")
		if !isNil(n.X) {
			w(" ")
			writeNode(sb, n.X)
		}
	case *ast.BarrierStmt:
		w(n.Kind)
		if !isNil(n.ID) {
			w(" ")
			writeNode(sb, n.ID)
		}
	case *ast.FenceStmt:
		w("upc_fence")
	case *ast.GotoStmt:
		w("goto ")
		if n.Label != nil {
			w(n.Label.Name)
		} else {
			w("*")
			writeNode(sb, n.X)
		}
	case *ast.PragmaStmt:
		w("#pragma " + n.Text)
	case *ast.AsmStmt:
		w("asm(...)")
	case *ast.Affinity:
		w("affinity ")
		if n.Continue {
			w("continue")
		} else {
			writeNode(sb, n.X)
		}
	case *ast.CaseStmt:
		w("case ")
		writeNode(sb, n.Value)
		if n.High != nil {
			w(" ... ")
			writeNode(sb, n.High)
		}
	case *ast.DefaultStmt:
		w("default")
	case ast.Stmt:
		w("{...}")

	case *ast.BadExpr:
		w("BAD")
	case *ast.Name:
		w(n.Name)
	case *ast.BasicLit:
		w(n.Value)
	case *ast.UPCConst:
		w(n.Name)
	case *ast.ParenExpr:
		w("(")
		writeNode(sb, n.X)
		w(")")
	case *ast.UnaryExpr:
		w(n.Op)
		writeNode(sb, n.X)
	case *ast.PostfixExpr:
		writeNode(sb, n.X)
		w(n.Op)
	case *ast.BinaryExpr:
		writeNode(sb, n.X)
		w(" " + n.Op + " ")
		writeNode(sb, n.Y)
	case *ast.AssignExpr:
		writeNode(sb, n.L)
		w(" " + n.Op + " ")
		writeNode(sb, n.R)
	case *ast.CondExpr:
		writeNode(sb, n.Cond)
		w(" ? ")
		writeNode(sb, n.Then)
		w(" : ")
		writeNode(sb, n.Else)
	case *ast.CommaExpr:
		for i, x := range n.List {
			if i > 0 {
				w(", ")
			}
			writeNode(sb, x)
		}
	case *ast.CallExpr:
		writeNode(sb, n.Fun)
		w("(")
		for i, x := range n.Args {
			if i > 0 {
				w(", ")
			}
			writeNode(sb, x)
		}
		w(")")
	case *ast.IndexExpr:
		writeNode(sb, n.X)
		w("[")
		writeNode(sb, n.Index)
		w("]")
	case *ast.MemberExpr:
		writeNode(sb, n.X)
		if n.Arrow {
			w("->")
		} else {
			w(".")
		}
		if n.Name != nil {
			w(n.Name.Name)
		}
	case *ast.CastExpr:
		w("(" + typeString(n.Type) + ")")
		writeNode(sb, n.X)
	case *ast.CompoundLit:
		w("(" + typeString(n.Type) + "){...}")
	case *ast.SizeofExpr:
		w(n.Op + "(")
		if n.Type != nil {
			w(typeString(n.Type))
		} else {
			writeNode(sb, n.X)
		}
		w(")")
	case *ast.StmtExpr:
		w("({...})")
	case *ast.VaArgExpr:
		w("va_arg(")
		writeNode(sb, n.X)
		w(", " + typeString(n.Type) + ")")
	case *ast.OffsetofExpr:
		w("offsetof(" + typeString(n.Type) + ", ...)")
	}
}

func writeInit(sb *strings.Builder, in *ast.Initializer) {
	if in.List != nil {
		sb.WriteString("{...}")
		return
	}
	writeNode(sb, in.X)
}

// declName returns the name a declarator declares, or "".
func declName(d *ast.Declarator) string {
	for d != nil && d.Direct != nil {
		if d.Direct.Name != nil {
			return d.Direct.Name.Name
		}
		d = d.Direct.Nested
	}
	return ""
}

// typeString renders a type name briefly: its specifiers and "*"s.
func typeString(t *ast.TypeName) string {
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
