package lsp

import (
	"bufio"
	"errors"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

func TestMapperUTF16(t *testing.T) {
	text := []byte("aé😀b\r\nx\ry\n")
	m := newMapper(text, utf16)
	for _, tc := range []struct {
		off  int
		line uint32
		char uint32
	}{
		{0, 0, 0}, {1, 0, 1}, {3, 0, 2}, {7, 0, 4}, {8, 0, 5},
		{9, 0, 5},  // inside "\r\n": the end of the line
		{10, 1, 0}, // x
		{12, 2, 0}, // y after a lone \r
		{14, 3, 0}, // end of text
		{2, 0, 1},  // inside é: moved to its start
	} {
		if got := m.position(tc.off); got != pos(tc.line, tc.char) {
			t.Errorf("position(%d) = %d:%d, want %d:%d", tc.off, got.Line, got.Character, tc.line, tc.char)
		}
	}
	for _, tc := range []struct {
		p   protocol.Position
		off int
	}{
		{pos(0, 0), 0}, {pos(0, 2), 3}, {pos(0, 3), 3} /* inside the surrogate pair */, {pos(0, 4), 7},
		{pos(0, 99), 8} /* past the end of the line */, {pos(1, 1), 11}, {pos(9, 0), 14},
	} {
		if got := m.offset(tc.p); got != tc.off {
			t.Errorf("offset(%d:%d) = %d, want %d", tc.p.Line, tc.p.Character, got, tc.off)
		}
	}
	m8 := newMapper(text, utf8Enc)
	if got := m8.position(7); got != pos(0, 7) {
		t.Errorf("utf-8 position(7) = %+v", got)
	}
	if got := m8.offset(pos(0, 2)); got != 1 {
		t.Errorf("utf-8 offset inside é = %d, want 1", got)
	}
}

func TestApplyChanges(t *testing.T) {
	text := []byte("héllo 😀 world\nsecond\n")
	changes := []protocol.TextDocumentContentChangeEvent{
		// replace the emoji (2 UTF-16 units at 6..8) by "X"
		&protocol.TextDocumentContentChangePartial{Range: rng(0, 6, 0, 8), Text: "X"},
		// then join the lines
		&protocol.TextDocumentContentChangePartial{Range: rng(0, 13, 1, 0), Text: " "},
		// and insert at the end
		&protocol.TextDocumentContentChangePartial{Range: rng(5, 0, 5, 0), Text: "!"},
	}
	got, err := applyChanges(text, changes, utf16)
	if err != nil {
		t.Fatal(err)
	}
	if want := "héllo X world second\n!"; string(got) != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if string(text) != "héllo 😀 world\nsecond\n" {
		t.Errorf("input modified: %q", text)
	}
	got, err = applyChanges(got, []protocol.TextDocumentContentChangeEvent{
		&protocol.TextDocumentContentChangeWholeDocument{Text: "new"}}, utf16)
	if err != nil || string(got) != "new" {
		t.Errorf("whole document: %q %v", got, err)
	}
	if _, err := applyChanges(text, []protocol.TextDocumentContentChangeEvent{
		&protocol.TextDocumentContentChangePartial{Range: rng(1, 0, 0, 0)}}, utf16); err == nil {
		t.Errorf("reversed range accepted")
	}
}

func TestReadFrame(t *testing.T) {
	in := "Content-Length: 2\r\n\r\n{}" +
		"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length: 4\r\n\r\nnull" +
		"Content-Length: x\r\n\r\n" +
		"Content-Length: 1\r\n\r\n1"
	r := bufio.NewReader(strings.NewReader(in))
	for i, want := range []string{"{}", "null", "!bad", "1", "!eof"} {
		b, err := readFrame(r)
		switch {
		case want == "!bad":
			var bad *errBadFrame
			if !errors.As(err, &bad) {
				t.Errorf("frame %d: err %v, want a bad frame", i, err)
			}
		case want == "!eof":
			if err == nil {
				t.Errorf("frame %d: no error at EOF", i)
			}
		case err != nil || string(b) != want:
			t.Errorf("frame %d: %q %v, want %q", i, b, err, want)
		}
	}
}
