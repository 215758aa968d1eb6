package lsp

import (
	"context"
	"encoding/json"
	gotoken "go/token"

	"go.lsp.dev/protocol"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

func (s *Server) definition(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.DefinitionParams
	q, err := s.positionQuery(ctx, params, &p, &p.TextDocumentPositionParams)
	if q == nil {
		return nil, err
	}
	pos, name := q.definitionPos()
	if !pos.IsValid() {
		return nil, nil
	}
	loc, ok := q.location(pos, len(name))
	if !ok {
		return nil, nil
	}
	return []protocol.Location{loc}, nil
}

// definitionPos returns where the entity under the cursor is declared (its
// definition for a function that has one) and its name.
func (q *query) definitionPos() (gotoken.Pos, string) {
	obj, n := q.objectAt()
	if obj != nil {
		if f, ok := obj.(*types.FuncObj); ok && f.Def != nil && len(f.Def.Decl.Inits) > 0 {
			if id := ast.DeclaratorIdent(f.Def.Decl.Inits[0].Decl); id != nil {
				return id.Start(), id.Name
			}
		}
		return obj.Pos(), obj.Name()
	}
	if q.info != nil {
		switch x := n.(type) {
		case *ast.Ident:
			if t := q.info.Tags[x]; t != nil {
				return t.Pos, t.Name
			}
			if len(q.path) >= 2 {
				if g, ok := q.path[len(q.path)-2].(*ast.GotoStmt); ok {
					if l := q.info.Labels[g]; l != nil {
						return l.Pos(), l.Name()
					}
				}
			}
		}
	}
	// Without type information: the first file-scope declaration of the
	// name.
	var name string
	switch x := n.(type) {
	case *ast.Name:
		name = x.Name
	case *ast.TypedefName:
		name = x.Name
	case *ast.Ident:
		name = x.Name
	default:
		return gotoken.NoPos, ""
	}
	for _, d := range q.snap.unit.File.Decls {
		if decl, ok := d.(*ast.Decl); ok {
			for _, in := range decl.Inits {
				if id := ast.DeclaratorIdent(in.Decl); id != nil && id.Name == name {
					return id.Start(), name
				}
			}
		}
	}
	return gotoken.NoPos, ""
}

// location converts a position of any file of the unit into an LSP
// location spanning n bytes.
func (q *query) location(pos gotoken.Pos, n int) (protocol.Location, bool) {
	p := q.fset.PositionFor(pos, false)
	if !p.IsValid() || p.Filename == "" {
		return protocol.Location{}, false
	}
	l := newLocator(q.snap)
	m := l.mapper(p.Filename)
	if m == nil {
		return protocol.Location{}, false
	}
	end := p.Offset + n
	if end > len(m.text) || string(m.text[p.Offset:end]) == "" {
		end = p.Offset
	}
	return protocol.Location{URI: l.uriOf(p.Filename), Range: m.rangeOf(p.Offset, end)}, true
}

func (s *Server) documentSymbol(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.DocumentSymbolParams
	snap, err := s.docSnapshot(ctx, params, &p, &p.TextDocument)
	if err != nil {
		return nil, err
	}
	q := newQuery(snap, 0)
	if q == nil {
		return []protocol.DocumentSymbol{}, nil
	}
	syms := q.documentSymbols()
	s.mu.Lock()
	hier := s.caps.hierarchicalSymbol
	s.mu.Unlock()
	if hier {
		return syms, nil
	}
	return flattenSymbols(snap, syms, ""), nil
}

// flattenSymbols turns the symbol tree into SymbolInformation for clients
// without hierarchical symbols.
func flattenSymbols(snap *snapshot, syms []protocol.DocumentSymbol, container string) []protocol.SymbolInformation {
	out := []protocol.SymbolInformation{}
	for _, s := range syms {
		si := protocol.SymbolInformation{Location: protocol.Location{URI: snap.uri, Range: s.Range}}
		si.Name, si.Kind = s.Name, s.Kind
		if container != "" {
			c := container
			si.ContainerName = &c
		}
		out = append(out, si)
		out = append(out, flattenSymbols(snap, s.Children, s.Name)...)
	}
	return out
}

// documentSymbols lists the file-scope declarations of the document (not
// of its headers): functions, variables, typedefs, struct/union/enum tags
// with their members.
func (q *query) documentSymbols() []protocol.DocumentSymbol {
	out := []protocol.DocumentSymbol{}
	for _, d := range q.snap.unit.File.Decls {
		decl, ok := d.(*ast.Decl)
		if !ok || !q.inDocument(decl.Start()) {
			continue
		}
		typedef := false
		if decl.Specs != nil {
			for _, sp := range decl.Specs.List {
				if sp.Keyword == "typedef" {
					typedef = true
				}
				if sym, ok := q.tagSymbol(sp); ok {
					out = append(out, sym)
				}
			}
		}
		for _, in := range decl.Inits {
			id := ast.DeclaratorIdent(in.Decl)
			if id == nil || !q.inDocument(id.Start()) {
				continue
			}
			kind := protocol.SymbolKindVariable
			var obj types.Object
			if q.info != nil {
				obj = q.info.Defs[id]
			}
			switch obj.(type) {
			case *types.FuncObj:
				kind = protocol.SymbolKindFunction
			case *types.TypeName:
				kind = protocol.SymbolKindTypeParameter
			case nil:
				switch {
				case typedef:
					kind = protocol.SymbolKindTypeParameter
				case isFuncDeclarator(in.Decl):
					kind = protocol.SymbolKindFunction
				}
			}
			rng := decl.Range
			start, end := q.nodeRange(&rng)
			if decl.Body == nil && len(decl.Inits) > 1 {
				start, end = q.nodeRange(in)
			}
			sym := protocol.DocumentSymbol{Name: id.Name, Kind: kind,
				Range:          q.snap.m.rangeOf(start, end),
				SelectionRange: q.snap.m.rangeOf(q.nodeRange(id))}
			if obj != nil && obj.Type() != nil {
				t := obj.Type()
				if named, ok := t.(*types.Named); ok && kind == protocol.SymbolKindTypeParameter {
					t = named.Type
				}
				detail := types.TypeString(t, "")
				sym.Detail = &detail
			}
			out = append(out, sym)
		}
	}
	return out
}

// tagSymbol returns the symbol of a struct/union/enum specifier with a body
// and a tag.
func (q *query) tagSymbol(sp *ast.Spec) (protocol.DocumentSymbol, bool) {
	var sym protocol.DocumentSymbol
	switch {
	case sp.Record != nil && sp.Record.HasBody && sp.Record.Name != nil:
		r := sp.Record
		sym = protocol.DocumentSymbol{Name: r.Kind + " " + r.Name.Name, Kind: protocol.SymbolKindStruct,
			Range: q.snap.m.rangeOf(q.nodeRange(r)), SelectionRange: q.snap.m.rangeOf(q.nodeRange(r.Name))}
		for _, f := range r.Fields {
			for _, fd := range f.Decls {
				if id := ast.DeclaratorIdent(fd.Decl); id != nil {
					sym.Children = append(sym.Children, protocol.DocumentSymbol{Name: id.Name, Kind: protocol.SymbolKindField,
						Range: q.snap.m.rangeOf(q.nodeRange(f)), SelectionRange: q.snap.m.rangeOf(q.nodeRange(id))})
				}
			}
		}
	case sp.Enum != nil && sp.Enum.HasBody && sp.Enum.Name != nil:
		e := sp.Enum
		sym = protocol.DocumentSymbol{Name: "enum " + e.Name.Name, Kind: protocol.SymbolKindEnum,
			Range: q.snap.m.rangeOf(q.nodeRange(e)), SelectionRange: q.snap.m.rangeOf(q.nodeRange(e.Name))}
		for _, it := range e.Items {
			sym.Children = append(sym.Children, protocol.DocumentSymbol{Name: it.Name.Name, Kind: protocol.SymbolKindEnumMember,
				Range: q.snap.m.rangeOf(q.nodeRange(it)), SelectionRange: q.snap.m.rangeOf(q.nodeRange(it.Name))})
		}
	default:
		return sym, false
	}
	return sym, q.inDocument(sp.Start())
}

// isFuncDeclarator reports whether a declarator declares a function.
func isFuncDeclarator(d *ast.Declarator) bool {
	for d != nil && d.Direct != nil {
		if d.Direct.Name != nil {
			return len(d.Direct.Suffixes) > 0 && d.Direct.Suffixes[0].Params != nil && len(d.Ptrs) == 0
		}
		d = d.Direct.Nested
	}
	return false
}
