package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"sync"
	"time"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/config"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/checks/suppress"
	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/diag"
)

// docState is an open document and its analyses.
type docState struct {
	path    string
	uri     uri.URI // as the client named it
	version int32
	text    []byte // never modified in place: each edit makes a new slice
	textSeq uint64 // changes with every edit, for dependency checks
	open    bool

	// gen is the generation of the analysis that is wanted: it grows with
	// every change to the document, to a header it reads or to the
	// settings. Only an analysis of the current generation is published.
	gen   uint64
	job   *job        // the analysis of generation gen (scheduled or running)
	timer *time.Timer // starts job after the debounce delay
	snap  *snapshot   // newest completed analysis (possibly of an older gen)
	files []string    // files the newest analysis read (the document and its headers)

	cfg *openConfig // for a configuration document (.upclint.yaml), what it configures
}

// job is one analysis of a document.
type job struct {
	gen     uint64
	started bool
	done    chan struct{} // closed when snap is set or the job was superseded
	snap    *snapshot     // nil if superseded before it ran
}

// snapshot is the outcome of one analysis: the text it saw, the unit and the
// findings, with the diagnostics as published. It is immutable.
type snapshot struct {
	gen      uint64
	version  int32
	path     string
	uri      uri.URI
	src      []byte
	m        *mapper
	enc      encoding
	unit     *grammar.Unit // nil for a binary file
	findings []checks.Finding
	diags    []protocol.Diagnostic
	diagOf   []int // index in findings of each diagnostic
	read     func(string) ([]byte, error)
	seqs     map[string]uint64 // textSeq of the open documents the analysis read
	elapsed  time.Duration

	// The findings are analysed without fixes (checks.Options.NoFixes):
	// diagnostics do not need them. The fixes are computed on the first
	// code action request for the snapshot, from the same text and
	// options, and kept.
	opts    *checks.Options
	eff     *config.Effective
	fixOnce sync.Once
	fixes   [][]checks.Fix // of each finding, once fixOnce has run

	// The program facts (graphs, variance, affinity) of unit, computed on
	// the first request that needs them (a hover), then shared.
	factsOnce sync.Once
	facts     *facts.Facts
}

// programFacts returns the program facts of the snapshot's unit, or nil
// for a binary file.
func (snap *snapshot) programFacts() *facts.Facts {
	snap.factsOnce.Do(func() {
		if snap.unit != nil {
			snap.facts = facts.Compute(snap.unit)
		}
	})
	return snap.facts
}

// scheduleLocked asks for a new analysis of ds after delay (0: now),
// superseding any older one. s.mu is held.
func (s *Server) scheduleLocked(ds *docState, delay time.Duration) {
	ds.gen++
	if ds.timer != nil {
		ds.timer.Stop()
		ds.timer = nil
	}
	if old := ds.job; old != nil && !old.started {
		old.started = true
		close(old.done) // superseded before it ran; waiters retry
	}
	j := &job{gen: ds.gen, done: make(chan struct{})}
	ds.job = j
	if delay <= 0 {
		s.startLocked(ds, j)
		return
	}
	ds.timer = time.AfterFunc(delay, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if ds.job == j && !j.started && ds.open {
			s.startLocked(ds, j)
		}
	})
}

// scheduleDependentsLocked re-analyses the open documents whose last
// analysis read path (a header), except path itself.
func (s *Server) scheduleDependentsLocked(path string, delay time.Duration) {
	for _, ds := range s.docs {
		if ds.path != path && slices.Contains(ds.files, path) {
			s.scheduleLocked(ds, delay)
		}
	}
}

// analysisInput is what an analysis reads, captured under the lock.
type analysisInput struct {
	path     string
	uri      uri.URI
	version  int32
	text     []byte
	overlay  map[string][]byte // open documents' texts
	seqs     map[string]uint64
	configs  map[string]*openConfig // open configuration documents
	settings Settings
	root     string
	enc      encoding
}

// startLocked starts job j of ds in the background. s.mu is held.
func (s *Server) startLocked(ds *docState, j *job) {
	j.started = true
	if ds.timer != nil {
		ds.timer.Stop()
		ds.timer = nil
	}
	in := &analysisInput{path: ds.path, uri: ds.uri, version: ds.version, text: ds.text,
		overlay: make(map[string][]byte, len(s.docs)), seqs: make(map[string]uint64, len(s.docs)),
		settings: s.settings, root: s.root, enc: s.enc}
	for p, d := range s.docs {
		in.overlay[p] = d.text
		in.seqs[p] = d.textSeq
		if d.cfg != nil {
			if in.configs == nil {
				in.configs = map[string]*openConfig{}
			}
			in.configs[p] = d.cfg
		}
	}
	s.wg.Add(1)
	go s.runJob(ds, j, in)
}

// runJob analyses one document and publishes the result if it is still
// the newest wanted.
func (s *Server) runJob(ds *docState, j *job, in *analysisInput) {
	defer s.wg.Done()
	select {
	case s.sem <- struct{}{}:
	case <-s.ctx.Done():
		s.finishJob(ds, j, nil)
		return
	}
	defer func() { <-s.sem }()
	s.mu.Lock()
	superseded := ds.job != j || !ds.open
	s.mu.Unlock()
	if superseded {
		s.finishJob(ds, j, nil) // a newer edit arrived while this one queued
		return
	}
	snap := s.runAnalysis(in)
	snap.gen = j.gen
	s.log.Printf("analysed %s version %d in %v: %d findings", in.path, in.version, snap.elapsed.Round(time.Microsecond), len(snap.findings))
	s.finishJob(ds, j, snap)
}

// finishJob records the outcome of j and publishes it when j is still the
// current analysis of an open document.
func (s *Server) finishJob(ds *docState, j *job, snap *snapshot) {
	s.mu.Lock()
	defer s.mu.Unlock()
	select {
	case <-j.done:
		return // superseded and closed already
	default:
	}
	j.snap = snap
	close(j.done)
	if snap == nil || ds.job != j || !ds.open || s.ctx.Err() != nil {
		return // stale: never publish an older version's diagnostics
	}
	ds.snap = snap
	if snap.unit != nil {
		ds.files = snap.unit.Files
	}
	s.publishLocked(ds.uri, snap.version, snap.diags)
	// A header that changed while the analysis ran: analyse again.
	for _, f := range ds.files {
		if f == ds.path {
			continue
		}
		d, open := s.docs[f]
		seq, read := snap.seqs[f]
		if open != read || (open && d.textSeq != seq) {
			s.scheduleLocked(ds, s.settings.debounce())
			return
		}
	}
}

// publishLocked queues a textDocument/publishDiagnostics notification.
// Queueing under s.mu keeps publications in the order of the analyses.
func (s *Server) publishLocked(u uri.URI, version int32, diags []protocol.Diagnostic) {
	if diags == nil {
		diags = []protocol.Diagnostic{}
	}
	p := &protocol.PublishDiagnosticsParams{URI: u, Diagnostics: diags}
	if version >= 0 {
		p.Version = protocol.NewOptional(version)
	}
	s.sendNotification("textDocument/publishDiagnostics", p)
}

// runAnalysis runs the checks on one document. A panic in the analysis
// becomes a diagnostic: the server keeps serving.
func (s *Server) runAnalysis(in *analysisInput) (snap *snapshot) {
	start := time.Now()
	read := func(name string) ([]byte, error) {
		if b, ok := in.overlay[name]; ok {
			return b, nil
		}
		return os.ReadFile(name)
	}
	snap = &snapshot{version: in.version, path: in.path, uri: in.uri, src: in.text,
		m: newMapper(in.text, in.enc), enc: in.enc, read: read, seqs: in.seqs}
	if isConfigPath(in.path) {
		// A configuration document: its own problems, no UPC analysis.
		snap.findings = configFindings(in.path, in.text, snap.m)
		snap.diags, snap.diagOf = toDiagnostics(snap)
		snap.elapsed = time.Since(start)
		return snap
	}
	opts, eff, cfgErr := analysisOptions(in.path, in.root, &in.settings, in.configs, read)
	opts.NoFixes = true
	snap.opts, snap.eff = opts, eff
	func() {
		defer func() {
			if r := recover(); r != nil {
				s.log.Printf("panic analysing %s: %v\n%s", in.path, r, debug.Stack())
				p := checks.Position{Path: in.path, Line: 1, Col: 1}
				snap.unit = nil
				snap.findings = []checks.Finding{{Rule: diag.RuleSyntax, Severity: diag.Error, Pos: p, End: p,
					Message: fmt.Sprintf("internal error analysing this file: %v (please report it)", r)}}
			}
		}()
		snap.unit, snap.findings = s.check(in.path, in.text, opts, eff, read)
	}()
	if cfgErr != nil {
		p := checks.Position{Path: in.path, Line: 1, Col: 1}
		snap.findings = append(snap.findings, checks.Finding{Rule: "config", Severity: diag.Warning, Pos: p, End: p,
			Message: "configuration file ignored: " + cfgErr.Error()})
	}
	snap.diags, snap.diagOf = toDiagnostics(snap)
	snap.elapsed = time.Since(start)
	return snap
}

// check analyses one document with opts and applies the configured
// severities and the suppression comments (read from the unsaved text too).
func (s *Server) check(path string, text []byte, opts *checks.Options, eff *config.Effective,
	read func(string) ([]byte, error)) (*grammar.Unit, []checks.Finding) {
	u, findings := s.analyze(path, text, opts)
	return u, suppress.Finish(findings, []string{path}, suppress.Settings{
		Analysed: func(int) *config.Effective { return eff },
		Config:   func(string) *config.Effective { return eff },
		Enabled:  func(_, rule string) bool { return opts.Enabled(rule) },
		Read:     read,
	})
}

// fixesOf returns the fixes of each finding of snap, analysing its text
// again with fixes on the first call. A finding of the analysis with fixes
// is matched to snap's by rule, range and message (the analyses differ in
// nothing else). A panic leaves the findings without fixes.
func (s *Server) fixesOf(snap *snapshot) [][]checks.Fix {
	snap.fixOnce.Do(func() {
		snap.fixes = make([][]checks.Fix, len(snap.findings))
		for i := range snap.findings {
			snap.fixes[i] = snap.findings[i].Fixes
		}
		if snap.opts == nil || snap.unit == nil {
			return
		}
		defer func() {
			if r := recover(); r != nil {
				s.log.Printf("panic computing the fixes of %s: %v\n%s", snap.path, r, debug.Stack())
			}
		}()
		start := time.Now()
		opts := *snap.opts
		opts.NoFixes = false
		_, full := s.check(snap.path, snap.src, &opts, snap.eff, snap.read)
		type key struct {
			rule, msg, path string
			pos, end        int
		}
		keyOf := func(f *checks.Finding) key {
			return key{f.Rule, f.Message, f.Pos.Path, f.Pos.Offset, f.End.Offset}
		}
		byKey := map[key][][]checks.Fix{}
		for i := range full {
			if f := &full[i]; len(f.Fixes) > 0 {
				byKey[keyOf(f)] = append(byKey[keyOf(f)], f.Fixes)
			}
		}
		n := 0
		for i := range snap.findings {
			k := keyOf(&snap.findings[i])
			if q := byKey[k]; len(q) > 0 {
				snap.fixes[i], byKey[k] = q[0], q[1:]
				n++
			}
		}
		s.log.Printf("fixes of %s version %d in %v: %d findings with fixes", snap.path, snap.version, time.Since(start).Round(time.Microsecond), n)
	})
	return snap.fixes
}

// docSnapshot decodes the params of a request about one document into p,
// whose field doc names the document, and returns that document's current
// snapshot.
func (s *Server) docSnapshot(ctx context.Context, params json.RawMessage, p any, doc *protocol.TextDocumentIdentifier) (*snapshot, error) {
	if err := decode(params, p); err != nil {
		return nil, err
	}
	return s.currentSnapshot(ctx, doc.URI)
}

// currentSnapshot returns the analysis of the document's current
// generation, starting it at once if it waits for its debounce delay, and
// waiting for it (or for ctx).
func (s *Server) currentSnapshot(ctx context.Context, u uri.URI) (*snapshot, error) {
	path := uriPath(u)
	s.mu.Lock()
	for {
		ds := s.docs[path]
		if ds == nil {
			s.mu.Unlock()
			return nil, errorf(codeInvalidParams, "document not open: %s", u)
		}
		if ds.snap != nil && ds.snap.gen == ds.gen {
			snap := ds.snap
			s.mu.Unlock()
			return snap, nil
		}
		j := ds.job
		if j == nil {
			s.scheduleLocked(ds, 0)
			j = ds.job
		} else if !j.started {
			s.startLocked(ds, j)
		}
		s.mu.Unlock()
		select {
		case <-j.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		s.mu.Lock()
	}
}

// ---- document notifications ----

// changeDoc decodes a notification that changes the document *u names into
// p, and calls change with the server locked and the change counted, with
// the document's path and state (nil when it is not open).
func (s *Server) changeDoc(params json.RawMessage, p any, u *uri.URI, change func(path string, ds *docState) error) error {
	if err := decode(params, p); err != nil {
		return err
	}
	path := uriPath(*u)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.changeSeq++
	return change(path, s.docs[path])
}

func (s *Server) didOpen(params json.RawMessage) error {
	var p protocol.DidOpenTextDocumentParams
	return s.changeDoc(params, &p, &p.TextDocument.URI, func(path string, ds *docState) error {
		if ds == nil {
			ds = &docState{path: path}
			s.docs[path] = ds
		}
		ds.uri = p.TextDocument.URI
		ds.version = p.TextDocument.Version
		ds.open = true
		s.textChangedLocked(ds, path, []byte(p.TextDocument.Text), 0)
		return nil
	})
}

func (s *Server) didChange(params json.RawMessage) error {
	var p protocol.DidChangeTextDocumentParams
	return s.changeDoc(params, &p, &p.TextDocument.URI, func(path string, ds *docState) error {
		if ds == nil {
			return fmt.Errorf("didChange for a document that is not open: %s", p.TextDocument.URI)
		}
		text, err := applyChanges(ds.text, p.ContentChanges, s.enc)
		if err != nil {
			return err
		}
		ds.version = p.TextDocument.Version
		s.textChangedLocked(ds, path, text, s.settings.debounce())
		return nil
	})
}

// textChangedLocked takes the new text of an open document and schedules,
// after delay, its analysis, its configuration's when it is a configuration
// file (which has ds.cfg from its opening on), and its dependents'.
func (s *Server) textChangedLocked(ds *docState, path string, text []byte, delay time.Duration) {
	ds.text = text
	ds.textSeq++
	s.scheduleLocked(ds, delay)
	if ds.cfg != nil || isConfigPath(path) {
		s.updateConfigLocked(ds, delay)
	}
	s.scheduleDependentsLocked(path, delay)
}

func (s *Server) didSave(params json.RawMessage) error {
	var p protocol.DidSaveTextDocumentParams
	if err := decode(params, &p); err != nil {
		return err
	}
	path := uriPath(p.TextDocument.URI)
	s.mu.Lock()
	defer s.mu.Unlock()
	if ds := s.docs[path]; ds != nil {
		if p.Text != nil && *p.Text != string(ds.text) {
			s.changeSeq++
			s.textChangedLocked(ds, path, []byte(*p.Text), 0)
			return nil
		}
		s.scheduleLocked(ds, 0)
	}
	s.scheduleDependentsLocked(path, 0)
	return nil
}

func (s *Server) didClose(params json.RawMessage) error {
	var p protocol.DidCloseTextDocumentParams
	return s.changeDoc(params, &p, &p.TextDocument.URI, func(path string, ds *docState) error {
		if ds == nil {
			return nil
		}
		s.closeDocLocked(ds, true)
		// Includers now read the header from disk, and the files a
		// configuration document governed its file on disk.
		s.scheduleDependentsLocked(path, 0)
		if ds.cfg != nil {
			s.scheduleGovernedLocked(filepath.Dir(path), 0)
		}
		return nil
	})
}

// closeDocLocked forgets a document; clear publishes empty diagnostics.
func (s *Server) closeDocLocked(ds *docState, clear bool) {
	ds.open = false
	if ds.timer != nil {
		ds.timer.Stop()
		ds.timer = nil
	}
	if j := ds.job; j != nil && !j.started {
		j.started = true
		close(j.done)
	}
	ds.job, ds.snap = nil, nil
	delete(s.docs, ds.path)
	if clear {
		s.publishLocked(ds.uri, -1, nil)
	}
}

// changedSince reports whether any document changed after the request
// whose context is ctx arrived.
func (s *Server) changedSince(ctx context.Context) bool {
	seq, _ := ctx.Value(seqKey{}).(uint64)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changeSeq != seq
}
