package lsp

import (
	"fmt"
	"sort"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// encoding is the unit of LSP "character" offsets negotiated at
// initialization: UTF-16 code units (the LSP default) or bytes.
type encoding uint8

const (
	utf16 encoding = iota
	utf8Enc
)

// mapper converts between byte offsets in a text and LSP positions. Lines
// end at "\n", "\r\n" or a lone "\r", as LSP specifies.
type mapper struct {
	text  []byte
	lines []int // start offset of each line
	enc   encoding
}

func newMapper(text []byte, enc encoding) *mapper {
	m := &mapper{text: text, enc: enc, lines: make([]int, 1, 64)}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			m.lines = append(m.lines, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			m.lines = append(m.lines, i+1)
		}
	}
	return m
}

// lineEnd returns the offset of the end of line l, before its terminator.
func (m *mapper) lineEnd(l int) int {
	end := len(m.text)
	if l+1 < len(m.lines) {
		end = m.lines[l+1]
	}
	for end > m.lines[l] && (m.text[end-1] == '\n' || m.text[end-1] == '\r') {
		end--
	}
	return end
}

// position converts a byte offset into an LSP position. Offsets past the
// end are clamped; an offset inside a multi-byte character is moved to the
// character's start.
func (m *mapper) position(off int) protocol.Position {
	off = max(0, min(off, len(m.text)))
	l := sort.Search(len(m.lines), func(i int) bool { return m.lines[i] > off }) - 1
	start := m.lines[l]
	off = min(off, m.lineEnd(l)) // an offset inside "\r\n" is the line's end
	for off > start && off < len(m.text) && !utf8.RuneStart(m.text[off]) {
		off--
	}
	return protocol.Position{Line: uint32(l), Character: uint32(m.units(m.text[start:off]))}
}

// units counts the encoding's units in b.
func (m *mapper) units(b []byte) int {
	if m.enc == utf8Enc {
		return len(b)
	}
	n := 0
	for len(b) > 0 {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// offset converts an LSP position into a byte offset. As LSP asks, a
// character past the end of the line means the end of the line; a line past
// the end of the text means the end of the text. A position inside a UTF-16
// surrogate pair is moved to the start of the character.
func (m *mapper) offset(p protocol.Position) int {
	l := int(p.Line)
	if l >= len(m.lines) {
		return len(m.text)
	}
	off := m.lines[l]
	end := m.lineEnd(l)
	want := int(p.Character)
	if m.enc == utf8Enc {
		off = min(off+want, end)
		for off > m.lines[l] && off < len(m.text) && !utf8.RuneStart(m.text[off]) {
			off--
		}
		return off
	}
	n := 0
	for off < end && n < want {
		r, size := utf8.DecodeRune(m.text[off:end])
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > want {
			break // inside a surrogate pair
		}
		n += w
		off += size
	}
	return off
}

// rangeOf converts a byte range into an LSP range.
func (m *mapper) rangeOf(start, end int) protocol.Range {
	return protocol.Range{Start: m.position(start), End: m.position(max(start, end))}
}

// applyChanges applies LSP content changes (incremental or whole-document)
// to text, in order, and returns the new text. The input is not modified:
// snapshots that hold the old text stay valid.
func applyChanges(text []byte, changes []protocol.TextDocumentContentChangeEvent, enc encoding) ([]byte, error) {
	for i, ch := range changes {
		switch c := ch.(type) {
		case *protocol.TextDocumentContentChangeWholeDocument:
			text = []byte(c.Text)
		case *protocol.TextDocumentContentChangePartial:
			m := newMapper(text, enc)
			start, end := m.offset(c.Range.Start), m.offset(c.Range.End)
			if end < start {
				return nil, fmt.Errorf("content change %d: range end before start", i)
			}
			out := make([]byte, 0, len(text)-(end-start)+len(c.Text))
			out = append(out, text[:start]...)
			out = append(out, c.Text...)
			out = append(out, text[end:]...)
			text = out
		default:
			return nil, fmt.Errorf("content change %d: unknown kind %T", i, ch)
		}
	}
	return text, nil
}
