package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/runtime"
	"github.com/upclint/upclint/runtime/translate"
)

// A code lens on the definition of main runs the document on the bundled
// runtime (as `upclint run --stats` does) through the command below; the
// server executes it (workspace/executeCommand), shows a summary of the
// communication statistics with window/showMessage, the program's output
// with window/logMessage, and returns both with the full statistics.

// cmdRunStats is the command of the code lens. Its arguments are the
// document's URI and the number of threads.
const cmdRunStats = "upclint.runWithStats"

// runThreads is the number of threads of a run under dynamic THREADS.
const runThreads = 4

// codeRequestFailed is LSP's error code for a request that was valid but
// failed.
const codeRequestFailed = -32803

// runTimeout bounds a run started from the editor.
const runTimeout = 60 * time.Second

// maxRunOutput bounds the program output returned and logged.
const maxRunOutput = 64 << 10

// RunResult is the result of cmdRunStats.
type RunResult struct {
	Threads    int            `json:"threads"`
	ExitStatus int            `json:"exitStatus"`
	Error      string         `json:"error,omitempty"` // the runtime's report of a failed run
	Summary    string         `json:"summary"`
	Output     string         `json:"output"` // the threads' output, then their error output
	Stats      *runtime.Stats `json:"stats,omitempty"`
}

func (s *Server) codeLens(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.CodeLensParams
	snap, err := s.docSnapshot(ctx, params, &p, &p.TextDocument)
	if err != nil {
		return nil, err
	}
	lenses := []protocol.CodeLens{}
	q := newQuery(snap, 0)
	if q == nil || q.info == nil {
		return lenses, nil
	}
	threads := runThreads
	if q.info.StaticThreads > 0 {
		threads = q.info.StaticThreads
	}
	for _, fd := range q.info.Funcs {
		if fd.Obj == nil || fd.Obj.Name() != "main" || fd.Decl == nil || len(fd.Decl.Inits) == 0 {
			continue
		}
		id := ast.DeclaratorIdent(fd.Decl.Inits[0].Decl)
		if id == nil || !q.inDocument(id.Start()) {
			continue
		}
		start, end := q.nodeRange(id)
		lenses = append(lenses, protocol.CodeLens{
			Range: snap.m.rangeOf(start, end),
			Command: protocol.Command{
				Title:     fmt.Sprintf("▶ run on %d threads with statistics", threads),
				Command:   cmdRunStats,
				Arguments: []protocol.LSPAny{jsonValue(string(snap.uri)), jsonValue(threads)},
			},
		})
	}
	return lenses, nil
}

func (s *Server) executeCommand(ctx context.Context, params json.RawMessage) (any, error) {
	var p struct {
		Command   string            `json:"command"`
		Arguments []json.RawMessage `json:"arguments"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return nil, errorf(codeInvalidParams, "invalid params: %v", err)
	}
	if p.Command != cmdRunStats {
		return nil, errorf(codeInvalidParams, "unknown command %q", p.Command)
	}
	var docURI string
	threads := 0
	if len(p.Arguments) == 0 || json.Unmarshal(p.Arguments[0], &docURI) != nil {
		return nil, errorf(codeInvalidParams, "%s: the first argument is the document's URI", cmdRunStats)
	}
	if len(p.Arguments) > 1 {
		if err := json.Unmarshal(p.Arguments[1], &threads); err != nil || threads < 1 || threads > 1024 {
			return nil, errorf(codeInvalidParams, "%s: the second argument is a number of threads from 1 to 1024", cmdRunStats)
		}
	}
	snap, err := s.currentSnapshot(ctx, uri.URI(docURI))
	if err != nil {
		return nil, err
	}
	res, err := runDocument(ctx, snap, threads)
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "upclint run: "+err.Error())
		return nil, errorf(codeRequestFailed, "%v", err)
	}
	s.sendNotification("window/logMessage", &protocol.LogMessageParams{Type: protocol.MessageTypeLog,
		Message: "upclint run " + filepath.Base(snap.path) + ":\n" + res.Output})
	typ := protocol.MessageTypeInfo
	if res.ExitStatus != 0 {
		typ = protocol.MessageTypeWarning
	}
	s.showMessage(typ, res.Summary)
	return res, nil
}

// jsonValue encodes v (a string or a number: never fails).
func jsonValue(v any) protocol.LSPAny {
	b, _ := json.Marshal(v)
	return protocol.LSPAny(b)
}

// runDocument translates the snapshot's text (with the unsaved texts of
// open headers), builds it and runs it with threads threads (0: the
// default, or the static THREADS).
func runDocument(ctx context.Context, snap *snapshot, threads int) (*RunResult, error) {
	if snap.opts == nil {
		return nil, errors.New("not a UPC document")
	}
	cfg := snap.opts.Config
	cfg.ReadFile = snap.read
	switch {
	case cfg.StaticThreads > 0 && threads > 0 && threads != cfg.StaticThreads:
		return nil, fmt.Errorf("the file is compiled for static THREADS = %d; it cannot run on %d threads", cfg.StaticThreads, threads)
	case cfg.StaticThreads > 0:
		threads = cfg.StaticThreads
	case threads == 0:
		threads = runThreads
	}
	code, u, err := translate.TranslateFile(snap.path, &cfg, translate.Options{Source: snap.src})
	var fe *translate.FrontEndError
	if errors.As(translate.CheckFrontEnd(u), &fe) {
		return nil, fmt.Errorf("not run: %w", fe)
	}
	if err != nil {
		return nil, err
	}
	name := strings.TrimSuffix(filepath.Base(snap.path), filepath.Ext(snap.path)) + ".c"
	bin, err := runtime.Build(ctx, []runtime.Source{{Name: name, Code: code}}, runtime.BuildOptions{StaticThreads: cfg.StaticThreads})
	if err != nil {
		return nil, err
	}
	r, err := runtime.Run(ctx, bin, runtime.Options{Threads: threads, Timeout: runTimeout, Dir: filepath.Dir(snap.path)})
	if r == nil {
		return nil, err
	}
	res := &RunResult{Threads: threads, ExitStatus: r.Status, Stats: r.Stats}
	if rerr := r.Err(); rerr != nil {
		res.Error = rerr.Error()
	}
	out := string(r.Stdout) + string(r.Stderr)
	if len(out) > maxRunOutput {
		out = out[:maxRunOutput] + "\n[output truncated]\n"
	}
	res.Output = out
	res.Summary = runSummary(filepath.Base(snap.path), res, r)
	return res, nil
}

// runSummary says in one message how the run went and what it
// communicated.
func runSummary(name string, res *RunResult, r *runtime.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s on %d threads: exit status %d in %v", name, res.Threads, res.ExitStatus, r.Wall.Round(time.Millisecond))
	if res.Error != "" {
		fmt.Fprintf(&b, " (%s)", res.Error)
	}
	st := r.Stats
	if st == nil {
		return b.String()
	}
	t := st.Total
	fmt.Fprintf(&b, ". Remote: %d reads, %d writes, %d bytes; bulk: %d remote, %d local; local: %d reads, %d writes; %d barriers, %d collectives. Modeled communication time: %v.",
		t.RemoteReads, t.RemoteWrites, t.RemoteReadBytes+t.RemoteWriteBytes, t.BulkRemote, t.BulkLocal,
		t.LocalReads, t.LocalWrites, t.Barriers, t.Collectives, st.Modeled().Round(time.Microsecond))
	if len(st.Lines) > 0 {
		l := st.Lines[0] // most remote operations first
		fmt.Fprintf(&b, " Most remote operations: %s:%d (%d reads, %d writes, %d bulk).", filepath.Base(l.File), l.Line, l.RemoteReads, l.RemoteWrites, l.Bulk)
	}
	return b.String()
}
