package types

import (
	"math"
	"strconv"
)

// ValueKind classifies a constant value.
type ValueKind uint8

// Constant value kinds.
const (
	NoValue      ValueKind = iota // not a constant
	IntValue                      // integer constant (Int holds the bits; the type says the signedness)
	FloatValue                    // floating constant
	ThreadsValue                  // Int * THREADS under dynamic THREADS
	AddrValue                     // address constant (static initializers): no numeric value
)

// Value is the value of a constant expression.
type Value struct {
	// Int is the integer value (its bits: the expression's type says the
	// signedness), the THREADS coefficient, or the bits of a floating value.
	Int  int64
	Kind ValueKind
}

// Float returns the value of a floating constant.
func (v Value) Float() float64 {
	if v.Kind == IntValue {
		return float64(v.Int)
	}
	return math.Float64frombits(uint64(v.Int))
}

// IsConst reports whether v is an integer or floating constant.
func (v Value) IsConst() bool { return v.Kind == IntValue || v.Kind == FloatValue }

// IsInt reports whether v is an integer constant.
func (v Value) IsInt() bool { return v.Kind == IntValue }

func (v Value) String() string {
	switch v.Kind {
	case IntValue:
		return strconv.FormatInt(v.Int, 10)
	case FloatValue:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case ThreadsValue:
		if v.Int == 1 {
			return "THREADS"
		}
		return strconv.FormatInt(v.Int, 10) + "*THREADS"
	case AddrValue:
		return "<address>"
	}
	return "<none>"
}

func intVal(i int64) Value     { return Value{Kind: IntValue, Int: i} }
func floatVal(f float64) Value { return Value{Kind: FloatValue, Int: int64(math.Float64bits(f))} }
func threadsVal(k int64) Value { return Value{Kind: ThreadsValue, Int: k} }
func addrVal() Value           { return Value{Kind: AddrValue} }

// truncate converts the bits of i to the integer type of kind k.
func truncate(i int64, k BasicKind) int64 {
	switch k {
	case Bool:
		if i != 0 {
			return 1
		}
		return 0
	case Char, SChar:
		return int64(int8(i))
	case UChar:
		return int64(uint8(i))
	case Short:
		return int64(int16(i))
	case UShort:
		return int64(uint16(i))
	case Int:
		return int64(int32(i))
	case UInt:
		return int64(uint32(i))
	}
	return i
}

// convertValue converts constant v to type t.
func convertValue(v Value, t Type) Value {
	if v.Kind != IntValue && v.Kind != FloatValue {
		if v.Kind == ThreadsValue && IsInteger(t) {
			return v
		}
		if v.Kind == AddrValue && (IsPointer(t) || IsInteger(t)) {
			return v
		}
		return Value{}
	}
	k, ok := basicKind(t)
	if !ok {
		if IsPointer(t) && v.Kind == IntValue {
			return v // (T *)0 and friends
		}
		return Value{}
	}
	switch {
	case k >= Bool && k <= UInt128:
		if v.Kind == FloatValue {
			f := v.Float()
			if k == Bool {
				if f != 0 {
					return intVal(1)
				}
				return intVal(0)
			}
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return Value{}
			}
			if f >= 9.2233720368547758e18 {
				return intVal(truncate(int64(uint64(f)), k))
			}
			return intVal(truncate(int64(f), k))
		}
		return intVal(truncate(v.Int, k))
	case k >= Float && k <= ComplexLongDouble:
		if v.Kind == IntValue {
			return floatVal(float64(v.Int))
		}
		if k == Float || k == ComplexFloat {
			return floatVal(float64(float32(v.Float())))
		}
		return v
	}
	return Value{}
}

// valueToFloat gives the value of an integer constant of type t as a float.
func valueToFloat(v Value, t Type) float64 {
	if v.Kind == FloatValue {
		return v.Float()
	}
	if IsUnsigned(t) {
		return float64(uint64(v.Int))
	}
	return float64(v.Int)
}

// foldBinary folds x op y where both have been converted to type t (the
// common type; for shifts, the promoted left type). ok is false when the
// operation has no constant result (division by zero, unknown op).
func foldBinary(op string, x, y Value, t Type) (Value, bool) {
	if IsFloat(t) {
		a, b := x.Float(), y.Float()
		if x.Kind == IntValue {
			a = float64(x.Int)
		}
		if y.Kind == IntValue {
			b = float64(y.Int)
		}
		r, ok := ringOp(op, a, b)
		if op == "/" {
			r, ok = a/b, true
		}
		if !ok {
			return Value{}, false
		}
		return convertValue(floatVal(r), t), true
	}
	if x.Kind != IntValue || y.Kind != IntValue {
		return Value{}, false
	}
	k, _ := basicKind(t)
	unsigned := IsUnsigned(t)
	a, b := x.Int, y.Int
	r, _ := ringOp(op, a, b)
	switch op {
	case "+", "-", "*": // folded by ringOp
	case "/", "%":
		if b == 0 {
			return Value{}, false
		}
		if unsigned {
			if op == "/" {
				r = int64(uint64(a) / uint64(b))
			} else {
				r = int64(uint64(a) % uint64(b))
			}
		} else {
			if b == -1 {
				if op == "/" {
					r = -a
				} else {
					r = 0
				}
			} else if op == "/" {
				r = a / b
			} else {
				r = a % b
			}
		}
	case "&":
		r = a & b
	case "|":
		r = a | b
	case "^":
		r = a ^ b
	case "<<":
		if b < 0 || b >= 64 {
			return Value{}, false
		}
		r = a << uint(b)
	case ">>":
		if b < 0 || b >= 64 {
			return Value{}, false
		}
		if unsigned {
			r = int64(uint64(a) >> uint(b))
		} else {
			r = a >> uint(b)
		}
	default:
		return Value{}, false
	}
	return intVal(truncate(r, k)), true
}

// ringOp folds +, - and *, which read the same on integers (wrapping, then
// truncated to the type) and on floating values; ok is false for any other
// operator.
func ringOp[T int64 | float64](op string, a, b T) (r T, ok bool) {
	switch op {
	case "+":
		return a + b, true
	case "-":
		return a - b, true
	case "*":
		return a * b, true
	}
	return 0, false
}

// compareValues folds a comparison of x and y of common type t.
func compareValues(op string, x, y Value, t Type) (bool, bool) {
	if x.Kind == AddrValue || y.Kind == AddrValue || x.Kind == ThreadsValue || y.Kind == ThreadsValue {
		return false, false
	}
	var c int
	if IsFloat(t) || x.Kind == FloatValue || y.Kind == FloatValue {
		a, b := valueToFloat(x, t), valueToFloat(y, t)
		switch {
		case a < b:
			c = -1
		case a > b:
			c = 1
		case a == b:
			c = 0
		default:
			return op == "!=", true
		}
	} else if IsUnsigned(t) {
		a, b := uint64(x.Int), uint64(y.Int)
		switch {
		case a < b:
			c = -1
		case a > b:
			c = 1
		}
	} else {
		switch {
		case x.Int < y.Int:
			c = -1
		case x.Int > y.Int:
			c = 1
		}
	}
	switch op {
	case "<":
		return c < 0, true
	case ">":
		return c > 0, true
	case "<=":
		return c <= 0, true
	case ">=":
		return c >= 0, true
	case "==":
		return c == 0, true
	case "!=":
		return c != 0, true
	}
	return false, false
}

// truth returns whether a constant is nonzero.
func truth(v Value) (bool, bool) {
	switch v.Kind {
	case IntValue:
		return v.Int != 0, true
	case FloatValue:
		return v.Float() != 0, true
	case AddrValue:
		return true, true
	case ThreadsValue:
		return v.Int != 0, true
	}
	return false, false
}
