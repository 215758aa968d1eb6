package cpp

import (
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/lexer"
	"github.com/upclint/upclint/grammar/token"
)

// Macro is a macro definition.
type Macro struct {
	Name string
	// Pos is the macro name in its #define: in the file "<built-in>" for
	// predefined macros, "<command-line>" for -D. NoPos for Builtin macros.
	Pos      token.Pos
	FuncLike bool
	// Params are the parameter names. A variadic macro's last parameter is
	// __VA_ARGS__, or its GNU name (args... gives "args").
	Params   []string
	Variadic bool
	Body     []token.Token // the replacement list, as spelled
	// Builtin marks the macros the preprocessor computes (__FILE__,
	// __LINE__, __COUNTER__, ...).
	Builtin bool

	ops      []op // what each Body token does during substitution
	builtin  builtinKind
	disabled bool // being rescanned (C99 6.10.3.4): its name is painted blue
	shared   bool // held by a PrefixCache: copied before it is disabled
}

// op classifies a replacement-list token.
type op struct {
	kind  uint8
	param int16 // parameter index for opParam and opStringize
}

const (
	opToken     = iota // copied as is
	opParam            // a parameter: replaced by its argument
	opStringize        // '#' before a parameter (the parameter token follows)
	opPaste            // '##'
)

type builtinKind uint8

const (
	bNone builtinKind = iota
	bFile
	bLine
	bCounter
	bDate
	bTime
	bIncludeLevel
	bBaseFile
	bHasInclude // only meaningful in #if; defined so that #ifdef __has_include works
)

// String renders the definition as it would be written after #define.
func (m *Macro) String() string {
	var b strings.Builder
	b.WriteString(m.Name)
	if m.FuncLike {
		b.WriteByte('(')
		for i, p := range m.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			if m.Variadic && i == len(m.Params)-1 {
				if p != "__VA_ARGS__" {
					b.WriteString(p)
				}
				b.WriteString("...")
				continue
			}
			b.WriteString(p)
		}
		b.WriteByte(')')
	}
	for i, t := range m.Body {
		if i == 0 || t.Flags&token.SpaceBefore != 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

func (p *pp) defineBuiltins() {
	for name, k := range map[string]builtinKind{
		"__FILE__": bFile, "__LINE__": bLine, "__COUNTER__": bCounter,
		"__DATE__": bDate, "__TIME__": bTime, "__INCLUDE_LEVEL__": bIncludeLevel,
		"__BASE_FILE__": bBaseFile, "__has_include": bHasInclude,
		"__has_include_next": bHasInclude,
	} {
		p.macros[name] = &Macro{Name: name, Builtin: true, builtin: k}
	}
}

// define handles #define; line starts with the macro name.
func (p *pp) define(hash token.Token, line []token.Token) {
	if len(line) == 0 {
		p.errorf(hash.Pos, "no macro name given in #define directive")
		return
	}
	name := line[0]
	if name.Kind != token.Ident {
		p.errorf(name.Pos, "macro names must be identifiers")
		return
	}
	if name.Text == "defined" {
		p.errorf(name.Pos, "\"defined\" cannot be used as a macro name")
		return
	}
	head := Macro{Name: name.Text, Pos: name.Pos}
	body := line[1:]
	if len(body) > 0 && body[0].Kind == token.Punct && body[0].Text == "(" && body[0].Flags&token.SpaceBefore == 0 {
		n, ok := p.parseParams(&head, body)
		if !ok {
			return
		}
		body = body[n:]
	}
	m := newMacro(&head, len(body))
	copy(m.Body, body)
	if !p.analyzeBody(m) {
		return
	}
	if old := p.macros[m.Name]; old != nil && !old.Builtin && !sameDefinition(old, m) {
		p.diags = append(p.diags, diag.Diagnostic{
			Pos: name.Pos, Severity: diag.Warning, Rule: diag.RulePreprocessor,
			Message: "\"" + m.Name + "\" redefined",
			Related: []diag.Related{{Pos: old.Pos, Message: "previous definition is here"}},
		})
	}
	p.macros[m.Name] = m
}

// newMacro returns a copy of head with a Body and ops of n entries. Most
// macros have a short body: those of up to four tokens share the macro's
// object, which was three objects (headers define thousands of macros).
func newMacro(head *Macro, n int) *Macro {
	switch {
	case n <= 1:
		x := &macro1{Macro: *head}
		x.Body, x.ops = x.body[:n:n], x.opArr[:n:n]
		return &x.Macro
	case n <= 4:
		x := &macro4{Macro: *head}
		x.Body, x.ops = x.body[:n:n], x.opArr[:n:n]
		return &x.Macro
	}
	m := new(Macro)
	*m = *head
	m.Body, m.ops = make([]token.Token, n), make([]op, n)
	return m
}

type macro1 struct {
	Macro
	body  [1]token.Token
	opArr [1]op
}

type macro4 struct {
	Macro
	body  [4]token.Token
	opArr [4]op
}

// parseParams parses the parameter list that starts at toks[0] == "(" and
// returns how many tokens it used.
func (p *pp) parseParams(m *Macro, toks []token.Token) (int, bool) {
	m.FuncLike = true
	i := 1
	for {
		if i >= len(toks) {
			p.errorf(toks[0].Pos, "missing ')' in macro parameter list")
			return 0, false
		}
		t := toks[i]
		switch {
		case t.Kind == token.Punct && t.Text == ")" && len(m.Params) == 0:
			return i + 1, true
		case t.Kind == token.Punct && t.Text == "...":
			m.Params = append(m.Params, "__VA_ARGS__")
			m.Variadic = true
			i++
		case t.Kind == token.Ident:
			if t.Text == "__VA_ARGS__" {
				p.errorf(t.Pos, "__VA_ARGS__ can only appear in the expansion of a C99 variadic macro")
				return 0, false
			}
			for _, q := range m.Params {
				if q == t.Text {
					p.errorf(t.Pos, "duplicate macro parameter %q", t.Text)
					return 0, false
				}
			}
			m.Params = append(m.Params, t.Text)
			i++
			if i < len(toks) && toks[i].Kind == token.Punct && toks[i].Text == "..." {
				m.Variadic = true // GNU named variadic parameter
				i++
			}
		default:
			p.errorf(t.Pos, "expected parameter name, found %q", t.Text)
			return 0, false
		}
		if i >= len(toks) {
			continue // reported above on the next iteration
		}
		t = toks[i]
		switch {
		case t.Kind == token.Punct && t.Text == ")":
			return i + 1, true
		case t.Kind == token.Punct && t.Text == "," && !m.Variadic:
			i++
		default:
			p.errorf(t.Pos, "expected ',' or ')' in macro parameter list, found %q", t.Text)
			return 0, false
		}
	}
}

// analyzeBody computes m.ops and checks the # and ## operators.
func (p *pp) analyzeBody(m *Macro) bool {
	if len(m.ops) != len(m.Body) {
		m.ops = make([]op, len(m.Body))
	}
	for i := range m.Body {
		t := &m.Body[i]
		t.Flags &^= token.BOL
		switch {
		case t.Kind == token.Ident && m.FuncLike:
			for k, q := range m.Params {
				if q == t.Text {
					m.ops[i] = op{kind: opParam, param: int16(k)}
					break
				}
			}
		case t.Kind == token.Punct && t.Text == "##":
			if i == 0 || i == len(m.Body)-1 {
				p.errorf(t.Pos, "'##' cannot appear at either end of a macro expansion")
				return false
			}
			m.ops[i] = op{kind: opPaste}
		}
	}
	if !m.FuncLike {
		return true
	}
	for i := range m.Body {
		t := &m.Body[i]
		if t.Kind != token.Punct || t.Text != "#" {
			continue
		}
		if i+1 >= len(m.Body) || m.ops[i+1].kind != opParam {
			p.errorf(t.Pos, "'#' is not followed by a macro parameter")
			return false
		}
		m.ops[i] = op{kind: opStringize, param: m.ops[i+1].param}
	}
	return true
}

// sameDefinition reports whether two definitions are identical in the sense
// of C99 6.10.3p2 (same tokens, same whitespace separation).
func sameDefinition(a, b *Macro) bool {
	if a.FuncLike != b.FuncLike || a.Variadic != b.Variadic || len(a.Params) != len(b.Params) || len(a.Body) != len(b.Body) {
		return false
	}
	for i := range a.Params {
		if a.Params[i] != b.Params[i] {
			return false
		}
	}
	for i := range a.Body {
		x, y := &a.Body[i], &b.Body[i]
		if x.Text != y.Text || i > 0 && x.Flags&token.SpaceBefore != y.Flags&token.SpaceBefore {
			return false
		}
	}
	return true
}

// invocation holds the arguments of one function-like macro call.
type invocation struct {
	toks   []token.Token // all arguments, without the commas between them
	ends   []int         // argument k is toks[ends[k-1]:ends[k]]
	exp    [][]token.Token
	expOK  []bool
	expOwn []bool // exp[k] came from the pool
	rparen token.Token
}

func (inv *invocation) arg(k int16) []token.Token {
	start := 0
	if k > 0 {
		start = inv.ends[k-1]
	}
	return inv.toks[start:inv.ends[k]]
}

func (p *pp) newInvocation() *invocation {
	if n := len(p.invPool); n > 0 {
		inv := p.invPool[n-1]
		p.invPool = p.invPool[:n-1]
		return inv
	}
	return &invocation{}
}

func (p *pp) releaseInvocation(inv *invocation) {
	for k, own := range inv.expOwn {
		if own {
			p.put(inv.exp[k])
		}
		inv.exp[k] = nil
	}
	inv.toks = inv.toks[:0]
	inv.ends = inv.ends[:0]
	inv.exp = inv.exp[:0]
	inv.expOK = inv.expOK[:0]
	inv.expOwn = inv.expOwn[:0]
	if cap(inv.toks) <= 1<<16 {
		p.invPool = append(p.invPool, inv)
	}
}

// expandOrMark expands t, the name of macro m, reporting whether it did. The
// name of a macro being replaced is not replaced again, ever, even when read
// after the replacement ends (C99 6.10.3.4p2): t is marked so.
func (p *pp) expandOrMark(t *token.Token, m *Macro) bool {
	if m.disabled {
		t.Flags |= token.NoExpand
		return false
	}
	return p.expand(*t, m)
}

// expand expands the invocation of m whose name token has just been read.
// It reports false if the name is not expanded after all (a function-like
// macro without arguments, or an expansion over budget) and must be kept.
func (p *pp) expand(name token.Token, m *Macro) bool {
	if len(p.ctx) == 0 {
		// An outermost invocation: a fresh budget.
		p.resetBudget(name.SitePos(), m.Name)
	}
	if p.exceeded {
		return false
	}
	site, end := name.SitePos(), name.SiteEnd()
	if m.Builtin {
		return p.expandBuiltin(name, m, site, end)
	}
	var inv *invocation
	if m.FuncLike {
		if t := p.peek(); t.Kind != token.Punct || t.Text != "(" {
			return false
		}
		p.next()
		inv = p.collectArgs(name, m)
		if inv == nil {
			return true
		}
		if e := inv.rparen.SiteEnd(); e > end {
			end = e
		}
	}
	out := p.substitute(m, inv, site, end)
	if inv != nil {
		p.releaseInvocation(inv)
	}
	if p.exceeded {
		p.put(out)
		p.reportOverrun()
		return false
	}
	if len(out) == 0 {
		p.put(out)
		if name.Flags&token.BOL != 0 && p.floor < 0 {
			p.carryBOL = true
		}
		return true
	}
	out[0].Flags = out[0].Flags&^(token.BOL|token.SpaceBefore) | name.Flags&(token.BOL|token.SpaceBefore)
	if m.shared {
		// Units that share cached macros must not share their state.
		own := *m
		own.shared = false
		if p.macros[m.Name] == m {
			p.macros[m.Name] = &own
		}
		m = &own
	}
	m.disabled = true
	p.ctx = append(p.ctx, context{toks: out, macro: m, pooled: true})
	return true
}

// resetBudget starts the budget of an outermost expansion (or of a
// directive line) at site.
func (p *pp) resetBudget(site token.Pos, name string) {
	p.budget = maxExpansion
	p.exceeded = p.total <= 0
	p.topSite, p.topName = site, name
	p.overrunReported = false
}

// reportOverrun reports, once per outermost expansion, that a budget ran out.
func (p *pp) reportOverrun() {
	if p.overrunReported {
		return
	}
	p.overrunReported = true
	if p.total <= 0 {
		if !p.totalReported {
			p.totalReported = true
			p.errorf(p.topSite, "macro expansion stopped: the unit's macro expansions produce too many tokens")
		}
		return
	}
	if p.topName == "" {
		p.errorf(p.topSite, "macro expansion in this directive exceeds %d tokens; expansion stopped", maxExpansion)
		return
	}
	p.errorf(p.topSite, "expansion of macro %q exceeds %d tokens; expansion stopped", p.topName, maxExpansion)
}

// room charges n produced tokens to the budgets.
func (p *pp) room(n int) bool {
	if n > p.budget || n > p.total {
		p.exceeded = true
		return false
	}
	p.budget -= n
	p.total -= n
	return true
}

// collectArgs reads the arguments of a call to m after its "(". It returns
// nil after reporting a malformed call.
func (p *pp) collectArgs(name token.Token, m *Macro) *invocation {
	inv := p.newInvocation()
	nparams := len(m.Params)
	depth := 0
	for {
		t := p.next()
		if t.Kind == token.EOF {
			p.errorf(name.SitePos(), "unterminated argument list invoking macro %q", m.Name)
			p.releaseInvocation(inv)
			return nil
		}
		if t.Kind == token.Ident && t.Flags&token.NoExpand == 0 {
			// A name disabled now stays unexpandable in the argument.
			if mm := p.macros[t.Text]; mm != nil && mm.disabled {
				t.Flags |= token.NoExpand
			}
		}
		t.Flags &^= token.BOL
		// Arguments collected inside an argument copy tokens again: charge
		// them, or nested calls would cost time quadratic in their depth.
		if p.argDepth > 0 && !p.room(1) {
			p.reportOverrun()
			p.releaseInvocation(inv)
			return nil
		}
		if t.Kind == token.Punct && len(t.Text) == 1 {
			switch t.Text[0] {
			case '(':
				depth++
			case ')':
				if depth == 0 {
					inv.rparen = t
					inv.ends = append(inv.ends, len(inv.toks))
					return p.checkArgs(name, m, inv, nparams)
				}
				depth--
			case ',':
				if depth == 0 && !(m.Variadic && len(inv.ends) == nparams-1) {
					inv.ends = append(inv.ends, len(inv.toks))
					continue
				}
			}
		}
		inv.toks = append(inv.toks, t)
	}
}

func (p *pp) checkArgs(name token.Token, m *Macro, inv *invocation, nparams int) *invocation {
	n := len(inv.ends)
	switch {
	case n == nparams:
	case nparams == 0 && n == 1 && len(inv.toks) == 0:
		inv.ends = inv.ends[:0]
	case m.Variadic && n == nparams-1:
		inv.ends = append(inv.ends, len(inv.toks)) // GNU: variadic part omitted
	default:
		if n < nparams {
			p.errorf(name.SitePos(), "macro %q requires %d arguments, but only %d given", m.Name, nparams, n)
		} else {
			p.errorf(name.SitePos(), "macro %q passed %d arguments, but takes just %d", m.Name, n, nparams)
		}
		p.releaseInvocation(inv)
		return nil
	}
	for range inv.ends {
		inv.exp = append(inv.exp, nil)
		inv.expOK = append(inv.expOK, false)
		inv.expOwn = append(inv.expOwn, false)
	}
	return inv
}

// substitute builds the replacement of one invocation (C99 6.10.3.1-3): the
// body with arguments substituted, # and ## applied, every token marked with
// the invocation site.
func (p *pp) substitute(m *Macro, inv *invocation, site, end token.Pos) []token.Token {
	out := p.get()
	body := m.Body
	last := 0       // where the latest ## operand starts in out: a placemarker if at len(out)
	var vaOpt []int // the closing parentheses of the __VA_OPT__ groups being kept
	for i := 0; i < len(body) && !p.exceeded; i++ {
		o := m.ops[i]
		if o.kind == opToken && m.Variadic {
			// C23 __VA_OPT__(tokens): the tokens when the variable
			// arguments are not empty, else nothing.
			if n := len(vaOpt); n > 0 && vaOpt[n-1] == i {
				vaOpt = vaOpt[:n-1]
				continue
			}
			if body[i].Kind == token.Ident && body[i].Text == "__VA_OPT__" {
				if end := closingParen(body, i+1); end > 0 {
					if len(inv.arg(int16(len(m.Params)-1))) == 0 {
						i = end
					} else {
						vaOpt = append(vaOpt, end)
						i++
					}
					continue
				}
			}
		}
		if o.kind == opPaste {
			opPos := body[i].Pos
			j := i + 1
			var rhs []token.Token
			switch ro := m.ops[j]; ro.kind {
			case opParam:
				if m.Variadic && int(ro.param) == len(m.Params)-1 && body[i-1].Kind == token.Punct &&
					body[i-1].Text == "," && m.ops[i-1].kind == opToken {
					// GNU: ", ## __VA_ARGS__" drops the comma when there
					// are no variable arguments, else is a plain comma.
					if va := inv.arg(ro.param); len(va) == 0 {
						if len(out) > last {
							out = out[:len(out)-1]
						}
					} else {
						out = p.appendToks(out, va, site, end)
					}
					i = j
					continue
				}
				rhs = inv.arg(ro.param)
			case opStringize:
				p.one[0] = p.stringize(inv.arg(ro.param), body[j].Pos, site, end)
				rhs = p.one[:]
				j++
			default:
				rhs = body[j : j+1]
			}
			i = j
			if len(rhs) == 0 {
				continue // lhs ## placemarker
			}
			if len(out) == last {
				out = p.appendToks(out, rhs, site, end) // placemarker ## rhs
				continue
			}
			out = p.paste(out, rhs[0], opPos, site, end)
			out = p.appendToks(out, rhs[1:], site, end)
			continue
		}
		last = len(out)
		switch o.kind {
		case opToken:
			out = p.appendToks(out, body[i:i+1], site, end)
		case opParam:
			if i+1 < len(body) && m.ops[i+1].kind == opPaste {
				out = p.appendToks(out, inv.arg(o.param), site, end)
			} else {
				out = p.appendToks(out, p.expandedArg(inv, o.param), site, end)
			}
		case opStringize:
			p.one[0] = p.stringize(inv.arg(o.param), body[i].Pos, site, end)
			out = p.appendToks(out, p.one[:], site, end)
			i++
		}
	}
	return out
}

// closingParen returns the index of the ')' that closes the '(' at
// toks[open], or -1.
func closingParen(toks []token.Token, open int) int {
	if open >= len(toks) || toks[open].Kind != token.Punct || toks[open].Text != "(" {
		return -1
	}
	depth := 0
	for k := open; k < len(toks); k++ {
		if toks[k].Kind != token.Punct {
			continue
		}
		switch toks[k].Text {
		case "(":
			depth++
		case ")":
			if depth--; depth == 0 {
				return k
			}
		}
	}
	return -1
}

// appendToks appends toks as produced by the expansion at site.
func (p *pp) appendToks(out, toks []token.Token, site, end token.Pos) []token.Token {
	if !p.room(len(toks)) {
		return out
	}
	for _, t := range toks {
		t.Flags &^= token.BOL
		t.SetExp(site, end)
		out = append(out, t)
	}
	return out
}

func (p *pp) expandedArg(inv *invocation, k int16) []token.Token {
	if !inv.expOK[k] {
		inv.exp[k], inv.expOwn[k] = p.expandList(inv.arg(k))
		inv.expOK[k] = true
	}
	return inv.exp[k]
}

// paste replaces the last token of out by its concatenation with rhs.
func (p *pp) paste(out []token.Token, rhs token.Token, opPos, site, end token.Pos) []token.Token {
	lhs := &out[len(out)-1]
	s := lhs.Text + rhs.Text
	kind, ok := lexer.Classify(s)
	if !ok {
		p.errorf(site, "pasting %q and %q does not give a valid preprocessing token", lhs.Text, rhs.Text)
		return p.appendToks(out, []token.Token{rhs}, site, end)
	}
	*lhs = token.Token{Kind: kind, Flags: lhs.Flags & token.SpaceBefore, Text: s, Pos: opPos}
	lhs.SetExp(site, end)
	return out
}

// stringize implements the # operator.
func (p *pp) stringize(toks []token.Token, opPos, site, end token.Pos) token.Token {
	var b strings.Builder
	b.WriteByte('"')
	for k, t := range toks {
		if k > 0 && t.Flags&token.SpaceBefore != 0 {
			b.WriteByte(' ')
		}
		if t.Kind == token.String || t.Kind == token.Char {
			for i := 0; i < len(t.Text); i++ {
				if c := t.Text[i]; c == '"' || c == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(t.Text[i])
			}
			continue
		}
		if t.Kind == token.Pragma {
			b.WriteString("_Pragma(")
			b.WriteString(strconv.Quote(t.Text))
			b.WriteByte(')')
			continue
		}
		b.WriteString(t.Text)
	}
	b.WriteByte('"')
	t := token.Token{Kind: token.String, Text: b.String(), Pos: opPos}
	t.SetExp(site, end)
	return t
}

// expandList fully macro-expands toks in isolation (a macro argument, or a
// directive line) and reports whether the result came from the pool.
func (p *pp) expandList(toks []token.Token) ([]token.Token, bool) {
	if !p.inIf && !p.needsExpansion(toks) {
		return toks, false
	}
	if p.argDepth >= maxArgDepth {
		if !p.deepReported {
			p.deepReported = true
			p.errorf(toks[0].SitePos(), "macro invocations nested too deeply in macro arguments (more than %d levels)", maxArgDepth)
		}
		return toks, false
	}
	p.argDepth++
	out := p.get()
	saved := p.floor
	p.ctx = append(p.ctx, context{toks: toks})
	p.floor = len(p.ctx) - 1
	for {
		t := p.next()
		if t.Kind == token.EOF {
			break
		}
		if t.Kind == token.Ident && t.Flags&token.NoExpand == 0 {
			if p.inIf && p.ifOperator(&t) {
				out = append(out, t)
				continue
			}
			if m := p.macros[t.Text]; m != nil && p.expandOrMark(&t, m) {
				continue
			}
		}
		out = append(out, t)
	}
	p.ctx[p.floor] = context{}
	p.ctx = p.ctx[:p.floor]
	p.floor = saved
	p.argDepth--
	return out, true
}

// needsExpansion reports whether toks contain a name that may expand.
func (p *pp) needsExpansion(toks []token.Token) bool {
	for i := range toks {
		if toks[i].Kind == token.Ident && toks[i].Flags&token.NoExpand == 0 && p.macros[toks[i].Text] != nil {
			return true
		}
	}
	return false
}

// expandBuiltin expands __FILE__, __LINE__ and friends.
func (p *pp) expandBuiltin(name token.Token, m *Macro, site, end token.Pos) bool {
	t := token.Token{Kind: token.Number, Pos: name.Pos, Flags: name.Flags & (token.BOL | token.SpaceBefore)}
	t.SetExp(site, end)
	switch m.builtin {
	case bFile:
		t.Kind, t.Text = token.String, cQuote(p.fset.Position(site).Filename)
	case bLine:
		t.Text = strconv.Itoa(p.fset.Position(site).Line)
	case bCounter:
		t.Text = strconv.Itoa(p.counter)
		p.counter++
	case bDate:
		// Fixed, so that output is reproducible.
		t.Kind, t.Text = token.String, `"Jan  1 1970"`
	case bTime:
		t.Kind, t.Text = token.String, `"00:00:00"`
	case bIncludeLevel:
		t.Text = strconv.Itoa(len(p.inputs) + p.outer - 1)
	case bBaseFile:
		t.Kind, t.Text = token.String, cQuote(p.baseFile)
		p.baseUsed = true
	default:
		return false
	}
	if !p.room(1) {
		return false
	}
	out := append(p.get(), t)
	p.ctx = append(p.ctx, context{toks: out, pooled: true})
	return true
}

// cQuote quotes s as a C string literal.
func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// pragmaOperator executes _Pragma("...") (C99 6.10.9), turning *t, the
// _Pragma name, into a Pragma token. It reports false if no "(" follows.
func (p *pp) pragmaOperator(t *token.Token) bool {
	if n := p.peek(); n.Kind != token.Punct || n.Text != "(" {
		return false
	}
	p.next()
	s := p.next()
	text := ""
	if s.Kind == token.String {
		text = destringize(s.Text)
		if r := p.peek(); r.Kind == token.Punct && r.Text == ")" {
			p.next()
		} else {
			p.errorf(s.SitePos(), "missing ')' after _Pragma string")
		}
	} else {
		p.errorf(t.SitePos(), "_Pragma takes a parenthesized string literal")
	}
	site, end := t.Exp, t.ExpEnd()
	*t = token.Token{Kind: token.Pragma, Flags: token.BOL, Text: strings.TrimSpace(text), Pos: t.Pos}
	t.SetExp(site, end)
	p.carryBOL = true
	return true
}

// destringize undoes the quoting of a string literal (C99 6.10.9).
func destringize(s string) string {
	if i := strings.IndexByte(s, '"'); i >= 0 {
		s = s[i:]
	}
	if len(s) >= 2 && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	} else if len(s) >= 1 {
		s = s[1:]
	}
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
