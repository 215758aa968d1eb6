package cpp

import (
	"math"
	"strings"

	"github.com/upclint/upclint/grammar/token"
)

// ival is a value in #if arithmetic: intmax_t or uintmax_t (C99 6.10.1p3),
// both held in 64 bits.
type ival struct {
	v        uint64
	unsigned bool
}

func signed(v int64) ival { return ival{v: uint64(v)} }

func boolVal(b bool) ival {
	if b {
		return ival{v: 1}
	}
	return ival{}
}

// evalIf macro-expands and evaluates the controlling expression of #if or
// #elif. Errors make the condition false.
func (p *pp) evalIf(hash token.Token, line []token.Token) bool {
	if len(line) == 0 {
		p.errorf(hash.Pos, "#if with no expression")
		return false
	}
	p.inIf = true
	p.resetBudget(hash.Pos, "")
	toks, pooled := p.expandList(line)
	p.inIf = false
	e := evaluator{p: p, toks: toks, at: hash.Pos}
	v := e.expr(1, true)
	if !e.failed && e.i < len(toks) {
		e.fail("missing binary operator before token %q", toks[e.i].Text)
	}
	if pooled {
		p.put(toks)
	}
	return !e.failed && v.v != 0
}

// ifOperator evaluates the #if-only operators (defined, __has_include, ...)
// in place of the identifier *t, reading their operands unexpanded.
func (p *pp) ifOperator(t *token.Token) bool {
	switch t.Text {
	case "defined":
		n := p.next()
		paren := n.Kind == token.Punct && n.Text == "("
		if paren {
			n = p.next()
		}
		def := false
		if n.Kind != token.Ident {
			p.errorf(t.SitePos(), "operator \"defined\" requires an identifier")
			p.ifError(t)
			return true
		}
		_, def = p.macros[n.Text]
		if paren {
			if r := p.next(); r.Kind != token.Punct || r.Text != ")" {
				p.errorf(t.SitePos(), "missing ')' after \"defined\"")
				p.ifError(t)
				return true
			}
		}
		p.ifNumber(t, def)
		return true
	case "__has_include", "__has_include_next":
		if n := p.next(); n.Kind != token.Punct || n.Text != "(" {
			p.errorf(t.SitePos(), "missing '(' after %s", t.Text)
			p.ifError(t)
			return true
		}
		var arg []token.Token
		for {
			n := p.next()
			if n.Kind == token.EOF {
				p.errorf(t.SitePos(), "missing ')' after %s", t.Text)
				p.ifError(t)
				return true
			}
			if n.Kind == token.Punct && n.Text == ")" {
				break
			}
			arg = append(arg, n)
		}
		name, angled, ok := headerName(arg)
		if !ok {
			p.errorf(t.SitePos(), "%s requires a header name", t.Text)
			p.ifError(t)
			return true
		}
		in := p.inputs[len(p.inputs)-1]
		p.ifNumber(t, p.resolve(in.f, name, angled, t.Text == "__has_include_next") != nil)
		return true
	case "__has_attribute", "__has_builtin", "__has_feature", "__has_extension",
		"__has_cpp_attribute", "__has_c_attribute", "__has_warning":
		// We model no compiler features: report them absent.
		if n := p.peek(); n.Kind == token.Punct && n.Text == "(" {
			p.next()
			for depth := 1; depth > 0; {
				n := p.next()
				if n.Kind == token.EOF {
					break
				}
				if n.Kind == token.Punct && n.Text == "(" {
					depth++
				} else if n.Kind == token.Punct && n.Text == ")" {
					depth--
				}
			}
		}
		p.ifNumber(t, false)
		return true
	}
	return false
}

func (p *pp) ifNumber(t *token.Token, v bool) {
	t.Kind, t.Text = token.Number, "0"
	if v {
		t.Text = "1"
	}
}

// ifError replaces *t by a token the evaluator rejects silently.
func (p *pp) ifError(t *token.Token) {
	t.Kind, t.Text = token.Other, ""
}

// evaluator parses and evaluates a #if expression by precedence climbing.
// Operands that are not evaluated (the right of a false &&, the untaken arm
// of ?:) are parsed the same way with eval false, so "0 && 1/0" is fine.
type evaluator struct {
	p      *pp
	toks   []token.Token
	i      int
	at     token.Pos // the directive, for diagnostics past the last token
	failed bool
	depth  int
}

func (e *evaluator) fail(format string, args ...any) {
	if e.failed {
		return
	}
	e.failed = true
	pos := e.at
	if e.i < len(e.toks) {
		pos = e.toks[e.i].SitePos()
	}
	e.p.errorf(pos, format, args...)
}

// binary operator precedences; 0 means not a binary operator. The comma
// and the conditional operator are the two loosest levels.
func precedence(t *token.Token) int {
	if t.Kind != token.Punct {
		return 0
	}
	switch t.Text {
	case ",":
		return 1
	case "?":
		return 2
	}
	if p := token.BinaryPrec(t.Text); p > 0 {
		return p + 2
	}
	return 0
}

func (e *evaluator) expr(minPrec int, eval bool) ival {
	x := e.unary(eval)
	for !e.failed && e.i < len(e.toks) {
		t := &e.toks[e.i]
		prec := precedence(t)
		if prec == 0 || prec < minPrec {
			break
		}
		e.i++
		switch t.Text {
		case "?":
			c := x.v != 0
			a := e.expr(1, eval && c)
			if e.failed {
				return ival{}
			}
			if e.i >= len(e.toks) || e.toks[e.i].Text != ":" {
				e.fail("expected ':' in conditional expression in #if")
				return ival{}
			}
			e.i++
			b := e.expr(2, eval && !c)
			x = b
			if c {
				x = a
			}
			x.unsigned = a.unsigned || b.unsigned
		case "&&":
			y := e.expr(prec+1, eval && x.v != 0)
			x = boolVal(x.v != 0 && y.v != 0)
		case "||":
			y := e.expr(prec+1, eval && x.v == 0)
			x = boolVal(x.v != 0 || y.v != 0)
		case ",":
			x = e.expr(prec+1, eval)
		default:
			y := e.expr(prec+1, eval)
			x = e.binary(t, x, y, eval)
		}
	}
	return x
}

func (e *evaluator) binary(op *token.Token, x, y ival, eval bool) ival {
	u := x.unsigned || y.unsigned
	a, b := int64(x.v), int64(y.v)
	switch op.Text {
	case "*":
		return ival{x.v * y.v, u}
	case "/", "%":
		if y.v == 0 {
			if eval {
				e.p.errorf(op.SitePos(), "division by zero in #if")
				e.failed = true
			}
			return ival{0, u}
		}
		switch {
		case u && op.Text == "/":
			return ival{x.v / y.v, u}
		case u:
			return ival{x.v % y.v, u}
		case a == math.MinInt64 && b == -1:
			// Overflow: the quotient wraps as on the hardware, the remainder is 0.
			if op.Text == "/" {
				return signed(a)
			}
			return signed(0)
		case op.Text == "/":
			return signed(a / b)
		default:
			return signed(a % b)
		}
	case "+":
		return ival{x.v + y.v, u}
	case "-":
		return ival{x.v - y.v, u}
	case "<<", ">>":
		// The result has the type of the left operand (no usual conversions).
		n := y.v
		left := op.Text == "<<"
		if !y.unsigned && b < 0 {
			left, n = !left, uint64(-b)
		}
		if left {
			if n >= 64 {
				return ival{0, x.unsigned}
			}
			return ival{x.v << n, x.unsigned}
		}
		if n >= 64 {
			n = 63
			if x.unsigned {
				return ival{0, true}
			}
		}
		if x.unsigned {
			return ival{x.v >> n, true}
		}
		return signed(a >> n)
	case "<", ">", "<=", ">=":
		var lt, gt bool
		if u {
			lt, gt = x.v < y.v, x.v > y.v
		} else {
			lt, gt = a < b, a > b
		}
		switch op.Text {
		case "<":
			return boolVal(lt)
		case ">":
			return boolVal(gt)
		case "<=":
			return boolVal(!gt)
		default:
			return boolVal(!lt)
		}
	case "==":
		return boolVal(x.v == y.v)
	case "!=":
		return boolVal(x.v != y.v)
	case "&":
		return ival{x.v & y.v, u}
	case "^":
		return ival{x.v ^ y.v, u}
	case "|":
		return ival{x.v | y.v, u}
	}
	return ival{}
}

func (e *evaluator) unary(eval bool) ival {
	if e.i >= len(e.toks) {
		e.fail("#if expression ends early: an operand is missing")
		return ival{}
	}
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > maxExprDepth {
		e.fail("#if expression nested too deeply (more than %d levels)", maxExprDepth)
		return ival{}
	}
	t := &e.toks[e.i]
	switch t.Kind {
	case token.Punct:
		switch t.Text {
		case "(":
			e.i++
			v := e.expr(1, eval)
			if e.failed {
				return ival{}
			}
			if e.i >= len(e.toks) || e.toks[e.i].Text != ")" {
				e.fail("missing ')' in #if expression")
				return ival{}
			}
			e.i++
			return v
		case "+", "-", "~", "!":
			e.i++
			v := e.unary(eval)
			switch t.Text {
			case "-":
				v.v = -v.v
			case "~":
				v.v = ^v.v
			case "!":
				v = boolVal(v.v == 0)
			}
			return v
		}
	case token.Number, token.Char:
		value := parseInt
		if t.Kind == token.Char {
			value = charValue
		}
		v, msg := value(t.Text)
		if msg != "" {
			e.fail("%s", msg) // at the constant
		} else {
			e.i++
		}
		return v
	case token.Ident, token.Keyword:
		// An identifier that is not a macro is 0 (C99 6.10.1p3).
		e.i++
		return ival{}
	case token.Other:
		if t.Text == "" {
			e.failed = true // already reported by ifOperator
			return ival{}
		}
	}
	e.fail("token %q is not valid in preprocessor expressions", t.Text)
	return ival{}
}

// parseInt evaluates an integer constant in #if. It returns a message for a
// number that is not a valid integer constant.
func parseInt(s string) (ival, string) {
	kind, msg := classifyNumber(s)
	if kind == token.Float && msg == "" {
		return ival{}, "floating constant in preprocessor expression"
	}
	if msg != "" {
		return ival{}, msg
	}
	digits, suffix := splitIntSuffix(s)
	base := uint64(10)
	switch {
	case len(digits) > 1 && (digits[1] == 'x' || digits[1] == 'X'):
		base, digits = 16, digits[2:]
	case len(digits) > 1 && (digits[1] == 'b' || digits[1] == 'B'):
		base, digits = 2, digits[2:]
	case len(digits) > 1 && digits[0] == '0':
		base = 8
	}
	var v uint64
	over := false
	for i := 0; i < len(digits); i++ {
		d := digitVal(digits[i])
		if v > (math.MaxUint64-d)/base {
			over = true
		}
		v = v*base + d
	}
	unsigned := strings.ContainsAny(suffix, "uU") || v > math.MaxInt64
	if over {
		return ival{v, true}, "integer constant is too large for its type"
	}
	return ival{v, unsigned}, ""
}

func digitVal(c byte) uint64 {
	switch {
	case c >= '0' && c <= '9':
		return uint64(c - '0')
	case c >= 'a' && c <= 'f':
		return uint64(c - 'a' + 10)
	case c >= 'A' && c <= 'F':
		return uint64(c - 'A' + 10)
	}
	return 99
}

// charValue evaluates a character constant in #if: a plain char is signed
// (as on x86-64), a wide one has the type of its prefix.
func charValue(s string) (ival, string) {
	prefix := ""
	if i := strings.IndexByte(s, '\''); i > 0 {
		prefix, s = s[:i], s[i:]
	}
	if len(s) < 2 || s[len(s)-1] != '\'' {
		return ival{}, "missing terminating ' character"
	}
	body := s[1 : len(s)-1]
	if body == "" {
		return ival{}, "empty character constant"
	}
	var vals []uint32
	for i := 0; i < len(body); {
		c := body[i]
		i++
		if c != '\\' || i >= len(body) {
			vals = append(vals, uint32(c))
			continue
		}
		c = body[i]
		i++
		switch c {
		case 'n':
			vals = append(vals, '\n')
		case 't':
			vals = append(vals, '\t')
		case 'r':
			vals = append(vals, '\r')
		case 'a':
			vals = append(vals, 7)
		case 'b':
			vals = append(vals, 8)
		case 'f':
			vals = append(vals, 12)
		case 'v':
			vals = append(vals, 11)
		case 'e', 'E':
			vals = append(vals, 27)
		case 'x', 'u', 'U':
			var v uint32
			for i < len(body) && digitVal(body[i]) < 16 {
				v = v<<4 | uint32(digitVal(body[i]))
				i++
			}
			vals = append(vals, v)
		case '0', '1', '2', '3', '4', '5', '6', '7':
			v := uint32(c - '0')
			for k := 0; k < 2 && i < len(body) && body[i] >= '0' && body[i] <= '7'; k++ {
				v = v<<3 | uint32(body[i]-'0')
				i++
			}
			vals = append(vals, v)
		default:
			vals = append(vals, uint32(c))
		}
	}
	switch prefix {
	case "L":
		return signed(int64(int32(vals[len(vals)-1]))), ""
	case "u":
		return signed(int64(uint16(vals[len(vals)-1]))), ""
	case "U":
		return signed(int64(vals[len(vals)-1])), ""
	}
	if len(vals) == 1 {
		return signed(int64(int8(vals[0]))), ""
	}
	// A multi-character constant: an int holding the bytes, as GCC does.
	var v int32
	for _, c := range vals {
		v = v<<8 | int32(uint8(c))
	}
	return signed(int64(v)), ""
}

// splitIntSuffix splits an integer constant into digits and suffix.
func splitIntSuffix(s string) (string, string) {
	i := len(s)
	for i > 0 && strings.IndexByte("uUlLiIjJ", s[i-1]) >= 0 {
		i--
	}
	return s[:i], s[i:]
}

// classifyNumber decides whether a pp-number is an integer or a floating
// constant (C99 6.4.4.1-2) and returns a message if it is neither.
func classifyNumber(s string) (token.Kind, string) {
	hex := len(s) > 1 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')
	bin := len(s) > 1 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')
	isFloat := strings.IndexByte(s, '.') >= 0
	if hex {
		isFloat = isFloat || strings.ContainsAny(s, "pP")
	} else if !bin {
		isFloat = isFloat || strings.ContainsAny(s, "eE")
	}
	if isFloat {
		if validFloat(s, hex) {
			return token.Float, ""
		}
		return token.Float, "invalid floating constant \"" + s + "\""
	}
	digits, suffix := splitIntSuffix(s)
	if !validIntSuffix(suffix) {
		return token.Int, "invalid suffix \"" + suffix + "\" on integer constant"
	}
	switch {
	case hex || bin:
		if len(digits) == 2 {
			return token.Int, "invalid integer constant \"" + s + "\""
		}
		limit := uint64(16)
		if bin {
			limit = 2
		}
		for i := 2; i < len(digits); i++ {
			if digitVal(digits[i]) >= limit {
				return token.Int, "invalid digit \"" + digits[i:i+1] + "\" in integer constant \"" + s + "\""
			}
		}
	default:
		octal := digits[0] == '0'
		for i := 0; i < len(digits); i++ {
			d := digitVal(digits[i])
			if d >= 10 || octal && d >= 8 {
				if d >= 10 {
					return token.Int, "invalid suffix \"" + s[i:] + "\" on integer constant"
				}
				return token.Int, "invalid digit \"" + digits[i:i+1] + "\" in octal constant"
			}
		}
	}
	return token.Int, ""
}

// validIntSuffix accepts u, l, ll in either order and case (not lL), and the
// GNU imaginary suffixes i and j.
func validIntSuffix(s string) bool {
	var u, l, im bool
	for s != "" {
		switch {
		case !u && (s[0] == 'u' || s[0] == 'U'):
			u, s = true, s[1:]
		case !l && (strings.HasPrefix(s, "ll") || strings.HasPrefix(s, "LL")):
			l, s = true, s[2:]
		case !l && (s[0] == 'l' || s[0] == 'L'):
			l, s = true, s[1:]
		case !im && (s[0] == 'i' || s[0] == 'j' || s[0] == 'I' || s[0] == 'J'):
			im, s = true, s[1:]
		default:
			return false
		}
	}
	return true
}

// validFloat checks a decimal or hexadecimal floating constant.
func validFloat(s string, hex bool) bool {
	i := 0
	isDigit := func(c byte) bool { return c >= '0' && c <= '9' }
	if hex {
		i = 2
		isDigit = func(c byte) bool { return digitVal(c) < 16 }
	}
	n := 0
	for i < len(s) && isDigit(s[i]) {
		i, n = i+1, n+1
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && isDigit(s[i]) {
			i, n = i+1, n+1
		}
	}
	if n == 0 {
		return false
	}
	if i < len(s) && (!hex && (s[i] == 'e' || s[i] == 'E') || hex && (s[i] == 'p' || s[i] == 'P')) {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		m := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i, m = i+1, m+1
		}
		if m == 0 {
			return false
		}
	} else if hex {
		return false // a hexadecimal floating constant needs its exponent
	}
	// Suffixes: f, l, GNU's q and w, the fN and fNx of ISO/IEC TS 18661-3,
	// and the GNU imaginary i/j, in either order.
	var fl, im bool
	for i < len(s) {
		switch c := s[i]; {
		case !fl && (c == 'f' || c == 'F') && floatNSuffix(s[i:]) > 0:
			fl = true
			i += floatNSuffix(s[i:])
		case !fl && strings.IndexByte("fFlLqQwW", c) >= 0:
			fl, i = true, i+1
		case !im && strings.IndexByte("iIjJ", c) >= 0:
			im, i = true, i+1
		default:
			return false
		}
	}
	return true
}

// floatNSuffix returns the length of the suffix f16, f32, f64, f128, f32x,
// f64x or f128x (either case of f) at the start of s, else 0.
func floatNSuffix(s string) int {
	if s == "" || s[0] != 'f' && s[0] != 'F' {
		return 0
	}
	for _, n := range [...]string{"128x", "32x", "64x", "128", "16", "32", "64"} {
		if strings.HasPrefix(s[1:], n) {
			return 1 + len(n)
		}
	}
	return 0
}
