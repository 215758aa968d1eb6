package lexer

import (
	"fmt"
	gotoken "go/token"
	"strings"
	"testing"

	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
)

// lexAll lexes src and renders each token as "Kind Text line:col" plus
// "^" for BOL and "_" for SpaceBefore, and each diagnostic as
// "line:col: message".
func lexAll(src string) (toks, diags []string) {
	fset := gotoken.NewFileSet()
	f := fset.AddFile("a.c", -1, len(src))
	f.SetLinesForContent([]byte(src))
	var dl diag.List
	var l Lexer
	l.Init(f, src, &dl)
	for {
		t := l.Next()
		if t.Kind == token.EOF {
			if int(t.Pos) != f.Base()+len(src) {
				toks = append(toks, fmt.Sprintf("bad EOF pos %d", t.Pos))
			}
			break
		}
		p := fset.Position(t.Pos)
		flags := ""
		if t.Flags&token.BOL != 0 {
			flags += "^"
		}
		if t.Flags&token.SpaceBefore != 0 {
			flags += "_"
		}
		toks = append(toks, fmt.Sprintf("%s%s %s %d:%d", flags, t.Kind, t.Text, p.Line, p.Column))
	}
	for _, d := range dl {
		p := fset.Position(d.Pos)
		diags = append(diags, fmt.Sprintf("%d:%d: %s", p.Line, p.Column, d.Message))
	}
	return toks, diags
}

func TestLex(t *testing.T) {
	tests := []struct {
		name, src string
		want      []string
		diags     []string
	}{
		{"idents", "a _b $c d$1", []string{"^Ident a 1:1", "_Ident _b 1:3", "_Ident $c 1:6", "_Ident d$1 1:9"}, nil},
		{"utf8 ident", "été x", []string{"^Ident été 1:1", "_Ident x 1:7"}, nil},
		{"ucn ident", `\u00e9t\u00E9 x\U0001F600y \u12 \q`, []string{`^Ident \u00e9t\u00E9 1:1`, `_Ident x\U0001F600y 1:15`, `_Other \ 1:28`, "Ident u12 1:29", `_Other \ 1:33`, "Ident q 1:34"}, nil},
		{"numbers", "1 0x1p-3 1e+5 1.5e-3f .5 1..2 08 0x1E+1 123ULL 1_a",
			[]string{"^Number 1 1:1", "_Number 0x1p-3 1:3", "_Number 1e+5 1:10", "_Number 1.5e-3f 1:15",
				"_Number .5 1:23", "_Number 1..2 1:26", "_Number 08 1:31", "_Number 0x1E+1 1:34",
				"_Number 123ULL 1:41", "_Number 1_a 1:48"}, nil},
		{"literals", `"a\"b" 'c' '\'' L"w" u"x" U'y' u8"z" L 'q'`,
			[]string{`^String "a\"b" 1:1`, "_Char 'c' 1:8", `_Char '\'' 1:12`, `_String L"w" 1:17`,
				`_String u"x" 1:22`, "_Char U'y' 1:27", `_String u8"z" 1:32`, "_Ident L 1:38", "_Char 'q' 1:40"}, nil},
		{"not a prefix", `u9"a" Lx'b'`, []string{"^Ident u9 1:1", `String "a" 1:3`, "_Ident Lx 1:7", "Char 'b' 1:9"}, nil},
		{"punctuators", "a->b++ -- <<= >>= ... .. && || ## # %= ^= |= != == <= >= ; ? ~",
			[]string{"^Ident a 1:1", "Punct -> 1:2", "Ident b 1:4", "Punct ++ 1:5", "_Punct -- 1:8",
				"_Punct <<= 1:11", "_Punct >>= 1:15", "_Punct ... 1:19", "_Punct . 1:23", "Punct . 1:24",
				"_Punct && 1:26", "_Punct || 1:29", "_Punct ## 1:32", "_Punct # 1:35", "_Punct %= 1:37",
				"_Punct ^= 1:40", "_Punct |= 1:43", "_Punct != 1:46", "_Punct == 1:49", "_Punct <= 1:52",
				"_Punct >= 1:55", "_Punct ; 1:58", "_Punct ? 1:60", "_Punct ~ 1:62"}, nil},
		{"digraphs", "<: :> <% %> %: %:%: %:%",
			[]string{"^Punct [ 1:1", "_Punct ] 1:4", "_Punct { 1:7", "_Punct } 1:10", "_Punct # 1:13",
				"_Punct ## 1:16", "_Punct # 1:21", "Punct % 1:23"}, nil},
		{"comments", "a/* x\n y */b // c\n  d /**/e",
			[]string{"^Ident a 1:1", "_Ident b 2:6", "^_Ident d 3:3", "_Ident e 3:9"}, nil},
		{"division", "a/b /= c", []string{"^Ident a 1:1", "Punct / 1:2", "Ident b 1:3", "_Punct /= 1:5", "_Ident c 1:8"}, nil},
		{"splice in ident", "ab\\\ncd e", []string{"^Ident abcd 1:1", "_Ident e 2:4"}, nil},
		{"splice with blanks", "ab\\  \ncd", []string{"^Ident abcd 1:1"}, []string{"1:3: backslash and newline separated by space"}},
		{"splice crlf", "x = 1\\\r\n2;", []string{"^Ident x 1:1", "_Punct = 1:3", "_Number 12 1:5", "Punct ; 2:2"}, nil},
		{"splice in punct", "a -\\\n> b <\\\n:", []string{"^Ident a 1:1", "_Punct -> 1:3", "_Ident b 2:3", "_Punct [ 2:5"}, nil},
		{"splice in string", "\"ab\\\ncd\"", []string{`^String "abcd" 1:1`}, nil},
		{"splice continues line comment", "// a \\\n b\nc", []string{"^_Ident c 3:1"}, nil},
		{"splice in comment end", "/* x *\\\n/ y", []string{"^_Ident y 2:3"}, nil},
		{"splice is not a line break", "#define X \\\n 1\nY", []string{"^Punct # 1:1", "Ident define 1:2", "_Ident X 1:9", "_Number 1 2:2", "^_Ident Y 3:1"}, nil},
		{"stray", "a @ ` \\ b", []string{"^Ident a 1:1", "_Other @ 1:3", "_Other ` 1:5", "_Other \\ 1:7", "_Ident b 1:9"}, nil},
		{"control byte", "a\x01b", []string{"^Ident a 1:1", "_Ident b 1:3"}, []string{"1:2: stray byte 0x01 in source"}},
		{"unterminated string", "\"abc\nx", []string{`^String "abc 1:1`, "^_Ident x 2:1"}, []string{`1:1: missing terminating " character`}},
		{"unterminated char", "'a", []string{"^Char 'a 1:1"}, []string{"1:1: missing terminating ' character"}},
		{"unterminated comment", "a /* b", []string{"^Ident a 1:1"}, []string{"1:3: unterminated comment"}},
		{"invalid utf8", "a \xff b \"\xfe\"", []string{"^Ident a 1:1", "_Ident b 1:5", "_String \"\xfe\" 1:7"},
			[]string{"1:3: invalid UTF-8 encoding", "1:8: invalid UTF-8 encoding in literal"}},
		{"binary", "\x7fELF\x00\x00\x01junk", nil, []string{"1:1: file appears to be binary (it contains NUL bytes); skipped"}},
		{"escape at eof", `"\`, []string{`^String "\ 1:1`}, []string{`1:1: missing terminating " character`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks, diags := lexAll(tt.src)
			if strings.Join(toks, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("tokens:\n%s\nwant:\n%s", strings.Join(toks, "\n"), strings.Join(tt.want, "\n"))
			}
			if strings.Join(diags, "\n") != strings.Join(tt.diags, "\n") {
				t.Errorf("diagnostics:\n%s\nwant:\n%s", strings.Join(diags, "\n"), strings.Join(tt.diags, "\n"))
			}
		})
	}
}

func TestTooManyErrors(t *testing.T) {
	src := strings.Repeat("\x01", 1000) + " x"
	toks, diags := lexAll(src)
	if len(toks) != 0 {
		t.Errorf("tokens after error limit: %v", toks)
	}
	if len(diags) != MaxErrors+1 || !strings.Contains(diags[MaxErrors], "too many lexical errors") {
		t.Errorf("got %d diagnostics, last %q", len(diags), diags[len(diags)-1])
	}
}

func TestQuiet(t *testing.T) {
	var dl diag.List
	var l Lexer
	l.Init(nil, "'unterminated\n\x01", &dl)
	l.Quiet = true
	for l.Next().Kind != token.EOF {
	}
	if len(dl) != 0 {
		t.Errorf("quiet lexer reported %v", dl)
	}
}

func TestLineEnd(t *testing.T) {
	src := "#define X 1 /* a\n b */ 2\n#line 7\nnext"
	var l Lexer
	l.Init(nil, src, nil)
	var got []string
	for !l.AtLineEnd() || len(got) == 0 {
		got = append(got, l.Next().Text)
	}
	// The comment spans lines but does not end the directive.
	if strings.Join(got, " ") != "# define X 1 2" {
		t.Errorf("directive line = %q", got)
	}
	if off := l.NextLine(); src[off:] != "#line 7\nnext" {
		t.Errorf("NextLine at %q", src[off:])
	}
	l.Next()
	l.SkipLine()
	if tok := l.Next(); tok.Text != "next" || tok.Flags&token.BOL == 0 {
		t.Errorf("after SkipLine: %+v", tok)
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		s    string
		kind token.Kind
		ok   bool
	}{
		{"ab", token.Ident, true},
		{"+=", token.Punct, true},
		{"12e", token.Number, true},
		{`L"x"`, token.String, true},
		{"a+", token.Ident, false},
		{"//", token.EOF, false},
		{"/*", token.EOF, false},
		{`"x`, token.String, false},
		{"'\\'", token.Char, false},
		{"@", token.Other, true},
		{"", token.EOF, false},
	}
	for _, tt := range tests {
		kind, ok := Classify(tt.s)
		if ok != tt.ok || ok && kind != tt.kind {
			t.Errorf("Classify(%q) = %v, %v; want %v, %v", tt.s, kind, ok, tt.kind, tt.ok)
		}
	}
}
