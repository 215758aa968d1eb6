// Package lsp is upclint's language server: live diagnostics, quick fixes,
// layout hovers, go-to-definition and document symbols for UPC, over the
// Language Server Protocol 3.17 on a byte stream (stdio for `upclint lsp`).
//
// The server keeps the text of every open document, analyses a document
// off the message loop after each change (debounced), and publishes the
// findings of the newest analysis only. Each analysis builds its own
// token.FileSet and syntax tree, so nothing grows with the number of edits.
// Unsaved contents of open headers are served to the files that include
// them, and editing a header re-analyses its open includers; likewise an
// open .upclint.yaml configures the files below it with its unsaved text
// (configdoc.go).
//
// The protocol types come from go.lsp.dev/protocol; the JSON-RPC layer is
// the package's own (jsonrpc.go), so that a malformed message or a panic in
// a handler becomes an error response instead of a closed connection.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"runtime"
	"runtime/debug"
	"sync"

	"go.lsp.dev/protocol"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/internal/gcsettings"
)

// Options configure a server.
type Options struct {
	// Version is reported to the client as serverInfo.version.
	Version string
	// Log receives the server's log (stderr for `upclint lsp`); nil
	// discards it.
	Log io.Writer
}

// ErrExitWithoutShutdown is returned by Serve when the client sent "exit"
// without "shutdown" first; the process should exit with status 1.
var ErrExitWithoutShutdown = errors.New("lsp: exit without shutdown")

// requestHandler answers a request; notifications use noteHandler.
type requestHandler func(ctx context.Context, params json.RawMessage) (any, error)

type noteHandler func(params json.RawMessage) error

// Server is one language-server session.
type Server struct {
	opts    Options
	log     *log.Logger
	out     *outQueue
	ctx     context.Context // cancelled when the session ends
	stop    context.CancelFunc
	reqs    map[string]requestHandler
	notes   map[string]noteHandler
	analyze func(path string, src []byte, opts *checks.Options) (*grammar.Unit, []checks.Finding)
	sem     chan struct{} // bounds concurrent analyses
	wg      sync.WaitGroup

	mu          sync.Mutex
	initialized bool // "initialize" answered
	shutdown    bool // "shutdown" received
	enc         encoding
	caps        clientCaps
	root        string // workspace root directory, "" if unknown
	settings    Settings
	docs        map[string]*docState // open documents by file path
	inflight    map[string]context.CancelFunc
	changeSeq   uint64 // bumped on every document change
}

// NewServer returns a server that is ready to Serve one connection.
func NewServer(opts Options) *Server {
	logw := opts.Log
	if logw == nil {
		logw = io.Discard
	}
	s := &Server{
		opts:     opts,
		log:      log.New(logw, "upclint lsp: ", log.LstdFlags|log.Lmicroseconds),
		analyze:  checks.AnalyzeSource,
		sem:      make(chan struct{}, max(1, runtime.GOMAXPROCS(0))),
		docs:     map[string]*docState{},
		inflight: map[string]context.CancelFunc{},
	}
	s.reqs = map[string]requestHandler{
		"initialize":                  s.initialize,
		"shutdown":                    s.shutdownRequest,
		"textDocument/hover":          s.hover,
		"textDocument/definition":     s.definition,
		"textDocument/documentSymbol": s.documentSymbol,
		"textDocument/codeAction":     s.codeAction,
		// semtokens.go, inlay.go, codelens.go, refs.go
		"textDocument/semanticTokens/full":  s.semanticTokensFull,
		"textDocument/semanticTokens/range": s.semanticTokensRange,
		"textDocument/inlayHint":            s.inlayHint,
		"textDocument/codeLens":             s.codeLens,
		"workspace/executeCommand":          s.executeCommand,
		"textDocument/references":           s.references,
		"textDocument/prepareRename":        s.prepareRename,
		"textDocument/rename":               s.rename,
	}
	s.notes = map[string]noteHandler{
		"initialized":                         s.initializedNote,
		"textDocument/didOpen":                s.didOpen,
		"textDocument/didChange":              s.didChange,
		"textDocument/didClose":               s.didClose,
		"textDocument/didSave":                s.didSave,
		"workspace/didChangeConfiguration":    s.didChangeConfiguration,
		"$/cancelRequest":                     s.cancelRequest,
		"$/setTrace":                          func(json.RawMessage) error { return nil },
		"workspace/didChangeWatchedFiles":     s.didChangeWatchedFiles,
		"workspace/didChangeWorkspaceFolders": func(json.RawMessage) error { return nil },
	}
	return s
}

// Serve runs the session: it reads messages from r and writes to w until
// the client sends "exit" or closes r. It returns nil after a clean
// shutdown and exit, ErrExitWithoutShutdown for an exit without shutdown,
// and the read error when the stream broke. Serve tunes the process's
// garbage collector for a language server while it runs (see gcsettings:
// on the benchmark file the process's CPU per edit falls by about a
// quarter, BenchmarkEditToDiagnostics, cpu-p50-ms).
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) error {
	defer gcsettings.Use(gcsettings.Server)()
	s.ctx, s.stop = context.WithCancel(ctx)
	s.out = newOutQueue(w)
	defer s.finish()
	br := newReader(r)
	for {
		frame, err := readFrame(br)
		if err != nil {
			var bad *errBadFrame
			if errors.As(err, &bad) {
				s.log.Printf("bad frame: %v", err)
				s.out.send(encodeResponse(nil, nil, errorf(codeParseError, "parse error: %s", bad.msg)))
				if bad.skip > 0 {
					// Drop the body of a message over the limit.
					if _, err := io.CopyN(io.Discard, br, bad.skip); err != nil {
						s.log.Printf("client closed the connection inside a message over the limit: %v", err)
						return nil
					}
				}
				continue
			}
			if errors.Is(err, io.EOF) {
				s.log.Printf("client closed the connection")
				return nil
			}
			return err
		}
		if s.ctx.Err() != nil {
			return s.ctx.Err()
		}
		env, rerr := decodeEnvelope(frame)
		if rerr != nil {
			s.log.Printf("bad message: %v", rerr.Message)
			var id json.RawMessage
			if env != nil && env.hasID() {
				id = env.ID
			}
			s.out.send(encodeResponse(id, nil, rerr))
			continue
		}
		if env.Method == nil {
			continue // a response to a request of ours (client/registerCapability): nothing to do
		}
		method := *env.Method
		if method == "exit" {
			s.mu.Lock()
			down := s.shutdown
			s.mu.Unlock()
			if !down {
				return ErrExitWithoutShutdown
			}
			return nil
		}
		if env.hasID() {
			s.call(env.ID, method, env.Params)
		} else {
			s.notify(method, env.Params)
		}
	}
}

// finish ends the session: it cancels requests and analyses, waits for the
// background work and flushes the outgoing messages.
func (s *Server) finish() {
	s.stop()
	s.mu.Lock()
	for _, cancel := range s.inflight {
		cancel()
	}
	for _, ds := range s.docs {
		s.closeDocLocked(ds, false)
	}
	s.mu.Unlock()
	s.wg.Wait()
	s.out.close()
}

// call dispatches a request. initialize and shutdown run on the message
// loop; every other request runs concurrently, so that a slow one (waiting
// for an analysis) never delays the edits that follow it.
func (s *Server) call(id json.RawMessage, method string, params json.RawMessage) {
	key, _ := idKey(id)
	s.mu.Lock()
	var rerr *rpcError
	switch {
	case !s.initialized && method != "initialize":
		rerr = errorf(codeServerNotInitialized, "server not initialized: %s before initialize", method)
	case s.initialized && method == "initialize":
		rerr = errorf(codeInvalidRequest, "initialize sent twice")
	case s.shutdown:
		rerr = errorf(codeInvalidRequest, "server is shutting down: %s after shutdown", method)
	}
	h := s.reqs[method]
	if rerr == nil && h == nil {
		rerr = errorf(codeMethodNotFound, "method not found: %s", method)
	}
	if rerr != nil {
		s.mu.Unlock()
		s.out.send(encodeResponse(id, nil, rerr))
		return
	}
	ctx, cancel := context.WithCancel(s.ctx)
	ctx = context.WithValue(ctx, seqKey{}, s.changeSeq)
	if key != "" {
		if old := s.inflight[key]; old != nil {
			old() // a client reusing an id: the old request is abandoned
		}
		s.inflight[key] = cancel
	}
	s.wg.Add(1)
	s.mu.Unlock()

	run := func() {
		defer s.wg.Done()
		result, err := s.safeCall(ctx, method, h, params)
		// The request stops being in flight before its response is sent:
		// a client may reuse the id as soon as it has the response.
		ctxErr := ctx.Err()
		cancel()
		s.mu.Lock()
		delete(s.inflight, key)
		s.mu.Unlock()
		var resp []byte
		switch {
		case err == nil && ctxErr == nil:
			raw, merr := protocol.Marshal(result)
			if merr != nil {
				resp = encodeResponse(id, nil, errorf(codeInternalError, "encoding the result of %s: %v", method, merr))
			} else {
				resp = encodeResponse(id, raw, nil)
			}
		case ctxErr != nil && s.ctx.Err() == nil:
			resp = encodeResponse(id, nil, errorf(codeRequestCancelled, "request cancelled: %s", method))
		default:
			if err == nil {
				err = ctxErr
			}
			var re *rpcError
			if !errors.As(err, &re) {
				re = errorf(codeInternalError, "%s: %v", method, err)
			}
			resp = encodeResponse(id, nil, re)
		}
		s.out.send(resp)
	}
	if method == "initialize" || method == "shutdown" {
		run()
	} else {
		go run()
	}
}

// seqKey is the context key of the document-change sequence number at the
// time a request arrived.
type seqKey struct{}

// safeCall runs a request handler, turning a panic into an internal error.
func (s *Server) safeCall(ctx context.Context, method string, h requestHandler, params json.RawMessage) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("panic in %s: %v\n%s", method, r, debug.Stack())
			result, err = nil, errorf(codeInternalError, "internal error in %s: %v (please report it)", method, r)
		}
	}()
	return h(ctx, params)
}

// notify dispatches a notification on the message loop, in order. Errors
// and panics are logged: a notification has no response.
func (s *Server) notify(method string, params json.RawMessage) {
	s.mu.Lock()
	ready := s.initialized
	s.mu.Unlock()
	if !ready {
		s.log.Printf("dropping %s before initialize", method)
		return
	}
	h := s.notes[method]
	if h == nil {
		return // unknown notifications (and "$/..." ones) are ignored
	}
	defer func() {
		if r := recover(); r != nil {
			s.log.Printf("panic in %s: %v\n%s", method, r, debug.Stack())
			s.showMessage(protocol.MessageTypeError, fmt.Sprintf("upclint: internal error in %s: %v (please report it)", method, r))
		}
	}()
	if err := h(params); err != nil {
		s.log.Printf("%s: %v", method, err)
	}
}

// sendNotification queues a notification to the client.
func (s *Server) sendNotification(method string, params any) {
	raw, err := protocol.Marshal(params)
	if err != nil {
		s.log.Printf("encoding %s: %v", method, err)
		return
	}
	s.out.send(encodeNotification(method, raw))
}

// showMessage shows a message in the editor.
func (s *Server) showMessage(typ protocol.MessageType, msg string) {
	s.sendNotification("window/showMessage", &protocol.ShowMessageParams{Type: typ, Message: msg})
}

// decode unmarshals request or notification params.
func decode(params json.RawMessage, v any) error {
	if len(params) == 0 {
		params = json.RawMessage("{}")
	}
	if err := protocol.Unmarshal(params, v); err != nil {
		return errorf(codeInvalidParams, "invalid params: %v", err)
	}
	return nil
}

// cancelRequest handles $/cancelRequest.
func (s *Server) cancelRequest(params json.RawMessage) error {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return err
	}
	key, ok := idKey(p.ID)
	if !ok {
		return fmt.Errorf("$/cancelRequest: bad id %s", p.ID)
	}
	s.mu.Lock()
	cancel := s.inflight[key]
	s.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return nil
}
