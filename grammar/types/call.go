package types

import (
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
)

func (c *checker) call(e *ast.CallExpr) operand {
	if n, ok := e.Fun.(*ast.Name); ok && c.scope.Lookup(n.Name) == nil {
		if b := c.builtin(n.Name); b != nil {
			c.use(n, b)
			c.types = append(c.types, typeRec{n, TypeAndValue{Mode: ModeBuiltin, Type: Typ[Invalid]}})
			return c.builtinCall(n.Name, e)
		}
		// C89 implicit declaration: int name();
		if len(c.conf.Missing) > 0 {
			c.hide(n, n.Name)
		} else {
			c.warnf(n, "implicit declaration of function '%s'", n.Name)
		}
		f := &FuncObj{object: object{name: n.Name, typ: &Func{Result: Typ[Int], Unspecified: true}, pos: n.Start()}, Implicit: true, Storage: Extern}
		c.fileScope.insert(n.Name, f)
	}
	f := c.expr(e.Fun)
	if f.mode == ModeBuiltin {
		if b, ok := f.obj.(*Builtin); ok {
			return c.builtinCall(b.name, e)
		}
	}
	c.convert(&f)
	if f.invalid() {
		for _, a := range e.Args {
			c.rvalue(a)
		}
		return invalidOp
	}
	var sig *Func
	if p, ok := Core(f.typ).(*Pointer); ok {
		sig, _ = Core(p.Elem).(*Func)
	}
	if sig == nil {
		// A pointer to an unknown type was reported where the type was; with
		// a header missing, the name may be a function-like macro there
		// (NAS's max(a, b) beside a variable named max).
		p, ok := Core(f.typ).(*Pointer)
		switch {
		case ok && IsInvalid(p.Elem):
		case len(c.conf.Missing) > 0:
			if n, isName := e.Fun.(*ast.Name); isName {
				c.hide(n, n.Name)
			}
		default:
			c.errorf(e, "called object type '%s' is not a function or function pointer", f.typ)
		}
		for _, a := range e.Args {
			c.rvalue(a)
		}
		return invalidOp
	}
	fname := "function"
	if f.obj != nil {
		fname = "'" + f.obj.Name() + "'"
	}
	if !sig.Unspecified {
		n := len(sig.Params)
		switch {
		case len(e.Args) < n:
			c.errorf(e, "too few arguments to function call %s, expected %d, have %d", fname, n, len(e.Args))
		case len(e.Args) > n && !sig.Variadic:
			c.errorf(e.Args[n], "too many arguments to function call %s, expected %d, have %d", fname, n, len(e.Args))
		}
	}
	for i, a := range e.Args {
		x := c.rvalue(a)
		if !sig.Unspecified && i < len(sig.Params) {
			c.assignable(sig.Params[i].Type, &x, a, "passing argument "+strconv.Itoa(i+1)+" of "+fname)
		} else if !x.invalid() && IsVoid(x.typ) {
			c.errorf(a, "void value passed as an argument")
		}
	}
	res := sig.Result
	if IsVoid(res) {
		return operand{mode: ModeNoValue, typ: Typ[Void]}
	}
	return operand{mode: ModeValue, typ: Unqualified(res)}
}

// builtin returns the builtin object for a GNU builtin name, or nil.
func (c *checker) builtin(name string) *Builtin {
	if !strings.HasPrefix(name, "__builtin_") && !strings.HasPrefix(name, "__sync_") && !strings.HasPrefix(name, "__atomic_") {
		return nil
	}
	if c.builtins == nil {
		c.builtins = map[string]*Builtin{}
	}
	b := c.builtins[name]
	if b == nil {
		b = &Builtin{object{name: name, typ: Typ[Invalid]}}
		c.builtins[name] = b
	}
	return b
}

var voidPtr = &Pointer{Elem: Typ[Void]}

var builtinResults = map[string]Type{
	"__builtin_memcpy": voidPtr, "__builtin_memmove": voidPtr, "__builtin_memset": voidPtr,
	"__builtin_alloca": voidPtr, "__builtin_malloc": voidPtr, "__builtin_return_address": voidPtr,
	"__builtin_frame_address": voidPtr, "__builtin_assume_aligned": voidPtr,
	"__builtin_extract_return_addr": voidPtr,
	"__builtin_strlen":              sizeT, "__builtin_object_size": sizeT,
	"__builtin_memcmp": Typ[Int], "__builtin_strcmp": Typ[Int], "__builtin_abs": Typ[Int],
	"__builtin_labs": Typ[Long], "__builtin_llabs": Typ[LongLong],
	"__builtin_popcount": Typ[Int], "__builtin_popcountl": Typ[Int], "__builtin_popcountll": Typ[Int],
	"__builtin_clz": Typ[Int], "__builtin_clzl": Typ[Int], "__builtin_clzll": Typ[Int],
	"__builtin_ctz": Typ[Int], "__builtin_ctzl": Typ[Int], "__builtin_ctzll": Typ[Int],
	"__builtin_ffs": Typ[Int], "__builtin_ffsl": Typ[Int], "__builtin_ffsll": Typ[Int],
	"__builtin_parity": Typ[Int], "__builtin_parityl": Typ[Int], "__builtin_parityll": Typ[Int],
	"__builtin_isnan": Typ[Int], "__builtin_isinf": Typ[Int], "__builtin_isfinite": Typ[Int],
	"__builtin_signbit": Typ[Int], "__builtin_isinf_sign": Typ[Int], "__builtin_isnormal": Typ[Int],
	"__builtin_types_compatible_p": Typ[Int], "__builtin_printf": Typ[Int], "__builtin_puts": Typ[Int],
	"__builtin_bswap16": Typ[UShort], "__builtin_bswap32": Typ[UInt], "__builtin_bswap64": Typ[ULong],
	"__builtin_huge_val": Typ[Double], "__builtin_inf": Typ[Double], "__builtin_nan": Typ[Double],
	"__builtin_huge_valf": Typ[Float], "__builtin_inff": Typ[Float], "__builtin_nanf": Typ[Float],
	"__builtin_huge_vall": Typ[LongDouble], "__builtin_infl": Typ[LongDouble], "__builtin_nanl": Typ[LongDouble],
	"__builtin_fabs": Typ[Double], "__builtin_sqrt": Typ[Double], "__builtin_floor": Typ[Double],
	"__builtin_ceil": Typ[Double], "__builtin_exp": Typ[Double], "__builtin_log": Typ[Double],
	"__builtin_pow": Typ[Double], "__builtin_sin": Typ[Double], "__builtin_cos": Typ[Double],
	"__builtin_fabsf": Typ[Float], "__builtin_sqrtf": Typ[Float], "__builtin_fabsl": Typ[LongDouble],
	"__builtin_copysign": Typ[Double], "__builtin_fmod": Typ[Double],
	"__builtin_va_start": Typ[Void], "__builtin_va_end": Typ[Void], "__builtin_va_copy": Typ[Void],
	"__builtin_trap": Typ[Void], "__builtin_unreachable": Typ[Void], "__builtin_prefetch": Typ[Void],
	"__builtin_abort": Typ[Void], "__builtin_exit": Typ[Void], "__builtin_free": Typ[Void],
	"__builtin_ia32_pause": Typ[Void], "__builtin___clear_cache": Typ[Void],
	"__sync_synchronize": Typ[Void], "__sync_lock_release": Typ[Void],
	"__atomic_store_n": Typ[Void], "__atomic_store": Typ[Void], "__atomic_load": Typ[Void],
	"__atomic_exchange": Typ[Void], "__atomic_thread_fence": Typ[Void], "__atomic_signal_fence": Typ[Void],
	"__atomic_clear":               Typ[Void],
	"__sync_bool_compare_and_swap": Typ[Bool], "__atomic_compare_exchange_n": Typ[Bool],
	"__atomic_compare_exchange": Typ[Bool], "__atomic_test_and_set": Typ[Bool],
	"__atomic_always_lock_free": Typ[Bool], "__atomic_is_lock_free": Typ[Bool],
}

// builtinCall types a call of a GNU builtin permissively: the arguments are
// checked, the result type is known for the common builtins.
func (c *checker) builtinCall(name string, e *ast.CallExpr) operand {
	args := make([]operand, len(e.Args))
	for i, a := range e.Args {
		args[i] = c.rvalue(a)
	}
	first := func() Type {
		if len(args) > 0 {
			if p := PointerElem(args[0].typ); p != nil {
				return Unqualified(p)
			}
		}
		return Typ[Invalid]
	}
	var t Type
	switch {
	case name == "__builtin_expect" || name == "__builtin_expect_with_probability":
		if len(args) > 0 && !args[0].invalid() {
			return operand{mode: ModeValue, typ: Typ[Long]}
		}
		return invalidOp
	case name == "__builtin_constant_p":
		v := int64(0)
		if len(args) > 0 && args[0].mode == ModeConstant && args[0].val.IsConst() {
			v = 1
		}
		return operand{mode: ModeConstant, typ: Typ[Int], val: intVal(v), null: v == 0}
	case name == "__builtin_classify_type":
		return operand{mode: ModeValue, typ: Typ[Int]}
	case strings.HasPrefix(name, "__sync_fetch_and_"), strings.HasSuffix(name, "_and_fetch") && strings.HasPrefix(name, "__sync_"),
		name == "__sync_val_compare_and_swap", name == "__sync_lock_test_and_set",
		name == "__atomic_load_n", name == "__atomic_exchange_n",
		strings.HasPrefix(name, "__atomic_fetch_"), strings.HasPrefix(name, "__atomic_") && strings.HasSuffix(name, "_fetch"):
		t = first()
	default:
		t = builtinResults[name]
	}
	if t == nil || IsInvalid(t) {
		return invalidOp
	}
	if IsVoid(t) {
		return operand{mode: ModeNoValue, typ: t}
	}
	return operand{mode: ModeValue, typ: t}
}

// ---- compatibility ----

// compatible reports whether a and b are compatible types (C99 6.2.7),
// leniently: where unsure it says yes.
func compatible(a, b Type) bool {
	return compat(a, b, 0)
}

func compat(a, b Type, depth int) bool {
	if a == b || depth > 32 {
		return true
	}
	ca, cb := Core(a), Core(b)
	if IsInvalid(ca) || IsInvalid(cb) {
		return true
	}
	aa, aIsArr := ca.(*Array)
	bb, bIsArr := cb.(*Array)
	if aIsArr && bIsArr {
		if aa.Kind == bb.Kind && (aa.Kind == FixedLen || aa.Kind == ThreadsLen) && aa.Len != bb.Len {
			return false
		}
		return compat(arrayElem(a, aa), arrayElem(b, bb), depth+1)
	}
	qa, qb := TopQuals(a), TopQuals(b)
	if qa.Flags&^Restrict != qb.Flags&^Restrict {
		return false
	}
	if qa.Shared() && qa.Block.BlockSize() != qb.Block.BlockSize() {
		return false
	}
	switch x := ca.(type) {
	case *Basic:
		switch y := cb.(type) {
		case *Basic:
			return x == y
		case *Enum:
			return y.Base == x
		}
	case *Enum:
		switch y := cb.(type) {
		case *Enum:
			return x == y || (x.Tag != "" && x.Tag == y.Tag)
		case *Basic:
			return x.Base == y
		}
	case *Pointer:
		if y, ok := cb.(*Pointer); ok {
			return compat(x.Elem, y.Elem, depth+1)
		}
	case *Record:
		if y, ok := cb.(*Record); ok {
			return x == y || (x.Kind == y.Kind && x.Tag != "" && x.Tag == y.Tag)
		}
	case *Func:
		y, ok := cb.(*Func)
		if !ok {
			return false
		}
		if !compat(x.Result, y.Result, depth+1) {
			return false
		}
		if x.Unspecified || y.Unspecified {
			return oldStyleCompat(x, y, depth)
		}
		if len(x.Params) != len(y.Params) || x.Variadic != y.Variadic {
			return false
		}
		for i := range x.Params {
			if !compat(Unqualified(x.Params[i].Type), Unqualified(y.Params[i].Type), depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// oldStyleCompat reports whether two function types with compatible
// results, one of them without a prototype, are compatible: an old-style
// definition and a prototype need as many parameters, no ellipsis, and
// prototype parameters compatible with the promoted old-style ones.
func oldStyleCompat(x, y *Func, depth int) bool {
	if y.Unspecified {
		x, y = y, x
	}
	if y.Unspecified || x.OldStyle == nil {
		return true
	}
	if len(x.OldStyle) != len(y.Params) || y.Variadic {
		return false
	}
	for i, p := range x.OldStyle {
		if !compat(Unqualified(p.Type), Unqualified(y.Params[i].Type), depth+1) {
			return false
		}
	}
	return true
}

// identical reports whether two typedef declarations denote the same type.
func identical(a, b Type) bool { return compatible(a, b) }

// composite returns the composite of two compatible types (the more
// complete one).
func composite(a, b Type) Type {
	switch x := Core(a).(type) {
	case *Array:
		if x.Kind == IncompleteLen {
			if y, ok := Core(b).(*Array); ok && y.Kind != IncompleteLen {
				return b
			}
		}
	case *Func:
		if x.Unspecified {
			if y, ok := Core(b).(*Func); ok && !y.Unspecified {
				return b
			}
		}
	}
	return a
}
