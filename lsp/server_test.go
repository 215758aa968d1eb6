package lsp

import (
	"context"
	"encoding/json"
	"errors"
	gotoken "go/token"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/diag"
)

const kernel = `#include <upc.h>
shared [4] int a[4*THREADS];
shared int total;

int broken(void) {
  return 1 +;
}

int sum(int n) {
  int s = 0, t = n;
  int me = MYTHREAD;
  upc_forall (int i = 0; i < 4*THREADS; i++; &a[i])
    s += a[i];
  return s + me + undeclared_b;
}

int main(void) {
  a[MYTHREAD] = sum(3);
  upc_barrier;
  return 0;
}
`

func TestInitialize(t *testing.T) {
	c := newTestServer(t, nil)
	// Requests before initialize are refused.
	if err := c.call("textDocument/hover", map[string]any{}, nil); err == nil || err.Code != codeServerNotInitialized {
		t.Fatalf("hover before initialize: got %v, want code %d", err, codeServerNotInitialized)
	}
	res := c.initialize(t.TempDir(), "")
	caps := res.Capabilities
	sync, ok := caps.TextDocumentSync.(*protocol.TextDocumentSyncOptions)
	if !ok || sync.Change == nil || *sync.Change != protocol.TextDocumentSyncKindIncremental {
		t.Errorf("textDocumentSync = %#v, want incremental", caps.TextDocumentSync)
	}
	if caps.PositionEncoding != protocol.PositionEncodingKindUTF16 {
		t.Errorf("positionEncoding = %q, want utf-16", caps.PositionEncoding)
	}
	if caps.HoverProvider == nil || caps.DefinitionProvider == nil || caps.DocumentSymbolProvider == nil || caps.CodeActionProvider == nil {
		t.Errorf("missing providers: %+v", caps)
	}
	if res.ServerInfo.Name != "upclint" {
		t.Errorf("serverInfo = %+v", res.ServerInfo)
	}
	if err := c.call("initialize", map[string]any{"capabilities": map[string]any{}}, nil); err == nil {
		t.Errorf("second initialize accepted")
	}
	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if err := c.call("textDocument/hover", map[string]any{}, nil); err == nil || err.Code != codeInvalidRequest {
		t.Errorf("request after shutdown: got %v, want code %d", err, codeInvalidRequest)
	}
	c.notify("exit", nil)
	select {
	case err := <-c.served:
		if err != nil {
			t.Errorf("Serve after shutdown+exit = %v, want nil", err)
		}
		c.served <- err
	case <-time.After(5 * time.Second):
		t.Fatal("server did not exit")
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	c := newTestServer(t, nil)
	c.initialize(t.TempDir(), "")
	c.notify("exit", nil)
	err := <-c.served
	c.served <- err
	if !errors.Is(err, ErrExitWithoutShutdown) {
		t.Errorf("Serve = %v, want ErrExitWithoutShutdown", err)
	}
}

func TestUTF8Negotiation(t *testing.T) {
	c := newTestServer(t, nil)
	var res protocol.InitializeResult
	if err := c.call("initialize", map[string]any{"processId": nil, "rootUri": nil,
		"capabilities": map[string]any{"general": map[string]any{"positionEncodings": []string{"utf-8", "utf-16"}}}}, &res); err != nil {
		t.Fatal(err)
	}
	if res.Capabilities.PositionEncoding != protocol.PositionEncodingKindUTF8 {
		t.Errorf("positionEncoding = %q, want utf-8", res.Capabilities.PositionEncoding)
	}
}

func TestDiagnosticsOnOpen(t *testing.T) {
	c, u := openOne(t, nil, "", "k.upc", kernel)
	p := c.waitDiagnostics(u, version(1))
	var syntax, undeclared *protocol.Diagnostic
	for i, d := range p.Diagnostics {
		switch {
		case codeOf(d) == "syntax":
			syntax = &p.Diagnostics[i]
		case codeOf(d) == "typecheck" && strings.Contains(msgOf(d), "undeclared_b"):
			undeclared = &p.Diagnostics[i]
		}
	}
	if syntax == nil || undeclared == nil {
		t.Fatalf("want a syntax error in broken() and a typecheck error in sum(); got %s", fmtDiags(p))
	}
	// The syntax error in one function does not hide the rest of the file.
	if syntax.Range.Start.Line != 5 || undeclared.Range.Start.Line != 13 {
		t.Errorf("lines: syntax %d, undeclared %d; want 5 and 13", syntax.Range.Start.Line, undeclared.Range.Start.Line)
	}
	if want := "return s + me + "; undeclared.Range.Start.Character != uint32(len("  "+want)) {
		t.Errorf("undeclared at character %d, want %d", undeclared.Range.Start.Character, len("  "+want))
	}
	if syntax.Severity != protocol.DiagnosticSeverityError {
		t.Errorf("severity = %d", syntax.Severity)
	}
	if got := string(undeclared.CodeDescription.Href); got != RuleDocURL+"typecheck.md" {
		t.Errorf("codeDescription = %q", got)
	}
	if src, _ := syntax.Source.Get(); src != "upclint" {
		t.Errorf("source = %q", src)
	}
}

func TestIncrementalChange(t *testing.T) {
	// Non-ASCII text before the edit: a 2-byte é (1 UTF-16 unit) and a
	// 4-byte emoji (2 UTF-16 units) on the line being edited.
	src := "int main(void) {\n  int x = 1; /* é😀 */ int y = 2;\n  return x + y;\n}\n"
	dir := workspace(t, map[string]string{"m.upc": src})
	c := newTestServer(t, nil)
	c.initialize(dir, `{"debounceMs": 10}`)
	u := uri.File(filepath.Join(dir, "m.upc"))
	c.open(u, src)
	if p := c.waitDiagnostics(u, version(1)); len(p.Diagnostics) != 0 {
		t.Fatalf("clean file has diagnostics: %s", fmtDiags(p))
	}
	// Replace "y = 2" by "y = zz": UTF-16 columns of line 1:
	// "  int x = 1; /* é😀 */ int " is 2+11+3+1+2+4+4 = 27 units.
	line := "  int x = 1; /* é😀 */ int y = 2;"
	before, _, _ := strings.Cut(line, "y = 2")
	col := utf16Len(before)
	c.change(u, 2, rng(1, uint32(col+4), 1, uint32(col+5)), "zz")
	p := c.waitDiagnostics(u, version(2))
	if len(p.Diagnostics) != 1 || !strings.Contains(msgOf(p.Diagnostics[0]), "zz") {
		t.Fatalf("after edit: %s", fmtDiags(p))
	}
	if d := p.Diagnostics[0]; d.Range.Start.Line != 1 || d.Range.Start.Character != uint32(col+4) {
		t.Errorf("diagnostic at %d:%d, want 1:%d", d.Range.Start.Line, d.Range.Start.Character, col+4)
	}
	// Fix it with a second edit that inserts a declaration of zz on a new
	// line (a multi-line change).
	c.change(u, 3, rng(0, 16, 0, 16), "\n  int zz = 3;")
	p = c.waitDiagnostics(u, version(3))
	if len(p.Diagnostics) != 0 {
		t.Fatalf("after fix: %s", fmtDiags(p))
	}
	// The server's text is what the client has.
	c.srv.mu.Lock()
	got := string(c.srv.docs[filepath.Join(dir, "m.upc")].text)
	c.srv.mu.Unlock()
	want := "int main(void) {\n  int zz = 3;\n  int x = 1; /* é😀 */ int y = zz;\n  return x + y;\n}\n"
	if got != want {
		t.Errorf("text after edits:\n%q\nwant\n%q", got, want)
	}
}

func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

func TestCloseClearsDiagnostics(t *testing.T) {
	c, u := openOne(t, nil, "", "k.upc", kernel)
	c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
	c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
	// Requests on a closed document are errors, not crashes.
	if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}}}, nil); err == nil {
		t.Errorf("hover on a closed document succeeded")
	}
}

func TestHeaderChangeReanalysesIncluder(t *testing.T) {
	header := "#define N 4\nextern int helper_value;\n"
	main := "#include \"defs.h\"\nint main(void) { return helper_value + N; }\n"
	dir := workspace(t, map[string]string{"defs.h": header, "main.upc": main})
	c := newTestServer(t, nil)
	c.initialize(dir, `{"debounceMs": 10}`)
	mu := uri.File(filepath.Join(dir, "main.upc"))
	hu := uri.File(filepath.Join(dir, "defs.h"))
	c.open(mu, main)
	if p := c.waitDiagnostics(mu, version(1)); len(p.Diagnostics) != 0 {
		t.Fatalf("main: %s", fmtDiags(p))
	}
	c.open(hu, header)
	c.waitDiagnostics(hu, version(1))
	before := len(c.publications(mu))
	// Rename the declaration in the unsaved header: main's use is now
	// undeclared, although the file on disk did not change.
	c.change(hu, 2, rng(1, 11, 1, 23), "other_value")
	p := c.waitDiagnostics(mu, func(p *protocol.PublishDiagnosticsParams) bool {
		return len(p.Diagnostics) > 0 && strings.Contains(msgOf(p.Diagnostics[0]), "helper_value")
	})
	if len(c.publications(mu)) <= before || p.Diagnostics[0].Range.Start.Line != 1 {
		t.Fatalf("main after header edit: %s", fmtDiags(p))
	}
	// Closing the header makes main read it from disk again.
	c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: hu}})
	c.waitDiagnostics(mu, func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
}

func TestHeaderErrorShownOnInclude(t *testing.T) {
	dir := workspace(t, map[string]string{"bad.h": "int oops(void) { return 1 +; }\n", "u.upc": "#include <stdio.h>\n#include \"bad.h\"\nint main(void) { return 0; }\n"})
	c := newTestServer(t, nil)
	c.initialize(dir, "")
	u := uri.File(filepath.Join(dir, "u.upc"))
	c.open(u, "#include <stdio.h>\n#include \"bad.h\"\nint main(void) { return 0; }\n")
	p := c.waitDiagnostics(u, version(1))
	if len(p.Diagnostics) == 0 {
		t.Fatalf("no diagnostics for an error in an included header")
	}
	d := p.Diagnostics[0]
	if d.Range.Start.Line != 1 || !strings.Contains(msgOf(d), "bad.h") || len(d.RelatedInformation) == 0 ||
		!strings.HasSuffix(string(d.RelatedInformation[0].Location.URI), "bad.h") {
		t.Errorf("header error: %s related %+v", fmtDiags(p), d.RelatedInformation)
	}
}

func hoverAt(t *testing.T, c *testClient, u uri.URI, line, char uint32) string {
	t.Helper()
	var h protocol.Hover
	if err := c.call("textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(line, char)}}, &h); err != nil {
		t.Fatalf("hover: %v", err)
	}
	if mc, ok := h.Contents.(*protocol.MarkupContent); ok {
		return mc.Value
	}
	return ""
}

// hoverCase is a hover request on line at the first sub of the line (plus
// delta characters) and what its text must and must not contain.
type hoverCase struct {
	name       string
	line       int
	sub        string
	delta      int
	want, none []string
}

// checkHovers runs the hover cases on document u, whose text is src.
func checkHovers(t *testing.T, c *testClient, u uri.URI, src string, cases []hoverCase) {
	t.Helper()
	lines := strings.Split(src, "\n")
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			i := strings.Index(lines[tc.line], tc.sub)
			if i < 0 {
				t.Fatalf("%q not on line %d", tc.sub, tc.line)
			}
			l, ch := uint32(tc.line), uint32(i+tc.delta)
			got := hoverAt(t, c, u, l, ch)
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("hover at %d:%d lacks %q:\n%s", l, ch, w, got)
				}
			}
			for _, w := range tc.none {
				if strings.Contains(got, w) {
					t.Errorf("hover at %d:%d has %q:\n%s", l, ch, w, got)
				}
			}
		})
	}
}

func TestHover(t *testing.T) {
	c, u := openOne(t, nil, "", "k.upc", kernel)
	checkHovers(t, c, u, kernel, []hoverCase{
		{"shared element", 12, "a[i]", 0, []string{"(i / 4) % THREADS", "block size: 4", "elements per thread: 4 (1 blocks of 4)", "**local**"}, nil},
		{"shared element bracket", 12, "a[i]", 1, []string{"(i / 4) % THREADS"}, nil},
		{"shared declaration", 1, "a[4", 0, []string{"shared [4] int", "block size: 4", "owner of `a[i]`: thread `(i / 4) % THREADS`"}, nil},
		{"element not in forall", 17, "a[MYTHREAD]", 0, []string{"(MYTHREAD / 4) % THREADS", "affinity here: **unknown** (offset from MYTHREAD"}, []string{"local"}},
		{"shared scalar", 2, "total", 0, []string{"affinity to thread 0"}, nil},
		{"MYTHREAD", 10, "MYTHREAD", 0, []string{"varies between threads"}, nil},
		{"thread-dependent variable", 13, "me", 0, []string{"varies between threads", "MYTHREAD"}, nil},
		{"forall-dependent variable", 9, "s = 0", 0, []string{"int s", "varies between threads", "upc_forall"}, nil},
		{"thread-independent variable", 9, "t = n", 0, []string{"int t"}, []string{"varies"}},
		{"forall", 11, "upc_forall", 0, []string{"thread that owns", "(i / 4) % THREADS"}, nil},
		{"function", 17, "sum", 0, []string{"int sum(int)"}, nil},
	})
}

func TestHoverStaticThreadsAndCyclic(t *testing.T) {
	src := "shared int c[10*THREADS];\nshared [*] double d[16];\nint main(void) {\n  upc_forall (int i = 0; i < 10*THREADS; i++; i) c[i] = c[i+1];\n  return (int)d[5];\n}\n"
	dir := workspace(t, map[string]string{"c.upc": src, config.FileName: "threads: 4\n"})
	c := newTestServer(t, nil)
	c.initialize(dir, "")
	u := uri.File(filepath.Join(dir, "c.upc"))
	c.open(u, src)
	forallLine := "  upc_forall (int i = 0; i < 10*THREADS; i++; i) c[i] = c[i+1];"
	if got := hoverAt(t, c, u, 3, uint32(strings.Index(forallLine, "c[i+1]"))); !strings.Contains(got, "affinity here: **remote**") {
		t.Errorf("c[i+1] under a cyclic forall, THREADS = 4: want remote:\n%s", got)
	}
	got := hoverAt(t, c, u, 3, uint32(strings.Index(forallLine, "c[i]")))
	for _, w := range []string{"i % THREADS", "THREADS = 4 (static)", "elements per thread: 10", "**local**"} {
		if !strings.Contains(got, w) {
			t.Errorf("cyclic hover lacks %q:\n%s", w, got)
		}
	}
	got = hoverAt(t, c, u, 4, uint32(strings.Index("  return (int)d[5];", "d[5]")))
	for _, w := range []string{"`[*]` = 4", "(5 / 4) % THREADS` = 1"} {
		if !strings.Contains(got, w) {
			t.Errorf("[*] hover lacks %q:\n%s", w, got)
		}
	}
	got = hoverAt(t, c, u, 3, 3)
	if !strings.Contains(got, "i % THREADS") || !strings.Contains(got, "integer affinity") {
		t.Errorf("forall hover:\n%s", got)
	}
}

func TestDefinition(t *testing.T) {
	header := "extern shared int hdr_var;\n"
	src := "#include \"h.h\"\nint twice(int);\nint main(void) {\n  int loc = 1;\n  return loc + twice(hdr_var);\n}\nint twice(int v) { return 2*v; }\n"
	c, us := openFiles(t, nil, "", map[string]string{"h.h": header, "d.upc": src}, "d.upc")
	u := us[0]
	def := func(line, char uint32) []protocol.Location {
		var locs []protocol.Location
		if err := c.call("textDocument/definition", &protocol.DefinitionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: pos(line, char)}}, &locs); err != nil {
			t.Fatalf("definition: %v", err)
		}
		return locs
	}
	line4 := "  return loc + twice(hdr_var);"
	if l := def(4, uint32(strings.Index(line4, "loc"))); len(l) != 1 || l[0].URI != u || l[0].Range != rng(3, 6, 3, 9) {
		t.Errorf("definition of loc = %+v", l)
	}
	if l := def(4, uint32(strings.Index(line4, "twice"))); len(l) != 1 || l[0].Range.Start != pos(6, 4) {
		t.Errorf("definition of twice = %+v, want the definition on line 6", l)
	}
	if l := def(4, uint32(strings.Index(line4, "hdr_var")+2)); len(l) != 1 || !strings.HasSuffix(string(l[0].URI), "/h.h") || l[0].Range != rng(0, 18, 0, 25) {
		t.Errorf("definition of hdr_var = %+v", l)
	}
	if l := def(4, 0); len(l) != 0 {
		t.Errorf("definition on blanks = %+v", l)
	}
}

func TestDocumentSymbols(t *testing.T) {
	src := "#include <upc.h>\nstruct pt { int x, y; };\nenum color { RED, GREEN };\ntypedef shared [2] int row_t[2*THREADS];\nshared [4] int a[4*THREADS], b[THREADS];\nint f(void);\nint main(void) { return 0; }\n"
	c, u := openOne(t, nil, "", "s.upc", src)
	var syms []protocol.DocumentSymbol
	if err := c.call("textDocument/documentSymbol", &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &syms); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range syms {
		e := s.Name
		for _, ch := range s.Children {
			e += "." + ch.Name
		}
		if s.Detail != nil {
			e += ":" + *s.Detail
		}
		got = append(got, e)
	}
	want := []string{"struct pt.x.y", "enum color.RED.GREEN", "row_t:shared [2] int[2*THREADS]",
		"a:shared [4] int[4*THREADS]", "b:shared [4] int[THREADS]", "f:int(void)", "main:int(void)"}
	if !slices.Equal(got, want) {
		t.Errorf("symbols:\n got %q\nwant %q", got, want)
	}
	for _, s := range syms {
		if s.Name == "main" && (s.Kind != protocol.SymbolKindFunction || s.Range.Start.Line != 6 || s.SelectionRange != rng(6, 4, 6, 8)) {
			t.Errorf("main symbol: %+v", s)
		}
	}
}

func init() {
	checks.Register(&checks.Rule{Name: "testrule", Kind: checks.KindPerformance, Severity: diag.Warning,
		Summary: "a rule of the language server's tests"})
}

// withFixes adds suggested fixes to the findings of a test rule, standing in
// for rules that carry fixes.
func withFixes(s *Server) {
	s.analyze = func(path string, src []byte, opts *checks.Options) (*grammar.Unit, []checks.Finding) {
		u, fs := checks.AnalyzeSource(path, src, opts)
		i := strings.Index(string(src), "x = x + 1;")
		if i >= 0 {
			p := func(off int) checks.Position {
				line := strings.Count(string(src[:off]), "\n") + 1
				return checks.Position{Path: path, Line: line, Col: off - strings.LastIndex(string(src[:off]), "\n"), Offset: off}
			}
			fs = append(fs, checks.Finding{Rule: "testrule", Severity: diag.Warning, Message: "increment spelled out",
				Pos: p(i), End: p(i + 10), Fixes: []checks.Fix{
					{Message: "use ++", Applicability: checks.FixSafe, Edits: []checks.Edit{{Pos: p(i), End: p(i + 10), NewText: "x++;"}}},
					{Message: "use += 1", Applicability: checks.FixUnsafe, Edits: []checks.Edit{{Pos: p(i + 1), End: p(i + 9), NewText: " += 1"}}},
				}})
		}
		return u, fs
	}
}

func TestCodeActions(t *testing.T) {
	src := "int main(void) {\n  int x = 0;\n  x = x + 1;\n  return x;\n}\n"
	c, u := openOne(t, withFixes, "", "f.upc", src)
	p := c.waitDiagnostics(u, version(1))
	if len(p.Diagnostics) != 1 || codeOf(p.Diagnostics[0]) != "testrule" {
		t.Fatalf("diagnostics: %s", fmtDiags(p))
	}
	actions := func(r protocol.Range, only ...protocol.CodeActionKind) []protocol.CodeAction {
		var out []protocol.CodeAction
		if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
			Range: r, Context: protocol.CodeActionContext{Diagnostics: p.Diagnostics, Only: only}}, &out); err != nil {
			t.Fatalf("codeAction: %v", err)
		}
		return out
	}
	got := actions(rng(2, 4, 2, 4))
	byTitle := map[string]protocol.CodeAction{}
	for _, a := range got {
		byTitle[a.Title] = a
	}
	safe, ok1 := byTitle["use ++"]
	unsafe, ok2 := byTitle["use += 1 (unsafe)"]
	ignore, ok3 := byTitle["Ignore this finding (upclint:ignore testrule)"]
	all, ok4 := byTitle["Apply all safe upclint fixes (1)"]
	if !ok1 || !ok2 || !ok3 || !ok4 {
		var titles []string
		for _, a := range got {
			titles = append(titles, a.Title)
		}
		t.Fatalf("actions: %q", titles)
	}
	if safe.IsPreferred == nil || !*safe.IsPreferred || (unsafe.IsPreferred != nil && *unsafe.IsPreferred) {
		t.Errorf("isPreferred: safe %v unsafe %v", safe.IsPreferred, unsafe.IsPreferred)
	}
	if e := safe.Edit.Changes[u]; len(e) != 1 || e[0].Range != rng(2, 2, 2, 12) || e[0].NewText != "x++;" {
		t.Errorf("safe fix edit: %+v", e)
	}
	if e := ignore.Edit.Changes[u]; len(e) != 1 || e[0].Range != rng(2, 12, 2, 12) || e[0].NewText != " // upclint:ignore testrule TODO: reason" {
		t.Errorf("ignore edit: %+v", e)
	}
	if *all.Kind != kindFixAll || len(all.Edit.Changes[u]) != 1 {
		t.Errorf("fix all: %+v", all)
	}
	// Outside the finding only the file-wide action applies.
	if got := actions(rng(0, 0, 0, 0)); len(got) != 1 || got[0].Title != all.Title {
		t.Errorf("actions on line 0: %+v", got)
	}
	// source.fixAll on save asks for that kind only.
	if got := actions(rng(0, 0, 0, 0), protocol.CodeActionKindSourceFixAll); len(got) != 1 || *got[0].Kind != kindFixAll {
		t.Errorf("only source.fixAll: %+v", got)
	}
	if got := actions(rng(2, 4, 2, 4), protocol.CodeActionKindRefactor); len(got) != 0 {
		t.Errorf("only refactor: %+v", got)
	}
}

func TestIgnoreActionOnRealFinding(t *testing.T) {
	src := "int main(void) {\n  return nothere;   \n}\n"
	c, u := openOne(t, nil, "", "g.upc", src)
	p := c.waitDiagnostics(u, version(1))
	var out []protocol.CodeAction
	if err := c.call("textDocument/codeAction", &protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u},
		Range: rng(1, 10, 1, 10), Context: protocol.CodeActionContext{Diagnostics: p.Diagnostics}}, &out); err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 {
		t.Fatalf("actions: %+v", out)
	}
	e := out[0].Edit.Changes[u]
	if len(e) != 1 || e[0].Range != rng(1, 20, 1, 20) || e[0].NewText != "// upclint:ignore typecheck TODO: reason" {
		t.Errorf("ignore edit after trailing blanks: %+v", e)
	}
}

func TestCancelRequest(t *testing.T) {
	started := make(chan struct{})
	c := newTestServer(t, func(s *Server) {
		s.reqs["test/block"] = func(ctx context.Context, _ json.RawMessage) (any, error) {
			close(started)
			<-ctx.Done()
			return nil, ctx.Err()
		}
	})
	c.initialize(t.TempDir(), "")
	id, ch := c.start("test/block", map[string]any{})
	<-started
	c.write([]byte(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":` + string(id) + `}}`))
	if err := c.await(ch, nil); err == nil || err.Code != codeRequestCancelled {
		t.Fatalf("cancelled request: got %v, want code %d", err, codeRequestCancelled)
	}
	c.srv.mu.Lock()
	n := len(c.srv.inflight)
	c.srv.mu.Unlock()
	if n != 0 {
		t.Errorf("%d requests still in flight", n)
	}
}

func TestMalformedMessages(t *testing.T) {
	c := newTestServer(t, nil)
	c.initialize(t.TempDir(), "")
	nullErr := func() chan *envelope {
		ch := make(chan *envelope, 1)
		c.mu.Lock()
		c.waiting["null"] = ch
		c.mu.Unlock()
		return ch
	}
	for _, tc := range []struct {
		name string
		raw  string
		code int
		id   string // of the error response; "" for null
	}{
		{"not JSON", `{"jsonrpc":"2.0","id":`, codeParseError, ""},
		{"no version", `{"id":1,"method":"textDocument/hover"}`, codeInvalidRequest, "1"},
		{"array", `[1,2]`, codeInvalidRequest, ""},
		{"bad id", `{"jsonrpc":"2.0","id":{"x":1},"method":"shutdown"}`, codeInvalidRequest, ""},
		{"method not a string", `{"jsonrpc":"2.0","id":7,"method":3}`, codeInvalidRequest, "7"},
		{"no method", `{"jsonrpc":"2.0","id":"eight"}`, codeInvalidRequest, `"eight"`},
		{"not an object", `"hello"`, codeInvalidRequest, ""},
	} {
		ch := nullErr()
		if tc.id != "" {
			c.mu.Lock()
			delete(c.waiting, "null")
			c.waiting[tc.id] = ch
			c.mu.Unlock()
		}
		c.write([]byte(tc.raw))
		if err := c.await(ch, nil); err == nil || err.Code != tc.code {
			t.Errorf("%s: got %v, want code %d", tc.name, err, tc.code)
		}
	}
	// A frame without Content-Length.
	ch := nullErr()
	if _, err := c.toSrv.Write([]byte("Content-Type: x\r\n\r\n")); err != nil {
		t.Fatal(err)
	}
	if err := c.await(ch, nil); err == nil || err.Code != codeParseError {
		t.Errorf("missing Content-Length: got %v", err)
	}
	if err := c.call("no/such/method", map[string]any{}, nil); err == nil || err.Code != codeMethodNotFound {
		t.Errorf("unknown method: got %v", err)
	}
	if err := c.call("textDocument/hover", []int{1}, nil); err == nil || err.Code != codeInvalidParams {
		t.Errorf("bad params: got %v", err)
	}
	// Unknown and malformed notifications get no response (they are
	// logged); the round trip of a request shows nothing came before it.
	c.mu.Lock()
	notes := len(c.notes)
	c.mu.Unlock()
	c.notify("no/such/notification", map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": 3})
	if err := c.call("shutdown-not", nil, nil); err == nil || err.Code != codeMethodNotFound {
		t.Errorf("unknown method after notifications: got %v", err)
	}
	c.mu.Lock()
	if extra := c.notes[notes:]; len(extra) != 0 {
		t.Errorf("responses to notifications: %+v", extra)
	}
	c.mu.Unlock()
	// Still serving.
	src := "int main(void) { return 0; }\n"
	u := uri.File(filepath.Join(t.TempDir(), "ok.upc"))
	c.open(u, src)
	c.waitDiagnostics(u, version(1))
}

func TestPanicRecovery(t *testing.T) {
	c := newTestServer(t, func(s *Server) {
		s.reqs["test/panic"] = func(context.Context, json.RawMessage) (any, error) { panic("boom") }
		s.notes["test/panicNote"] = func(json.RawMessage) error { panic("note boom") }
		analyze := s.analyze
		s.analyze = func(path string, src []byte, opts *checks.Options) (*grammar.Unit, []checks.Finding) {
			if strings.Contains(string(src), "PANIC") {
				panic("analysis boom")
			}
			return analyze(path, src, opts)
		}
	})
	c.initialize(t.TempDir(), "")
	if err := c.call("test/panic", nil, nil); err == nil || err.Code != codeInternalError || !strings.Contains(err.Message, "boom") {
		t.Fatalf("panicking handler: got %v", err)
	}
	c.notify("test/panicNote", nil)
	if m := c.waitMessage("window/showMessage"); !strings.Contains(string(m.Params), "internal error in test/panicNote: note boom") {
		t.Errorf("panicking notification: %s", m.Params)
	}
	dir := t.TempDir()
	u := uri.File(filepath.Join(dir, "p.upc"))
	c.open(u, "int PANIC;\n")
	p := c.waitDiagnostics(u, version(1))
	if len(p.Diagnostics) != 1 || !strings.Contains(msgOf(p.Diagnostics[0]), "internal error") {
		t.Errorf("panicking analysis: %s", fmtDiags(p))
	}
	// The server keeps serving.
	u2 := uri.File(filepath.Join(dir, "q.upc"))
	c.open(u2, "int main(void) { return x; }\n")
	if p := c.waitDiagnostics(u2, version(1)); len(p.Diagnostics) != 1 {
		t.Errorf("after panics: %s", fmtDiags(p))
	}
}

// TestNoStaleDiagnostics makes an older analysis finish after a newer one
// and checks that only the newest version's diagnostics are published.
func TestNoStaleDiagnostics(t *testing.T) {
	var slowDone atomic.Bool
	c := newTestServer(t, func(s *Server) {
		analyze := s.analyze
		s.analyze = func(path string, src []byte, opts *checks.Options) (*grammar.Unit, []checks.Finding) {
			if strings.Contains(string(src), "SLOW") {
				time.Sleep(400 * time.Millisecond)
				defer slowDone.Store(true)
			}
			return analyze(path, src, opts)
		}
	})
	c.initialize(t.TempDir(), `{"debounceMs": -1}`)
	u := uri.File(filepath.Join(t.TempDir(), "s.upc"))
	c.open(u, "int main(void) { return 0; }\n")
	c.waitDiagnostics(u, version(1))
	c.change(u, 2, rng(0, 0, 0, 0), "int SLOW;\n")
	time.Sleep(50 * time.Millisecond) // the slow analysis is running
	c.change(u, 3, rng(0, 4, 0, 8), "FAST")
	c.waitDiagnostics(u, version(3))
	for !slowDone.Load() {
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(100 * time.Millisecond)
	for _, p := range c.publications(u) {
		if v, _ := p.Version.Get(); v == 2 {
			t.Errorf("stale diagnostics of version 2 published: %s", fmtDiags(p))
		}
	}
	pubs := c.publications(u)
	if v, _ := pubs[len(pubs)-1].Version.Get(); v != 3 {
		t.Errorf("last publication is version %d, want 3", v)
	}
}

// TestDebounce checks that a burst of edits is analysed once.
func TestDebounce(t *testing.T) {
	var runs atomic.Int32
	c := newTestServer(t, func(s *Server) {
		analyze := s.analyze
		s.analyze = func(path string, src []byte, opts *checks.Options) (*grammar.Unit, []checks.Finding) {
			runs.Add(1)
			return analyze(path, src, opts)
		}
	})
	c.initialize(t.TempDir(), `{"debounceMs": 300}`)
	u := uri.File(filepath.Join(t.TempDir(), "b.upc"))
	c.open(u, "int main(void) { return 0; }\n")
	c.waitDiagnostics(u, version(1))
	for v := int32(2); v <= 11; v++ {
		c.change(u, v, rng(0, 0, 0, 0), " ")
	}
	c.waitDiagnostics(u, version(11))
	if n := runs.Load(); n != 2 {
		t.Errorf("%d analyses for an open and a burst of 10 edits, want 2", n)
	}
	if n := len(c.publications(u)); n != 2 {
		t.Errorf("%d publications, want 2", n)
	}
}

func TestConfiguration(t *testing.T) {
	src := "#include \"inc.h\"\nint main(void) { return FROM_HEADER + N; }\n"
	dir := workspace(t, map[string]string{"src/c.upc": src, "include/inc.h": "#define FROM_HEADER 1\n"})
	c := newTestServer(t, nil)
	c.initialize(dir, "")
	u := uri.File(filepath.Join(dir, "src", "c.upc"))
	c.open(u, src)
	if p := c.waitDiagnostics(u, version(1)); len(p.Diagnostics) == 0 {
		t.Fatalf("want a missing-include diagnostic")
	}
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"upclint": map[string]any{
		"includeDirs": []string{"include"}, "defines": []string{"N=2"}}}})
	c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) == 0 })
	// Disabling a rule hides its findings.
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"disable": []string{"typecheck"}}})
	c.change(u, 2, rng(1, 24, 1, 24), "zzz + ")
	if p := c.waitDiagnostics(u, version(2)); len(p.Diagnostics) == 0 || codeOf(p.Diagnostics[0]) == "typecheck" {
		// the include is missing again (settings replaced): preprocessor, not typecheck
		if len(p.Diagnostics) == 0 {
			t.Errorf("want the preprocessor diagnostic: %s", fmtDiags(p))
		} else {
			t.Errorf("typecheck not disabled: %s", fmtDiags(p))
		}
	}
}

func TestManyEditsStayBounded(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	src := "int main(void) {\n  int x = 0;\n  return x;\n}\n"
	c := newTestServer(t, nil)
	c.initialize(t.TempDir(), `{"debounceMs": -1}`)
	u := uri.File(filepath.Join(t.TempDir(), "e.upc"))
	c.open(u, src)
	c.waitDiagnostics(u, version(1))
	// Each analysis has its own FileSet: the positions it hands out do
	// not accumulate over the edits.
	fsetOf := func() *gotoken.FileSet {
		c.srv.mu.Lock()
		defer c.srv.mu.Unlock()
		return c.srv.docs[uriPath(u)].snap.unit.Fset
	}
	first := fsetOf()
	heap := func() uint64 {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		return ms.HeapAlloc
	}
	var before uint64
	for v := int32(2); v <= 5001; v++ {
		if v == 202 {
			before = heap() // after warming up
		}
		if v%2 == 0 {
			c.change(u, v, rng(1, 10, 1, 10), "1")
		} else {
			c.change(u, v, rng(1, 10, 1, 11), "")
		}
		if v%500 == 0 {
			c.waitDiagnostics(u, version(v))
		}
	}
	p := c.waitDiagnostics(u, version(5001))
	if len(p.Diagnostics) != 0 {
		t.Errorf("after 5000 edits: %s", fmtDiags(p))
	}
	if last := fsetOf(); last == first || last.Base() > first.Base()+len(src) {
		t.Errorf("FileSet shared between analyses (same %v), or its base grew from %d to %d", last == first, first.Base(), last.Base())
	}
	// The test client keeps every publication (about 200 bytes each); the
	// server itself must not grow with the number of edits.
	after := heap()
	t.Logf("heap: %d bytes after warm-up, %d after 5000 edits", before, after)
	if after > before+8<<20 {
		t.Errorf("heap grew from %d to %d bytes over 4800 edits", before, after)
	}
	c.srv.mu.Lock()
	defer c.srv.mu.Unlock()
	if ds := c.srv.docs[uriPath(u)]; string(ds.text) != src+"" && string(ds.text) != strings.Replace(src, "0;", "10;", 1) {
		t.Errorf("text after edits: %q", ds.text)
	}
	if len(c.srv.inflight) != 0 || len(c.srv.docs) != 1 {
		t.Errorf("leftover state: %d in flight, %d documents", len(c.srv.inflight), len(c.srv.docs))
	}
}
