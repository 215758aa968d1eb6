package lsp

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks/config"
)

// clientCaps are the client capabilities the server adapts to.
type clientCaps struct {
	markdownHover      bool
	hierarchicalSymbol bool
	watchFiles         bool // accepts a dynamic registration of file watchers
}

func (s *Server) initialize(_ context.Context, params json.RawMessage) (any, error) {
	var p protocol.InitializeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	settings, err := parseSettings(json.RawMessage(p.InitializationOptions))
	if err != nil {
		return nil, errorf(codeInvalidParams, "initializationOptions: %v", err)
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	s.settings = settings
	s.enc = utf16
	encKind := protocol.PositionEncodingKindUTF16
	caps := p.Capabilities
	if caps.General != nil && slices.Contains(caps.General.PositionEncodings, protocol.PositionEncodingKindUTF8) {
		s.enc, encKind = utf8Enc, protocol.PositionEncodingKindUTF8
	}
	if td := caps.TextDocument; td != nil {
		if td.Hover != nil {
			s.caps.markdownHover = len(td.Hover.ContentFormat) == 0 || slices.Contains(td.Hover.ContentFormat, protocol.MarkupKindMarkdown)
		}
		if td.DocumentSymbol != nil && td.DocumentSymbol.HierarchicalDocumentSymbolSupport != nil {
			s.caps.hierarchicalSymbol = *td.DocumentSymbol.HierarchicalDocumentSymbolSupport
		}
	}
	if ws := caps.Workspace; ws != nil && ws.DidChangeWatchedFiles != nil && ws.DidChangeWatchedFiles.DynamicRegistration != nil {
		s.caps.watchFiles = *ws.DidChangeWatchedFiles.DynamicRegistration
	}
	if folders, ok := p.WorkspaceFolders.Get(); ok && len(folders) > 0 && folders[0].URI.IsFile() {
		s.root = folders[0].URI.FsPath()
	} else if p.RootURI != nil && p.RootURI.IsFile() { //nolint:staticcheck // clients that send only the deprecated rootUri are supported
		s.root = p.RootURI.FsPath() //nolint:staticcheck // clients that send only the deprecated rootUri are supported
	} else if rp, ok := p.RootPath.Get(); ok && rp != "" { //nolint:staticcheck // clients that send only the deprecated rootPath are supported
		s.root = filepath.Clean(rp)
	}
	s.initialized = true

	change := protocol.TextDocumentSyncKindIncremental
	yes := true
	version := s.opts.Version
	if version == "" {
		version = "devel"
	}
	return &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			PositionEncoding: encKind,
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: &yes,
				Change:    &change,
				Save:      &protocol.SaveOptions{},
			},
			HoverProvider:          protocol.Boolean(true),
			DefinitionProvider:     protocol.Boolean(true),
			DocumentSymbolProvider: protocol.Boolean(true),
			CodeActionProvider: &protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.CodeActionKindQuickFix, kindFixAll},
			},
			SemanticTokensProvider: semanticTokensOptions(),
			InlayHintProvider:      protocol.Boolean(true),
			CodeLensProvider:       &protocol.CodeLensOptions{},
			ExecuteCommandProvider: protocol.ExecuteCommandOptions{Commands: []string{cmdRunStats}},
			ReferencesProvider:     protocol.Boolean(true),
			RenameProvider:         &protocol.RenameOptions{PrepareProvider: &yes},
		},
		ServerInfo: protocol.ServerInfo{Name: "upclint", Version: protocol.NewOptional(version)},
	}, nil
}

// watchedGlobs are the files whose changes on disk the server wants to
// hear about: the configuration file and headers (which the open documents
// may include).
var watchedGlobs = []string{"**/" + config.FileName, "**/*.h"}

// watchRequestID is the id of the server's client/registerCapability
// request; the client's response is not needed and is ignored.
const watchRequestID = `"upclint/registerWatchers"`

// initializedNote asks the client to watch the configuration file and headers
// when it can (workspace/didChangeWatchedFiles can only be registered
// dynamically), so that edits made outside the editor re-analyse the
// documents that depend on them.
func (s *Server) initializedNote(json.RawMessage) error {
	s.mu.Lock()
	watch := s.caps.watchFiles
	s.mu.Unlock()
	if !watch {
		return nil
	}
	watchers := make([]map[string]string, len(watchedGlobs))
	for i, g := range watchedGlobs {
		watchers[i] = map[string]string{"globPattern": g}
	}
	params, err := json.Marshal(map[string]any{"registrations": []any{map[string]any{
		"id": "upclint-watch", "method": "workspace/didChangeWatchedFiles",
		"registerOptions": map[string]any{"watchers": watchers},
	}}})
	if err != nil {
		return err
	}
	s.out.send(encodeRequest(json.RawMessage(watchRequestID), "client/registerCapability", params))
	return nil
}

func (s *Server) shutdownRequest(context.Context, json.RawMessage) (any, error) {
	s.mu.Lock()
	s.shutdown = true
	s.mu.Unlock()
	return nil, nil
}

// didChangeConfiguration takes new settings and re-analyses every open
// document with them.
func (s *Server) didChangeConfiguration(params json.RawMessage) error {
	var p struct {
		Settings json.RawMessage `json:"settings"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return err
	}
	if isEmptyJSON(p.Settings) {
		// Clients without settings for us (Neovim sends {}) keep the
		// initialization options.
		return nil
	}
	settings, err := parseSettings(p.Settings)
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "upclint: "+err.Error())
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.settings = settings
	for _, ds := range s.docs {
		s.scheduleLocked(ds, 0)
	}
	return nil
}

// didChangeWatchedFiles re-analyses open documents that read a file that
// changed on disk (a header edited outside the editor, .upclint.yaml).
func (s *Server) didChangeWatchedFiles(params json.RawMessage) error {
	var p protocol.DidChangeWatchedFilesParams
	if err := decode(params, &p); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ch := range p.Changes {
		path := uriPath(ch.URI)
		if filepath.Base(path) == config.FileName {
			for _, ds := range s.docs {
				s.scheduleLocked(ds, 0)
			}
			return nil
		}
		s.scheduleDependentsLocked(path, 0)
	}
	return nil
}

// uriPath returns the file path of a URI (the URI itself for other schemes,
// which then never matches a file the front end reads).
func uriPath(u uri.URI) string {
	if u.IsFile() {
		return filepath.Clean(u.FsPath())
	}
	return string(u)
}

// isEmptyJSON reports whether raw is absent, null or an empty object.
func isEmptyJSON(raw json.RawMessage) bool {
	var m map[string]json.RawMessage
	if len(raw) == 0 || string(raw) == "null" {
		return true
	}
	return json.Unmarshal(raw, &m) == nil && len(m) == 0
}
