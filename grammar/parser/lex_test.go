package parser

import (
	gotoken "go/token"
	"strings"

	"github.com/upclint/upclint/grammar/token"
)

// A small tokenizer for tests, standing in for grammar/lexer and
// grammar/cpp: it cooks numbers and keywords, keeps "#pragma" lines as
// Pragma tokens and skips other directives.

var puncts = []string{
	"<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=",
	"&&", "||", "*=", "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##",
}

func tokenize(fset *gotoken.FileSet, name, src string) []token.Token {
	f := fset.AddFile(name, -1, len(src))
	f.SetLinesForContent([]byte(src))
	return lexInto(nil, f.Base(), src)
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '$'
}

func lexInto(toks []token.Token, base int, src string) []token.Token {
	bol, space := true, false
	i := 0
	emit := func(k token.Kind, start, end int) {
		var fl token.Flags
		if bol {
			fl |= token.BOL
		}
		if space {
			fl |= token.SpaceBefore
		}
		toks = append(toks, token.Token{Kind: k, Flags: fl, Text: src[start:end], Pos: token.Pos(base + start)})
		bol, space = false, false
	}
	for i < len(src) {
		c := src[i]
		switch {
		case c == '\n':
			bol = true
			i++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			space = true
			i++
		case c == '\\' && i+1 < len(src) && src[i+1] == '\n':
			i += 2
		case strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				i = len(src)
			} else {
				i += j + 4
			}
			space = true
		case c == '#' && bol:
			j := i
			for j < len(src) && src[j] != '\n' {
				if src[j] == '\\' && j+1 < len(src) && src[j+1] == '\n' {
					j++
				}
				j++
			}
			line := strings.TrimSpace(src[i+1 : j])
			if strings.HasPrefix(line, "pragma") {
				text := strings.TrimSpace(strings.TrimPrefix(line, "pragma"))
				toks = append(toks, token.Token{Kind: token.Pragma, Flags: token.BOL, Text: text, Pos: token.Pos(base + i)})
			}
			i = j
		case isIdentByte(c) && !(c >= '0' && c <= '9'):
			j := i
			for j < len(src) && isIdentByte(src[j]) {
				j++
			}
			if (src[i:j] == "L" || src[i:j] == "u8" || src[i:j] == "u" || src[i:j] == "U") && j < len(src) && (src[j] == '"' || src[j] == '\'') {
				j = quoted(src, j)
				k := token.String
				if src[i:j][len(src[i:j])-1] == '\'' {
					k = token.Char
				}
				emit(k, i, j)
				i = j
				continue
			}
			k := token.Ident
			if token.Keywords[src[i:j]] {
				k = token.Keyword
			}
			emit(k, i, j)
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(src) && src[i+1] >= '0' && src[i+1] <= '9':
			j := i + 1
			for j < len(src) {
				d := src[j]
				if (d == '+' || d == '-') && strings.ContainsRune("eEpP", rune(src[j-1])) {
					j++
					continue
				}
				if !isIdentByte(d) && d != '.' {
					break
				}
				j++
			}
			emit(numberKind(src[i:j]), i, j)
			i = j
		case c == '"' || c == '\'':
			j := quoted(src, i)
			k := token.String
			if c == '\'' {
				k = token.Char
			}
			emit(k, i, j)
			i = j
		default:
			n := 1
			for _, p := range puncts {
				if strings.HasPrefix(src[i:], p) {
					n = len(p)
					break
				}
			}
			k := token.Punct
			if !strings.ContainsRune("{}[]()<>;:,.?!~+-*/%^&|=", rune(c)) {
				k = token.Other
			}
			emit(k, i, i+n)
			i += n
		}
	}
	toks = append(toks, token.Token{Kind: token.EOF, Pos: token.Pos(base + len(src))})
	return toks
}

func quoted(src string, i int) int {
	q := src[i]
	j := i + 1
	for j < len(src) && src[j] != q && src[j] != '\n' {
		if src[j] == '\\' {
			j++
		}
		j++
	}
	if j < len(src) && src[j] == q {
		j++
	}
	return min(j, len(src))
}
