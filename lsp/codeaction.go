package lsp

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/suppress"
	"github.com/upclint/upclint/grammar/diag"
)

// kindFixAll is the code action kind that applies every safe fix of a file
// (editors run it on save when asked to run "source.fixAll").
const kindFixAll protocol.CodeActionKind = "source.fixAll.upclint"

// IgnoreDirective is the suppression comment inserted by the "ignore" action.
const IgnoreDirective = "upclint:ignore"

// ignorePlaceholder is the reason written by the "ignore" action, for the
// user to replace.
const ignorePlaceholder = "TODO: reason"

// kindWanted reports whether an action of kind k passes the client's
// "only" filter (a requested kind matches itself and its sub-kinds).
func kindWanted(only []protocol.CodeActionKind, k protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if k == o || strings.HasPrefix(string(k), string(o)+".") {
			return true
		}
	}
	return false
}

func (s *Server) codeAction(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.CodeActionParams
	snap, err := s.docSnapshot(ctx, params, &p, &p.TextDocument)
	if err != nil {
		return nil, err
	}
	if s.changedSince(ctx) && snapIsOlder(s, snap) {
		// The edits would apply to text the client no longer has.
		return nil, errorf(codeContentModified, "content modified")
	}
	return codeActions(snap, s.fixesOf(snap), p.Range, p.Context.Only), nil
}

// snapIsOlder reports whether the document changed after snap was taken.
func snapIsOlder(s *Server, snap *snapshot) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	ds := s.docs[snap.path]
	return ds == nil || ds.version != snap.version || ds.textSeq != snap.seqs[snap.path]
}

// codeActions computes the actions for the findings of snap that overlap
// rng: one quick fix per suggested fix, an "ignore" action per finding, and
// the file-wide "fix all" action. fixes are the fixes of each finding.
func codeActions(snap *snapshot, fixes [][]checks.Fix, rng protocol.Range, only []protocol.CodeActionKind) []protocol.CodeAction {
	actions := []protocol.CodeAction{}
	l := newLocator(snap)
	start, end := snap.m.offset(rng.Start), snap.m.offset(rng.End)
	quick := kindWanted(only, protocol.CodeActionKindQuickFix)
	for di, fi := range snap.diagOf {
		f := &snap.findings[fi]
		if !quick || f.Pos.Path != snap.path {
			continue
		}
		d := snap.diags[di]
		if snap.m.offset(d.Range.End) < start || snap.m.offset(d.Range.Start) > end {
			continue // the finding does not touch the requested range
		}
		for _, fix := range fixes[fi] {
			if !fix.Applicable() {
				continue // shown in the finding, never applied
			}
			edit := l.workspaceEdit(fix.Edits)
			if edit == nil {
				continue
			}
			title := fix.Message
			if !fix.Safe() {
				title += " (unsafe)"
			}
			kind := protocol.CodeActionKindQuickFix
			preferred := fix.Safe()
			actions = append(actions, protocol.CodeAction{Title: title, Kind: &kind,
				Diagnostics: []protocol.Diagnostic{d}, IsPreferred: &preferred, Edit: edit})
		}
		if ignorable(f.Rule) {
			actions = append(actions, ignoreAction(snap, f, d))
		}
	}
	if kindWanted(only, kindFixAll) || kindWanted(only, protocol.CodeActionKindSourceFixAll) {
		if a, ok := fixAllAction(snap, fixes, l); ok {
			actions = append(actions, a)
		}
	}
	return actions
}

// ignorable reports whether a finding of rule can be suppressed with a
// comment (a syntax error cannot: it is not a judgement).
func ignorable(rule string) bool {
	return rule != diag.RuleSyntax && rule != diag.RulePreprocessor && rule != suppress.Rule && checks.Lookup(rule) != nil
}

// ignoreAction inserts "// upclint:ignore RULE TODO: reason" at the end of
// the finding's line.
func ignoreAction(snap *snapshot, f *checks.Finding, d protocol.Diagnostic) protocol.CodeAction {
	line := snap.m.position(f.Pos.Offset).Line
	eol := snap.m.lineEnd(int(line))
	text := fmt.Sprintf(" // %s %s %s", IgnoreDirective, f.Rule, ignorePlaceholder)
	if eol > 0 && (snap.src[eol-1] == ' ' || snap.src[eol-1] == '\t') {
		text = text[1:]
	}
	pos := snap.m.position(eol)
	kind := protocol.CodeActionKindQuickFix
	return protocol.CodeAction{
		Title:       fmt.Sprintf("Ignore this finding (%s %s)", IgnoreDirective, f.Rule),
		Kind:        &kind,
		Diagnostics: []protocol.Diagnostic{d},
		Edit: &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{
			snap.uri: {{Range: protocol.Range{Start: pos, End: pos}, NewText: text}},
		}},
	}
}

// fixAllAction applies every safe fix of the file; a fix whose edits
// overlap an earlier chosen fix is left out (it can be applied after).
func fixAllAction(snap *snapshot, fixes [][]checks.Fix, l *locator) (protocol.CodeAction, bool) {
	type span struct {
		path       string
		start, end int
	}
	var taken []span
	var edits []checks.Edit
	n := 0
	for _, fi := range snap.diagOf {
		for _, fix := range fixes[fi] {
			if !fix.Safe() || len(fix.Edits) == 0 {
				continue
			}
			clash := false
			for _, e := range fix.Edits {
				for _, t := range taken {
					if e.Pos.Path == t.path && e.Pos.Offset < t.end && t.start < e.End.Offset ||
						e.Pos.Path == t.path && e.Pos.Offset == t.start && e.End.Offset == t.end {
						clash = true
					}
				}
			}
			if clash {
				continue
			}
			for _, e := range fix.Edits {
				taken = append(taken, span{e.Pos.Path, e.Pos.Offset, e.End.Offset})
			}
			edits = append(edits, fix.Edits...)
			n++
			break // at most one fix per finding
		}
	}
	if n == 0 {
		return protocol.CodeAction{}, false
	}
	edit := l.workspaceEdit(edits)
	if edit == nil {
		return protocol.CodeAction{}, false
	}
	kind := kindFixAll
	return protocol.CodeAction{Title: fmt.Sprintf("Apply all safe upclint fixes (%d)", n), Kind: &kind, Edit: edit}, true
}

// workspaceEdit converts fix edits (possibly in several files) into a
// workspace edit, or nil when a file cannot be read.
func (l *locator) workspaceEdit(edits []checks.Edit) *protocol.WorkspaceEdit {
	changes := map[uri.URI][]protocol.TextEdit{}
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b checks.Edit) int {
		return cmp.Or(cmp.Compare(a.Pos.Path, b.Pos.Path), cmp.Compare(a.Pos.Offset, b.Pos.Offset))
	})
	for _, e := range sorted {
		// Not rangeOf: an insertion (a point) must stay a point.
		m := l.mapper(e.Pos.Path)
		if m == nil {
			return nil
		}
		end := e.End.Offset
		if !e.End.IsValid() || e.End.Path != e.Pos.Path || end < e.Pos.Offset {
			end = e.Pos.Offset
		}
		r := m.rangeOf(e.Pos.Offset, end)
		u := l.uriOf(e.Pos.Path)
		changes[u] = append(changes[u], protocol.TextEdit{Range: r, NewText: e.NewText})
	}
	if len(changes) == 0 {
		return nil
	}
	return &protocol.WorkspaceEdit{Changes: changes}
}
