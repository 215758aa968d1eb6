package cpp

import (
	"slices"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// maxIncludedBytes bounds the text all #includes of a unit may bring in, so
// that a header including itself several times cannot grow exponentially.
const maxIncludedBytes = 1 << 28

// directive executes the directive introduced by hash, reading the rest of
// its line from in. It returns a token to hand on (for #pragma) and true, or
// false if the directive produces no token.
func (p *pp) directive(in *input, hash token.Token) (token.Token, bool) {
	lx := &in.lx
	if lx.AtLineEnd() {
		return token.Token{}, false // the null directive
	}
	name := lx.Next()
	if !p.skip && name.Kind == token.Ident && (name.Text == "error" || name.Text == "warning") {
		lx.Quiet = true // "#error don't" is not a character constant
	}
	line := p.line[:0]
	p.lineEnd = lx.Offset()
	for !lx.AtLineEnd() {
		line = append(line, lx.Next())
		p.lineEnd = lx.Offset()
	}
	p.line = line
	lx.Quiet = p.skip

	if name.Kind != token.Ident {
		if p.skip {
			return token.Token{}, false
		}
		if name.Kind == token.Number {
			p.lineDirective(in, hash, append([]token.Token{name}, line...), true)
		} else {
			p.errorf(name.Pos, "invalid preprocessing directive")
		}
		return token.Token{}, false
	}

	if !p.skip && (in.guard == guardStart || in.guard == guardAfter) {
		if x := guardMacro(name.Text, line); in.guard == guardStart && x != "" {
			in.guard, in.guardName, in.guardDepth = guardIn, x, len(p.conds)+1
		} else {
			in.guard = guardNone
		}
	}

	switch name.Text {
	case "if":
		v := !p.skip && p.evalIf(hash, line)
		p.pushCond(hash.Pos, v)
		return token.Token{}, false
	case "ifdef", "ifndef":
		v := false
		if !p.skip {
			if len(line) == 0 || line[0].Kind != token.Ident {
				p.errorf(name.Pos, "no macro name given in #%s directive", name.Text)
			} else {
				_, def := p.macros[line[0].Text]
				v = def == (name.Text == "ifdef")
				p.extraTokens(name, line[1:])
			}
		}
		p.pushCond(hash.Pos, v)
		return token.Token{}, false
	case "elif":
		if len(p.conds) <= in.condBase {
			p.errorf(hash.Pos, "#elif without #if")
			return token.Token{}, false
		}
		c := &p.conds[len(p.conds)-1]
		if c.sawElse {
			p.errorf(hash.Pos, "#elif after #else")
		}
		if len(p.conds) == in.guardDepth {
			in.guard = guardNone
		}
		if c.taken {
			c.skipping = true
		} else {
			v := p.evalIf(hash, line)
			c.skipping, c.taken = !v, v
		}
		p.setSkip()
		return token.Token{}, false
	case "else":
		if len(p.conds) <= in.condBase {
			p.errorf(hash.Pos, "#else without #if")
			return token.Token{}, false
		}
		c := &p.conds[len(p.conds)-1]
		if c.sawElse {
			p.errorf(hash.Pos, "#else after #else")
		}
		if len(p.conds) == in.guardDepth {
			in.guard = guardNone
		}
		c.sawElse = true
		c.skipping, c.taken = c.taken, true
		p.setSkip()
		if !p.skip {
			p.extraTokens(name, line)
		}
		return token.Token{}, false
	case "endif":
		if len(p.conds) <= in.condBase {
			p.errorf(hash.Pos, "#endif without #if")
			return token.Token{}, false
		}
		if in.guard == guardIn && len(p.conds) == in.guardDepth {
			in.guard = guardAfter
		}
		p.conds = p.conds[:len(p.conds)-1]
		p.setSkip()
		if !p.skip {
			p.extraTokens(name, line)
		}
		return token.Token{}, false
	}
	if p.skip {
		return token.Token{}, false
	}

	switch name.Text {
	case "define":
		p.define(hash, line)
	case "undef":
		if len(line) == 0 || line[0].Kind != token.Ident {
			p.errorf(name.Pos, "no macro name given in #undef directive")
			break
		}
		delete(p.macros, line[0].Text)
		p.extraTokens(name, line[1:])
	case "include":
		p.include(in, hash, line, false, false)
	case "include_next":
		p.include(in, hash, line, true, false)
	case "import":
		p.include(in, hash, line, false, true)
	case "line":
		p.lineDirective(in, hash, line, false)
	case "error":
		p.errorf(hash.Pos, "#error %s", p.directiveText(in, line))
	case "warning":
		p.warnf(hash.Pos, "#warning %s", p.directiveText(in, line))
	case "pragma":
		return p.pragma(in, hash, line)
	case "ident", "sccs", "assert", "unassert":
		// Version strings and obsolete GNU assertions: nothing to do.
	default:
		p.errorf(name.Pos, "invalid preprocessing directive #%s", name.Text)
	}
	return token.Token{}, false
}

// guardMacro returns X if the directive is "#ifndef X" or "#if !defined X"
// (with or without parentheses): the start of an include guard.
func guardMacro(directive string, line []token.Token) string {
	switch directive {
	case "ifndef":
		if len(line) == 1 && line[0].Kind == token.Ident {
			return line[0].Text
		}
	case "if":
		if len(line) >= 3 && line[0].Text == "!" && line[1].Text == "defined" {
			if len(line) == 3 && line[2].Kind == token.Ident {
				return line[2].Text
			}
			if len(line) == 5 && line[2].Text == "(" && line[3].Kind == token.Ident && line[4].Text == ")" {
				return line[3].Text
			}
		}
	}
	return ""
}

func (p *pp) pushCond(pos token.Pos, v bool) {
	if p.skip {
		// The whole chain is skipped: mark it taken so no group is.
		p.conds = append(p.conds, cond{pos: pos, skipping: true, taken: true})
		return
	}
	p.conds = append(p.conds, cond{pos: pos, skipping: !v, taken: v})
	p.setSkip()
}

func (p *pp) extraTokens(name token.Token, rest []token.Token) {
	if len(rest) > 0 {
		p.warnf(rest[0].Pos, "extra tokens at end of #%s directive", name.Text)
	}
}

// directiveText returns the text of a directive line as written, for
// #error, #warning and #pragma: a substring of the source unless the line
// holds comments or splices, in which case the tokens are joined.
func (p *pp) directiveText(in *input, line []token.Token) string {
	if len(line) == 0 {
		return ""
	}
	base := in.f.tf.Base()
	start := int(line[0].Pos) - base
	if !in.lx.HasSplices() && start >= 0 && start <= p.lineEnd && p.lineEnd <= len(in.f.src) {
		s := in.f.src[start:p.lineEnd]
		if !strings.Contains(s, "/*") && !strings.Contains(s, "//") {
			return s
		}
	}
	return joinTokens(line)
}

// joinTokens spells toks with a space wherever the source had whitespace.
func joinTokens(toks []token.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.Flags&token.SpaceBefore != 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}

// pragma handles #pragma: "once" and push/pop_macro here, everything else
// (#pragma upc strict, vendor pragmas) is handed on as one Pragma token.
func (p *pp) pragma(in *input, hash token.Token, line []token.Token) (token.Token, bool) {
	text := strings.TrimSpace(p.directiveText(in, line))
	if text == "once" {
		in.f.once = true
		return token.Token{}, false
	}
	if len(line) == 4 && line[0].Kind == token.Ident && (line[0].Text == "push_macro" || line[0].Text == "pop_macro") &&
		line[1].Text == "(" && line[2].Kind == token.String && line[3].Text == ")" {
		name := destringize(line[2].Text)
		if p.macroStack == nil {
			p.macroStack = make(map[string][]*Macro)
		}
		if line[0].Text == "push_macro" {
			p.macroStack[name] = append(p.macroStack[name], p.macros[name])
		} else if st := p.macroStack[name]; len(st) > 0 {
			if m := st[len(st)-1]; m != nil {
				p.macros[name] = m
			} else {
				delete(p.macros, name)
			}
			p.macroStack[name] = st[:len(st)-1]
		}
		return token.Token{}, false
	}
	return token.Token{Kind: token.Pragma, Flags: token.BOL, Text: text, Pos: hash.Pos}, true
}

// include handles #include, #include_next and #import.
func (p *pp) include(in *input, hash token.Token, line []token.Token, next, once bool) {
	toks := line
	if len(toks) > 0 && toks[0].Kind != token.String && !(toks[0].Kind == token.Punct && toks[0].Text == "<") {
		// A computed include (C99 6.10.2p4).
		p.resetBudget(hash.Pos, "")
		var pooled bool
		toks, pooled = p.expandList(line)
		if pooled {
			defer p.put(toks)
		}
	}
	name, angled, ok := headerName(toks)
	if !ok {
		p.errorf(hash.Pos, "#include expects \"FILENAME\" or <FILENAME>")
		return
	}
	at, atEnd := toks[0].SitePos(), toks[len(toks)-1].SiteEnd()
	if len(p.inputs)+p.outer > maxIncludeDepth {
		p.reportOnce(hash.Pos, "#include nested too deeply (more than %d levels)", maxIncludeDepth)
		return
	}
	f := p.resolve(in.f, name, angled, next)
	if f == nil {
		// A missing header is one warning: its declarations are unknown, and
		// the type checker does not report what it would have declared.
		if angled {
			p.diags.Add(at, atEnd, diag.Warning, diag.RulePreprocessor, "system header <%s> not found; declarations from it are unknown", name)
		} else {
			p.diags.Add(at, atEnd, diag.Warning, diag.RulePreprocessor, "include file \"%s\" not found; declarations from it are unknown (add its directory with -I)", name)
		}
		if len(p.missing) == 0 {
			p.missingAt = at
		}
		if !slices.Contains(p.missing, name) {
			p.missing = append(p.missing, name)
		}
		return
	}
	if p.guarded(f) {
		return // including it again would produce nothing
	}
	if once {
		f.once = true
	}
	if f.active >= maxSelfNest {
		p.reportOnce(hash.Pos, "#include cycle: %q includes itself (stopped after %d levels)", name, maxSelfNest)
		return
	}
	p.includes++
	p.includedBytes += len(f.src)
	if p.includes > maxIncludes || p.includedBytes > maxIncludedBytes {
		p.reportOnce(token.NoPos, "too much included text; further #include directives ignored")
		p.reportOnce(hash.Pos, "#include ignored: the unit includes too much text")
		return
	}
	p.push(f)
}

// guarded reports whether f is a file that produces nothing when included
// again: it has #pragma once or its include guard is defined.
func (p *pp) guarded(f *srcFile) bool {
	return f.once || f.guard != "" && p.macros[f.guard] != nil
}

// reportOnce reports an error at pos unless one was reported there already
// (a recursive include reaches the same directive many times).
func (p *pp) reportOnce(pos token.Pos, format string, args ...any) {
	if p.reported[pos] {
		return
	}
	if p.reported == nil {
		p.reported = make(map[token.Pos]bool)
	}
	p.reported[pos] = true
	if pos != token.NoPos {
		p.errorf(pos, format, args...)
	}
}

// headerName extracts the file name of an #include.
func headerName(toks []token.Token) (name string, angled, ok bool) {
	if len(toks) == 0 {
		return "", false, false
	}
	if t := toks[0]; t.Kind == token.String {
		if len(t.Text) < 2 || t.Text[0] != '"' || t.Text[len(t.Text)-1] != '"' {
			return "", false, false
		}
		return t.Text[1 : len(t.Text)-1], false, len(t.Text) > 2
	}
	if toks[0].Kind != token.Punct || toks[0].Text != "<" {
		return "", false, false
	}
	for k := 1; k < len(toks); k++ {
		if toks[k].Kind == token.Punct && toks[k].Text == ">" {
			name = joinTokens(toks[1:k])
			return name, true, name != ""
		}
	}
	return "", false, false
}

// lineDirective handles #line and the GNU line markers "# 12 "file"".
func (p *pp) lineDirective(in *input, hash token.Token, line []token.Token, marker bool) {
	toks := line
	if !marker {
		p.resetBudget(hash.Pos, "")
		var pooled bool
		toks, pooled = p.expandList(line)
		if pooled {
			defer p.put(toks)
		}
	}
	if len(toks) == 0 {
		p.errorf(hash.Pos, "#line directive requires a line number")
		return
	}
	n, err := strconv.ParseUint(toks[0].Text, 10, 31)
	if toks[0].Kind != token.Number || err != nil || strings.Trim(toks[0].Text, "0123456789") != "" || n == 0 && !marker {
		p.errorf(toks[0].SitePos(), "%q after #line is not a positive integer", toks[0].Text)
		return
	}
	filename := p.fset.Position(hash.Pos).Filename
	if len(toks) > 1 {
		t := toks[1]
		if t.Kind != token.String || len(t.Text) < 2 || t.Text[0] != '"' {
			p.errorf(t.SitePos(), "invalid filename %q in #line directive", t.Text)
			return
		}
		filename = destringize(t.Text)
	}
	if off := in.lx.NextLine(); off > 0 {
		p.lineInfo = true
		in.f.tf.AddLineColumnInfo(off, filename, int(n), 1)
	}
}
