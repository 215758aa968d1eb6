package types

import (
	"errors"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/token"
)

const tokString = token.String

// intLit types and evaluates an integer constant (C99 6.4.4.1).
func intLit(s string) (Type, Value, bool) {
	// suffix
	end := len(s)
	for end > 0 {
		ch := s[end-1]
		if ch == 'u' || ch == 'U' || ch == 'l' || ch == 'L' {
			end--
			continue
		}
		break
	}
	body, suf := s[:end], strings.ToLower(s[end:])
	unsigned := strings.Contains(suf, "u")
	longs := strings.Count(suf, "l")
	base := 10
	digits := body
	switch {
	case len(body) > 1 && (body[1] == 'x' || body[1] == 'X') && body[0] == '0':
		base, digits = 16, body[2:]
	case len(body) > 1 && (body[1] == 'b' || body[1] == 'B') && body[0] == '0':
		base, digits = 2, body[2:]
	case len(body) > 1 && body[0] == '0':
		base, digits = 8, body[1:]
	}
	digits = strings.ReplaceAll(digits, "'", "")
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return Typ[Int], Value{}, false
	}
	// candidate types in order
	var cands []BasicKind
	decimal := base == 10
	switch {
	case unsigned && longs == 0:
		cands = []BasicKind{UInt, ULong, ULongLong}
	case unsigned && longs == 1:
		cands = []BasicKind{ULong, ULongLong}
	case unsigned:
		cands = []BasicKind{ULongLong}
	case longs == 0 && decimal:
		cands = []BasicKind{Int, Long, LongLong}
	case longs == 0:
		cands = []BasicKind{Int, UInt, Long, ULong, LongLong, ULongLong}
	case longs == 1 && decimal:
		cands = []BasicKind{Long, LongLong}
	case longs == 1:
		cands = []BasicKind{Long, ULong, LongLong, ULongLong}
	case decimal:
		cands = []BasicKind{LongLong}
	default:
		cands = []BasicKind{LongLong, ULongLong}
	}
	for _, k := range cands {
		if fits(v, k) {
			return Typ[k], intVal(int64(v)), true
		}
	}
	if decimal && !unsigned {
		// too large for any signed type: gcc gives it an unsigned type
		return Typ[ULong], intVal(int64(v)), true
	}
	return Typ[ULongLong], intVal(int64(v)), true
}

func fits(v uint64, k BasicKind) bool {
	switch k {
	case Int:
		return v <= 1<<31-1
	case UInt:
		return v <= 1<<32-1
	case Long, LongLong:
		return v <= 1<<63-1
	}
	return true
}

// floatLit types and evaluates a floating constant.
func floatLit(s string) (Type, Value, bool) {
	t := Typ[Double]
	body := s
	imag := false
	for len(body) > 0 {
		ch := body[len(body)-1]
		isHex := strings.HasPrefix(body, "0x") || strings.HasPrefix(body, "0X")
		if k, n := floatNType(body); n > 0 && (!isHex || strings.ContainsAny(body[:len(body)-n], "pP")) {
			// _Float32 ... _Float128 are float, double and long double
			t = Typ[k]
			body = body[:len(body)-n]
			continue
		}
		switch ch {
		case 'f', 'F':
			if isHex && !strings.ContainsAny(body, "pP") {
				goto done
			}
			t = Typ[Float]
		case 'l', 'L', 'q', 'Q', 'w', 'W':
			// GNU: q is __float128, w __float80, both long double here
			t = Typ[LongDouble]
		case 'i', 'j', 'I', 'J':
			imag = true
		default:
			goto done
		}
		body = body[:len(body)-1]
	}
done:
	if imag {
		t = Typ[t.Kind+ComplexFloat-Float]
	}
	f, err := strconv.ParseFloat(body, 64)
	if err != nil {
		// a value out of double's range (inf, or a long double's) still
		// has a type, as compilers take it with at most a warning
		return t, Value{}, errors.Is(err, strconv.ErrRange)
	}
	if imag {
		return t, Value{}, true
	}
	if t == Typ[Float] {
		f = float64(float32(f))
	}
	return t, floatVal(f), true
}

// floatNType returns the kind of the TS 18661-3 suffix (f16 ... f128x)
// that ends s, and its length; 0 if there is none.
func floatNType(s string) (BasicKind, int) {
	for _, x := range [...]struct {
		suffix string
		kind   BasicKind
	}{{"f16", Float}, {"f32", Float}, {"f64", Double}, {"f32x", Double}, {"f128", LongDouble}, {"f64x", LongDouble}, {"f128x", LongDouble}} {
		if len(s) > len(x.suffix) && strings.EqualFold(s[len(s)-len(x.suffix):], x.suffix) {
			return x.kind, len(x.suffix)
		}
	}
	return 0, 0
}

// charLit types and evaluates a character constant.
func charLit(s string) (Type, Value) {
	t := Typ[Int]
	wide := false
	switch {
	case strings.HasPrefix(s, "L"):
		wide = true
		s = s[1:]
	case strings.HasPrefix(s, "u8"):
		t = Typ[UChar]
		s = s[2:]
	case strings.HasPrefix(s, "u"):
		t, wide = Typ[UShort], true
		s = s[1:]
	case strings.HasPrefix(s, "U"):
		t, wide = Typ[UInt], true
		s = s[1:]
	}
	if len(s) < 2 || s[0] != '\'' {
		return t, Value{}
	}
	chars := decodeChars(s[1:len(s)-1], wide)
	if len(chars) == 0 {
		return t, intVal(0)
	}
	if wide || len(chars) == 1 {
		v := chars[len(chars)-1]
		if !wide {
			v = int64(int8(v)) // plain char is signed
		}
		return t, intVal(truncate(v, t.Kind))
	}
	// multi-character constant: gcc packs the bytes
	var v int64
	for _, ch := range chars {
		v = v<<8 | (ch & 0xff)
	}
	return t, intVal(int64(int32(v)))
}

// decodeChars decodes the escapes of a character or string literal body.
func decodeChars(s string, wide bool) []int64 {
	out := make([]int64, 0, len(s))
	for i := 0; i < len(s); {
		ch := s[i]
		if ch != '\\' || i+1 >= len(s) {
			if wide && ch >= 0x80 {
				r, n := decodeRune(s[i:])
				out = append(out, int64(r))
				i += n
				continue
			}
			out = append(out, int64(ch))
			i++
			continue
		}
		i++
		e := s[i]
		i++
		switch e {
		case 'n':
			out = append(out, '\n')
		case 't':
			out = append(out, '\t')
		case 'r':
			out = append(out, '\r')
		case 'a':
			out = append(out, 7)
		case 'b':
			out = append(out, 8)
		case 'f':
			out = append(out, 12)
		case 'v':
			out = append(out, 11)
		case 'e', 'E':
			out = append(out, 27)
		case 'x':
			var v int64
			for i < len(s) && isHex(s[i]) {
				v = v*16 + hexVal(s[i])
				i++
			}
			out = append(out, v)
		case 'u', 'U':
			n := 4
			if e == 'U' {
				n = 8
			}
			var v int64
			for j := 0; j < n && i < len(s) && isHex(s[i]); j++ {
				v = v*16 + hexVal(s[i])
				i++
			}
			if wide {
				out = append(out, v)
			} else {
				// UTF-8 bytes
				for _, b := range []byte(string(rune(v))) {
					out = append(out, int64(b))
				}
			}
		default:
			if e >= '0' && e <= '7' {
				v := int64(e - '0')
				for j := 0; j < 2 && i < len(s) && s[i] >= '0' && s[i] <= '7'; j++ {
					v = v*8 + int64(s[i]-'0')
					i++
				}
				out = append(out, v)
			} else {
				out = append(out, int64(e))
			}
		}
	}
	return out
}

func decodeRune(s string) (rune, int) {
	for i, r := range s {
		if i == 0 {
			n := len(string(r))
			if n == 0 {
				n = 1
			}
			return r, n
		}
	}
	return 0xfffd, 1
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func hexVal(c byte) int64 {
	switch {
	case c >= '0' && c <= '9':
		return int64(c - '0')
	case c >= 'a' && c <= 'f':
		return int64(c-'a') + 10
	}
	return int64(c-'A') + 10
}

// stringLit types a string literal (possibly several adjacent ones,
// separated by single spaces in Value).
func stringLit(s string) Type {
	elem := Type(Typ[Char])
	var n int64
	wide := false
	for i := 0; i < len(s); {
		// prefix
		j := i
		for j < len(s) && s[j] != '"' {
			j++
		}
		prefix := s[i:j]
		switch prefix {
		case "L":
			elem, wide = Typ[Int], true
		case "u":
			elem, wide = Typ[UShort], true
		case "U":
			elem, wide = Typ[UInt], true
		}
		if j >= len(s) {
			break
		}
		// body up to the closing quote
		k := closingQuote(s, j)
		n += int64(len(decodeChars(s[j+1:k], wide)))
		i = k + 1
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') {
			i++
		}
	}
	return &Array{Elem: elem, Kind: FixedLen, Len: n + 1}
}

func (c *checker) basicLit(e *ast.BasicLit) operand {
	switch e.Kind {
	case token.Int:
		t, v, ok := intLit(e.Value)
		if !ok {
			// maybe a float spelled like an int (pp-number classification)
			if ft, fv, fok := floatLit(e.Value); fok {
				return operand{mode: ModeConstant, typ: ft, val: fv}
			}
			c.errorf(e, "invalid integer constant '%s'", e.Value)
			return operand{mode: ModeInvalid, typ: Typ[Invalid]}
		}
		return operand{mode: ModeConstant, typ: t, val: v, null: v.Int == 0}
	case token.Float:
		t, v, ok := floatLit(e.Value)
		if !ok {
			if it, iv, iok := intLit(e.Value); iok {
				return operand{mode: ModeConstant, typ: it, val: iv, null: iv.Int == 0}
			}
			// The preprocessor reported the malformed constant (one
			// mistake, one error); its uses are not checked.
			return operand{mode: ModeInvalid, typ: Typ[Invalid]}
		}
		if v.Kind == NoValue {
			return operand{mode: ModeValue, typ: t}
		}
		return operand{mode: ModeConstant, typ: t, val: v}
	case token.Char:
		t, v := charLit(e.Value)
		if v.Kind == NoValue {
			return operand{mode: ModeValue, typ: t}
		}
		return operand{mode: ModeConstant, typ: t, val: v}
	case token.String:
		return operand{mode: ModeLvalue, typ: stringLit(e.Value), static: true}
	}
	return operand{mode: ModeInvalid, typ: Typ[Invalid]}
}

func itoa(i int64) string { return strconv.FormatInt(i, 10) }

// closingQuote returns the index of the quote that closes the string
// literal body opening at s[open] (escapes skipped), or len(s) when the
// literal is unterminated.
func closingQuote(s string, open int) int {
	k := open + 1
	for k < len(s) && s[k] != '"' {
		if s[k] == '\\' {
			k++
		}
		k++
	}
	return min(k, len(s))
}
