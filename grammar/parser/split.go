package parser

import (
	"bytes"
	gotoken "go/token"

	"github.com/upclint/upclint/grammar/token"
)

// maxNesting bounds the bracket nesting of one top-level declaration. The
// grammar recurses once per bracket, so the bound keeps a hostile or
// generated input from costing unbounded stack and time; real code stays far
// below it.
const maxNesting = 1000

// A piece is the tokens [lo, hi) of one top-level declaration.
type piece struct {
	lo, hi int
	pragma bool // a #pragma standing at file scope
	deep   int  // index of the bracket that nests too deeply, or -1
	// peeked: where it ends was decided by toks[hi] (the end of the
	// tokens, a #pragma, the token after an old-style definition's ';')
	peeked bool
}

// split cuts toks (ending at the first EOF token) into top-level
// declarations, so that a syntax error costs only the declaration it is in.
// A declaration ends with a ';' outside brackets, or with the '}' that
// closes a function body; the braces of a struct, union or enum body and of
// an initializer do not end one.
func split(toks []token.Token, keep map[int]bool, from int) []piece {
	var pieces []piece
	var stack []byte
	i := from
	for i < len(toks) && toks[i].Kind != token.EOF {
		if toks[i].Kind == token.Pragma {
			if keep[i] {
				pieces = append(pieces, piece{lo: i, hi: i + 1, pragma: true, deep: -1})
			}
			i++
			continue
		}
		p := piece{lo: i, deep: -1}
		stack = stack[:0]
		assign := false // an '=' outside brackets: braces are initializers
		bodyOpen := false
		paren := -1       // the last '(' opened outside brackets
		oldStyle := false // after an identifier list: declarations, then the body
		j := i
	scan:
		for ; j < len(toks); j++ {
			t := &toks[j]
			switch t.Kind {
			case token.EOF:
				p.peeked = true
				break scan
			case token.Pragma:
				if len(stack) == 0 && keep[j] && j > i {
					p.peeked = true
					break scan
				}
				continue
			case token.Punct:
			default:
				continue
			}
			switch s := t.Text; s {
			case "(", "[", "{":
				if len(stack) == 0 && s == "{" {
					bodyOpen = !assign && !recordBody(toks, j)
				}
				if len(stack) == 0 && s == "(" {
					paren = j
				}
				stack = append(stack, s[0])
				if len(stack) > maxNesting && p.deep < 0 {
					p.deep = j
				}
			case ")", "]", "}":
				open := openerOf(s)
				k := len(stack) - 1
				for k >= 0 && stack[k] != open && s == "}" {
					k-- // a missing ')' or ']' inside braces
				}
				if k < 0 || stack[k] != open {
					if s == "}" && len(stack) == 0 {
						j++ // a stray '}': the parser reports it
						break scan
					}
					continue
				}
				stack = stack[:k]
				if len(stack) == 0 && s == ")" && paren >= 0 && identList(toks[paren+1:j]) {
					if n := nextToken(toks, j); n != nil && declStart(n) {
						oldStyle = true
					}
				}
				if len(stack) == 0 && s == "}" && bodyOpen {
					j++
					break scan
				}
				if s == "}" && len(stack) > 0 && !bytes.ContainsRune(stack, '{') {
					// A '}' that leaves only brackets open ("main(void {
					// ... }") closed a body whose ')' is missing if a
					// declaration starts the next line: end this one here
					// rather than swallow the next.
					if n := nextToken(toks, j); n != nil && n.Flags&token.BOL != 0 && declStart(n) {
						j++
						break scan
					}
				}
			case ";":
				// outside braces, a ';' inside brackets is an error: end
				// the declaration there rather than at the end of the file
				if len(stack) == 0 && oldStyle {
					// the parameter declarations of an old-style
					// definition go on up to its body
					if n := nextToken(toks, j); n != nil && (declStart(n) || n.Is("{")) {
						assign = false
						continue
					}
					p.peeked = true
				}
				if len(stack) == 0 || !bytes.ContainsRune(stack, '{') {
					j++
					break scan
				}
			case "=":
				if len(stack) == 0 {
					assign = true
				}
			}
		}
		p.hi = j
		pieces = append(pieces, p)
		i = j
	}
	return pieces
}

// identList reports whether toks is a non-empty identifier list: "a, b".
func identList(toks []token.Token) bool {
	n := 0
	for i := range toks {
		t := &toks[i]
		switch {
		case t.Kind == token.Pragma:
			continue
		case n%2 == 0 && t.Kind == token.Ident:
		case n%2 == 1 && t.Is(","):
		default:
			return false
		}
		n++
	}
	return n%2 == 1
}

// nextToken returns the first token after toks[j] that is not a #pragma, or
// nil.
func nextToken(toks []token.Token, j int) *token.Token {
	for j++; j < len(toks); j++ {
		if toks[j].Kind != token.Pragma {
			return &toks[j]
		}
	}
	return nil
}

// recordBody reports whether the '{' at toks[j] opens the body of a
// struct, union or enum: "struct [attributes] [tag] {".
func recordBody(toks []token.Token, j int) bool {
	k := j - 1
	for k >= 0 {
		t := &toks[k]
		switch {
		case t.Kind == token.Pragma:
			k--
		case t.Kind == token.Ident || t.Kind == token.TypeName:
			k--
		case t.Is(")"):
			// skip __attribute__((...))
			depth := 0
			for ; k >= 0; k-- {
				if toks[k].Is(")") {
					depth++
				} else if toks[k].Is("(") {
					depth--
					if depth == 0 {
						break
					}
				}
			}
			k--
			if k < 0 || toks[k].Kind != token.Keyword || (toks[k].Text != "__attribute__" && toks[k].Text != "__attribute") {
				return false
			}
			k--
		case t.Kind == token.Keyword:
			return t.Text == "struct" || t.Text == "union" || t.Text == "enum"
		default:
			return false
		}
	}
	return false
}

func openerOf(closer string) byte {
	switch closer {
	case ")":
		return '('
	case "]":
		return '['
	}
	return '{'
}

// resync finds where a declaration that runs on unterminated (a missing
// '}') most likely ended: the first token in toks(lo, hi) that begins a
// declaration in column 1 of a line, right after a ';' or '}'. Function
// bodies are indented, so such a token starts the next top-level
// declaration. It returns -1 if there is none.
func resync(fset *gotoken.FileSet, toks []token.Token, lo, hi int) int {
	prev := -1
	for j := lo; j < hi; j++ {
		t := &toks[j]
		if t.Kind == token.Pragma {
			continue
		}
		if prev >= 0 && t.Flags&token.BOL != 0 && !t.FromMacro() && declStart(t) &&
			(toks[prev].Is(";") || toks[prev].Is("}")) && fset.Position(t.Pos).Column == 1 {
			return j
		}
		prev = j
	}
	return -1
}

// declStart reports whether t can begin a top-level declaration.
func declStart(t *token.Token) bool {
	switch t.Kind {
	case token.TypeName:
		return true
	case token.Keyword:
		return typeSpecKeywords[t.Text] || declStartKeywords[t.Text] || t.Text == "_Static_assert"
	}
	return false
}
