package lsp

import (
	"context"
	"encoding/json"
	"runtime/debug"
	"slices"

	"go.lsp.dev/protocol"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
)

// Semantic tokens mark the shared accesses of a document with where the
// accessed element lives relative to the executing thread, as package
// cfg/affinity decides it (the same facts the rules use), so that an editor
// theme can colour remote accesses. Only shared accesses get tokens: the
// editor's own highlighting does the rest.
//
// The token is the accessed array's name (the member name for s.m[i], the
// pointer for *p and p[i]); its type is variable (property for a member)
// and its modifiers are "shared" and one of "local", "possiblyRemote" and
// "remote".

// Token types and modifiers of the legend, in bit order.
var (
	semTokenTypes     = []string{string(protocol.SemanticTokenTypesVariable), string(protocol.SemanticTokenTypesProperty)}
	semTokenModifiers = []string{"shared", "local", "possiblyRemote", "remote"}
)

const (
	semTypeVariable = iota
	semTypeProperty
)

const (
	semModShared = 1 << iota
	semModLocal
	semModPossiblyRemote
	semModRemote
)

// semanticTokensOptions is the semanticTokensProvider capability.
func semanticTokensOptions() *protocol.SemanticTokensOptions {
	return &protocol.SemanticTokensOptions{
		Legend: protocol.SemanticTokensLegend{TokenTypes: semTokenTypes, TokenModifiers: semTokenModifiers},
		Range:  protocol.Boolean(true),
		Full:   protocol.Boolean(true),
	}
}

// semToken is one token: a byte range of the document and its class.
type semToken struct {
	start, end int
	typ, mods  uint32
}

// localityModifier maps an affinity class to a token modifier. Only Local
// is local; an access the analysis cannot place (through a pointer, a
// shared scalar, an index it cannot read) may be remote.
func localityModifier(k affinity.Kind) uint32 {
	switch k {
	case affinity.Local:
		return semModLocal
	case affinity.Remote:
		return semModRemote
	}
	return semModPossiblyRemote
}

// sharedAccessTokens returns the tokens of the shared accesses of snap's
// document, in document order. A panic in the analyses yields no tokens.
func sharedAccessTokens(snap *snapshot, log func(string, ...any)) (toks []semToken) {
	q := newQuery(snap, 0)
	if q == nil || q.info == nil {
		return nil
	}
	defer func() {
		if r := recover(); r != nil {
			log("panic computing the semantic tokens of %s: %v\n%s", snap.path, r, debug.Stack())
			toks = nil
		}
	}()
	fs := snap.programFacts() // shared with hover, computed once per snapshot
	if fs == nil {
		return nil
	}
	for _, fn := range fs.Funcs {
		if !q.inDocument(fn.Decl.Start()) {
			continue // a function of a header
		}
		aff := fn.Affinity()
		for _, a := range aff.Affine.Accesses {
			if !a.Shared || a.Addr {
				continue
			}
			k := affinity.Unknown
			if f := aff.Of(a); f != nil {
				k = f.Kind
			}
			node, name, typ := accessName(a.Base)
			if node == nil {
				continue
			}
			start, end := q.nodeRange(node)
			// A name from a macro expansion does not stand where it is
			// spelled: no token.
			if end-start != len(name) || !q.spelled(node, name) {
				continue
			}
			toks = append(toks, semToken{start: start, end: end, typ: typ, mods: semModShared | localityModifier(k)})
		}
	}
	slices.SortFunc(toks, func(a, b semToken) int { return a.start - b.start })
	// One token per name: a[i][j] is one access, but a name may be the
	// base of nested accesses counted twice by a macro.
	return slices.CompactFunc(toks, func(a, b semToken) bool { return a.start == b.start })
}

// accessName returns the identifier that names the accessed object of base
// (the array, the pointer, or the member), and its token type.
func accessName(base ast.Expr) (ast.Node, string, uint32) {
	switch b := ast.Unparen(base).(type) {
	case *ast.Name:
		return b, b.Name, semTypeVariable
	case *ast.MemberExpr:
		if b.Name != nil {
			return b.Name, b.Name.Name, semTypeProperty
		}
	}
	return nil, "", 0
}

// encodeSemTokens encodes toks (sorted) relative to each other, as the
// protocol wants, keeping those that start in [from, to) and lie on one
// line.
func encodeSemTokens(snap *snapshot, toks []semToken, from, to int) []uint32 {
	data := []uint32{}
	var line, char uint32
	for _, t := range toks {
		if t.start < from || t.start >= to {
			continue
		}
		s, e := snap.m.position(t.start), snap.m.position(t.end)
		if s.Line != e.Line || e.Character <= s.Character {
			continue
		}
		dl, dc := s.Line-line, s.Character
		if dl == 0 {
			dc = s.Character - char
		}
		data = append(data, dl, dc, e.Character-s.Character, t.typ, t.mods)
		line, char = s.Line, s.Character
	}
	return data
}

func (s *Server) semanticTokensFull(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.SemanticTokensParams
	snap, err := s.docSnapshot(ctx, params, &p, &p.TextDocument)
	if err != nil {
		return nil, err
	}
	toks := sharedAccessTokens(snap, s.log.Printf)
	return &protocol.SemanticTokens{Data: encodeSemTokens(snap, toks, 0, len(snap.src)+1)}, nil
}

func (s *Server) semanticTokensRange(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.SemanticTokensRangeParams
	snap, err := s.docSnapshot(ctx, params, &p, &p.TextDocument)
	if err != nil {
		return nil, err
	}
	toks := sharedAccessTokens(snap, s.log.Printf)
	return &protocol.SemanticTokens{Data: encodeSemTokens(snap, toks, snap.m.offset(p.Range.Start), snap.m.offset(p.Range.End))}, nil
}
