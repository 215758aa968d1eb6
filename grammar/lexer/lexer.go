// Package lexer splits C99 and UPC source text into preprocessing tokens
// (C99 6.4): identifiers, pp-numbers, character constants, string literals,
// punctuators and single stray characters.
//
// The lexer works on bytes and hands out token texts that are substrings of
// the source, so lexing a file allocates nothing per token. Comments and
// whitespace are skipped; line structure is kept in the BOL and SpaceBefore
// flags of the following token, which is all the preprocessor needs.
// Backslash-newline splices (translation phase 2) are rare: a token that
// contains one gets a cleaned copy of its text, while its Pos stays at the
// start of its spelling.
package lexer

import (
	gotoken "go/token"
	"strings"
	"unicode/utf8"

	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// MaxErrors is how many lexical errors one file may report before the lexer
// gives up on the rest of it: a file that is not C at all should cost one
// screenful of diagnostics, not one per byte.
const MaxErrors = 50

// binaryProbe is how much of a file is searched for NUL bytes to decide
// that it is not text (the same heuristic as git and grep).
const binaryProbe = 8000

// Byte classes for the scanning loops.
const (
	isIdentStart = 1 << iota // letter, '_' or '$' (GCC accepts '$')
	isIdentCont              // identifier start or digit
)

var class = func() (c [256]uint8) {
	for b := 'a'; b <= 'z'; b++ {
		c[b] = isIdentStart | isIdentCont
		c[b-'a'+'A'] = isIdentStart | isIdentCont
	}
	for b := '0'; b <= '9'; b++ {
		c[b] = isIdentCont
	}
	c['_'] = isIdentStart | isIdentCont
	c['$'] = isIdentStart | isIdentCont
	return
}()

// A Lexer holds the scanning state for one file. The zero value is not
// usable; call Init.
type Lexer struct {
	// Quiet suppresses diagnostics. The preprocessor sets it while it skips
	// a false #if group, where C does not require the text to be valid.
	Quiet bool

	src     string
	base    int // Pos of offset 0
	off     int // start of the next unread byte
	diags   *diag.List
	nerr    int
	dead    bool        // too many errors or a binary file: report EOF
	splices bool        // src contains at least one backslash-newline
	skipped bool        // skipSpace has run for the next token
	flags   token.Flags // layout flags gathered for the next token
	nlOff   int         // offset after the first newline skipped before the next token, or -1

	unterminated bool // the last literal scanned had no closing quote
}

// Init prepares l to scan src, the content of file (which may be nil for text
// that is not in a FileSet: positions then start at 0). Diagnostics are
// appended to diags, which may be nil.
func (l *Lexer) Init(file *gotoken.File, src string, diags *diag.List) {
	base := 0
	if file != nil {
		base = file.Base()
	}
	*l = Lexer{src: src, base: base, diags: diags, flags: token.BOL, nlOff: -1}
	l.splices = hasSplice(src)
	probe := src
	if len(probe) > binaryProbe {
		probe = probe[:binaryProbe]
	}
	if strings.IndexByte(probe, 0) >= 0 {
		l.errorf(0, "file appears to be binary (it contains NUL bytes); skipped")
		l.dead = true
	}
}

// Pos returns the position of byte offset off.
func (l *Lexer) Pos(off int) token.Pos { return token.Pos(l.base + off) }

// Offset returns the byte offset of the next unread byte.
func (l *Lexer) Offset() int { return l.off }

// Source returns the text being scanned.
func (l *Lexer) Source() string { return l.src }

// HasSplices reports whether the source contains a backslash-newline, in
// which case token texts may differ from the bytes they span.
func (l *Lexer) HasSplices() bool { return l.splices }

func (l *Lexer) errorf(off int, format string, args ...any) {
	if l.Quiet || l.diags == nil || l.dead {
		return
	}
	l.nerr++
	if l.nerr > MaxErrors {
		l.diags.Errorf(l.Pos(off), diag.RulePreprocessor, "too many lexical errors; rest of file skipped")
		l.dead = true
		return
	}
	l.diags.Errorf(l.Pos(off), diag.RulePreprocessor, format, args...)
}

func (l *Lexer) warnf(off int, format string, args ...any) {
	if l.Quiet || l.diags == nil || l.dead {
		return
	}
	l.diags.Warnf(l.Pos(off), diag.RulePreprocessor, format, args...)
}

// hasSplice reports whether src contains a line splice anywhere.
func hasSplice(src string) bool {
	for i := 0; ; {
		k := strings.IndexByte(src[i:], '\\')
		if k < 0 {
			return false
		}
		i += k
		if spliceLen(src, i) > 0 {
			return true
		}
		i++
	}
}

// spliceLen returns the length of the backslash-newline at src[i], or 0.
// Like GCC, it allows blanks between the backslash and the newline: trailing
// blanks are invisible in an editor and the intent is clear.
func spliceLen(src string, i int) int {
	if i >= len(src) || src[i] != '\\' {
		return 0
	}
	j := i + 1
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	if j < len(src) && src[j] == '\n' {
		return j + 1 - i
	}
	if j+1 < len(src) && src[j] == '\r' && src[j+1] == '\n' {
		return j + 2 - i
	}
	return 0
}

// skipSplices returns i advanced past any splices that start there.
func (l *Lexer) skipSplices(i int) int {
	if !l.splices {
		return i
	}
	for i < len(l.src) && l.src[i] == '\\' {
		n := spliceLen(l.src, i)
		if n == 0 {
			break
		}
		if n > 2 && l.src[i+1] != '\r' {
			l.warnf(i, "backslash and newline separated by space")
		}
		i += n
	}
	return i
}

// peek returns the byte at i after splices (0 at the end) and the offset
// just past it.
func (l *Lexer) peek(i int) (byte, int) {
	i = l.skipSplices(i)
	if i >= len(l.src) {
		return 0, i
	}
	return l.src[i], i + 1
}

// skipSpace skips whitespace, comments and splices before the next token,
// gathering its layout flags.
func (l *Lexer) skipSpace() {
	if l.skipped {
		return
	}
	l.skipped = true
	l.nlOff = -1
	src := l.src
	i := l.off
loop:
	for i < len(src) {
		switch src[i] {
		case ' ', '\t', '\r', '\v', '\f':
			i++
			l.flags |= token.SpaceBefore
		case '\n':
			i++
			l.flags |= token.BOL | token.SpaceBefore
			if l.nlOff < 0 {
				l.nlOff = i
			}
		case '/':
			c, j := l.peek(i + 1)
			switch c {
			case '*':
				i = l.blockComment(i, j)
			case '/':
				i = l.lineComment(j)
			default:
				break loop
			}
			l.flags |= token.SpaceBefore
		case '\\':
			n := spliceLen(src, i)
			if n == 0 {
				break loop
			}
			i = l.skipSplices(i)
		case 0:
			l.errorf(i, "NUL byte in source (ignored)")
			i++
			l.flags |= token.SpaceBefore
		default:
			break loop
		}
	}
	l.off = i
}

// blockComment skips a /* */ comment whose body starts at i; start is the
// offset of the '/'.
func (l *Lexer) blockComment(start, i int) int {
	src := l.src
	if !l.splices {
		if k := strings.Index(src[i:], "*/"); k >= 0 {
			return i + k + 2
		}
	} else {
		for i < len(src) {
			if src[i] == '*' {
				if c, j := l.peek(i + 1); c == '/' {
					return j
				}
			}
			i++
		}
	}
	l.errorf(start, "unterminated comment")
	return len(src)
}

// lineComment skips a // comment whose body starts at i, stopping before the
// newline so that it still marks the next token BOL. A splice continues the
// comment on the next line.
func (l *Lexer) lineComment(i int) int {
	src := l.src
	for {
		k := strings.IndexByte(src[i:], '\n')
		if k < 0 {
			return len(src)
		}
		i += k
		if !l.splices || !l.splicedNewline(i) {
			return i
		}
		i++
	}
}

// splicedNewline reports whether the newline at src[i] ends a splice.
func (l *Lexer) splicedNewline(i int) bool {
	j := i - 1
	if j >= 0 && l.src[j] == '\r' {
		j--
	}
	for j >= 0 && (l.src[j] == ' ' || l.src[j] == '\t') {
		j--
	}
	return j >= 0 && l.src[j] == '\\'
}

// AtLineEnd reports whether the next token starts a new line or the input is
// exhausted: the end of a preprocessing directive.
func (l *Lexer) AtLineEnd() bool {
	if l.dead {
		return true
	}
	l.skipSpace()
	return l.flags&token.BOL != 0 || l.off >= len(l.src)
}

// NextLine returns the offset of the start of the line after the current
// one, once AtLineEnd has returned true; -1 if there is none.
func (l *Lexer) NextLine() int {
	l.skipSpace()
	return l.nlOff
}

// SkipLine discards the rest of the current line (used for the text of
// skipped #if groups, where only directives matter).
func (l *Lexer) SkipLine() {
	for !l.AtLineEnd() {
		l.Next()
	}
}

// Next returns the next token. At the end of the input it returns a token of
// Kind EOF positioned at the end of the file, again on every later call.
func (l *Lexer) Next() (t token.Token) {
	var flags token.Flags
	for {
		if l.dead {
			l.off = len(l.src)
		}
		l.skipSpace()
		l.skipped = false
		flags |= l.flags
		l.flags = 0
		if l.scan(&t) {
			t.Flags = flags
			return t
		}
		// A byte that is no token was reported and skipped; it separates
		// the tokens around it like a space.
		flags |= token.SpaceBefore
	}
}

// scan scans one token at l.off into t. It reports false after skipping a
// byte that cannot start a token.
func (l *Lexer) scan(t *token.Token) bool {
	src := l.src
	start := l.off
	t.Pos = l.Pos(start)
	if start >= len(src) {
		t.Kind = token.EOF
		return true
	}
	l.unterminated = false
	i := start
	c := src[i]
	switch {
	case class[c]&isIdentStart != 0:
		i = l.ident(i + 1)
		t.Kind = token.Ident
		// An encoding prefix turns the identifier into part of a literal.
		if n := i - start; n <= 2 && (c == 'L' || c == 'u' || c == 'U') &&
			(n == 1 || src[start:i] == "u8") {
			if q, j := l.peek(i); q == '"' || q == '\'' {
				i, t.Kind = l.quoted(start, j, q)
			}
		}
	case c >= '0' && c <= '9':
		i = l.number(i + 1)
		t.Kind = token.Number
	case c == '"' || c == '\'':
		i, t.Kind = l.quoted(start, i+1, c)
	case c == '.':
		if d, _ := l.peek(i + 1); d >= '0' && d <= '9' {
			i = l.number(i + 1)
			t.Kind = token.Number
			break
		}
		fallthrough
	default:
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size == 1 {
				l.errorf(i, "invalid UTF-8 encoding")
				l.off = i + 1
				return false
			}
			// Extended characters in identifiers, as GCC accepts them.
			i = l.ident(i + size)
			t.Kind = token.Ident
			break
		}
		var canon string
		i, canon = l.punct(i)
		if i > start {
			t.Kind = token.Punct
			if canon != "" {
				t.Text = canon
				l.off = i
				return true
			}
			break
		}
		if c < ' ' || c == 0x7f {
			l.errorf(i, "stray byte %#02x in source", c)
			l.off = i + 1
			return false
		}
		if n := ucnLen(src, i); n > 0 {
			// an identifier that starts with a universal character name
			i = l.ident(i + n)
			t.Kind = token.Ident
			break
		}
		// '@', '`' and a lone '\' are valid preprocessing tokens (they
		// can be stringized); the parser rejects them if they survive.
		i++
		t.Kind = token.Other
	}
	l.off = i
	t.Text = src[start:i]
	if l.splices && strings.IndexByte(t.Text, '\\') >= 0 {
		t.Text = removeSplices(t.Text)
	}
	return true
}

// ident scans the rest of an identifier from i.
func (l *Lexer) ident(i int) int {
	src := l.src
	for i < len(src) {
		c := src[i]
		if class[c]&isIdentCont != 0 {
			i++
			continue
		}
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
			continue
		}
		if c == '\\' {
			if n := ucnLen(src, i); n > 0 {
				i += n
				continue
			}
			if l.splices {
				if j := l.skipSplices(i); j > i {
					i = j
					continue
				}
			}
		}
		break
	}
	return i
}

// ucnLen returns the length of the universal character name (C99 6.4.3)
// \uXXXX or \UXXXXXXXX at src[i], 0 if there is none.
func ucnLen(src string, i int) int {
	if i+1 >= len(src) || src[i] != '\\' {
		return 0
	}
	n := 0
	switch src[i+1] {
	case 'u':
		n = 4
	case 'U':
		n = 8
	default:
		return 0
	}
	if i+2+n > len(src) {
		return 0
	}
	for _, c := range []byte(src[i+2 : i+2+n]) {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return 0
		}
	}
	return 2 + n
}

// number scans the rest of a pp-number (C99 6.4.8) from i.
func (l *Lexer) number(i int) int {
	src := l.src
	for i < len(src) {
		c := src[i]
		if class[c]&isIdentCont != 0 || c == '.' {
			i++
			if c|0x20 == 'e' || c|0x20 == 'p' {
				if s, j := l.peek(i); s == '+' || s == '-' {
					i = j
				}
			}
			continue
		}
		if c == '\\' && l.splices {
			if j := l.skipSplices(i); j > i {
				i = j
				continue
			}
		}
		break
	}
	return i
}

// quoted scans a character constant or string literal whose opening quote q
// precedes i; start is the offset of the token (including any prefix). An
// unterminated literal ends at the end of the line.
func (l *Lexer) quoted(start, i int, q byte) (int, token.Kind) {
	kind := token.String
	what := "\""
	if q == '\'' {
		kind, what = token.Char, "'"
	}
	src := l.src
	for i < len(src) {
		c := src[i]
		switch {
		case c == q:
			return i + 1, kind
		case c == '\\':
			if n := spliceLen(src, i); n > 0 {
				i = l.skipSplices(i)
				continue
			}
			// An escape: the next character (after splices) is taken
			// literally, unless it ends the line.
			i = l.skipSplices(i + 1)
			if i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '\n':
			l.errorf(start, "missing terminating %s character", what)
			l.unterminated = true
			return i, kind
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(src[i:])
			if r == utf8.RuneError && size == 1 {
				l.errorf(i, "invalid UTF-8 encoding in literal")
			}
			i += size
		default:
			i++
		}
	}
	l.errorf(start, "missing terminating %s character", what)
	l.unterminated = true
	return i, kind
}

// punct scans a punctuator at i and returns its end (i if there is none)
// and, for digraphs, the canonical spelling.
func (l *Lexer) punct(i int) (int, string) {
	c := l.src[i]
	c1, j1 := l.peek(i + 1)
	switch c {
	case '[', ']', '(', ')', '{', '}', ';', ',', '?', '~':
		return i + 1, ""
	case '.':
		if c1 == '.' {
			if c2, j2 := l.peek(j1); c2 == '.' {
				return j2, ""
			}
		}
		return i + 1, ""
	case '-':
		if c1 == '-' || c1 == '=' || c1 == '>' {
			return j1, ""
		}
	case '+', '&', '|':
		if c1 == c || c1 == '=' {
			return j1, ""
		}
	case '*', '/', '=', '!', '^':
		if c1 == '=' {
			return j1, ""
		}
	case '#':
		if c1 == '#' {
			return j1, ""
		}
	case ':':
		if c1 == '>' {
			return j1, "]"
		}
	case '%':
		switch c1 {
		case '=':
			return j1, ""
		case '>':
			return j1, "}"
		case ':':
			if c2, j2 := l.peek(j1); c2 == '%' {
				if c3, j3 := l.peek(j2); c3 == ':' {
					return j3, "##"
				}
			}
			return j1, "#"
		}
	case '<', '>':
		if c1 == c {
			if c2, j2 := l.peek(j1); c2 == '=' {
				return j2, ""
			}
			return j1, ""
		}
		if c1 == '=' {
			return j1, ""
		}
		if c == '<' && c1 == ':' {
			return j1, "["
		}
		if c == '<' && c1 == '%' {
			return j1, "{"
		}
	default:
		return i, ""
	}
	return i + 1, ""
}

// removeSplices returns s without its backslash-newlines.
func removeSplices(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		if n := spliceLen(s, i); n > 0 {
			i += n
			continue
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String()
}

// Classify reports whether s spells exactly one preprocessing token and, if
// so, its kind. The preprocessor uses it to validate the result of ##.
func Classify(s string) (token.Kind, bool) {
	var l Lexer
	l.Init(nil, s, nil)
	l.Quiet = true
	t := l.Next()
	ok := t.Kind != token.EOF && t.Flags&token.SpaceBefore == 0 && l.off == len(s) && !l.unterminated
	return t.Kind, ok
}
