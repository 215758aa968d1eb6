package lsp

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks/config"
)

// replaceAll sends an edit that replaces the whole text of u.
func (c *testClient) replaceAll(u uri.URI, version int32, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", &protocol.DidChangeTextDocumentParams{
		TextDocument: protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{
			&protocol.TextDocumentContentChangeWholeDocument{Text: text}},
	})
}

// TestOpenConfigDocument: the unsaved text of an open .upclint.yaml is the
// configuration of the files below it; text that does not parse is
// reported on the YAML document at the offending key or value, and the
// newest valid text stays in force; closing the document goes back to the
// file on disk. An open configuration that does not exist on disk yet
// governs its directory too.
func TestOpenConfigDocument(t *testing.T) {
	src := `#include <upc.h>
shared int a[N*THREADS];
void k(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i]) {
        a[i] = i;
    }
}
`
	onDisk := "define: [N=8]\nrules:\n  forall: {enabled: false}\n"
	dir := workspace(t, map[string]string{"src/k.upc": src, config.FileName: onDisk})
	c := newTestServer(t, nil)
	c.initialize(dir, `{"debounceMs": -1}`)
	u := uri.File(filepath.Join(dir, "src", "k.upc"))
	cu := uri.File(filepath.Join(dir, config.FileName))
	c.open(u, src)
	if p := c.waitDiagnostics(u, version(1)); len(p.Diagnostics) != 0 {
		t.Fatalf("with the configuration on disk: %s", fmtDiags(p))
	}
	hasForall := func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) == 1 && codeOf(p.Diagnostics[0]) == "forall" &&
			p.Diagnostics[0].Severity == protocol.DiagnosticSeverityError
	}
	noDiags := func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 }
	// latest is the newest publication for u, after a round trip that
	// shows every analysis scheduled so far has been published.
	latest := func(u uri.URI) *protocol.PublishDiagnosticsParams {
		t.Helper()
		// documentSymbol waits for the current analysis of k.upc.
		var syms []protocol.DocumentSymbol
		if err := c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &syms); err != nil {
			t.Fatal(err)
		}
		pubs := c.publications(u)
		return pubs[len(pubs)-1]
	}

	c.open(cu, onDisk)
	if p := c.waitDiagnostics(cu, version(1)); len(p.Diagnostics) != 0 {
		t.Errorf("valid configuration document: %s", fmtDiags(p))
	}
	// Unsaved: forall becomes an error; the disk still disables it.
	valid := "define: [N=8]\nrules:\n  forall: {severity: error}\n"
	c.replaceAll(cu, 2, valid)
	c.waitDiagnostics(u, hasForall)
	if p := c.waitDiagnostics(cu, version(2)); len(p.Diagnostics) != 0 {
		t.Errorf("valid edit: %s", fmtDiags(p))
	}

	// An unknown key: reported on the key, the valid text stays in force.
	c.replaceAll(cu, 3, valid+"threds: 4\n")
	p := c.waitDiagnostics(cu, version(3))
	if len(p.Diagnostics) != 1 || codeOf(p.Diagnostics[0]) != configRule ||
		p.Diagnostics[0].Severity != protocol.DiagnosticSeverityError ||
		!strings.Contains(msgOf(p.Diagnostics[0]), `unknown key "threds"`) || p.Diagnostics[0].Range != rng(3, 0, 3, 6) {
		t.Errorf("unknown key: %s", fmtDiags(p))
	}
	// k.upc analysed again (an edit) still sees forall as an error, and
	// no complaint about its configuration.
	c.change(u, 2, rng(9, 0, 9, 0), "\n")
	if p := c.waitDiagnostics(u, version(2)); !hasForall(p) {
		t.Errorf("k.upc with an invalid unsaved configuration: %s, want the last valid one in force", fmtDiags(p))
	}
	// A bad value, on a line with non-ASCII text before it: the range is
	// the value's, in UTF-16 units.
	c.replaceAll(cu, 4, valid+"define: [\"É=1\"]\nthreads: many # ≠ 8\n")
	p = c.waitDiagnostics(cu, version(4))
	if len(p.Diagnostics) != 1 || !strings.Contains(msgOf(p.Diagnostics[0]), "duplicate") || p.Diagnostics[0].Range.Start.Line != 3 {
		t.Errorf("duplicate key: %s", fmtDiags(p))
	}
	c.replaceAll(cu, 5, "rules: {forall: {severity: error}}\ndefine: [\"N=8\"]\nthreads: many # ≠ 8\n")
	p = c.waitDiagnostics(cu, version(5))
	if len(p.Diagnostics) != 1 || !strings.Contains(msgOf(p.Diagnostics[0]), "threads must be") || p.Diagnostics[0].Range != rng(2, 9, 2, 13) {
		t.Errorf("bad value: %s", fmtDiags(p))
	}
	// A YAML syntax error is located on its line.
	c.replaceAll(cu, 6, "define: [N=8\n")
	p = c.waitDiagnostics(cu, version(6))
	if len(p.Diagnostics) != 1 || codeOf(p.Diagnostics[0]) != configRule {
		t.Errorf("syntax error: %s", fmtDiags(p))
	}
	if p := latest(u); !hasForall(p) {
		t.Errorf("k.upc after invalid edits: %s", fmtDiags(p))
	}

	// Valid again, disabling forall: k.upc follows, the YAML is clean.
	c.replaceAll(cu, 7, onDisk)
	c.waitDiagnostics(cu, func(p *protocol.PublishDiagnosticsParams) bool { return version(7)(p) && noDiags(p) })
	c.waitDiagnostics(u, noDiags)
	// Forall an error again, then close without saving: back to the disk.
	c.replaceAll(cu, 8, valid)
	c.waitDiagnostics(u, hasForall)
	before := len(c.publications(u))
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: cu}})
	c.waitDiagnostics(cu, func(p *protocol.PublishDiagnosticsParams) bool {
		_, set := p.Version.Get()
		return !set && noDiags(p)
	})
	c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool {
		return len(c.pubs[u]) > before && noDiags(p)
	})

	// An unsaved configuration nearer than the one on disk, never saved:
	// it governs src/ (forall is enabled by default there).
	nu := uri.File(filepath.Join(dir, "src", config.FileName))
	c.open(nu, "define: [N=8]\n")
	p = c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	if !slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool { return codeOf(d) == "forall" }) {
		t.Errorf("with the nearer unsaved configuration: %s", fmtDiags(p))
	}
	// Invalid from the start, with no valid text and nothing on disk: the
	// files it governs say their configuration is ignored.
	c.replaceAll(nu, 2, "enable: [no-such-rule]\n")
	c.waitDiagnostics(nu, func(p *protocol.PublishDiagnosticsParams) bool { return version(2)(p) && len(p.Diagnostics) == 1 })
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: nu}})
	c.waitDiagnostics(u, noDiags)
	c.open(nu, "threads: -1\n")
	c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool {
		return slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool {
			return codeOf(d) == configRule && strings.Contains(msgOf(d), "configuration file ignored")
		})
	})
	// Requests on a configuration document answer without a UPC analysis.
	if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: nu}, Position: pos(0, 1)}}, nil); err != nil {
		t.Errorf("hover on the configuration document: %v", err)
	}
}
