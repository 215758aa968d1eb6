package types

import (
	"github.com/upclint/upclint/grammar/ast"
)

// operand is the result of checking an expression.
type operand struct {
	mode     Mode
	typ      Type
	val      Value
	bitField bool
	noAddr   bool
	null     bool // null pointer constant
	static   bool // designates an object of static storage duration (for address constants)
	upc      string
	obj      Object // the object a name denotes, for messages
}

var invalidOp = operand{mode: ModeInvalid, typ: Typ[Invalid]}

func (x *operand) invalid() bool { return x.mode == ModeInvalid || IsInvalid(x.typ) }

// expr checks e and records its (unconverted) type.
func (c *checker) expr(e ast.Expr) operand {
	x := c.expr0(e)
	if x.typ == nil {
		x.typ = Typ[Invalid]
	}
	if IsInvalid(x.typ) {
		x.mode = ModeInvalid
	}
	c.record(e, &x)
	return x
}

// rvalue checks e and applies the lvalue, array and function conversions.
func (c *checker) rvalue(e ast.Expr) operand {
	x := c.expr(e)
	c.convert(&x)
	return x
}

// exprOnce is expr for an expression that may have been checked already.
func (c *checker) exprOnce(e ast.Expr) operand {
	if x, ok := c.peeked[e]; ok {
		return x
	}
	x := c.expr(e)
	if c.peeked == nil {
		c.peeked = map[ast.Expr]operand{}
	}
	c.peeked[e] = x
	return x
}

// peekType returns the unconverted type of e, checking it if needed.
func (c *checker) peekType(e ast.Expr) Type {
	if e == nil {
		return nil
	}
	x := c.exprOnce(e)
	if x.mode == ModeInvalid {
		return nil
	}
	if _, ok := Core(x.typ).(*Array); ok {
		return x.typ
	}
	return Unqualified(x.typ)
}

// convert applies lvalue conversion, array-to-pointer and
// function-to-pointer decay.
func (c *checker) convert(x *operand) {
	static := x.static
	x.static = false
	switch x.mode {
	case ModeLvalue, ModeFunc, ModeValue:
		switch t := Core(x.typ).(type) {
		case *Array:
			if x.typ == Type(t) {
				if t.decay == nil {
					t.decay = &Pointer{Elem: t.Elem}
				}
				x.typ = t.decay
			} else {
				x.typ = &Pointer{Elem: arrayElem(x.typ, t)}
			}
			x.mode = ModeValue
			x.static = static
			return
		case *Func:
			if x.typ == Type(t) {
				if t.ptr == nil {
					t.ptr = &Pointer{Elem: t}
				}
				x.typ = t.ptr
			} else {
				x.typ = &Pointer{Elem: x.typ}
			}
			x.mode = ModeValue
			return
		}
		if x.mode == ModeLvalue {
			x.mode = ModeValue
			x.typ = Unqualified(x.typ)
		}
	}
}

func (c *checker) expr0(e ast.Expr) operand {
	switch e := e.(type) {
	case nil:
		return invalidOp
	case *ast.BadExpr:
		return invalidOp
	case *ast.Name:
		return c.name(e, false)
	case *ast.BasicLit:
		return c.basicLit(e)
	case *ast.UPCConst:
		switch e.Name {
		case "MYTHREAD":
			return operand{mode: ModeValue, typ: Typ[Int], upc: e.Name}
		case "THREADS":
			if !c.dynamic() {
				return operand{mode: ModeConstant, typ: Typ[Int], val: intVal(int64(c.conf.StaticThreads)), upc: e.Name}
			}
			return operand{mode: ModeConstant, typ: Typ[Int], val: threadsVal(1), upc: e.Name}
		default:
			return operand{mode: ModeConstant, typ: Typ[Int], val: intVal(MaxBlockSize)}
		}
	case *ast.ParenExpr:
		x := c.expr(e.X)
		return x
	case *ast.UnaryExpr:
		return c.unary(e)
	case *ast.PostfixExpr:
		x := c.expr(e.X)
		c.checkIncDec(&x, e.X, e.Op)
		if x.invalid() {
			return invalidOp
		}
		return operand{mode: ModeValue, typ: Unqualified(x.typ)}
	case *ast.BinaryExpr:
		return c.binary(e)
	case *ast.AssignExpr:
		return c.assign(e)
	case *ast.CondExpr:
		return c.cond(e)
	case *ast.CommaExpr:
		var x operand
		for i, sub := range e.List {
			if i == len(e.List)-1 {
				x = c.rvalue(sub)
			} else {
				c.expr(sub)
			}
		}
		if x.mode == ModeConstant {
			x.mode = ModeValue
		}
		return x
	case *ast.CallExpr:
		return c.call(e)
	case *ast.IndexExpr:
		return c.index(e)
	case *ast.MemberExpr:
		return c.member(e)
	case *ast.CastExpr:
		return c.cast(e)
	case *ast.CompoundLit:
		t := c.typeName(e.Type)
		if e.Init != nil {
			n := c.initList(t, e.Init)
			if a, ok := Core(t).(*Array); ok && a.Kind == IncompleteLen {
				t = &Array{Elem: arrayElem(t, a), Kind: FixedLen, Len: n}
			}
		}
		return operand{mode: ModeLvalue, typ: t}
	case *ast.SizeofExpr:
		return c.sizeof(e)
	case *ast.StmtExpr:
		return c.stmtExpr(e)
	case *ast.VaArgExpr:
		c.rvalue(e.X)
		t := c.typeName(e.Type)
		return operand{mode: ModeValue, typ: t}
	case *ast.GenericExpr:
		return c.generic(e)
	case *ast.TypesCompatibleExpr:
		a, b := Unqualified(c.typeName(e.A)), Unqualified(c.typeName(e.B))
		r := int64(0)
		if compatible(a, b) {
			r = 1
		}
		return operand{mode: ModeConstant, typ: Typ[Int], val: intVal(r)}
	case *ast.OffsetofExpr:
		return c.offsetof(e)
	}
	return invalidOp
}

// undefinedMacro reports an undeclared name in a block size or a
// file-scope array size: a macro the build defines (-D BLOCKSIZE=...),
// reported once per name as a warning that says how to set it.
func (c *checker) undefinedMacro(e *ast.Name) {
	if c.undefMacro[e.Name] {
		return
	}
	if c.undefMacro == nil {
		c.undefMacro = map[string]bool{}
	}
	c.undefMacro[e.Name] = true
	c.warnf(e, "'%s' is not defined: if the build defines it, set it with -D %s=value (or in the configuration's defines, or a compilation database); declarations using it have an unknown size", e.Name, e.Name)
}

// undeclaredScope is where an undeclared name is remembered (reported once
// per function or at file scope).
func (c *checker) undeclaredScope() *Scope {
	s := c.scope
	for s.Kind != FuncScope && s.Kind != FileScope && s.Parent != nil {
		s = s.Parent
	}
	return s
}

func (c *checker) name(e *ast.Name, callee bool) operand {
	obj := c.scope.Lookup(e.Name)
	if obj == nil {
		if b := c.builtin(e.Name); b != nil {
			c.use(e, b)
			return operand{mode: ModeBuiltin, typ: Typ[Invalid], obj: b}
		}
		if callee {
			return invalidOp
		}
		if len(c.conf.Missing) > 0 {
			c.hide(e, e.Name)
			return invalidOp
		}
		if c.buildConst {
			c.undefinedMacro(e)
			return invalidOp
		}
		s := c.undeclaredScope()
		if !s.undeclared[e.Name] {
			if s.undeclared == nil {
				s.undeclared = map[string]bool{}
			}
			s.undeclared[e.Name] = true
			c.errorf(e, "use of undeclared identifier '%s'", e.Name)
		}
		return invalidOp
	}
	c.use(e, obj)
	switch o := obj.(type) {
	case *Var:
		return operand{mode: ModeLvalue, typ: o.typ, noAddr: o.Storage == Register, obj: o, static: o.IsStatic()}
	case *FuncObj:
		return operand{mode: ModeFunc, typ: o.typ, obj: o}
	case *EnumConst:
		return operand{mode: ModeConstant, typ: o.typ, val: intVal(o.Value), null: o.Value == 0, obj: o}
	case *TypeName:
		c.errorf(e, "unexpected type name '%s': expected an expression", e.Name)
		return invalidOp
	case *Builtin:
		return operand{mode: ModeBuiltin, typ: Typ[Invalid], obj: o}
	}
	return invalidOp
}

// ---- unary ----

func (c *checker) unary(e *ast.UnaryExpr) operand {
	switch e.Op {
	case "&":
		return c.addressOf(e)
	case "*":
		x := c.rvalue(e.X)
		if x.invalid() {
			return invalidOp
		}
		p, ok := Core(x.typ).(*Pointer)
		if !ok {
			c.errorf(e, "indirection requires pointer operand ('%s' invalid)", x.typ)
			return invalidOp
		}
		if _, isFunc := Core(p.Elem).(*Func); isFunc {
			return operand{mode: ModeFunc, typ: p.Elem}
		}
		return operand{mode: ModeLvalue, typ: p.Elem}
	case "++", "--":
		x := c.expr(e.X)
		c.checkIncDec(&x, e.X, e.Op)
		if x.invalid() {
			return invalidOp
		}
		return operand{mode: ModeValue, typ: Unqualified(x.typ)}
	case "&&":
		// GNU label address
		c.labelRef(e.X)
		return operand{mode: ModeValue, typ: &Pointer{Elem: Typ[Void]}}
	case "__real__", "__real", "__imag__", "__imag":
		// GNU: a part of a complex number, an lvalue if the number is;
		// of a real number, the number itself (or zero)
		x := c.expr(e.X)
		if x.invalid() {
			return invalidOp
		}
		if !IsArithmetic(x.typ) {
			c.errorf(e, "invalid argument type '%s' to %s", x.typ, e.Op)
			return invalidOp
		}
		t := Unqualified(x.typ)
		if k, _ := basicKind(t); IsComplex(t) {
			t = Typ[k-ComplexFloat+Float]
		}
		mode := x.mode
		if mode != ModeLvalue {
			mode = ModeValue
		}
		return operand{mode: mode, typ: t}
	}
	x := c.rvalue(e.X)
	if x.invalid() {
		return invalidOp
	}
	switch e.Op {
	case "-", "+":
		if !IsArithmetic(x.typ) {
			c.errorf(e, "invalid argument type '%s' to unary expression", x.typ)
			return invalidOp
		}
		t := promote(x.typ, x.bitField)
		if x.mode == ModeConstant {
			v := convertValue(x.val, t)
			if e.Op == "-" {
				switch v.Kind {
				case IntValue:
					v = intVal(truncate(-v.Int, kindOf(t)))
				case FloatValue:
					v = floatVal(-v.Float())
				case ThreadsValue:
					v = threadsVal(-v.Int)
				}
			}
			if v.Kind != NoValue {
				return operand{mode: ModeConstant, typ: t, val: v}
			}
		}
		return operand{mode: ModeValue, typ: t}
	case "~":
		if !IsInteger(x.typ) && !IsComplex(x.typ) {
			c.errorf(e, "invalid argument type '%s' to unary expression", x.typ)
			return invalidOp
		}
		t := promote(x.typ, x.bitField)
		if x.mode == ModeConstant && x.val.Kind == IntValue {
			return operand{mode: ModeConstant, typ: t, val: intVal(truncate(^x.val.Int, kindOf(t)))}
		}
		return operand{mode: ModeValue, typ: t}
	case "!":
		if !IsScalar(x.typ) {
			c.errorf(e, "invalid argument type '%s' to unary expression", x.typ)
			return invalidOp
		}
		if x.mode == ModeConstant {
			if b, ok := truth(x.val); ok {
				r := int64(0)
				if !b {
					r = 1
				}
				return operand{mode: ModeConstant, typ: Typ[Int], val: intVal(r), null: r == 0}
			}
		}
		return operand{mode: ModeValue, typ: Typ[Int]}
	}
	return invalidOp
}

func kindOf(t Type) BasicKind {
	k, _ := basicKind(t)
	return k
}

func (c *checker) addressOf(e *ast.UnaryExpr) operand {
	x := c.expr(e.X)
	if x.mode == ModeInvalid {
		return invalidOp
	}
	if x.upc != "" {
		c.errorf(e, "cannot take the address of %s", x.upc)
		return invalidOp
	}
	switch {
	case x.mode == ModeFunc:
		return operand{mode: ModeValue, typ: &Pointer{Elem: x.typ}}
	case x.mode == ModeBuiltin:
		return operand{mode: ModeValue, typ: Typ[Invalid]}
	case x.mode != ModeLvalue:
		c.errorf(e, "cannot take the address of an rvalue of type '%s'", x.typ)
		return invalidOp
	case x.bitField:
		c.errorf(e, "cannot take the address of bit-field '%s'", memberName(e.X))
		return invalidOp
	case x.noAddr:
		c.errorf(e, "address of register variable requested")
		return invalidOp
	}
	if x.static {
		return operand{mode: ModeConstant, typ: &Pointer{Elem: x.typ}, val: addrVal()}
	}
	return operand{mode: ModeValue, typ: &Pointer{Elem: x.typ}}
}

func memberName(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.MemberExpr:
		if x.Name != nil {
			return x.Name.Name
		}
	case *ast.ParenExpr:
		return memberName(x.X)
	}
	return ""
}

// checkIncDec checks the operand of ++ or --.
func (c *checker) checkIncDec(x *operand, e ast.Expr, op string) {
	if x.mode == ModeInvalid {
		return
	}
	if !c.modifiable(x, e, "increment or decrement") {
		x.mode = ModeInvalid
		return
	}
	t := x.typ
	if !IsScalar(t) || IsComplex(t) && false {
		c.errorf(e, "cannot %s value of type '%s'", map[string]string{"++": "increment", "--": "decrement"}[op], t)
		x.mode = ModeInvalid
	}
}

// modifiable reports (and diagnoses) whether x is a modifiable lvalue.
func (c *checker) modifiable(x *operand, e ast.Expr, what string) bool {
	if x.upc != "" {
		c.errorf(e, "cannot assign to %s", x.upc)
		return false
	}
	if x.mode == ModeInvalid {
		return false
	}
	if x.mode != ModeLvalue {
		c.errorf(e, "cannot assign to an expression that is not an lvalue (%s)", what)
		return false
	}
	if _, ok := Core(x.typ).(*Array); ok {
		c.errorf(e, "cannot assign to an expression of array type '%s'", x.typ)
		return false
	}
	if TopQuals(x.typ).Flags&Const != 0 {
		if v, ok := x.obj.(*Var); ok {
			c.errorf(e, "cannot assign to variable '%s' with const-qualified type '%s'", v.Name(), x.typ)
		} else {
			c.errorf(e, "cannot assign to a read-only location of type '%s'", x.typ)
		}
		return false
	}
	if r, ok := Core(x.typ).(*Record); ok && hasConstMember(r, 0) {
		c.errorf(e, "cannot assign to an object of type '%s' with a const-qualified member", x.typ)
		return false
	}
	return true
}

func hasConstMember(r *Record, depth int) bool {
	if depth > 8 {
		return false
	}
	for _, f := range r.Fields {
		if QualsOf(f.Type).Flags&Const != 0 {
			return true
		}
		if sub, ok := Core(f.Type).(*Record); ok && hasConstMember(sub, depth+1) {
			return true
		}
	}
	return false
}

// ---- conversions ----

var intRank = [numBasic]int{Bool: 1, Char: 2, SChar: 2, UChar: 2, Short: 3, UShort: 3, Int: 4, UInt: 4, Long: 5, ULong: 5, LongLong: 6, ULongLong: 6, Int128: 7, UInt128: 7}

// promote applies the integer promotions.
func promote(t Type, bitField bool) Type {
	k, ok := basicKind(t)
	if !ok {
		return Unqualified(t)
	}
	switch k {
	case Bool, Char, SChar, UChar, Short, UShort:
		return Typ[Int]
	}
	if bitField && (k == UInt || k == Int) {
		return Typ[Int]
	}
	if _, isEnum := Core(t).(*Enum); isEnum {
		return Typ[k]
	}
	return Typ[k]
}

func unsignedOf(k BasicKind) BasicKind {
	switch k {
	case Int:
		return UInt
	case Long:
		return ULong
	case LongLong:
		return ULongLong
	case Int128:
		return UInt128
	}
	return k
}

// arith returns the common type of the usual arithmetic conversions.
func arith(a, b Type, abit, bbit bool) Type {
	ka, _ := basicKind(a)
	kb, _ := basicKind(b)
	if ka >= Float || kb >= Float {
		complex := IsComplex(a) || IsComplex(b)
		real := func(k BasicKind) BasicKind {
			if k >= ComplexFloat {
				return k - (ComplexFloat - Float)
			}
			if k < Float {
				return 0
			}
			return k
		}
		r := real(ka)
		if rb := real(kb); rb > r {
			r = rb
		}
		if complex {
			r += ComplexFloat - Float
		}
		return Typ[r]
	}
	pa, pb := kindOf(promote(a, abit)), kindOf(promote(b, bbit))
	if pa == pb {
		return Typ[pa]
	}
	ua, ub := IsUnsigned(Typ[pa]), IsUnsigned(Typ[pb])
	ra, rb := intRank[pa], intRank[pb]
	if ua == ub {
		if ra > rb {
			return Typ[pa]
		}
		return Typ[pb]
	}
	// make a the unsigned one
	if ub {
		pa, pb = pb, pa
		ra, rb = rb, ra
	}
	if ra >= rb {
		return Typ[pa]
	}
	if basicSizes[pb].size > basicSizes[pa].size {
		return Typ[pb]
	}
	return Typ[unsignedOf(pb)]
}

// ---- binary ----

func (c *checker) binary(e *ast.BinaryExpr) operand {
	x := c.rvalue(e.X)
	y := c.rvalue(e.Y)
	if x.invalid() || y.invalid() {
		return invalidOp
	}
	r, ok := c.binaryOp(e.Op, &x, &y, e)
	if !ok {
		return invalidOp
	}
	return r
}

func (c *checker) badOperands(n ast.Node, op string, x, y *operand) {
	c.errorf(n, "invalid operands to binary %s (have '%s' and '%s')", op, x.typ, y.typ)
}

// mixedPointers reports binary operators applied to a pointer-to-shared and a
// pointer-to-local (UPC 6.4.2).
func (c *checker) mixedPointers(n ast.Node, op string, x, y *operand) bool {
	px, py := PointerElem(x.typ), PointerElem(y.typ)
	if px == nil || py == nil || x.null || y.null {
		return false
	}
	if IsShared(px) != IsShared(py) {
		c.errorf(n, "binary %s mixes pointer-to-shared and pointer-to-local ('%s' and '%s')", op, x.typ, y.typ)
		return true
	}
	return false
}

func (c *checker) binaryOp(op string, x, y *operand, e ast.Node) (operand, bool) {
	xt, yt := x.typ, y.typ
	both := x.mode == ModeConstant && y.mode == ModeConstant
	switch op {
	case "*", "/":
		if !IsArithmetic(xt) || !IsArithmetic(yt) {
			c.badOperands(e, op, x, y)
			return invalidOp, false
		}
		t := arith(xt, yt, x.bitField, y.bitField)
		if both {
			if op == "*" && x.val.Kind == ThreadsValue && y.val.Kind == IntValue {
				return operand{mode: ModeConstant, typ: t, val: threadsVal(x.val.Int * y.val.Int)}, true
			}
			if op == "*" && y.val.Kind == ThreadsValue && x.val.Kind == IntValue {
				return operand{mode: ModeConstant, typ: t, val: threadsVal(x.val.Int * y.val.Int)}, true
			}
			if v, ok := foldBinary(op, convertValue(x.val, t), convertValue(y.val, t), t); ok {
				return operand{mode: ModeConstant, typ: t, val: v}, true
			}
		}
		return operand{mode: ModeValue, typ: t}, true
	case "%", "&", "|", "^":
		if !IsInteger(xt) || !IsInteger(yt) {
			c.badOperands(e, op, x, y)
			return invalidOp, false
		}
		t := arith(xt, yt, x.bitField, y.bitField)
		if both {
			if v, ok := foldBinary(op, convertValue(x.val, t), convertValue(y.val, t), t); ok {
				return operand{mode: ModeConstant, typ: t, val: v}, true
			}
		}
		return operand{mode: ModeValue, typ: t}, true
	case "<<", ">>":
		if !IsInteger(xt) || !IsInteger(yt) {
			c.badOperands(e, op, x, y)
			return invalidOp, false
		}
		t := promote(xt, x.bitField)
		if both {
			if v, ok := foldBinary(op, convertValue(x.val, t), y.val, t); ok {
				return operand{mode: ModeConstant, typ: t, val: v}, true
			}
		}
		return operand{mode: ModeValue, typ: t}, true
	case "+", "-":
		if IsArithmetic(xt) && IsArithmetic(yt) {
			t := arith(xt, yt, x.bitField, y.bitField)
			if both {
				if v, ok := foldBinary(op, convertValue(x.val, t), convertValue(y.val, t), t); ok {
					return operand{mode: ModeConstant, typ: t, val: v}, true
				}
			}
			return operand{mode: ModeValue, typ: t}, true
		}
		xp, yp := IsPointer(xt), IsPointer(yt)
		switch {
		case xp && IsInteger(yt):
			if c.sharedVoidArith(e, xt) {
				return invalidOp, false
			}
			return operand{mode: ModeValue, typ: xt}, true
		case yp && IsInteger(xt) && op == "+":
			if c.sharedVoidArith(e, yt) {
				return invalidOp, false
			}
			return operand{mode: ModeValue, typ: yt}, true
		case xp && yp && op == "-":
			if c.mixedPointers(e, op, x, y) {
				return invalidOp, false
			}
			return operand{mode: ModeValue, typ: Typ[Long]}, true
		}
		c.badOperands(e, op, x, y)
		return invalidOp, false
	case "<", ">", "<=", ">=", "==", "!=":
		if IsArithmetic(xt) && IsArithmetic(yt) {
			if both {
				t := arith(xt, yt, x.bitField, y.bitField)
				if b, ok := compareValues(op, convertValue(x.val, t), convertValue(y.val, t), t); ok {
					r := int64(0)
					if b {
						r = 1
					}
					return operand{mode: ModeConstant, typ: Typ[Int], val: intVal(r), null: r == 0}, true
				}
			}
			return operand{mode: ModeValue, typ: Typ[Int]}, true
		}
		xp, yp := IsPointer(xt), IsPointer(yt)
		switch {
		case xp && yp:
			if c.mixedPointers(e, op, x, y) {
				return invalidOp, false
			}
			if op != "==" && op != "!=" && IsPointerToShared(xt) && (!IsComplete(PointerElem(xt)) || !IsComplete(PointerElem(yt))) {
				c.errorf(e, "relational operator %s applied to a pointer-to-shared with incomplete type ('%s' and '%s')", op, xt, yt)
				return invalidOp, false
			}
		case xp && IsInteger(yt), yp && IsInteger(xt):
			if !x.null && !y.null {
				c.warnf(e, "comparison between pointer and integer ('%s' and '%s')", xt, yt)
			}
		default:
			c.badOperands(e, op, x, y)
			return invalidOp, false
		}
		return operand{mode: ModeValue, typ: Typ[Int]}, true
	case "&&", "||":
		if !IsScalar(xt) || !IsScalar(yt) {
			c.badOperands(e, op, x, y)
			return invalidOp, false
		}
		if both {
			a, ok1 := truth(x.val)
			b, ok2 := truth(y.val)
			if ok1 && ok2 {
				var r bool
				if op == "&&" {
					r = a && b
				} else {
					r = a || b
				}
				v := int64(0)
				if r {
					v = 1
				}
				return operand{mode: ModeConstant, typ: Typ[Int], val: intVal(v), null: v == 0}, true
			}
		}
		return operand{mode: ModeValue, typ: Typ[Int]}, true
	}
	return invalidOp, false
}

// ---- assignment ----

func (c *checker) assign(e *ast.AssignExpr) operand {
	l := c.expr(e.L)
	r := c.rvalue(e.R)
	if l.mode == ModeInvalid {
		return invalidOp
	}
	if !c.modifiable(&l, e.L, "assignment") {
		return invalidOp
	}
	lt := Unqualified(l.typ)
	if r.invalid() {
		return operand{mode: ModeValue, typ: lt}
	}
	if e.Op == "=" {
		c.assignable(l.typ, &r, e.R, "assigning to")
		return operand{mode: ModeValue, typ: lt}
	}
	op := e.Op[:len(e.Op)-1]
	lv := l
	c.convert(&lv)
	if (op == "+" || op == "-") && IsPointer(lv.typ) {
		if !IsInteger(r.typ) {
			c.badOperands(e, op, &lv, &r)
		} else {
			c.sharedVoidArith(e, lv.typ)
		}
		return operand{mode: ModeValue, typ: lt}
	}
	c.binaryOp(op, &lv, &r, e)
	return operand{mode: ModeValue, typ: lt}
}

// assignable checks that x can be assigned (initialized, passed, returned)
// to an object of type dst, reporting errors where a compiler errors and
// warnings where it warns.
func (c *checker) assignable(dst Type, x *operand, at ast.Node, ctx string) {
	if x.invalid() || IsInvalid(dst) {
		return
	}
	st := x.typ
	switch {
	case IsArithmetic(dst) && IsArithmetic(st):
		return
	case IsPointer(dst):
		dp := PointerElem(dst)
		if sp := PointerElem(st); sp != nil {
			ds, ss := IsShared(dp), IsShared(sp)
			if ds && !ss {
				if x.null {
					return
				}
				c.errorf(at, "cannot convert pointer-to-local '%s' to pointer-to-shared '%s' (%s)", st, dst, ctx)
				return
			}
			if !ds && ss {
				// the pointee loses its shared qualifier (C99 6.5.16.1p1):
				// only an explicit cast converts, and only for data with
				// affinity to the thread (UPC 1.3 6.4.3)
				c.errorf(at, "conversion from pointer-to-shared '%s' to pointer-to-local '%s' requires a cast (%s)", st, dst, ctx)
				return
			}
			if ds && ss && blocksDiffer(dp, sp) {
				// GUPC and Berkeley UPC reject this; a cast converts
				c.errorf(at, "pointers-to-shared with different block sizes need a cast: %s '%s' from '%s'", ctx, dst, st)
				return
			}
			if !pointeeCompatible(dp, sp) {
				c.warnf(at, "incompatible pointer types %s '%s' from '%s'", ctx, dst, st)
			}
			return
		}
		if IsInteger(st) {
			if !x.null {
				c.warnf(at, "%s '%s' from '%s' makes pointer from integer without a cast", ctx, dst, st)
			}
			return
		}
		if k, ok := basicKind(st); ok && k == VaList {
			return
		}
	case IsInteger(dst) && IsPointer(st):
		if kindOf(dst) == Bool {
			return
		}
		c.warnf(at, "%s '%s' from '%s' makes integer from pointer without a cast", ctx, dst, st)
		return
	case IsRecord(dst) || IsRecord(st):
		if compatible(Unqualified(dst), Unqualified(st)) {
			return
		}
	default:
		if k, ok := basicKind(dst); ok && k == VaList {
			return
		}
		if k, ok := basicKind(st); ok && k == VaList {
			return
		}
		if IsVoid(st) || IsVoid(dst) {
			if IsVoid(st) {
				c.errorf(at, "void value not ignored as it ought to be")
			}
			return
		}
	}
	c.errorf(at, "incompatible types when %s type '%s' from type '%s'", ctx, Unqualified(dst), st)
}

// pointeeCompatible reports whether pointers to a and b may be converted
// implicitly without a diagnostic (void, compatible, or more qualified
// target).
func pointeeCompatible(a, b Type) bool {
	if IsVoid(a) || IsVoid(b) {
		return true
	}
	ca, cb := Core(a), Core(b)
	if IsInvalid(ca) || IsInvalid(cb) {
		return true
	}
	qa, qb := QualsOf(a), QualsOf(b)
	if qa.Shared() && qb.Shared() {
		// block sizes are part of the type; gcc-like compilers warn
		ba, bb := qa.Block.BlockSize(), qb.Block.BlockSize()
		if ba != bb && ba >= 0 && bb >= 0 {
			return false
		}
	}
	// char signedness mismatches are common and only warn with -Wpointer-sign
	if IsInteger(ca) && IsInteger(cb) && basicSizes[kindOf(ca)].size == basicSizes[kindOf(cb)].size {
		return true
	}
	return compatible(WithoutQuals(a), WithoutQuals(b))
}

// sharedVoidArith reports arithmetic on a pointer-to-shared void: unlike
// GNU C's private void *, UPC gives it no element size to step by (UPC 1.3
// 6.4.2 defines pointer-to-shared arithmetic by the element type).
func (c *checker) sharedVoidArith(at ast.Node, pt Type) bool {
	if elem := PointerElem(pt); elem != nil && IsShared(elem) && IsVoid(elem) {
		c.errorf(at, "arithmetic on a pointer-to-shared to void '%s' (cast it to a pointer to a complete type first)", pt)
		return true
	}
	return false
}

// blocksDiffer reports whether two shared pointee types have different
// block sizes, neither being void (shared void * converts to and from any
// pointer-to-shared).
func blocksDiffer(a, b Type) bool {
	if IsVoid(a) || IsVoid(b) || IsInvalid(Core(a)) || IsInvalid(Core(b)) {
		return false
	}
	ba, bb := QualsOf(a).Block.BlockSize(), QualsOf(b).Block.BlockSize()
	return ba != bb && ba >= 0 && bb >= 0
}

// WithoutQuals strips the top-level qualifiers of t.
func WithoutQuals(t Type) Type { return Unqualified(t) }

// ---- conditional ----

func (c *checker) cond(e *ast.CondExpr) operand {
	cx := c.rvalue(e.Cond)
	var x operand
	if e.Then != nil {
		x = c.rvalue(e.Then)
	} else {
		x = cx
	}
	y := c.rvalue(e.Else)
	if !cx.invalid() && !IsScalar(cx.typ) {
		c.errorf(e.Cond, "used type '%s' where a scalar is required", cx.typ)
		return invalidOp
	}
	if x.invalid() || y.invalid() {
		if x.invalid() && y.invalid() {
			return invalidOp
		}
		if !x.invalid() {
			return operand{mode: ModeValue, typ: x.typ}
		}
		return operand{mode: ModeValue, typ: y.typ}
	}
	xt, yt := x.typ, y.typ
	var t Type
	switch {
	case IsArithmetic(xt) && IsArithmetic(yt):
		t = arith(xt, yt, x.bitField, y.bitField)
		if cx.mode == ModeConstant && x.mode == ModeConstant && y.mode == ModeConstant {
			if b, ok := truth(cx.val); ok {
				v := y.val
				if b {
					v = x.val
				}
				v = convertValue(v, t)
				if v.Kind != NoValue {
					return operand{mode: ModeConstant, typ: t, val: v, null: v.Kind == IntValue && v.Int == 0}
				}
			}
		}
	case IsVoid(xt) || IsVoid(yt):
		t = Typ[Void]
		return operand{mode: ModeNoValue, typ: t}
	case IsRecord(xt) || IsRecord(yt):
		if compatible(Unqualified(xt), Unqualified(yt)) {
			t = Unqualified(xt)
		} else {
			c.errorf(e, "type mismatch in conditional expression ('%s' and '%s')", xt, yt)
			return invalidOp
		}
	case IsPointer(xt) && IsPointer(yt):
		px, py := PointerElem(xt), PointerElem(yt)
		switch {
		case x.null && !y.null:
			t = yt
		case IsVoid(px) && !IsShared(py):
			t = xt
		case IsVoid(py) && !IsShared(px):
			t = yt
		case IsVoid(px):
			t = xt
		default:
			t = xt
		}
	case IsPointer(xt) && IsInteger(yt):
		if !y.null {
			c.warnf(e, "pointer/integer type mismatch in conditional expression")
		}
		t = xt
	case IsPointer(yt) && IsInteger(xt):
		if !x.null {
			c.warnf(e, "pointer/integer type mismatch in conditional expression")
		}
		t = yt
	default:
		if kindOf(xt) == VaList || kindOf(yt) == VaList {
			t = xt
			break
		}
		c.errorf(e, "type mismatch in conditional expression ('%s' and '%s')", xt, yt)
		return invalidOp
	}
	return operand{mode: ModeValue, typ: t}
}

// ---- postfix ----

func (c *checker) index(e *ast.IndexExpr) operand {
	x := c.rvalue(e.X)
	i := c.rvalue(e.Index)
	if x.invalid() || i.invalid() {
		return invalidOp
	}
	p, ok := Core(x.typ).(*Pointer)
	idx := i
	if !ok {
		// i[x]
		if q, ok2 := Core(i.typ).(*Pointer); ok2 && IsInteger(x.typ) {
			p, ok = q, true
			idx = x
		}
	}
	if !ok {
		if n, isNamed := Unqualified(x.typ).(*Named); isNamed && c.vectors[n.Obj] && IsInteger(i.typ) {
			// a GNU vector's element (the type stands for its element)
			return operand{mode: ModeLvalue, typ: Unqualified(Core(x.typ))}
		}
		c.errorf(e, "subscripted value is not an array or pointer (have '%s')", x.typ)
		return invalidOp
	}
	if !IsInteger(idx.typ) {
		c.errorf(e.Index, "array subscript is not an integer (have '%s')", idx.typ)
		return invalidOp
	}
	if _, isFunc := Core(p.Elem).(*Func); isFunc {
		c.errorf(e, "subscript of pointer to function type '%s'", p.Elem)
		return invalidOp
	}
	return operand{mode: ModeLvalue, typ: p.Elem, static: x.static && idx.mode == ModeConstant}
}

func (c *checker) member(e *ast.MemberExpr) operand {
	x := c.expr(e.X)
	if x.invalid() || e.Name == nil {
		return invalidOp
	}
	t := x.typ
	mode := x.mode
	if e.Arrow {
		c.convert(&x)
		p, ok := Core(x.typ).(*Pointer)
		if !ok {
			c.errorf(e, "member reference type '%s' is not a pointer", x.typ)
			return invalidOp
		}
		t = p.Elem
		mode = ModeLvalue
	} else if mode != ModeLvalue {
		mode = ModeValue
	}
	r, ok := Core(t).(*Record)
	if !ok {
		if IsInvalid(t) {
			return invalidOp // an unknown type: already reported
		}
		c.errorf(e, "member reference base type '%s' is not a structure or union", t)
		return invalidOp
	}
	if !r.Complete {
		if c.mayComplete() { // else its definition may be in a missing header
			c.errorf(e, "incomplete definition of type '%s'", t)
		}
		return invalidOp
	}
	f, _, found := lookupField(r, e.Name.Name)
	if !found {
		c.errorf(e.Name, "no member named '%s' in '%s'", e.Name.Name, t)
		return invalidOp
	}
	c.info.Members[e] = f
	ft := f.Type
	q := TopQuals(t)
	if q.Flags != 0 {
		if q.Shared() {
			// a member of a shared struct: &s.m is shared [] T * (UPC 6.5.2)
			q.Block = Block{Kind: BlockIndefinite}
		}
		ft = qualifyRaw(ft, q)
	}
	return operand{mode: mode, typ: ft, bitField: f.BitField, noAddr: f.BitField, static: x.static && !e.Arrow}
}

func (c *checker) cast(e *ast.CastExpr) operand {
	t := c.typeName(e.Type)
	x := c.rvalue(e.X)
	if x.invalid() || IsInvalid(t) {
		if IsInvalid(t) {
			return invalidOp
		}
		return operand{mode: ModeValue, typ: Unqualified(t)}
	}
	ut := Unqualified(t)
	switch {
	case IsVoid(t):
		return operand{mode: ModeNoValue, typ: t}
	case IsScalar(t) && IsScalar(x.typ):
		if IsPointer(t) && IsFloat(x.typ) || IsFloat(t) && IsPointer(x.typ) {
			c.errorf(e, "cannot cast '%s' to '%s'", x.typ, t)
			return invalidOp
		}
		if IsPointerToShared(t) && IsPointer(x.typ) && !IsPointerToShared(x.typ) && !x.null {
			c.errorf(e, "cannot cast pointer-to-local '%s' to pointer-to-shared '%s'", x.typ, t)
			return invalidOp
		}
		if x.mode == ModeConstant {
			if IsPointer(t) {
				if x.val.Kind == IntValue || x.val.Kind == AddrValue {
					return operand{mode: ModeConstant, typ: ut, val: x.val, null: x.null && x.val.Kind == IntValue && x.val.Int == 0}
				}
			} else if v := convertValue(x.val, t); v.Kind != NoValue {
				return operand{mode: ModeConstant, typ: ut, val: v, null: v.Kind == IntValue && v.Int == 0 && IsInteger(t)}
			}
		}
		return operand{mode: ModeValue, typ: ut}
	case IsRecord(t):
		if r, ok := Core(t).(*Record); ok && r.Kind == Union {
			return operand{mode: ModeValue, typ: ut} // GNU cast to union
		}
		if compatible(ut, Unqualified(x.typ)) {
			return operand{mode: ModeValue, typ: ut}
		}
		c.errorf(e, "conversion to non-scalar type '%s' requested", t)
		return invalidOp
	case kindOf(t) == VaList || kindOf(x.typ) == VaList:
		return operand{mode: ModeValue, typ: ut}
	}
	if _, ok := Core(t).(*Array); ok {
		c.errorf(e, "cast specifies array type '%s'", t)
		return invalidOp
	}
	if _, ok := Core(t).(*Func); ok {
		c.errorf(e, "cast specifies function type '%s'", t)
		return invalidOp
	}
	c.errorf(e, "cannot cast '%s' to '%s'", x.typ, t)
	return invalidOp
}

// ---- sizeof and friends ----

var sizeT Type = Typ[ULong]

func (c *checker) sizeof(e *ast.SizeofExpr) operand {
	var t Type
	if e.Type != nil {
		t = c.typeName(e.Type)
	} else {
		x := c.expr(e.X)
		if x.invalid() {
			return operand{mode: ModeValue, typ: sizeT}
		}
		if x.bitField && e.Op == "sizeof" {
			c.errorf(e, "invalid application of 'sizeof' to a bit-field")
			return operand{mode: ModeValue, typ: sizeT}
		}
		t = x.typ
	}
	if IsInvalid(t) {
		return operand{mode: ModeValue, typ: sizeT}
	}
	// The block size of an incomplete type is known; its sizes are not.
	if e.Op != "upc_blocksizeof" && c.mayComplete() && incompleteObject(t) {
		c.errorf(e, "invalid application of '%s' to an incomplete type '%s'", e.Op, t)
		return operand{mode: ModeValue, typ: sizeT}
	}
	switch e.Op {
	case "sizeof":
		if _, ok := Core(t).(*Func); ok {
			return operand{mode: ModeConstant, typ: sizeT, val: intVal(1)}
		}
		n, threads, ok := SizeofThreads(t)
		if !ok {
			return operand{mode: ModeValue, typ: sizeT}
		}
		if threads {
			return operand{mode: ModeConstant, typ: sizeT, val: threadsVal(n)}
		}
		return operand{mode: ModeConstant, typ: sizeT, val: intVal(n)}
	case "__alignof__", "__alignof", "_Alignof", "alignof":
		return operand{mode: ModeConstant, typ: sizeT, val: intVal(Alignof(t))}
	}
	// upc_localsizeof, upc_blocksizeof, upc_elemsizeof
	if !IsShared(t) {
		c.errorf(e, "%s applied to a non-shared operand of type '%s'", e.Op, t)
		return operand{mode: ModeValue, typ: sizeT}
	}
	switch e.Op {
	case "upc_elemsizeof":
		n, ok := Sizeof(Elem(t))
		if !ok {
			return operand{mode: ModeValue, typ: sizeT}
		}
		return operand{mode: ModeConstant, typ: sizeT, val: intVal(n)}
	case "upc_blocksizeof":
		b, ok := c.blockOf(t)
		if !ok {
			return operand{mode: ModeValue, typ: sizeT}
		}
		return operand{mode: ModeConstant, typ: sizeT, val: intVal(b)}
	case "upc_localsizeof":
		n, ok := c.localSize(t)
		if !ok {
			return operand{mode: ModeValue, typ: sizeT}
		}
		return operand{mode: ModeConstant, typ: sizeT, val: intVal(n)}
	}
	return operand{mode: ModeValue, typ: sizeT}
}

func (c *checker) offsetof(e *ast.OffsetofExpr) operand {
	t := c.typeName(e.Type)
	var off int64
	known := true
	for _, d := range e.Path {
		if IsInvalid(t) {
			return operand{mode: ModeValue, typ: sizeT}
		}
		if d.Field != nil {
			r, ok := Core(t).(*Record)
			if !ok {
				c.errorf(d, "offsetof requires a struct or union type, not '%s'", t)
				return operand{mode: ModeValue, typ: sizeT}
			}
			f, o, ok := lookupField(r, d.Field.Name)
			if !ok {
				c.errorf(d.Field, "no member named '%s' in '%s'", d.Field.Name, t)
				return operand{mode: ModeValue, typ: sizeT}
			}
			off += o
			t = f.Type
			continue
		}
		x := c.rvalue(d.Index)
		a, ok := Core(t).(*Array)
		if !ok {
			c.errorf(d, "subscripted value in offsetof is not an array")
			return operand{mode: ModeValue, typ: sizeT}
		}
		t = arrayElem(t, a)
		n, _ := Sizeof(t)
		if x.mode == ModeConstant && x.val.Kind == IntValue {
			off += x.val.Int * n
		} else {
			known = false
		}
	}
	if !known {
		return operand{mode: ModeValue, typ: sizeT}
	}
	return operand{mode: ModeConstant, typ: sizeT, val: intVal(off)}
}

func (c *checker) stmtExpr(e *ast.StmtExpr) operand {
	if e.Body == nil {
		return operand{mode: ModeNoValue, typ: Typ[Void]}
	}
	c.openScope(BlockScope, e.Body)
	var last operand
	last = operand{mode: ModeNoValue, typ: Typ[Void]}
	for i, s := range e.Body.Items {
		if es, ok := s.(*ast.ExprStmt); ok && i == len(e.Body.Items)-1 && es.X != nil {
			last = c.rvalue(es.X)
			continue
		}
		c.stmt(s)
	}
	c.closeScope()
	if last.mode == ModeConstant {
		last.mode = ModeValue
	}
	return last
}

// generic checks C11 _Generic (C11 6.5.1.1): the result is the association
// whose type is compatible with the controlling expression's type after
// lvalue conversion, else the default one.
func (c *checker) generic(e *ast.GenericExpr) operand {
	x := c.rvalue(e.X)
	var chosen, deflt *ast.GenericAssoc
	for _, a := range e.Assocs {
		if a.Type == nil {
			if deflt != nil {
				c.errorf(a, "duplicate default association in _Generic")
			}
			deflt = a
			continue
		}
		t := c.typeName(a.Type)
		if !x.invalid() && chosen == nil && compatible(Unqualified(x.typ), Unqualified(t)) {
			chosen = a
		}
	}
	if chosen == nil {
		chosen = deflt
	}
	// The result is the selected expression's value: as an lvalue it
	// would be an lvalue the translator and the rules do not look
	// through (assigning to a _Generic is rare).
	var result operand
	for _, a := range e.Assocs {
		y := c.rvalue(a.X)
		if a == chosen {
			result = y
		}
	}
	if x.invalid() {
		return invalidOp
	}
	if chosen == nil {
		c.errorf(e, "controlling expression type '%s' not compatible with any generic association type", x.typ)
		return invalidOp
	}
	return result
}
