package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"
)

// testClient is an LSP client talking to an in-process server over pipes.
type testClient struct {
	t      testing.TB
	srv    *Server
	toSrv  *io.PipeWriter
	served chan error

	mu      sync.Mutex
	nextID  int
	waiting map[string]chan *envelope
	pubs    map[uri.URI][]*protocol.PublishDiagnosticsParams
	// arrived is when each publication's message had been read whole,
	// before the client decoded it: the moment it was published, as far
	// as the client can tell.
	arrived map[*protocol.PublishDiagnosticsParams]time.Time
	notes   []*envelope
	changed *sync.Cond
	closed  bool
}

// newTestServer returns a server whose analyses run without debounce
// unless settings say otherwise, and a client connected to it.
func newTestServer(t testing.TB, setup func(*Server)) *testClient {
	t.Helper()
	srv := NewServer(Options{Version: "test", Log: testLog{t}})
	if setup != nil {
		setup(srv)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &testClient{t: t, srv: srv, toSrv: inW, served: make(chan error, 1),
		waiting: map[string]chan *envelope{}, pubs: map[uri.URI][]*protocol.PublishDiagnosticsParams{},
		arrived: map[*protocol.PublishDiagnosticsParams]time.Time{}}
	c.changed = sync.NewCond(&c.mu)
	go func() {
		err := srv.Serve(context.Background(), inR, outW)
		_ = outW.Close() // closing an io.PipeWriter always succeeds
		c.served <- err
	}()
	go c.readLoop(outR)
	t.Cleanup(func() {
		_ = inW.Close() // closing an io.PipeWriter always succeeds
		select {
		case err := <-c.served:
			_ = err // the tests that care about Serve's result check it themselves
		case <-time.After(10 * time.Second):
			t.Errorf("server did not stop")
		}
	})
	return c
}

type testLog struct{ t testing.TB }

func (l testLog) Write(p []byte) (int, error) {
	if os.Getenv("UPCLINT_LSP_LOG") != "" {
		l.t.Logf("%s", strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

func (c *testClient) readLoop(r io.Reader) {
	br := bufio.NewReader(r)
	for {
		frame, err := readFrame(br)
		arrived := time.Now()
		if err != nil {
			c.mu.Lock()
			c.closed = true
			c.changed.Broadcast()
			for _, ch := range c.waiting {
				close(ch)
			}
			c.waiting = map[string]chan *envelope{}
			c.mu.Unlock()
			return
		}
		var env envelope
		if err := json.Unmarshal(frame, &env); err != nil {
			c.t.Errorf("server sent invalid JSON: %v: %s", err, frame)
			continue
		}
		c.mu.Lock()
		if env.Method == nil {
			key, _ := idKey(env.ID)
			if string(env.ID) == "null" {
				key = "null"
			}
			if ch := c.waiting[key]; ch != nil {
				delete(c.waiting, key)
				ch <- &env
			} else {
				c.notes = append(c.notes, &env) // unsolicited (e.g. id null errors)
			}
		} else {
			if *env.Method == "textDocument/publishDiagnostics" {
				p, err := decodePublication(env.Params)
				if err != nil {
					c.t.Errorf("bad publishDiagnostics: %v", err)
				}
				c.pubs[p.URI] = append(c.pubs[p.URI], p)
				c.arrived[p] = arrived
			}
			c.notes = append(c.notes, &env)
		}
		c.changed.Broadcast()
		c.mu.Unlock()
	}
}

// decodePublication decodes publishDiagnostics parameters one diagnostic
// at a time: protocol.Unmarshal sizes a slice it decodes (here a
// diagnostic's related information) by the length of the rest of the
// message, which for a publication of hundreds of diagnostics allocates
// hundreds of kilobytes per diagnostic, and the benchmarks would measure
// the test client.
func decodePublication(raw json.RawMessage) (*protocol.PublishDiagnosticsParams, error) {
	var parts struct {
		URI         uri.URI           `json:"uri"`
		Version     *int32            `json:"version"`
		Diagnostics []json.RawMessage `json:"diagnostics"`
	}
	p := &protocol.PublishDiagnosticsParams{}
	if err := json.Unmarshal(raw, &parts); err != nil {
		return p, err
	}
	p.URI = parts.URI
	if parts.Version != nil {
		p.Version = protocol.NewOptional(*parts.Version)
	}
	p.Diagnostics = make([]protocol.Diagnostic, len(parts.Diagnostics))
	for i, d := range parts.Diagnostics {
		if err := protocol.Unmarshal(d, &p.Diagnostics[i]); err != nil {
			return p, err
		}
	}
	return p, nil
}

func (c *testClient) write(msg []byte) {
	c.t.Helper()
	if _, err := fmt.Fprintf(c.toSrv, "Content-Length: %d\r\n\r\n%s", len(msg), msg); err != nil {
		c.t.Fatalf("write: %v", err)
	}
}

// start sends a request and returns the channel of its response.
func (c *testClient) start(method string, params any) (json.RawMessage, chan *envelope) {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := json.RawMessage(fmt.Sprint(c.nextID))
	ch := make(chan *envelope, 1)
	c.waiting[string(id)] = ch
	c.mu.Unlock()
	raw, err := protocol.Marshal(params)
	if err != nil {
		c.t.Fatal(err)
	}
	c.write([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":%q,"params":%s}`, id, method, raw)))
	return id, ch
}

// call sends a request and decodes its result into result (if not nil). It
// returns the error object of an error response.
func (c *testClient) call(method string, params, result any) *rpcError {
	c.t.Helper()
	_, ch := c.start(method, params)
	return c.await(ch, result)
}

func (c *testClient) await(ch chan *envelope, result any) *rpcError {
	c.t.Helper()
	select {
	case env, ok := <-ch:
		if !ok {
			c.t.Fatalf("connection closed while waiting for a response")
		}
		if len(env.Error) > 0 {
			var e rpcError
			if err := json.Unmarshal(env.Error, &e); err != nil {
				c.t.Fatalf("bad error object %s", env.Error)
			}
			return &e
		}
		if result != nil {
			if err := protocol.Unmarshal(env.Result, result); err != nil {
				c.t.Fatalf("decoding result %s: %v", env.Result, err)
			}
		}
		return nil
	case <-time.After(20 * time.Second):
		c.t.Fatalf("timeout waiting for a response")
		return nil
	}
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	raw, err := protocol.Marshal(params)
	if err != nil {
		c.t.Fatal(err)
	}
	c.write([]byte(fmt.Sprintf(`{"jsonrpc":"2.0","method":%q,"params":%s}`, method, raw)))
}

// initialize runs the initialize handshake with the given options.
func (c *testClient) initialize(root string, initOptions string) *protocol.InitializeResult {
	c.t.Helper()
	var res protocol.InitializeResult
	params := map[string]any{
		"processId": nil,
		"rootUri":   string(uri.File(root)),
		"capabilities": map[string]any{
			"textDocument": map[string]any{
				"hover":          map[string]any{"contentFormat": []string{"markdown", "plaintext"}},
				"documentSymbol": map[string]any{"hierarchicalDocumentSymbolSupport": true},
			},
		},
	}
	if initOptions != "" {
		params["initializationOptions"] = json.RawMessage(initOptions)
	}
	if err := c.call("initialize", params, &res); err != nil {
		c.t.Fatalf("initialize: %v", err)
	}
	c.notify("initialized", map[string]any{})
	return &res
}

func (c *testClient) open(u uri.URI, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: u, LanguageID: "upc", Version: 1, Text: text}})
}

// change sends one incremental edit.
func (c *testClient) change(u uri.URI, version int32, rng protocol.Range, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", &protocol.DidChangeTextDocumentParams{
		TextDocument: protocol.VersionedTextDocumentIdentifier{TextDocumentIdentifier: protocol.TextDocumentIdentifier{URI: u}, Version: version},
		ContentChanges: []protocol.TextDocumentContentChangeEvent{
			&protocol.TextDocumentContentChangePartial{Range: rng, Text: text}},
	})
}

// waitUntil calls done with c.mu held each time a message arrives, until
// it returns true; after 20 seconds, or when the connection closes, it
// fails the test with the message of failure.
func (c *testClient) waitUntil(done func() bool, failure func() string) {
	c.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	timer := time.AfterFunc(20*time.Second, func() {
		c.mu.Lock()
		c.changed.Broadcast()
		c.mu.Unlock()
	})
	defer timer.Stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for !done() {
		if c.closed || time.Now().After(deadline) {
			c.t.Fatal(failure())
		}
		c.changed.Wait()
	}
}

// waitDiagnostics waits for a publication for u that satisfies ok and
// returns it.
func (c *testClient) waitDiagnostics(u uri.URI, ok func(*protocol.PublishDiagnosticsParams) bool) *protocol.PublishDiagnosticsParams {
	c.t.Helper()
	var found *protocol.PublishDiagnosticsParams
	seen := 0
	c.waitUntil(func() bool {
		for pubs := c.pubs[u]; seen < len(pubs) && found == nil; seen++ {
			if ok(pubs[seen]) {
				found = pubs[seen]
			}
		}
		return found != nil
	}, func() string {
		pubs := c.pubs[u]
		var last string
		if n := len(pubs); n > 0 {
			last = fmtDiags(pubs[n-1])
		}
		return fmt.Sprintf("no matching diagnostics for %s (got %d publications; last: %s)", u, len(pubs), last)
	})
	return found
}

// arrivedAt returns when publication p, returned by waitDiagnostics, had
// been read whole by the client.
func (c *testClient) arrivedAt(p *protocol.PublishDiagnosticsParams) time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.arrived[p]
}

// waitMessage waits for a notification or request of the server with the
// given method and returns the first one.
func (c *testClient) waitMessage(method string) *envelope {
	c.t.Helper()
	var found *envelope
	c.waitUntil(func() bool {
		for _, env := range c.notes {
			if env.Method != nil && *env.Method == method {
				found = env
				return true
			}
		}
		return false
	}, func() string { return "the server sent no " + method })
	return found
}

// publications returns the publications so far for u.
func (c *testClient) publications(u uri.URI) []*protocol.PublishDiagnosticsParams {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*protocol.PublishDiagnosticsParams(nil), c.pubs[u]...)
}

func version(v int32) func(*protocol.PublishDiagnosticsParams) bool {
	return func(p *protocol.PublishDiagnosticsParams) bool {
		got, ok := p.Version.Get()
		return ok && got == v
	}
}

func fmtDiags(p *protocol.PublishDiagnosticsParams) string {
	var b strings.Builder
	v, _ := p.Version.Get()
	fmt.Fprintf(&b, "v%d:", v)
	for _, d := range p.Diagnostics {
		fmt.Fprintf(&b, " [%d:%d-%d:%d %v %s]", d.Range.Start.Line, d.Range.Start.Character,
			d.Range.End.Line, d.Range.End.Character, d.Code, msgOf(d))
	}
	return b.String()
}

func msgOf(d protocol.Diagnostic) string {
	switch m := d.Message.(type) {
	case protocol.String:
		return string(m)
	case *protocol.MarkupContent:
		return m.Value
	}
	return ""
}

func codeOf(d protocol.Diagnostic) string {
	if s, ok := d.Code.(protocol.String); ok {
		return string(s)
	}
	return ""
}

// workspace writes files into a temporary directory and returns it.
func workspace(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// openFiles writes files into a workspace, starts a server (with setup,
// initialization options initOpts) and opens the files named by open in
// it, in order; it returns their URIs.
func openFiles(t testing.TB, setup func(*Server), initOpts string, files map[string]string, open ...string) (*testClient, []uri.URI) {
	t.Helper()
	dir := workspace(t, files)
	c := newTestServer(t, setup)
	c.initialize(dir, initOpts)
	var us []uri.URI
	for _, name := range open {
		u := uri.File(filepath.Join(dir, name))
		c.open(u, files[name])
		us = append(us, u)
	}
	return c, us
}

// openOne is openFiles for a workspace of one file.
func openOne(t testing.TB, setup func(*Server), initOpts, name, src string) (*testClient, uri.URI) {
	t.Helper()
	c, us := openFiles(t, setup, initOpts, map[string]string{name: src}, name)
	return c, us[0]
}

func pos(line, char uint32) protocol.Position { return protocol.Position{Line: line, Character: char} }

func rng(l1, c1, l2, c2 uint32) protocol.Range {
	return protocol.Range{Start: pos(l1, c1), End: pos(l2, c2)}
}
