package ssa

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
)

// relName is the name of v as an operand.
func relName(v Value) string {
	if v == nil {
		return "<nil>"
	}
	return v.Name()
}

func (c *Const) String() string {
	switch {
	case c.Undef && c.Var != nil:
		return "undef:" + c.Var.Name
	case c.Undef:
		return "undef"
	}
	return c.Value
}

func (v *Alloc) String() string { return "local " + v.Var.Name }
func (v *Phi) String() string {
	var sb strings.Builder
	sb.WriteString("phi [")
	for i, e := range v.Edges {
		if i > 0 {
			sb.WriteString(", ")
		}
		pred := -1
		if v.block != nil && i < len(v.block.Preds) {
			pred = v.block.Preds[i].Index
		}
		fmt.Fprintf(&sb, "%d: %s", pred, relName(e))
	}
	sb.WriteString("] #" + v.Var.Name)
	return sb.String()
}
func (v *UnOp) String() string  { return v.Op + relName(v.X) }
func (v *BinOp) String() string { return relName(v.X) + " " + v.Op + " " + relName(v.Y) }
func (v *Select) String() string {
	return relName(v.Cond) + " ? " + relName(v.X) + " : " + relName(v.Y)
}
func (v *Convert) String() string {
	return "convert (" + ast.NodeString(v.Type) + ") " + relName(v.X)
}
func (v *Call) String() string {
	var sb strings.Builder
	if v.Callee != "" {
		sb.WriteString(v.Callee)
	} else {
		sb.WriteString("(*" + relName(v.Fun) + ")")
	}
	sb.WriteString("(")
	for i, a := range v.Args {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(relName(a))
	}
	sb.WriteString(")")
	return sb.String()
}
func (v *IndexAddr) String() string {
	s := "&" + relName(v.X) + "[" + relName(v.Index) + "]"
	if v.Shared {
		s += " shared"
	}
	return s
}
func (v *FieldAddr) String() string { return "&" + relName(v.X) + "->" + v.Field }
func (v *Load) String() string      { return "load " + relName(v.Addr) }
func (v *Get) String() string       { return "get " + relName(v.Addr) }
func (v *Opaque) String() string    { return "opaque " + ast.NodeString(v.Expr) }
func (v *Affinity) String() string {
	if v.Pointer {
		return "affinity upc_threadof(" + relName(v.X) + ") == MYTHREAD"
	}
	return "affinity " + relName(v.X) + " % THREADS == MYTHREAD"
}
func (v *Store) String() string { return "store " + relName(v.Addr) + " = " + relName(v.Val) }
func (v *Put) String() string   { return "put " + relName(v.Addr) + " = " + relName(v.Val) }
func (v *BulkCopy) String() string {
	return fmt.Sprintf("%s(%s, %s, %s)", v.Op, relName(v.Dst), relName(v.Src), relName(v.N))
}
func (v *Barrier) String() string {
	if v.ID != nil {
		return v.Kind + " " + relName(v.ID)
	}
	return v.Kind
}
func (v *Jump) String() string {
	if v.block != nil && len(v.block.Succs) == 1 {
		return fmt.Sprintf("jump %d", v.block.Succs[0].Index)
	}
	return "jump ?"
}
func (v *If) String() string {
	if v.block != nil && len(v.block.Succs) == 2 {
		return fmt.Sprintf("if %s goto %d else %d", relName(v.Cond), v.block.Succs[0].Index, v.block.Succs[1].Index)
	}
	return "if " + relName(v.Cond) + " goto ?"
}
func (v *Switch) String() string {
	var sb strings.Builder
	sb.WriteString("switch " + relName(v.Tag))
	for i, l := range v.Labels {
		to := -1
		if v.block != nil && i < len(v.block.Succs) {
			to = v.block.Succs[i].Index
		}
		label := "default"
		if l != nil {
			label = ast.NodeString(l)
		}
		fmt.Fprintf(&sb, "; %s: %d", label, to)
	}
	return sb.String()
}
func (v *Return) String() string {
	if v.X != nil {
		return "return " + relName(v.X)
	}
	return "return"
}
func (v *ComputedGoto) String() string { return "goto *" + relName(v.X) }
func (v *Halt) String() string {
	if v.Call != nil {
		return "halt (" + ast.CalleeName(v.Call) + " does not return)"
	}
	return "halt"
}
func (v *Exit) String() string { return "exit" }

// WriteTo writes a listing of the function in the style of go/ssa:
//
//	# Name: f
//	func f(n):
//	0: entry                                             P:0 S:1
//		t0 = n < 10
//		...
func (f *Function) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "# Name: %s\n", f.Name)
	if len(f.Promoted) > 0 {
		var names []string
		for _, v := range f.Promoted {
			names = append(names, v.Name)
		}
		fmt.Fprintf(&buf, "# Registers: %s\n", strings.Join(names, " "))
	}
	var params []string
	for _, p := range f.Params {
		params = append(params, p.Var.Name)
	}
	fmt.Fprintf(&buf, "func %s(%s):\n", f.Name, strings.Join(params, ", "))
	for _, bb := range f.Blocks {
		head := fmt.Sprintf("%d: %s", bb.Index, bb.CFG.Kind)
		if bb.CFG.Forall != nil {
			head += " (forall)"
		}
		fmt.Fprintf(&buf, "%-50s P:%d S:%d\n", head, len(bb.Preds), len(bb.Succs))
		for _, instr := range bb.Instrs {
			buf.WriteString("\t")
			if v, ok := instr.(Value); ok {
				if _, isAlloc := instr.(*Alloc); isAlloc || v.Referrers() == nil || len(*v.Referrers()) > 0 || !isCall(instr) {
					fmt.Fprintf(&buf, "%s = ", v.Name())
				}
			}
			buf.WriteString(instr.String())
			buf.WriteString("\n")
		}
	}
	n, err := w.Write(buf.Bytes())
	return int64(n), err
}

func isCall(instr Instruction) bool {
	_, ok := instr.(*Call)
	return ok
}

// String returns the listing of the function.
func (f *Function) String() string {
	var buf bytes.Buffer
	_, _ = f.WriteTo(&buf) // writing to a bytes.Buffer cannot fail
	return buf.String()
}
