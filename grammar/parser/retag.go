package parser

import (
	"maps"

	"github.com/upclint/upclint/grammar/token"
)

// The typedef pass. C cannot be parsed without knowing which identifiers
// name types ("T * x;" declares x when T is a typedef name and multiplies
// otherwise), and participle keeps no state of its own while parsing. So
// before parsing, retag walks the token slice once, tracks typedef names per
// scope, and rewrites token kinds:
//
//   - an identifier that names a visible typedef becomes token.TypeName where
//     C reads it as a type;
//   - a typedef name used as a name (a struct tag, a member after "." or "->",
//     a goto target or label, a declarator that redeclares it) stays
//     token.Ident, and a redeclaration shadows the typedef in its scope;
//   - a UPC keyword used as a name (after "." or "->", as a struct member) becomes
//     token.Ident;
//   - "__extension__" in front of an expression becomes token.Ident so that the
//     grammar can tell a declaration from an expression statement by its first
//     token.
//
// It also decides which #pragma tokens stand where a declaration or statement
// may (the rest are dropped by the token adapter).
//
// The pass follows declarations with a stack of bracket frames. It handles
// what real code does; pathological declarators (a typedef name redeclared
// as a parameter of a parameter of a function returning a function pointer)
// may be tagged wrongly, which costs at most a syntax error in the enclosing
// declaration.

type frameKind uint8

const (
	fFile      frameKind = iota
	fBlock               // compound statement or function body
	fRecord              // struct or union body
	fEnum                // enum body
	fInit                // braced initializer or compound literal
	fParen               // parenthesized expression, cast, sizeof, call, brackets
	fDeclParen           // parenthesized declarator: "(*fp)"
	fParams              // parameter list
	fFor                 // for / upc_forall header
	fOpaque              // __attribute__ / asm / typeof contents
)

type frame struct {
	kind  frameKind
	close string // closing punctuator
	scope int    // index into retagger.scopes where declarations go

	seenType bool // a type specifier has been seen: identifiers are declarators
	typedef  bool // the declaration started with typedef
	inInit   bool // inside an initializer or bit-field width

	// record is set after struct/union/enum (1) and its tag (2): a following
	// '{' opens the body.
	record  uint8
	recEnum bool
	saved   uint8 // an attribute frame: the parent's record state to restore

	params    map[string]bool // scope of the first parameter list closed (for a function body)
	hasParams bool
	typeofEnd bool // a typeof frame: the parent has seen a type when it closes
	member    bool // a declarator of struct members: names are not declared in scope
	oldStyle  bool // after an identifier list: parameter declarations, then the body
}

type retagger struct {
	toks   []token.Token
	frames []frame
	scopes []map[string]bool // true: typedef name; false: ordinary name shadowing one
	keep   map[int]bool      // pragma tokens that stand as declarations or statements
	// declared holds every name declared as an object or function
	// anywhere so far: such a name is never taken for an unknown type.
	declared map[string]bool

	pending    string // "attr", "typeof", "for": the construct whose '(' comes next
	closedType bool   // the last ')' closed a parenthesized type name: '{' starts a compound literal
	// forScope holds the names a for header declared that hide typedef
	// names, from its ')' to the '{' of its body, which they are in
	forScope map[string]bool

	// base is the state after a shared prefix of the tokens, read-only:
	// its file-scope typedef names and declared names lie under scopes[0]
	// and declared.
	base *retagState
	// peeked is the index of the last ';' whose handling looked at the
	// token after it (an old-style definition's parameter declarations).
	peeked int
}

// retagState is what the retagger knows between two top-level
// declarations: the file scope's names and the kept #pragma tokens.
type retagState struct {
	typedefs map[string]bool // file scope: true for a typedef name
	declared map[string]bool
	keep     map[int]bool
}

func retag(toks []token.Token) map[int]bool {
	keep, _ := retagShared(toks, nil, 0, -1)
	return keep
}

func newRetagger(toks []token.Token, base *retagState) *retagger {
	r := &retagger{toks: toks, declared: make(map[string]bool), base: base, peeked: -1}
	r.scopes = append(r.scopes, nil)
	r.frames = append(r.frames, frame{kind: fFile})
	return r
}

// retagShared retags toks[from:]. base is the state retagShared returned
// for toks[:from] (retagged already; nil if from is 0), and the keep map
// holds only the entries from from on. If cut > from, it retags
// toks[from:cut] only and returns the state after toks[:cut], or nil if
// cut is not between two top-level declarations or the retagging of
// toks[:cut] looked at toks[cut:]; the caller retags the rest from that
// state, as for every unit that shares toks[:cut].
func retagShared(toks []token.Token, base *retagState, from, cut int) (map[int]bool, *retagState) {
	r := newRetagger(toks, base)
	end := len(toks)
	if cut > from && cut < end {
		end = cut
	}
	for i := from; i < end; i++ {
		r.step(i)
	}
	var st *retagState
	if end == cut {
		st = r.state(cut)
	}
	return r.keep, st
}

// state returns the state before toks[cut] if the tokens before it end a
// top-level declaration and were retagged without a look past them, nil
// otherwise. The maps are copies. Every other field of the retagger must be
// at its starting value here (a field added to it is checked here too).
func (r *retagger) state(cut int) *retagState {
	f := r.top()
	last := r.prev(cut)
	if len(r.frames) != 1 || len(r.scopes) != 1 || r.pending != "" || r.closedType || r.forScope != nil ||
		f.seenType || f.typedef || f.inInit || f.record != 0 || f.saved != 0 || f.params != nil || f.hasParams ||
		f.typeofEnd || f.member || f.oldStyle ||
		last == nil || !isPunct(last, ";") && !isPunct(last, "}") || r.peeked >= 0 && &r.toks[r.peeked] == last {
		return nil
	}
	st := &retagState{typedefs: maps.Clone(r.scopes[0]), declared: maps.Clone(r.declared), keep: make(map[int]bool, len(r.keep))}
	if b := r.base; b != nil {
		// the base's names, under those declared since
		st.typedefs = merge(b.typedefs, r.scopes[0])
		st.declared = merge(b.declared, r.declared)
		maps.Copy(st.keep, b.keep)
	}
	for i := range r.keep {
		if i < cut {
			st.keep[i] = true
		}
	}
	return st
}

// merge returns a map of the entries of base and over, over's first.
func merge(base, over map[string]bool) map[string]bool {
	m := make(map[string]bool, len(base)+len(over))
	maps.Copy(m, base)
	maps.Copy(m, over)
	return m
}

func (r *retagger) top() *frame { return &r.frames[len(r.frames)-1] }

// lookup reports whether name is a typedef name in the innermost scope that
// declares it.
func (r *retagger) lookup(name string) bool {
	for i := len(r.scopes) - 1; i >= 0; i-- {
		if m := r.scopes[i]; m != nil {
			if td, ok := m[name]; ok {
				return td
			}
		}
	}
	return r.base != nil && r.base.typedefs[name]
}

// inScope reports whether a scope declares name: a UPC keyword declared
// as a parameter name is an identifier in the function's body.
func (r *retagger) inScope(name string) bool {
	for i := len(r.scopes) - 1; i > 0; i-- {
		if _, ok := r.scopes[i][name]; ok {
			return true
		}
	}
	return false
}

// isDeclared reports whether name was declared as an object or function.
func (r *retagger) isDeclared(name string) bool {
	return r.declared[name] || r.base != nil && r.base.declared[name]
}

// declare records name in scope s: a typedef, or an ordinary name, which
// only matters when it hides a typedef.
func (r *retagger) declare(s int, name string, typedef bool) {
	if !typedef && !r.lookup(name) {
		return
	}
	if r.scopes[s] == nil {
		r.scopes[s] = make(map[string]bool)
	}
	r.scopes[s][name] = typedef
}

func (r *retagger) pushScope(m map[string]bool) int {
	r.scopes = append(r.scopes, m)
	return len(r.scopes) - 1
}

func (r *retagger) push(f frame) { r.frames = append(r.frames, f) }

// pop removes the top frame (and its scope, if it owns one) and returns it.
func (r *retagger) pop() frame {
	f := r.frames[len(r.frames)-1]
	r.frames = r.frames[:len(r.frames)-1]
	switch f.kind {
	case fBlock, fParams, fFor:
		r.scopes = r.scopes[:f.scope]
	}
	return f
}

func (r *retagger) prev(i int) *token.Token {
	for i--; i >= 0; i-- {
		if r.toks[i].Kind != token.Pragma {
			return &r.toks[i]
		}
	}
	return nil
}

func (r *retagger) next(i int) *token.Token {
	for i++; i < len(r.toks); i++ {
		if r.toks[i].Kind != token.Pragma {
			return &r.toks[i]
		}
	}
	return nil
}

func isPunct(t *token.Token, s string) bool { return t != nil && t.Kind == token.Punct && t.Text == s }

func (f *frame) resetDecl() {
	f.seenType, f.typedef, f.inInit = false, false, false
	f.params, f.hasParams = nil, false
	f.record = 0
}

// declFrame reports whether declarations are parsed at this level.
func (f *frame) declFrame() bool {
	switch f.kind {
	case fFile, fBlock, fRecord, fParams, fFor, fDeclParen:
		return true
	}
	return false
}

func (r *retagger) step(i int) {
	t := &r.toks[i]
	f := r.top()
	pending := r.pending
	r.pending = ""
	closedType := r.closedType
	r.closedType = false
	rec := f.record
	if t.Kind != token.Pragma {
		f.record = 0
	}

	switch t.Kind {
	case token.Pragma:
		r.pending, r.closedType = pending, closedType
		p := r.prev(i)
		if (f.kind == fFile || f.kind == fBlock) && !f.seenType && !f.inInit &&
			(p == nil || p.Kind == token.Pragma || isPunct(p, ";") || isPunct(p, "{") || isPunct(p, "}")) {
			if r.keep == nil {
				r.keep = make(map[int]bool)
			}
			r.keep[i] = true
		}

	case token.Ident, token.TypeName:
		t.Kind = r.classify(i, t, f, rec)

	case token.Keyword:
		r.keyword(i, t, f, rec)

	case token.Punct:
		r.punct(i, t, f, rec, pending, closedType)
	}
}

func (r *retagger) classify(i int, t *token.Token, f *frame, rec uint8) token.Kind {
	p := r.prev(i)
	if p != nil && (isPunct(p, ".") || isPunct(p, "->") || (p.Kind == token.Keyword && p.Text == "goto")) {
		return token.Ident
	}
	if rec == 1 { // struct/union/enum tag
		f.record = 2
		return token.Ident
	}
	switch f.kind {
	case fBlock:
		if isPunct(r.next(i), ":") && p != nil && (isPunct(p, ";") || isPunct(p, "{") || isPunct(p, "}") || isPunct(p, ":")) {
			return token.Ident // label
		}
	case fEnum:
		if p != nil && (isPunct(p, "{") || isPunct(p, ",")) {
			r.declare(f.scope, t.Text, false) // enumerator
			return token.Ident
		}
	}
	if f.kind == fFile && !f.seenType && !f.inInit && isPunct(r.next(i), "(") && !r.lookup(t.Text) {
		f.seenType = true // C89 implicit int: "main() { ... }"
	}
	if f.declFrame() && f.seenType && !f.inInit {
		if f.kind != fRecord && !f.member {
			r.declare(f.scope, t.Text, f.typedef)
			if !f.typedef {
				r.declared[t.Text] = true
			}
		}
		return token.Ident
	}
	if r.lookup(t.Text) || r.unknownType(i, f, p) {
		if !f.inInit {
			f.seenType = true
		}
		return token.TypeName
	}
	return token.Ident
}

// unknownType reports whether the undeclared identifier at toks[i] stands
// where only a type name can: "T x;", "T *p, q;", a member "T m;", a
// parameter "T x" or "T *p", or a cast "(T) x" / "(T *) p". Its typedef is
// in a header that was not found or behind a macro the build defines;
// taking it as a type name keeps the declaration (as clang does), and the
// type checker reports the unknown name once. The name is then a type name
// in the rest of the file.
func (r *retagger) unknownType(i int, f *frame, p *token.Token) bool {
	if f.inInit || f.seenType || r.isDeclared(r.toks[i].Text) || gnuPartOps[r.toks[i].Text] {
		return false
	}
	n := r.next(i)
	if n == nil {
		return false
	}
	typ := false
	switch f.kind {
	case fFile, fRecord, fParams:
		typ = n.Kind == token.Ident || isPunct(n, "*") && r.pointerDeclarator(i+1, f.kind == fParams)
	case fBlock:
		// At statement start "a b" is never an expression, and "a * b;"
		// would be a multiplication thrown away.
		if p == nil || isPunct(p, ";") || isPunct(p, "{") || isPunct(p, "}") || isPunct(p, "]") ||
			p.Kind == token.Keyword && declStartKeywords[p.Text] {
			typ = n.Kind == token.Ident || isPunct(n, "*") && r.pointerDeclarator(i+1, false)
		}
	case fParen:
		if isPunct(p, "(") && r.castParen(i) {
			switch {
			case isPunct(n, ")"):
				a := r.next(i + 1)
				typ = a != nil && (a.Kind == token.Ident || a.Kind == token.Number || a.Kind == token.String || a.Kind == token.Char)
			case isPunct(n, "*"):
				typ = r.abstractPointer(i + 1)
			}
		}
	}
	if typ {
		r.declare(0, r.toks[i].Text, true)
	}
	return typ
}

// castParen reports whether the '(' before toks[i] can open a cast: it does
// not follow a name, a closing bracket or a keyword such as if or while
// (a call or a condition).
func (r *retagger) castParen(i int) bool {
	k := i - 1
	for k >= 0 && r.toks[k].Kind == token.Pragma {
		k--
	}
	b := r.prev(k)
	switch {
	case b == nil:
		return true
	case b.Kind == token.Punct:
		return b.Text != ")" && b.Text != "]"
	case b.Kind == token.Keyword:
		return b.Text == "return" || b.Text == "case"
	}
	return false
}

// abstractPointer reports whether the tokens from toks[i], a '*', are the
// abstract declarator of a type name in a cast: stars and qualifiers up to
// the closing parenthesis, as in "(T *)".
func (r *retagger) abstractPointer(i int) bool {
	for ; i < len(r.toks); i++ {
		t := &r.toks[i]
		switch {
		case t.Kind == token.Pragma, isPunct(t, "*"):
		case t.Kind == token.Keyword && declStartKeywords[t.Text]:
		default:
			return isPunct(t, ")")
		}
	}
	return false
}

// pointerDeclarator reports whether the tokens from toks[i], a '*', read as
// the pointer part of a declarator: stars (and qualifiers), then a name
// followed by what may follow a declarator, or, when abstract is set, a
// closing parenthesis or comma (an abstract declarator).
func (r *retagger) pointerDeclarator(i int, abstract bool) bool {
	for ; i < len(r.toks); i++ {
		t := &r.toks[i]
		switch {
		case t.Kind == token.Pragma, isPunct(t, "*"):
			continue
		case t.Kind == token.Keyword && declStartKeywords[t.Text]:
			continue // const, restrict, shared...
		case t.Kind == token.Ident:
			n := r.next(i)
			return n != nil && (isPunct(n, ";") || isPunct(n, ",") || isPunct(n, "=") || isPunct(n, "[") || isPunct(n, ")"))
		default:
			return abstract && (isPunct(t, ")") || isPunct(t, ","))
		}
	}
	return false
}

func (r *retagger) keyword(i int, t *token.Token, f *frame, rec uint8) {
	switch t.Text {
	case "typedef":
		f.typedef = true
	case "struct", "union", "enum":
		if !f.inInit {
			f.seenType = true
		}
		f.record, f.recEnum = 1, t.Text == "enum"
	case "__attribute__", "__attribute", "__asm__", "__asm", "asm":
		f.record = rec // attributes may stand between struct and its tag or body
		r.pending = "attr"
	case "__typeof__", "__typeof", "typeof":
		r.pending = "typeof"
	case "for", "upc_forall":
		r.pending = "for"
	case "__extension__":
		if n := r.next(i); n != nil && !r.startsDecl(n) && !(n.Kind == token.Keyword && n.Text == "_Static_assert") {
			t.Kind = token.Ident
		}
	default:
		if typeSpecKeywords[t.Text] {
			if !f.inInit {
				f.seenType = true
			}
			return
		}
		if token.UPCKeywords[t.Text] {
			p := r.prev(i)
			if isPunct(p, ".") || isPunct(p, "->") {
				t.Kind = token.Ident
				return
			}
			if f.kind == fRecord && f.seenType && !f.inInit {
				if n := r.next(i); isPunct(n, ";") || isPunct(n, ",") || isPunct(n, ":") || isPunct(n, "[") {
					t.Kind = token.Ident
				}
			}
			if f.kind == fParams && f.seenType && !f.inInit {
				// a parameter named shared, strict or relaxed in a C
				// header's prototype ("UBool strict)"): a qualifier
				// there would make an invalid UPC parameter anyway
				if n := r.next(i); isPunct(n, ",") || isPunct(n, ")") {
					t.Kind = token.Ident
					if r.scopes[f.scope] == nil {
						r.scopes[f.scope] = make(map[string]bool)
					}
					r.scopes[f.scope][t.Text] = false // a name in the body too
				}
				return
			}
			if r.inScope(t.Text) {
				t.Kind = token.Ident
			}
		}
	}
}

// gnuPartOps are GNU's operators spelled as identifiers: "__real__ z = 1"
// is an assignment, not a declaration of z.
var gnuPartOps = map[string]bool{"__real__": true, "__real": true, "__imag__": true, "__imag": true}

// startsDecl reports whether t can begin declaration specifiers.
func (r *retagger) startsDecl(t *token.Token) bool {
	switch t.Kind {
	case token.Keyword:
		return declStartKeywords[t.Text] || typeSpecKeywords[t.Text]
	case token.Ident, token.TypeName:
		return r.lookup(t.Text)
	}
	return false
}

func (r *retagger) punct(i int, t *token.Token, f *frame, rec uint8, pending string, closedType bool) {
	switch t.Text {
	case "(":
		switch {
		case pending == "attr":
			r.push(frame{kind: fOpaque, close: ")", scope: f.scope, saved: rec})
		case pending == "typeof":
			r.push(frame{kind: fParen, close: ")", scope: f.scope, typeofEnd: true})
		case pending == "for":
			r.push(frame{kind: fFor, close: ")", scope: r.pushScope(nil)})
		case f.declFrame() && f.seenType && !f.inInit:
			p := r.prev(i)
			if p != nil && (p.Kind == token.Ident || isPunct(p, ")") || isPunct(p, "]")) {
				r.push(frame{kind: fParams, close: ")", scope: r.pushScope(nil)})
			} else {
				r.push(frame{kind: fDeclParen, close: ")", scope: f.scope, seenType: true, typedef: f.typedef,
					member: f.kind == fRecord || f.member})
			}
		default:
			r.push(frame{kind: fParen, close: ")", scope: f.scope})
		}
	case "[":
		r.push(frame{kind: fParen, close: "]", scope: f.scope})
	case ")", "]":
		if f.close != t.Text || len(r.frames) == 1 {
			return // unbalanced: the parser reports it
		}
		var ps map[string]bool
		if f.kind == fParams {
			ps = r.scopes[f.scope]
		}
		if f.kind == fFor && isPunct(r.next(i), "{") {
			r.forScope = r.scopes[f.scope]
		}
		g := r.pop()
		parent := r.top()
		switch g.kind {
		case fParams:
			if (parent.kind == fFile || parent.kind == fBlock) && r.identListBefore(i) {
				if n := r.next(i); n != nil && r.startsDecl(n) {
					// the parameter declarations start afresh: a typedef
					// name there is their type, not a declarator
					parent.oldStyle = true
					parent.seenType, parent.typedef = false, false
				}
			}
			base := len(r.frames) - 1
			for base > 0 && r.frames[base].kind == fDeclParen {
				base--
			}
			if b := &r.frames[base]; !b.hasParams {
				b.params, b.hasParams = ps, true
			}
		case fParen:
			if g.typeofEnd && !parent.inInit {
				parent.seenType = true
			}
			r.closedType = g.seenType && t.Text == ")"
		case fOpaque:
			parent.record = g.saved
		}
	case "{":
		if m := r.forScope; m != nil {
			// the body of "for (T T = 0; ...)": T is not a type there
			r.forScope = nil
			r.push(frame{kind: fBlock, close: "}", scope: r.pushScope(maps.Clone(m))})
			return
		}
		if f.kind == fParams && rec == 0 {
			// "main(void {": the parameter list was never closed and a
			// body starts (the parser reports the missing ')'); closing
			// the list keeps the declarations after it right
			r.pop()
			f = r.top()
		}
		switch {
		case rec != 0:
			if f.recEnum {
				r.push(frame{kind: fEnum, close: "}", scope: f.scope})
			} else {
				r.push(frame{kind: fRecord, close: "}", scope: f.scope})
			}
		case f.oldStyle && isPunct(r.prev(i), ";"):
			// the body of an old-style definition
			f.oldStyle = false
			r.push(frame{kind: fBlock, close: "}", scope: r.pushScope(nil)})
		case (f.kind == fFile || f.kind == fBlock) && f.seenType && !f.inInit,
			f.kind == fFile && !f.inInit && isPunct(r.prev(i), ")"):
			// function body: the parameters are in scope
			r.push(frame{kind: fBlock, close: "}", scope: r.pushScope(f.params)})
		case closedType:
			r.push(frame{kind: fInit, close: "}", scope: f.scope})
		case f.kind == fBlock && !f.inInit, isPunct(r.prev(i), "("):
			r.push(frame{kind: fBlock, close: "}", scope: r.pushScope(nil)})
		default:
			r.push(frame{kind: fInit, close: "}", scope: f.scope})
		}
	case "}":
		// close the innermost brace frame, dropping unclosed brackets
		j := len(r.frames) - 1
		for j > 0 && r.frames[j].close != "}" {
			j--
		}
		if j == 0 {
			return
		}
		for len(r.frames)-1 > j {
			r.pop()
		}
		g := r.pop()
		parent := r.top()
		if g.kind == fBlock && (parent.kind == fFile || parent.kind == fBlock) {
			parent.resetDecl()
		}
	case ";":
		f.resetDecl()
		if f.oldStyle {
			r.peeked = i
			n := r.next(i)
			f.oldStyle = n != nil && (r.startsDecl(n) || isPunct(n, "{"))
		}
	case ",":
		switch {
		case f.kind == fParams:
			f.resetDecl()
		case f.declFrame() && f.seenType:
			f.inInit = false
		}
	case "=":
		if f.declFrame() && f.seenType {
			f.inInit = true
		}
	case ":":
		if f.kind == fRecord && f.seenType {
			f.inInit = true
		}
	}
}

// identListBefore reports whether the ')' at toks[i] closes a non-empty
// identifier list: "(a, b)".
func (r *retagger) identListBefore(i int) bool {
	n := 0
	for k := i - 1; k >= 0; k-- {
		t := &r.toks[k]
		switch {
		case t.Kind == token.Pragma:
			continue
		case n%2 == 0 && t.Kind == token.Ident:
		case n%2 == 1 && isPunct(t, ","):
		case n%2 == 1 && isPunct(t, "("):
			return true
		default:
			return false
		}
		n++
	}
	return false
}

// typeSpecKeywords are the keywords that are type specifiers: after one,
// an identifier is a declarator.
var typeSpecKeywords = map[string]bool{
	"void": true, "char": true, "short": true, "int": true, "long": true,
	"float": true, "double": true, "signed": true, "__signed__": true,
	"__signed": true, "unsigned": true, "_Bool": true, "_Complex": true,
	"__builtin_va_list": true, "__int128": true,
}

// declStartKeywords are the other keywords that may begin declaration
// specifiers (type specifiers are in typeSpecKeywords).
var declStartKeywords = map[string]bool{
	"typedef": true, "extern": true, "static": true, "auto": true, "register": true,
	"inline": true, "__inline__": true, "__inline": true, "const": true,
	"__const": true, "__const__": true, "volatile": true, "__volatile__": true,
	"restrict": true, "__restrict": true, "__restrict__": true, "strict": true,
	"relaxed": true, "shared": true, "struct": true, "union": true, "enum": true,
	"__typeof__": true, "__typeof": true, "typeof": true, "__attribute__": true,
	"__attribute": true, "__thread": true, "__extension__": true, "__label__": true,
}
