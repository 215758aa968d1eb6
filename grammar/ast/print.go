package ast

import (
	"io"
	"strings"

	"github.com/upclint/upclint/grammar/token"
)

// PrintConfig controls the printer.
type PrintConfig struct {
	// Parens wraps every operator expression in parentheses, which shows
	// the tree's shape (for tests and debugging).
	Parens bool
	// Indent is the indentation unit; "\t" if empty.
	Indent string
}

// Fprint writes node to w as C/UPC source in canonical layout: one
// declaration or statement per line, blocks indented, single spaces around
// binary operators. Printing a parsed tree and parsing the result again gives
// the same tree. Operator expressions built by hand are parenthesized where
// precedence requires it. A *BadDecl prints its tokens when node is the *File
// that holds them.
func Fprint(w io.Writer, node Node) error {
	return (&PrintConfig{}).Fprint(w, node)
}

// String returns node printed by Fprint.
func String(node Node) string {
	var b strings.Builder
	_ = Fprint(&b, node) // writing to a strings.Builder cannot fail
	return b.String()
}

// Fprint is like the package function with the configuration c.
func (c *PrintConfig) Fprint(w io.Writer, node Node) error {
	p := &printer{cfg: c, unit: c.Indent}
	if p.unit == "" {
		p.unit = "\t"
	}
	if f, ok := node.(*File); ok {
		p.file = f
	}
	p.node(node)
	_, err := io.WriteString(w, p.b.String())
	return err
}

// String returns node printed with the configuration c.
func (c *PrintConfig) String(node Node) string {
	var b strings.Builder
	_ = c.Fprint(&b, node) // writing to a strings.Builder cannot fail
	return b.String()
}

type printer struct {
	cfg    *PrintConfig
	unit   string
	b      strings.Builder
	indent int
	file   *File
	// switchBody: the next block printed is the body of a switch
	switchBody bool
}

func (p *printer) s(s string) { p.b.WriteString(s) }

func (p *printer) nl() {
	p.b.WriteByte('\n')
	for i := 0; i < p.indent; i++ {
		p.s(p.unit)
	}
}

func (p *printer) node(n Node) {
	switch n := n.(type) {
	case *File:
		for i, d := range n.Decls {
			if i > 0 {
				p.s("\n")
				if fd, ok := n.Decls[i-1].(*Decl); ok && fd.Body != nil {
					p.s("\n")
				} else if fd, ok := d.(*Decl); ok && fd.Body != nil {
					p.s("\n")
				}
			}
			p.node(d)
		}
		if len(n.Decls) > 0 {
			p.s("\n")
		}
	case ExternalDecl:
		p.extDecl(n)
	case Stmt:
		p.stmt(n)
	case Expr:
		p.expr(n, 0)
	case *DeclSpecs:
		p.specs(n)
	case *Spec:
		p.spec(n)
	case *SharedQual:
		p.shared(n)
	case *Layout:
		p.layout(n)
	case *RecordSpec:
		p.record(n)
	case *FieldDecl:
		p.field(n)
	case *FieldDeclarator:
		p.fieldDeclarator(n)
	case *EnumSpec:
		p.enum(n)
	case *Enumerator:
		p.enumerator(n)
	case *TypeofSpec:
		p.typeof(n)
	case *Attribute:
		p.attr(n)
	case *AttrItem:
		p.attrItem(n)
	case *InitDeclarator:
		p.initDeclarator(n)
	case *AsmLabel:
		p.asmLabel(n)
	case *Declarator:
		p.declarator(n)
	case *Pointer:
		p.pointer(n)
	case *DirectDecl:
		p.direct(n)
	case *DeclSuffix:
		p.suffix(n)
	case *ArraySuffix:
		p.array(n)
	case *ParamList:
		p.params(n)
	case *ParamDecl:
		p.param(n)
	case *TypeName:
		p.typeName(n)
	case *Initializer:
		p.initializer(n)
	case *InitList:
		p.initList(n)
	case *InitItem:
		p.initItem(n)
	case *Designator:
		p.designator(n)
	case *Ident:
		p.s(n.Name)
	case *TypedefName:
		p.s(n.Name)
	case *ForInit:
		p.forInit(n)
	case *Affinity:
		p.affinity(n)
	}
}

func (p *printer) extDecl(d ExternalDecl) {
	switch d := d.(type) {
	case *Decl:
		p.decl(d)
	case *PragmaDecl:
		p.s("#pragma " + d.Text)
	case *AsmDecl:
		p.stmt(d.Asm)
	case *StaticAssert:
		p.staticAssert(d)
	case *EmptyDecl:
		p.s(";")
	case *DeferredDecl:
		if d.Parser != nil {
			if x := d.Parse(); x != nil {
				p.extDecl(x)
				return
			}
		}
		p.s("/* deferred declaration */")
	case *BadDecl:
		if p.file == nil {
			p.s("/* bad declaration */")
			return
		}
		first, end := d.Span()
		for i := first; i < end && i < len(p.file.Tokens); i++ {
			t := &p.file.Tokens[i]
			if t.Kind == token.Pragma {
				continue
			}
			if i > first {
				p.s(" ")
			}
			p.s(t.Text)
		}
	}
}

func (p *printer) decl(d *Decl) {
	p.specs(d.Specs)
	for i, x := range d.Inits {
		if i == 0 {
			p.s(" ")
		} else {
			p.s(", ")
		}
		p.initDeclarator(x)
	}
	for _, k := range d.KRDecls {
		p.nl()
		p.decl(k)
	}
	if d.Body != nil {
		p.nl()
		p.block(d.Body)
		return
	}
	p.s(";")
}

func (p *printer) specs(s *DeclSpecs) {
	if s == nil {
		return
	}
	for i, x := range s.List {
		if i > 0 {
			p.s(" ")
		}
		p.spec(x)
	}
}

func (p *printer) spec(s *Spec) {
	switch {
	case s.Keyword != "":
		p.s(s.Keyword)
	case s.Shared != nil:
		p.shared(s.Shared)
	case s.Record != nil:
		p.record(s.Record)
	case s.Enum != nil:
		p.enum(s.Enum)
	case s.TypeName != nil:
		p.s(s.TypeName.Name)
	case s.Typeof != nil:
		p.typeof(s.Typeof)
	case s.Attr != nil:
		p.attr(s.Attr)
	}
}

func (p *printer) shared(s *SharedQual) {
	p.s("shared")
	if s.Layout != nil {
		p.s(" ")
		p.layout(s.Layout)
	}
}

func (p *printer) layout(l *Layout) {
	switch {
	case l.Star:
		p.s("[*]")
	case l.Size != nil:
		p.s("[")
		p.expr(l.Size, precAssign)
		p.s("]")
	default:
		p.s("[]")
	}
}

func (p *printer) attrs(list []*Attribute) {
	for _, a := range list {
		p.s(" ")
		p.attr(a)
	}
}

func (p *printer) record(r *RecordSpec) {
	p.s(r.Kind)
	p.attrs(r.Attrs)
	if r.Name != nil {
		p.s(" " + r.Name.Name)
	}
	if r.HasBody {
		p.s(" {")
		p.indent++
		j := 0 // the next assertion, printed before the first member after it
		for _, f := range r.Fields {
			for ; j < len(r.Asserts) && r.Asserts[j].Start() < f.Start(); j++ {
				p.nl()
				p.staticAssert(r.Asserts[j])
			}
			p.nl()
			p.field(f)
		}
		for _, a := range r.Asserts[j:] {
			p.nl()
			p.staticAssert(a)
		}
		p.indent--
		p.nl()
		p.s("}")
	}
	p.attrs(r.Trailer)
}

func (p *printer) staticAssert(a *StaticAssert) {
	if a.Extension {
		p.s("__extension__ ")
	}
	p.s("_Static_assert(")
	p.expr(a.Cond, precAssign)
	if len(a.Msg) > 0 {
		p.s(", " + strings.Join(a.Msg, " "))
	}
	p.s(");")
}

func (p *printer) field(f *FieldDecl) {
	p.specs(f.Specs)
	for i, d := range f.Decls {
		if i == 0 {
			p.s(" ")
		} else {
			p.s(", ")
		}
		p.fieldDeclarator(d)
	}
	p.s(";")
}

func (p *printer) fieldDeclarator(d *FieldDeclarator) {
	if d.Decl != nil {
		p.declarator(d.Decl)
	}
	if d.Width != nil {
		if d.Decl != nil {
			p.s(" ")
		}
		p.s(": ")
		p.expr(d.Width, precCond)
	}
	p.attrs(d.Attrs)
}

func (p *printer) enum(e *EnumSpec) {
	p.s("enum")
	p.attrs(e.Attrs)
	if e.Name != nil {
		p.s(" " + e.Name.Name)
	}
	if e.HasBody {
		p.s(" {")
		for i, x := range e.Items {
			if i > 0 {
				p.s(",")
			}
			p.s(" ")
			p.enumerator(x)
		}
		p.s(" }")
	}
}

func (p *printer) enumerator(x *Enumerator) {
	p.s(x.Name.Name)
	p.attrs(x.Attrs)
	if x.Value != nil {
		p.s(" = ")
		p.expr(x.Value, precCond)
	}
}

func (p *printer) typeof(t *TypeofSpec) {
	p.s(t.Keyword + "(")
	if t.Type != nil {
		p.typeName(t.Type)
	} else {
		p.expr(t.X, 0)
	}
	p.s(")")
}

func (p *printer) attr(a *Attribute) {
	p.s(a.Keyword + "((")
	for i, x := range a.Items {
		if i > 0 {
			p.s(", ")
		}
		p.attrItem(x)
	}
	p.s("))")
}

func (p *printer) attrItem(x *AttrItem) {
	p.s(x.Name)
	switch {
	case x.Type != nil:
		// C compilers take the alignment of a type, not the type
		p.s("(__alignof__(")
		p.typeName(x.Type)
		p.s("))")
	case x.Args != nil:
		p.s("(")
		p.exprList(x.Args)
		p.s(")")
	}
}

func (p *printer) initDeclarator(x *InitDeclarator) {
	p.declarator(x.Decl)
	if x.Asm != nil {
		p.s(" ")
		p.asmLabel(x.Asm)
	}
	p.attrs(x.Attrs)
	if x.Init != nil {
		p.s(" = ")
		p.initializer(x.Init)
	}
}

func (p *printer) asmLabel(a *AsmLabel) { p.s(a.Keyword + "(" + a.Name + ")") }

func (p *printer) declarator(d *Declarator) {
	if d == nil {
		return
	}
	for _, a := range d.Attrs {
		p.attr(a)
		p.s(" ")
	}
	for _, ptr := range d.Ptrs {
		p.pointer(ptr)
	}
	p.direct(d.Direct)
}

func (p *printer) pointer(ptr *Pointer) {
	p.s("*")
	for _, q := range ptr.Quals {
		p.spec(q)
		p.s(" ")
	}
}

func (p *printer) direct(d *DirectDecl) {
	if d == nil {
		return
	}
	if d.Name != nil {
		p.s(d.Name.Name)
	} else if d.Nested != nil {
		p.s("(")
		p.declarator(d.Nested)
		p.s(")")
	}
	for _, x := range d.Suffixes {
		p.suffix(x)
	}
}

func (p *printer) suffix(x *DeclSuffix) {
	if x.Array != nil {
		p.array(x.Array)
	} else if x.Params != nil {
		p.params(x.Params)
	}
}

func (p *printer) array(a *ArraySuffix) {
	p.s("[")
	sep := ""
	if a.Static {
		p.s("static")
		sep = " "
	}
	for _, q := range a.Quals {
		p.s(sep)
		p.spec(q)
		sep = " "
	}
	if a.Star {
		p.s(sep + "*")
	} else if a.Size != nil {
		p.s(sep)
		p.expr(a.Size, precAssign)
	}
	p.s("]")
}

func (p *printer) params(l *ParamList) {
	p.s("(")
	for i, x := range l.Params {
		if i > 0 {
			p.s(", ")
		}
		p.param(x)
	}
	for i, x := range l.Names {
		if i > 0 {
			p.s(", ")
		}
		p.s(x.Name)
	}
	if l.Variadic {
		p.s(", ...")
	}
	p.s(")")
}

func (p *printer) param(x *ParamDecl) {
	p.specs(x.Specs)
	if x.Decl != nil {
		p.s(" ")
		p.declarator(x.Decl)
	}
	p.attrs(x.Attrs)
}

func (p *printer) typeName(t *TypeName) {
	p.specs(t.Specs)
	if t.Decl != nil {
		p.s(" ")
		p.declarator(t.Decl)
	}
}

func (p *printer) initializer(x *Initializer) {
	if x.List != nil {
		p.initList(x.List)
	} else {
		p.expr(x.X, precAssign)
	}
}

func (p *printer) initList(l *InitList) {
	p.s("{")
	for i, x := range l.Items {
		if i > 0 {
			p.s(", ")
		}
		p.initItem(x)
	}
	p.s("}")
}

func (p *printer) initItem(x *InitItem) {
	for _, d := range x.Designators {
		p.designator(d)
	}
	if len(x.Designators) > 0 {
		p.s(" = ")
	}
	p.initializer(x.Init)
}

func (p *printer) designator(d *Designator) {
	if d.Field != nil {
		p.s("." + d.Field.Name)
		return
	}
	p.s("[")
	p.expr(d.Index, precCond)
	if d.High != nil {
		p.s(" ... ")
		p.expr(d.High, precCond)
	}
	p.s("]")
}

// Statements.

func (p *printer) block(b *Block) {
	p.s("{")
	p.indent++
	sw := p.switchBody
	p.switchBody = false
	for _, s := range b.Items {
		switch s.(type) {
		case *CaseStmt, *DefaultStmt:
			if sw { // case labels line up with their switch
				p.indent--
				p.nl()
				p.stmt(s)
				p.indent++
				continue
			}
		}
		p.nl()
		p.stmt(s)
	}
	p.indent--
	p.nl()
	p.s("}")
}

// body prints the statement controlled by if, while, for, ...: a block on
// the same line, anything else indented on the next line.
func (p *printer) body(s Stmt) {
	if b, ok := s.(*Block); ok {
		p.s(" ")
		p.block(b)
		return
	}
	p.indent++
	p.nl()
	p.stmt(s)
	p.indent--
}

func (p *printer) optExpr(x Expr) {
	if x != nil {
		p.expr(x, 0)
	}
}

func (p *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case *Block:
		p.block(s)
	case *DeclStmt:
		p.decl(s.Decl)
	case *ExprStmt:
		p.optExpr(s.X)
		p.s(";")
	case *IfStmt:
		p.s("if (")
		p.expr(s.Cond, 0)
		p.s(")")
		p.body(s.Then)
		if s.Else != nil {
			if _, ok := s.Then.(*Block); ok {
				p.s(" ")
			} else {
				p.nl()
			}
			p.s("else")
			if elif, ok := s.Else.(*IfStmt); ok {
				p.s(" ")
				p.stmt(elif)
			} else {
				p.body(s.Else)
			}
		}
	case *WhileStmt:
		p.s("while (")
		p.expr(s.Cond, 0)
		p.s(")")
		p.body(s.Body)
	case *DoStmt:
		p.s("do")
		p.body(s.Body)
		if _, ok := s.Body.(*Block); ok {
			p.s(" ")
		} else {
			p.nl()
		}
		p.s("while (")
		p.expr(s.Cond, 0)
		p.s(");")
	case *ForStmt:
		p.s("for (")
		p.forInit(&s.Init)
		p.clause(s.Cond)
		p.s(";")
		p.clause(s.Post)
		p.s(")")
		p.body(s.Body)
	case *ForallStmt:
		p.s("upc_forall (")
		p.forInit(&s.Init)
		p.clause(s.Cond)
		p.s(";")
		p.clause(s.Post)
		p.s(";")
		if s.Affinity != nil {
			p.s(" ")
			p.affinity(s.Affinity)
		}
		p.s(")")
		p.body(s.Body)
	case *SwitchStmt:
		p.s("switch (")
		p.expr(s.Tag, 0)
		p.s(")")
		_, p.switchBody = s.Body.(*Block)
		p.body(s.Body)
	case *CaseStmt:
		p.s("case ")
		p.expr(s.Value, precCond)
		if s.High != nil {
			p.s(" ... ")
			p.expr(s.High, precCond)
		}
		p.s(":")
		p.labeled(s.Body)
	case *DefaultStmt:
		p.s("default:")
		p.labeled(s.Body)
	case *LabeledStmt:
		p.s(s.Label.Name + ":")
		p.attrs(s.Attrs)
		p.labeled(s.Body)
	case *GotoStmt:
		if s.Label != nil {
			p.s("goto " + s.Label.Name + ";")
		} else {
			p.s("goto *")
			p.expr(s.X, precUnary)
			p.s(";")
		}
	case *BreakStmt:
		p.s("break;")
	case *ContinueStmt:
		p.s("continue;")
	case *ReturnStmt:
		p.s("return")
		if s.X != nil {
			p.s(" ")
			p.expr(s.X, 0)
		}
		p.s(";")
	case *BarrierStmt:
		p.s(s.Kind)
		if s.ID != nil {
			p.s(" ")
			p.expr(s.ID, 0)
		}
		p.s(";")
	case *FenceStmt:
		p.s("upc_fence;")
	case *PragmaStmt:
		p.s("#pragma " + s.Text)
	case *StaticAssert:
		p.staticAssert(s)
	case *AsmStmt:
		p.s(s.Keyword)
		for _, q := range s.Quals {
			p.s(" " + q)
		}
		p.s(" (")
		p.s(strings.Join(s.Body, " "))
		p.s(");")
	}
}

// labeled prints the statement after a label: on the same line unless it is
// another label.
func (p *printer) labeled(s Stmt) {
	switch s.(type) {
	case *CaseStmt, *DefaultStmt, *LabeledStmt:
		p.nl()
	default:
		p.s(" ")
	}
	p.stmt(s)
}

func (p *printer) clause(x Expr) {
	if x != nil {
		p.s(" ")
		p.expr(x, 0)
	}
}

func (p *printer) forInit(f *ForInit) {
	if f.Decl != nil {
		p.decl(f.Decl)
		return
	}
	p.optExpr(f.X)
	p.s(";")
}

func (p *printer) affinity(a *Affinity) {
	if a.Continue {
		p.s("continue")
	} else {
		p.expr(a.X, precAssign)
	}
}

// Expressions.

// Precedence levels, loosest first.
const (
	precComma = iota
	precAssign
	precCond
	precOr // ||; binary levels follow up to *
	precAnd
	precBitOr
	precXor
	precBitAnd
	precEq
	precRel
	precShift
	precAdd
	precMul
	precUnary // prefix operators, casts, sizeof
	precPostfix
)

// binaryLevel is the level of binary operator op (an unknown one binds
// as tightly as *).
func binaryLevel(op string) int {
	if p := token.BinaryPrec(op); p > 0 {
		return precOr - 1 + p
	}
	return precMul
}

func level(x Expr) int {
	switch x := x.(type) {
	case *CommaExpr:
		return precComma
	case *AssignExpr:
		return precAssign
	case *CondExpr:
		return precCond
	case *BinaryExpr:
		return binaryLevel(x.Op)
	case *UnaryExpr, *CastExpr, *SizeofExpr:
		return precUnary
	}
	return precPostfix
}

// expr prints x in a context that needs at least precedence prec.
func (p *printer) expr(x Expr, prec int) {
	paren := level(x) < prec
	if p.cfg.Parens {
		switch x.(type) {
		case *AssignExpr, *CondExpr, *BinaryExpr, *UnaryExpr, *PostfixExpr, *CastExpr, *SizeofExpr:
			paren = true
		}
	}
	if paren {
		p.s("(")
		defer p.s(")")
	}
	switch x := x.(type) {
	case *BadExpr:
		p.s("/* bad expression */")
	case *Name:
		p.s(x.Name)
	case *BasicLit:
		p.s(x.Value)
	case *UPCConst:
		p.s(x.Name)
	case *ParenExpr:
		p.s("(")
		p.expr(x.X, 0)
		p.s(")")
	case *UnaryExpr:
		p.s(x.Op)
		p.operand(x.Op, x.X)
	case *PostfixExpr:
		p.expr(x.X, precPostfix)
		p.s(x.Op)
	case *BinaryExpr:
		l := binaryLevel(x.Op)
		p.expr(x.X, l)
		p.s(" " + x.Op + " ")
		p.expr(x.Y, l+1)
	case *AssignExpr:
		p.expr(x.L, precUnary)
		p.s(" " + x.Op + " ")
		p.expr(x.R, precAssign)
	case *CondExpr:
		p.expr(x.Cond, precOr)
		if x.Then != nil {
			p.s(" ? ")
			p.expr(x.Then, precComma)
			p.s(" : ")
		} else {
			p.s(" ?: ")
		}
		p.expr(x.Else, precCond)
	case *CommaExpr:
		p.exprList(x.List)
	case *CallExpr:
		p.expr(x.Fun, precPostfix)
		p.s("(")
		p.exprList(x.Args)
		p.s(")")
	case *IndexExpr:
		p.expr(x.X, precPostfix)
		p.s("[")
		p.expr(x.Index, 0)
		p.s("]")
	case *MemberExpr:
		p.expr(x.X, precPostfix)
		if x.Arrow {
			p.s("->")
		} else {
			p.s(".")
		}
		p.s(x.Name.Name)
	case *CastExpr:
		p.s("(")
		p.typeName(x.Type)
		p.s(")")
		p.expr(x.X, precUnary)
	case *CompoundLit:
		p.s("(")
		p.typeName(x.Type)
		p.s(")")
		p.initList(x.Init)
	case *SizeofExpr:
		p.s(x.Op)
		if x.Type != nil {
			p.s("(")
			p.typeName(x.Type)
			p.s(")")
		} else {
			p.s(" ")
			p.expr(x.X, precUnary)
		}
	case *StmtExpr:
		p.s("(")
		p.block(x.Body)
		p.s(")")
	case *VaArgExpr:
		p.s("__builtin_va_arg(")
		p.expr(x.X, precAssign)
		p.s(", ")
		p.typeName(x.Type)
		p.s(")")
	case *OffsetofExpr:
		p.s("__builtin_offsetof(")
		p.typeName(x.Type)
		p.s(", ")
		for i, d := range x.Path {
			if i == 0 && d.Field != nil {
				p.s(d.Field.Name)
			} else {
				p.designator(d)
			}
		}
		p.s(")")
	case *GenericExpr:
		p.s("_Generic(")
		p.expr(x.X, precAssign)
		for _, a := range x.Assocs {
			p.s(", ")
			if a.Type == nil {
				p.s("default")
			} else {
				p.typeName(a.Type)
			}
			p.s(": ")
			p.expr(a.X, precAssign)
		}
		p.s(")")
	case *TypesCompatibleExpr:
		p.s("__builtin_types_compatible_p(")
		p.typeName(x.A)
		p.s(", ")
		p.typeName(x.B)
		p.s(")")
	}
}

// operand prints the operand of a prefix operator, separated by a space
// where the two would otherwise lex as one token ("- -x", "& &&l").
func (p *printer) operand(op string, x Expr) {
	var sub printer
	sub.cfg, sub.unit, sub.indent, sub.file = p.cfg, p.unit, p.indent, p.file
	sub.expr(x, precUnary)
	s := sub.b.String()
	if s != "" && (s[0] == op[len(op)-1] && strings.ContainsRune("+-&", rune(s[0])) || identByte(op[len(op)-1]) && identByte(s[0])) {
		p.s(" ")
	}
	p.s(s)
}

// identByte reports whether c may be part of an identifier (GNU's
// __real__ and __imag__ are operators spelled as words).
func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func (p *printer) exprList(list []Expr) {
	for i, x := range list {
		if i > 0 {
			p.s(", ")
		}
		p.expr(x, precAssign)
	}
}
