package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/fixes/fixtest"
)

// featureSrc has a upc_forall whose body reads a local and a remote
// element of the same array, a loop with a finegrain finding, nested
// scopes, a second function with its own i, and a struct member.
const featureSrc = `#include <upc_relaxed.h>
#define N 64
shared int a[N * THREADS];
shared int X[100 * THREADS];
typedef struct { int v; int w; } pair_t;

int sum(int n) {
  int s = 0;
  int i;
  upc_forall (i = 0; i < N * THREADS - 1; i++; &a[i]) {
    a[i] = a[i + 1] + 1;
  }
  if (MYTHREAD == 0)
    for (i = 0; i < 100 * THREADS; i++)
      s += X[i];
  return s + n;
}

int twice(int i) {
  pair_t p;
  p.v = i;
  return p.v * 2;
}

int main(void) {
  int total = sum(1) + twice(2);
  {
    int total2 = total;
    total2++;
  }
  upc_barrier;
  return total > 0 ? 0 : 1;
}
`

// srcPos returns the position of the nth (0-based) occurrence of sub on
// line (ASCII source: characters are bytes).
func srcPos(t *testing.T, src string, line int, sub string, nth int) protocol.Position {
	t.Helper()
	l := strings.Split(src, "\n")[line]
	off := 0
	for k := 0; ; k++ {
		i := strings.Index(l[off:], sub)
		if i < 0 {
			t.Fatalf("%q (#%d) not on line %d: %q", sub, nth, line, l)
		}
		if k == nth {
			return pos(uint32(line), uint32(off+i))
		}
		off += i + 1
	}
}

type decodedToken struct {
	line, char, length uint32
	typ                string
	mods               []string
}

func (d decodedToken) String() string {
	return fmt.Sprintf("%d:%d+%d %s %v", d.line, d.char, d.length, d.typ, d.mods)
}

// decodeTokens decodes semantic tokens with the server's legend.
func decodeTokens(t *testing.T, legend protocol.SemanticTokensLegend, data []uint32) []decodedToken {
	t.Helper()
	if len(data)%5 != 0 {
		t.Fatalf("token data of length %d", len(data))
	}
	var toks []decodedToken
	var line, char uint32
	for i := 0; i < len(data); i += 5 {
		if data[i] > 0 {
			line, char = line+data[i], data[i+1]
		} else {
			char += data[i+1]
		}
		d := decodedToken{line: line, char: char, length: data[i+2], typ: legend.TokenTypes[data[i+3]]}
		for b, m := range legend.TokenModifiers {
			if data[i+4]&(1<<b) != 0 {
				d.mods = append(d.mods, m)
			}
		}
		toks = append(toks, d)
	}
	return toks
}

// legendOf returns the semantic tokens legend the server announced.
func legendOf(t *testing.T, res *protocol.InitializeResult) protocol.SemanticTokensLegend {
	t.Helper()
	raw, err := protocol.Marshal(res.Capabilities)
	if err != nil {
		t.Fatal(err)
	}
	var caps struct {
		SemanticTokensProvider struct {
			Legend protocol.SemanticTokensLegend `json:"legend"`
			Full   bool                          `json:"full"`
			Range  bool                          `json:"range"`
		} `json:"semanticTokensProvider"`
		InlayHintProvider  bool `json:"inlayHintProvider"`
		ReferencesProvider bool `json:"referencesProvider"`
		RenameProvider     struct {
			PrepareProvider bool `json:"prepareProvider"`
		} `json:"renameProvider"`
		CodeLensProvider       *struct{} `json:"codeLensProvider"`
		ExecuteCommandProvider struct {
			Commands []string `json:"commands"`
		} `json:"executeCommandProvider"`
	}
	if err := json.Unmarshal(raw, &caps); err != nil {
		t.Fatalf("capabilities %s: %v", raw, err)
	}
	st := caps.SemanticTokensProvider
	if !st.Full || !st.Range || !caps.InlayHintProvider || !caps.ReferencesProvider || !caps.RenameProvider.PrepareProvider ||
		caps.CodeLensProvider == nil || !slices.Contains(caps.ExecuteCommandProvider.Commands, cmdRunStats) {
		t.Errorf("capabilities: %s", raw)
	}
	return st.Legend
}

// startFeatures opens featureSrc with the given initialization options and
// returns the client, the document and the announced legend.
func startFeatures(t *testing.T, initOpts string) (*testClient, uri.URI, protocol.SemanticTokensLegend) {
	t.Helper()
	dir := workspace(t, map[string]string{"f.upc": featureSrc})
	c := newTestServer(t, nil)
	res := c.initialize(dir, initOpts)
	u := uri.File(dir + "/f.upc")
	c.open(u, featureSrc)
	return c, u, legendOf(t, res)
}

func tokensAt(toks []decodedToken, p protocol.Position) *decodedToken {
	for i := range toks {
		if toks[i].line == p.Line && toks[i].char == p.Character {
			return &toks[i]
		}
	}
	return nil
}

// TestSemanticTokens: in the body of upc_forall (...; &a[i]) the access
// a[i] is local and a[i + 1] is not: possibly remote under dynamic THREADS
// (local when THREADS divides 1), remote under static THREADS = 4. X[i],
// indexed by every thread's loop, may be remote. Tokens cover the array
// name only; private variables get none.
func TestSemanticTokens(t *testing.T) {
	for _, tc := range []struct {
		name, init, next string
	}{
		{"dynamic THREADS", "", "possiblyRemote"},
		{"static THREADS", `{"threads": 4}`, "remote"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, u, legend := startFeatures(t, tc.init)
			var st protocol.SemanticTokens
			if err := c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &st); err != nil {
				t.Fatalf("semanticTokens/full: %v", err)
			}
			toks := decodeTokens(t, legend, st.Data)
			t.Logf("tokens: %v", toks)
			want := []struct {
				p    protocol.Position
				mods []string
			}{
				{srcPos(t, featureSrc, 10, "a[i]", 0), []string{"shared", "local"}},
				{srcPos(t, featureSrc, 10, "a[i + 1]", 0), []string{"shared", tc.next}},
				{srcPos(t, featureSrc, 14, "X[i]", 0), []string{"shared", "possiblyRemote"}},
			}
			for _, w := range want {
				got := tokensAt(toks, w.p)
				if got == nil || got.length != 1 || got.typ != "variable" || !slices.Equal(got.mods, w.mods) {
					t.Errorf("token at %d:%d: %v, want variable %v", w.p.Line, w.p.Character, got, w.mods)
				}
			}
			// The affinity expression &a[i] computes an address only; the
			// accesses above are all the tokens.
			if len(toks) != len(want) {
				t.Errorf("%d tokens, want %d: %v", len(toks), len(want), toks)
			}

			// A range request returns the tokens inside the range only.
			var rt protocol.SemanticTokens
			if err := c.call("textDocument/semanticTokens/range", &protocol.SemanticTokensRangeParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(13, 0, 16, 0)}, &rt); err != nil {
				t.Fatalf("semanticTokens/range: %v", err)
			}
			if rtoks := decodeTokens(t, legend, rt.Data); len(rtoks) != 1 || rtoks[0].line != 14 {
				t.Errorf("range 13-16: %v", rtoks)
			}
		})
	}
}

// TestInlayHints: the loop with the finegrain finding gets a hint at the
// end of its first line with the rule's estimate of remote reads per
// thread; a range without the loop gets none.
func TestInlayHints(t *testing.T) {
	c, u, _ := startFeatures(t, `{"threads": 4}`)
	pub := c.waitDiagnostics(u, func(p *protocol.PublishDiagnosticsParams) bool { return len(p.Diagnostics) > 0 })
	var finegrain string
	for _, d := range pub.Diagnostics {
		if codeOf(d) == "finegrain" && strings.Contains(msgOf(d), "X[i]") {
			finegrain = msgOf(d)
		}
	}
	if finegrain == "" {
		t.Fatalf("no finegrain finding on X[i]: %s", fmtDiags(pub))
	}
	var hints []protocol.InlayHint
	if err := c.call("textDocument/inlayHint", &protocol.InlayHintParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(0, 0, 60, 0)}, &hints); err != nil {
		t.Fatalf("inlayHint: %v", err)
	}
	loopLine := strings.Split(featureSrc, "\n")[13]
	var found *protocol.InlayHint
	for i := range hints {
		if hints[i].Position.Line == 13 {
			found = &hints[i]
		}
	}
	if found == nil {
		t.Fatalf("no hint on the loop's line: %+v (finding: %s)", hints, finegrain)
	}
	label, _ := found.Label.(protocol.String)
	// 100*THREADS iterations on thread 0, 3 in 4 of them remote at
	// THREADS = 4: the rule's figure, as the finding says.
	if found.Position.Character != uint32(len(loopLine)) || string(label) != "≈ 300 remote reads/thread (X[i])" ||
		!strings.Contains(finegrain, "about 300 remote reads per thread per execution") {
		t.Errorf("hint %+v label %q; finding %q", found.Position, label, finegrain)
	}
	if tip, _ := found.Tooltip.(protocol.String); string(tip) != finegrain {
		t.Errorf("tooltip %q, want the finding's message", tip)
	}
	var none []protocol.InlayHint
	if err := c.call("textDocument/inlayHint", &protocol.InlayHintParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Range: rng(17, 0, 40, 0)}, &none); err != nil {
		t.Fatalf("inlayHint: %v", err)
	}
	if len(none) != 0 {
		t.Errorf("hints outside the range: %+v", none)
	}
}

// TestCodeLensRunsMain: main has a code lens whose command runs the file
// on the bundled runtime; executing it returns the exit status and the
// statistics, and shows the summary.
func TestCodeLensRunsMain(t *testing.T) {
	c, u, _ := startFeatures(t, "")
	var lenses []protocol.CodeLens
	if err := c.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}}, &lenses); err != nil {
		t.Fatalf("codeLens: %v", err)
	}
	mainAt := srcPos(t, featureSrc, 24, "main", 0)
	if len(lenses) != 1 || lenses[0].Range.Start != mainAt || lenses[0].Command.Command != cmdRunStats ||
		!strings.Contains(lenses[0].Command.Title, "run on 4 threads with statistics") || len(lenses[0].Command.Arguments) != 2 {
		t.Fatalf("lenses: %+v (want one on main at %v)", lenses, mainAt)
	}
	var arg0 string
	if err := json.Unmarshal(lenses[0].Command.Arguments[0], &arg0); err != nil || arg0 != string(u) {
		t.Errorf("first argument %s, want the document URI", lenses[0].Command.Arguments[0])
	}
	if e := c.call("workspace/executeCommand", map[string]any{"command": "upclint.nope"}, nil); e == nil || e.Code != codeInvalidParams {
		t.Errorf("unknown command: %v", e)
	}
	if testing.Short() {
		t.Skip("short: the run builds the program")
	}
	if !fixtest.HaveCC() {
		t.Skip("no C compiler")
	}
	// The first run after a change of the runtime's C sources builds the
	// runtime: longer than the client's usual wait on a loaded machine.
	_, ch := c.start("workspace/executeCommand", map[string]any{"command": cmdRunStats, "arguments": lenses[0].Command.Arguments})
	var env *envelope
	select {
	case env = <-ch:
	case <-time.After(5 * time.Minute):
		t.Fatal("no response to executeCommand")
	}
	if env == nil || len(env.Error) > 0 {
		t.Fatalf("executeCommand: %+v", env)
	}
	var res RunResult
	if err := json.Unmarshal(env.Result, &res); err != nil {
		t.Fatalf("executeCommand result %s: %v", env.Result, err)
	}
	if res.ExitStatus != 0 || res.Threads != 4 || res.Stats == nil || res.Error != "" {
		t.Fatalf("run: %+v", res)
	}
	// Thread 0 reads X[i] for 100*THREADS elements, 3 in 4 of them
	// remote; the forall reads a[i + 1] remotely on each iteration but the
	// last of each thread.
	if tot := res.Stats.Total; tot.RemoteReads < 300 || tot.Barriers == 0 {
		t.Errorf("statistics: %+v", tot)
	}
	if !strings.Contains(res.Summary, "f.upc on 4 threads: exit status 0") || !strings.Contains(res.Summary, "Remote: ") {
		t.Errorf("summary: %s", res.Summary)
	}
	msg := c.waitMessage("window/showMessage")
	var sm protocol.ShowMessageParams
	if err := json.Unmarshal(msg.Params, &sm); err != nil || sm.Message != res.Summary {
		t.Errorf("showMessage %s, want the summary", msg.Params)
	}
}

func references(t *testing.T, c *testClient, u uri.URI, p protocol.Position, decl bool) []protocol.Position {
	t.Helper()
	var locs []protocol.Location
	if err := c.call("textDocument/references", &protocol.ReferenceParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: p},
		Context:                    protocol.ReferenceContext{IncludeDeclaration: decl}}, &locs); err != nil {
		t.Fatalf("references: %v", err)
	}
	var ps []protocol.Position
	for _, l := range locs {
		if l.URI != u {
			t.Errorf("reference in %s", l.URI)
		}
		ps = append(ps, l.Range.Start)
	}
	return ps
}

// TestReferences: references follow the checker's objects: sum's i and
// twice's parameter i are different objects, a member is found through
// its member expressions, and the declaration is included on request.
func TestReferences(t *testing.T) {
	c, u, _ := startFeatures(t, "")
	src := featureSrc
	sumI := []protocol.Position{srcPos(t, src, 8, "i", 1), srcPos(t, src, 9, "i", 0), srcPos(t, src, 9, "i <", 0),
		srcPos(t, src, 9, "i++", 0), srcPos(t, src, 9, "i]", 0), srcPos(t, src, 10, "i]", 0), srcPos(t, src, 10, "i + 1", 0),
		srcPos(t, src, 13, "i =", 0), srcPos(t, src, 13, "i <", 0), srcPos(t, src, 13, "i++", 0), srcPos(t, src, 14, "i]", 0)}
	if got := references(t, c, u, srcPos(t, src, 14, "i]", 0), true); !slices.Equal(got, sumI) {
		t.Errorf("references of sum's i: %v, want %v", got, sumI)
	}
	twiceI := []protocol.Position{srcPos(t, src, 18, "i)", 0), srcPos(t, src, 20, "i;", 0)}
	if got := references(t, c, u, srcPos(t, src, 20, "i;", 0), true); !slices.Equal(got, twiceI) {
		t.Errorf("references of twice's i: %v, want %v", got, twiceI)
	}
	if got := references(t, c, u, srcPos(t, src, 20, "i;", 0), false); !slices.Equal(got, twiceI[1:]) {
		t.Errorf("references of twice's i without the declaration: %v", got)
	}
	member := []protocol.Position{srcPos(t, src, 4, "v;", 0), srcPos(t, src, 20, "v =", 0), srcPos(t, src, 21, "v *", 0)}
	if got := references(t, c, u, srcPos(t, src, 21, "v *", 0), true); !slices.Equal(got, member) {
		t.Errorf("references of member v: %v, want %v", got, member)
	}
	if got := references(t, c, u, srcPos(t, src, 1, "N", 0), true); len(got) != 0 {
		t.Errorf("a macro name has no object: %v", got)
	}
}

func renameAt(c *testClient, u uri.URI, p protocol.Position, name string) (*protocol.WorkspaceEdit, *rpcError) {
	var we protocol.WorkspaceEdit
	err := c.call("textDocument/rename", &protocol.RenameParams{
		TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: p},
		NewName:                    name}, &we)
	return &we, err
}

// TestRename: a rename rewrites exactly the occurrences of the object and
// refuses names that would change what another identifier means, keywords
// and objects declared in headers.
func TestRename(t *testing.T) {
	c, u, _ := startFeatures(t, "")
	src := featureSrc
	we, err := renameAt(c, u, srcPos(t, src, 25, "total", 0), "grand")
	if err != nil {
		t.Fatalf("rename total: %v", err)
	}
	got := applyTextEdits(t, src, we.Changes[u])
	want := strings.ReplaceAll(strings.ReplaceAll(src, "int total = ", "int grand = "), "total > 0", "grand > 0")
	want = strings.ReplaceAll(want, "total2 = total;", "total2 = grand;")
	if got != want {
		t.Errorf("rename total to grand: %s", lineDiff(got, want))
	}
	// twice's parameter i: sum's i stays.
	we, err = renameAt(c, u, srcPos(t, src, 20, "i;", 0), "k")
	if err != nil {
		t.Fatalf("rename i: %v", err)
	}
	if got := applyTextEdits(t, src, we.Changes[u]); !strings.Contains(got, "int twice(int k) {") ||
		!strings.Contains(got, "p.v = k;") || strings.Count(got, "i") != strings.Count(src, "i")-2 {
		t.Errorf("rename twice's i: %s", lineDiff(got, src))
	}
	// The member, through its declaration.
	we, err = renameAt(c, u, srcPos(t, src, 4, "v;", 0), "value")
	if err != nil {
		t.Fatalf("rename v: %v", err)
	}
	if got := applyTextEdits(t, src, we.Changes[u]); strings.Count(got, ".value") != 2 || !strings.Contains(got, "{ int value; int w; }") {
		t.Errorf("rename member v: %s", lineDiff(got, src))
	}

	for _, tc := range []struct {
		name string
		at   protocol.Position
		to   string
		code int
		msg  string
	}{
		{"captured by an inner declaration", srcPos(t, src, 25, "total", 0), "total2", codeRequestFailed, "inner declaration"},
		{"same scope", srcPos(t, src, 7, "s", 0), "n", codeRequestFailed, "same scope"},
		{"hides an outer name", srcPos(t, src, 27, "total2", 0), "total", codeRequestFailed, "would hide"},
		{"member clash", srcPos(t, src, 21, "v *", 0), "w", codeRequestFailed, "member of that name"},
		{"same name", srcPos(t, src, 21, "v *", 0), "v", 0, ""},
		{"keyword", srcPos(t, src, 25, "total", 0), "while", codeInvalidParams, "keyword"},
		{"not an identifier", srcPos(t, src, 25, "total", 0), "a-b", codeInvalidParams, "not a C identifier"},
		{"statement keyword", srcPos(t, src, 30, "upc_barrier", 0), "b", codeRequestFailed, "no identifier"},
		{"macro", srcPos(t, src, 1, "N", 0), "M", codeRequestFailed, "no identifier"},
		{"function clash", srcPos(t, src, 6, "sum", 0), "twice", codeRequestFailed, "same scope"},
		{"macro clash", srcPos(t, src, 25, "total", 0), "N", codeRequestFailed, "macro N defined at line 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := renameAt(c, u, tc.at, tc.to)
			switch {
			case tc.code == 0 && err != nil:
				t.Errorf("rename: %v", err)
			case tc.code != 0 && (err == nil || err.Code != tc.code || !strings.Contains(err.Message, tc.msg)):
				t.Errorf("rename to %s: %v, want error %d with %q", tc.to, err, tc.code, tc.msg)
			}
		})
	}

	// prepareRename gives the identifier's range and name, and refuses an
	// object of a header.
	var ph protocol.PrepareRenamePlaceholder
	if err := c.call("textDocument/prepareRename", &protocol.PrepareRenameParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: u}, Position: srcPos(t, src, 27, "total2", 0)}}, &ph); err != nil {
		t.Fatalf("prepareRename: %v", err)
	}
	if ph.Placeholder != "total2" || ph.Range.Start != srcPos(t, src, 27, "total2", 0) || ph.Range.End.Character-ph.Range.Start.Character != 6 {
		t.Errorf("prepareRename: %+v", ph)
	}
}

// TestRenameHeaderObject: an object declared in a header is renamed there,
// not from an includer.
func TestRenameHeaderObject(t *testing.T) {
	src := "#include \"h.h\"\nint f(void) { return limit + 1; }\n"
	c, us := openFiles(t, nil, "", map[string]string{"h.h": "extern int limit;\n", "m.upc": src}, "m.upc")
	_, err := renameAt(c, us[0], srcPos(t, src, 1, "limit", 0), "cap")
	if err == nil || !strings.Contains(err.Message, "h.h: rename it there") {
		t.Errorf("rename of a header's object: %v", err)
	}
	refs := references(t, c, us[0], srcPos(t, src, 1, "limit", 0), false)
	if len(refs) != 1 || refs[0] != srcPos(t, src, 1, "limit", 0) {
		t.Errorf("references of limit: %v", refs)
	}
}

// TestRenameThroughMacro: a rename that would have to rewrite a macro's
// body is refused, and references leave out the uses a macro expansion
// produced.
func TestRenameThroughMacro(t *testing.T) {
	src := "int total;\n#define ADD(x) (total += (x))\nint f(void) {\n  ADD(1);\n  return total;\n}\n"
	c, u := openOne(t, nil, "", "m.upc", src)
	_, err := renameAt(c, u, srcPos(t, src, 4, "total", 0), "sum")
	if err == nil || !strings.Contains(err.Message, "used through a macro at line 4") {
		t.Errorf("rename through a macro: %v", err)
	}
	want := []protocol.Position{srcPos(t, src, 0, "total", 0), srcPos(t, src, 4, "total", 0)}
	if got := references(t, c, u, srcPos(t, src, 0, "total", 0), true); !slices.Equal(got, want) {
		t.Errorf("references of total: %v, want %v", got, want)
	}
}

// TestFeaturesConcurrent sends semantic tokens, inlay hint, hover,
// references and code lens requests for one analysis at once: they share
// its syntax tree and type information and must not disturb each other
// (run with -race).
func TestFeaturesConcurrent(t *testing.T) {
	c, u, legend := startFeatures(t, "")
	doc := protocol.TextDocumentIdentifier{URI: u}
	at := protocol.TextDocumentPositionParams{TextDocument: doc, Position: srcPos(t, featureSrc, 10, "a[i + 1]", 0)}
	type call struct {
		method string
		params any
	}
	calls := []call{
		{"textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}},
		{"textDocument/inlayHint", &protocol.InlayHintParams{TextDocument: doc, Range: rng(0, 0, 60, 0)}},
		{"textDocument/hover", &protocol.HoverParams{TextDocumentPositionParams: at}},
		{"textDocument/references", &protocol.ReferenceParams{TextDocumentPositionParams: at, Context: protocol.ReferenceContext{IncludeDeclaration: true}}},
		{"textDocument/codeLens", &protocol.CodeLensParams{TextDocument: doc}},
	}
	var chans []chan *envelope
	for range 4 {
		for _, cl := range calls {
			_, ch := c.start(cl.method, cl.params)
			chans = append(chans, ch)
		}
	}
	for i, ch := range chans {
		var raw json.RawMessage
		if err := c.await(ch, &raw); err != nil {
			t.Fatalf("%s: %v", calls[i%len(calls)].method, err)
		}
		if calls[i%len(calls)].method == "textDocument/semanticTokens/full" {
			var st protocol.SemanticTokens
			if err := json.Unmarshal(raw, &st); err != nil || len(decodeTokens(t, legend, st.Data)) != 3 {
				t.Errorf("semantic tokens under concurrent requests: %s", raw)
			}
		}
	}
}

// TestKernelsHintsAndTokens runs the communication features on every
// program of testdata/kernels: every finegrain finding gets its loop's
// inlay hint (the hints follow the rule's wording), every program with
// shared arrays gets semantic tokens, and every main a code lens.
func TestKernelsHintsAndTokens(t *testing.T) {
	dir := filepath.Join("..", "testdata", "kernels")
	names, err := filepath.Glob(filepath.Join(dir, "*.upc"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no kernels: %v", err)
	}
	checkHintsAndTokens(t, dir, names)
}

// TestCorpusHintsAndTokens does the same on every .upc file of the
// development corpus (UPCLINT_CORPUS): no request fails and every finegrain
// finding has its hint.
func TestCorpusHintsAndTokens(t *testing.T) {
	root := os.Getenv("UPCLINT_CORPUS")
	if root == "" {
		t.Skip("UPCLINT_CORPUS not set")
	}
	if testing.Short() {
		t.Skip("short")
	}
	var names []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".upc") {
			names = append(names, p)
		}
		return err
	})
	if err != nil || len(names) == 0 {
		t.Fatalf("no corpus files: %v", err)
	}
	checkHintsAndTokens(t, root, names)
}

// checkHintsAndTokens opens each file in a server rooted at dir and checks
// its inlay hints, semantic tokens and code lens.
func checkHintsAndTokens(t *testing.T, dir string, names []string) {
	c := newTestServer(t, nil)
	res := c.initialize(dir, "")
	legend := legendOf(t, res)
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) {
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			abs, _ := filepath.Abs(name)
			u := uri.File(abs)
			c.open(u, string(src))
			pub := c.waitDiagnostics(u, version(1))
			defer c.notify("textDocument/didClose", &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: u}})
			doc := protocol.TextDocumentIdentifier{URI: u}
			var hints []protocol.InlayHint
			if err := c.call("textDocument/inlayHint", &protocol.InlayHintParams{TextDocument: doc, Range: rng(0, 0, 100000, 0)}, &hints); err != nil {
				t.Fatalf("inlayHint: %v", err)
			}
			hinted := map[uint32]string{}
			for _, h := range hints {
				label, _ := h.Label.(protocol.String)
				hinted[h.Position.Line] += string(label)
			}
			for _, d := range pub.Diagnostics {
				if codeOf(d) != "finegrain" {
					continue
				}
				var loop = -1
				for _, r := range d.RelatedInformation {
					if r.Message == "in this loop" {
						loop = int(r.Location.Range.Start.Line)
					}
				}
				if loop < 0 {
					continue
				}
				if !strings.Contains(hinted[uint32(loop)], "remote") {
					t.Errorf("finegrain finding %q: no hint on its loop's line %d (hints %v)", msgOf(d), loop, hinted)
				}
			}
			var st protocol.SemanticTokens
			if err := c.call("textDocument/semanticTokens/full", &protocol.SemanticTokensParams{TextDocument: doc}, &st); err != nil {
				t.Fatalf("semanticTokens: %v", err)
			}
			toks := decodeTokens(t, legend, st.Data)
			lines := strings.Split(string(src), "\n")
			for _, tk := range toks {
				// Each token is an identifier indexed or dereferenced.
				if int(tk.line) >= len(lines) || int(tk.char+tk.length) > len(lines[tk.line]) {
					t.Fatalf("token %v outside the text", tk)
				}
				l := lines[tk.line]
				rest := strings.TrimLeft(l[tk.char+tk.length:], " ")
				before := strings.TrimRight(l[:tk.char], " (")
				if !strings.HasPrefix(rest, "[") && !strings.HasPrefix(rest, ")") && !strings.HasSuffix(before, "*") &&
					!strings.HasSuffix(before, ".") && !strings.HasSuffix(before, "->") {
					t.Errorf("token %v is not an access: %q", tk, l)
				}
			}
			if filepath.Dir(name) == filepath.Join("..", "testdata", "kernels") && len(toks) == 0 {
				t.Errorf("no semantic tokens")
			}
			var lenses []protocol.CodeLens
			if err := c.call("textDocument/codeLens", &protocol.CodeLensParams{TextDocument: doc}, &lenses); err != nil {
				t.Fatalf("codeLens: %v", err)
			}
			if len(lenses) > 1 || len(lenses) == 1 && lenses[0].Command.Command != cmdRunStats {
				t.Errorf("code lenses: %+v", lenses)
			}
			t.Logf("%d finegrain hints, %d tokens, %d lenses", len(hints), len(toks), len(lenses))
		})
	}
}
