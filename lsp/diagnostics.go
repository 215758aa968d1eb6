package lsp

import (
	"fmt"
	"path/filepath"
	"regexp"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar/diag"
)

// RuleDocURL is the base of the rules' documentation pages.
const RuleDocURL = "https://github.com/upclint/upclint/blob/main/docs/rules/"

// ruleDoc returns the documentation page of a rule.
func ruleDoc(rule string) uri.URI { return uri.URI(RuleDocURL + rule + ".md") }

func severity(s diag.Severity) protocol.DiagnosticSeverity {
	switch s {
	case diag.Error:
		return protocol.DiagnosticSeverityError
	case diag.Warning:
		return protocol.DiagnosticSeverityWarning
	default:
		return protocol.DiagnosticSeverityInformation
	}
}

// locator maps finding positions in any file the analysis read to LSP
// locations, reading each file once.
type locator struct {
	snap    *snapshot
	mappers map[string]*mapper
}

func newLocator(snap *snapshot) *locator {
	return &locator{snap: snap, mappers: map[string]*mapper{snap.path: snap.m}}
}

func (l *locator) mapper(path string) *mapper {
	if m, ok := l.mappers[path]; ok {
		return m
	}
	var m *mapper
	if b, err := l.snap.read(path); err == nil {
		m = newMapper(b, l.snap.enc)
	}
	l.mappers[path] = m
	return m
}

// rangeOf converts a finding's span; ok is false when the file cannot be
// read.
func (l *locator) rangeOf(pos, end checks.Position) (protocol.Range, bool) {
	m := l.mapper(pos.Path)
	if m == nil {
		return protocol.Range{}, false
	}
	e := end.Offset
	if !end.IsValid() || end.Path != pos.Path {
		e = pos.Offset
	}
	if e <= pos.Offset {
		e = wordEnd(m.text, pos.Offset) // a point: underline the word there
	}
	return m.rangeOf(pos.Offset, e), true
}

// wordEnd returns the end of the identifier or number at off, or off+1 for
// another character (off at the end of a line stays a point).
func wordEnd(text []byte, off int) int {
	if off < 0 || off >= len(text) {
		return off
	}
	isWord := func(c byte) bool {
		return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
	}
	if !isWord(text[off]) {
		if text[off] == '\n' || text[off] == '\r' {
			return off
		}
		return off + 1
	}
	e := off
	for e < len(text) && isWord(text[e]) {
		e++
	}
	return e
}

func (l *locator) location(pos, end checks.Position) (protocol.Location, bool) {
	r, ok := l.rangeOf(pos, end)
	if !ok {
		return protocol.Location{}, false
	}
	return protocol.Location{URI: l.uriOf(pos.Path), Range: r}, true
}

func (l *locator) uriOf(path string) uri.URI {
	if path == l.snap.path {
		return l.snap.uri
	}
	return uri.File(path)
}

// toDiagnostics converts the findings of a snapshot into the diagnostics of
// its document. A finding in an included header is shown on the #include
// line of the document when it is an error (it explains why the rest of the
// file misbehaves); other findings in headers belong to the headers.
func toDiagnostics(snap *snapshot) ([]protocol.Diagnostic, []int) {
	l := newLocator(snap)
	diags := make([]protocol.Diagnostic, 0, len(snap.findings))
	var index []int
	for i := range snap.findings {
		f := &snap.findings[i]
		d := protocol.Diagnostic{
			Severity: severity(f.Severity),
			Code:     protocol.String(f.Rule),
			Source:   protocol.NewOptional("upclint"),
			Message:  protocol.String(f.Message),
		}
		if checks.Lookup(f.Rule) != nil {
			d.CodeDescription = protocol.CodeDescription{Href: ruleDoc(f.Rule)}
		}
		if f.Pos.Path == snap.path || !f.Pos.IsValid() {
			d.Range, _ = l.rangeOf(f.Pos, f.End)
		} else {
			if f.Severity != diag.Error {
				continue
			}
			line := includeLine(snap.src, f.Pos.Path)
			d.Range = snap.m.rangeOf(line, line)
			d.Message = protocol.String(fmt.Sprintf("in included file %s:%d:%d: %s",
				filepath.Base(f.Pos.Path), f.Pos.Line, f.Pos.Col, f.Message))
			if loc, ok := l.location(f.Pos, f.End); ok {
				d.RelatedInformation = append(d.RelatedInformation,
					protocol.DiagnosticRelatedInformation{Location: loc, Message: f.Message})
			}
		}
		for _, r := range f.Related {
			if loc, ok := l.location(r.Pos, r.End); ok {
				d.RelatedInformation = append(d.RelatedInformation,
					protocol.DiagnosticRelatedInformation{Location: loc, Message: r.Message})
			}
		}
		diags = append(diags, d)
		index = append(index, i)
	}
	return diags, index
}

var includeRE = regexp.MustCompile(`(?m)^[ \t]*#[ \t]*include[ \t]*[<"]([^>"]+)[>"]`)

// includeLine returns the offset of the #include directive of src that
// names header (by base name), or 0.
func includeLine(src []byte, header string) int {
	base := filepath.Base(header)
	for _, m := range includeRE.FindAllSubmatchIndex(src, -1) {
		if filepath.Base(string(src[m[2]:m[3]])) == base {
			return m[0]
		}
	}
	return 0
}
