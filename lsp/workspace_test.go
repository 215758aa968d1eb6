package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/grammar"
)

// TestCollectivityRelatedInformation: the collectivity error of a barrier
// under "if (MYTHREAD == 0)" points at the thread-dependent condition.
func TestCollectivityRelatedInformation(t *testing.T) {
	c, u := openOne(t, nil, "", "k.upc", fixSrc)
	p := c.waitDiagnostics(u, version(1))
	d := diagOfRule(t, p, "collectivity")
	lines := strings.Split(fixSrc, "\n")
	if d.Severity != protocol.DiagnosticSeverityError || d.Range.Start.Line != 28 || !strings.Contains(msgOf(d), "upc_barrier") ||
		string(d.CodeDescription.Href) != RuleDocURL+"collectivity.md" {
		t.Errorf("collectivity diagnostic: %s", fmtDiags(p))
	}
	cond := uint32(strings.Index(lines[27], "MYTHREAD"))
	if len(d.RelatedInformation) != 1 {
		t.Fatalf("related information: %+v", d.RelatedInformation)
	}
	r := d.RelatedInformation[0]
	if r.Location.URI != u || r.Location.Range != rng(27, cond, 27, cond+uint32(len("MYTHREAD"))) || !strings.Contains(r.Message, "depends on MYTHREAD") {
		t.Errorf("related information %+v, want the condition on line 27", r)
	}
}

// TestMultipleDocuments: open documents are analysed and published
// independently; editing or closing one leaves the other's diagnostics
// alone.
func TestMultipleDocuments(t *testing.T) {
	srcA := "int main(void) { return only_in_a; }\n"
	srcB := "int f(void) { return only_in_b; }\n"
	c, us := openFiles(t, nil, `{"debounceMs": -1}`, map[string]string{"a.upc": srcA, "b.upc": srcB}, "a.upc", "b.upc")
	ua, ub := us[0], us[1]
	pa, pb := c.waitDiagnostics(ua, version(1)), c.waitDiagnostics(ub, version(1))
	if len(pa.Diagnostics) != 1 || !strings.Contains(msgOf(pa.Diagnostics[0]), "only_in_a") {
		t.Errorf("a: %s", fmtDiags(pa))
	}
	if len(pb.Diagnostics) != 1 || !strings.Contains(msgOf(pb.Diagnostics[0]), "only_in_b") {
		t.Errorf("b: %s", fmtDiags(pb))
	}
	c.change(ua, 2, rng(0, 24, 0, 33), "0")
	if p := c.waitDiagnostics(ua, version(2)); len(p.Diagnostics) != 0 {
		t.Errorf("a after the fix: %s", fmtDiags(p))
	}
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: ua}})
	c.waitDiagnostics(ua, func(p *protocol.PublishDiagnosticsParams) bool { _, ok := p.Version.Get(); return !ok })
	// b is still open and served, and was never published again.
	if got := hoverAt(t, c, ub, 0, 4); !strings.Contains(got, "int f(void)") {
		t.Errorf("hover in b: %q", got)
	}
	if n := len(c.publications(ub)); n != 1 {
		t.Errorf("b published %d times, want once", n)
	}
	c.srv.mu.Lock()
	defer c.srv.mu.Unlock()
	if _, open := c.srv.docs[uriPath(ua)]; open || len(c.srv.docs) != 1 {
		t.Errorf("open documents after closing a: %d", len(c.srv.docs))
	}
}

// TestDiagnosticsOnSave: a save analyses at once, without waiting for the
// debounce delay of the edit before it.
func TestDiagnosticsOnSave(t *testing.T) {
	src := "int main(void) { return 0; }\n"
	c, u := openOne(t, nil, `{"debounceMs": 60000}`, "s.upc", src)
	c.waitDiagnostics(u, version(1))
	c.change(u, 2, rng(0, 24, 0, 25), "unsaved_name")
	time.Sleep(100 * time.Millisecond)
	if n := len(c.publications(u)); n != 1 {
		t.Fatalf("%d publications before the save, want 1 (the edit waits for its debounce delay)", n)
	}
	c.notify("textDocument/didSave", &protocol.DidSaveTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	p := c.waitDiagnostics(u, version(2))
	if len(p.Diagnostics) != 1 || !strings.Contains(msgOf(p.Diagnostics[0]), "unsaved_name") {
		t.Errorf("after the save: %s", fmtDiags(p))
	}
	// A save that carries the text uses it.
	text := "int main(void) { return saved_name; }\n"
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": string(u)}, "text": text})
	p = c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) == 1 && strings.Contains(msgOf(p.Diagnostics[0]), "saved_name")
	})
	if v, _ := p.Version.Get(); v != 2 {
		t.Errorf("version %d after a save with text, want 2", v)
	}
}

// initializeWatching initializes c as a client that lets the server
// register file watchers, and answers the registration.
func initializeWatching(t *testing.T, c *testClient, root string) *envelope {
	t.Helper()
	if err := c.call("initialize", map[string]any{"processId": nil, "rootUri": string(uri.File(root)),
		"capabilities": map[string]any{"workspace": map[string]any{
			"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}},
		"initializationOptions": map[string]any{"debounceMs": -1}}, nil); err != nil {
		t.Fatal(err)
	}
	c.notify("initialized", map[string]any{})
	reg := c.waitMessage("client/registerCapability")
	c.write([]byte(`{"jsonrpc":"2.0","id":` + string(reg.ID) + `,"result":null}`))
	return reg
}

// TestConfigFile: .upclint.yaml governs the diagnostics of the files below
// it (defines, rules, severities), and a change on disk that the client
// reports with workspace/didChangeWatchedFiles (registered by the server)
// re-analyses the open documents; so does a change to an included header.
func TestConfigFile(t *testing.T) {
	src := `#include <upc.h>
#include "dims.h"
shared int a[N*THREADS];
void k(void)
{
    int i;
    upc_forall (i = 0; i < N; i++; &a[i]) {
        a[i] = i + EXTRA;
    }
}
`
	dir := workspace(t, map[string]string{"src/k.upc": src, "src/dims.h": "#define EXTRA 1\n",
		config.FileName: "define: [N=8]\nrules:\n  forall: {enabled: false}\n"})
	c := newTestServer(t, nil)
	reg := initializeWatching(t, c, dir)
	var regs protocol.RegistrationParams
	if err := json.Unmarshal(reg.Params, &regs); err != nil {
		t.Fatal(err)
	}
	if len(regs.Registrations) != 1 || regs.Registrations[0].Method != "workspace/didChangeWatchedFiles" ||
		!strings.Contains(string(reg.Params), `"globPattern":"**/.upclint.yaml"`) || !strings.Contains(string(reg.Params), `"globPattern":"**/*.h"`) {
		t.Errorf("registration: %s", reg.Params)
	}
	u := uri.File(filepath.Join(dir, "src", "k.upc"))
	c.open(u, src)
	// N comes from the file's define, and forall is disabled.
	if p := c.waitDiagnostics(u, version(1)); len(p.Diagnostics) != 0 {
		t.Fatalf("with the configuration file: %s", fmtDiags(p))
	}
	changed := func(name string) {
		c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{
			map[string]any{"uri": string(uri.File(filepath.Join(dir, name))), "type": 2}}})
	}
	if err := os.WriteFile(filepath.Join(dir, config.FileName), []byte("define: [N=8]\nrules:\n  forall: {severity: error}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed(config.FileName)
	p := c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	if len(p.Diagnostics) != 1 || codeOf(p.Diagnostics[0]) != "forall" || p.Diagnostics[0].Severity != protocol.DiagnosticSeverityError {
		t.Errorf("after enabling forall as an error: %s", fmtDiags(p))
	}
	// The header changes on disk: EXTRA is gone.
	if err := os.WriteFile(filepath.Join(dir, "src", "dims.h"), []byte("\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed(filepath.Join("src", "dims.h"))
	c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool {
		return slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool { return strings.Contains(msgOf(d), "EXTRA") })
	})
	// A broken configuration file is reported, not fatal.
	if err := os.WriteFile(filepath.Join(dir, config.FileName), []byte("threads: many\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	changed(config.FileName)
	c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool {
		return slices.ContainsFunc(p.Diagnostics, func(d protocol.Diagnostic) bool {
			return codeOf(d) == "config" && strings.Contains(msgOf(d), "configuration file ignored")
		})
	})
}

// TestNoWatchersWithoutCapability: a client that cannot register file
// watchers dynamically is not asked to.
func TestNoWatchersWithoutCapability(t *testing.T) {
	c, u := openOne(t, nil, "", "w.upc", "int x;\n")
	c.waitDiagnostics(u, version(1))
	hoverAt(t, c, u, 0, 4) // a round trip after "initialized"
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, env := range c.notes {
		if env.Method != nil && *env.Method == "client/registerCapability" {
			t.Errorf("registration sent to a client without the capability: %s", env.Params)
		}
	}
}

// TestCancelWaitingRequest cancels a real request (a hover waiting for the
// analysis of the document) and checks that the server answers it with
// RequestCancelled and goes on serving.
func TestCancelWaitingRequest(t *testing.T) {
	release := make(chan struct{})
	c := newTestServer(t, func(s *Server) {
		analyze := s.analyze
		s.analyze = func(path string, src []byte, opts *checks.Options) (*grammar.Unit, []checks.Finding) {
			if strings.Contains(string(src), "BLOCK") {
				<-release
			}
			return analyze(path, src, opts)
		}
	})
	t.Cleanup(func() { // before the server's cleanup, which waits for the analysis
		select {
		case <-release:
		default:
			close(release)
		}
	})
	dir := t.TempDir()
	c.initialize(dir, "")
	u := uri.File(filepath.Join(dir, "c.upc"))
	c.open(u, "int BLOCK;\n")
	id, ch := c.start("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(0, 5)}})
	c.write([]byte(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":` + string(id) + `}}`))
	if err := c.await(ch, nil); err == nil || err.Code != codeRequestCancelled {
		t.Fatalf("cancelled hover: got %v, want code %d", err, codeRequestCancelled)
	}
	close(release)
	c.waitDiagnostics(u, version(1))
	if got := hoverAt(t, c, u, 0, 5); !strings.Contains(got, "int BLOCK") {
		t.Errorf("hover after the cancellation: %q", got)
	}
	// Cancelling a request that is already answered, or an unknown id, is
	// harmless.
	c.write([]byte(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":` + string(id) + `}}`))
	c.write([]byte(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"nope"}}`))
	if err := c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, nil); err != nil {
		t.Errorf("documentSymbol after cancellations: %v", err)
	}
}

// TestSyntaxErrorKeepsRuleFindings: a syntax error in one function costs
// that function only; the rules still report on the rest of the file.
func TestSyntaxErrorKeepsRuleFindings(t *testing.T) {
	src := strings.Replace(fixSrc, "long window_sum(void)", "int broken(void) { return 1 +; }\n\nlong window_sum(void)", 1)
	c, u := openOne(t, nil, "", "k.upc", src)
	p := c.waitDiagnostics(u, version(1))
	var codes []string
	for _, d := range p.Diagnostics {
		codes = append(codes, codeOf(d))
	}
	if !slices.Equal(codes, []string{"forall", "syntax", "finegrain", "collectivity"}) {
		t.Fatalf("diagnostics with a syntax error in broken(): %s", fmtDiags(p))
	}
	if d := diagOfRule(t, p, "syntax"); d.Range.Start.Line != 16 || d.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("syntax error: %s", fmtDiags(p))
	}
}
