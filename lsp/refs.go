package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	gotoken "go/token"
	"regexp"
	"slices"

	"go.lsp.dev/protocol"
	"go.lsp.dev/uri"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// References and rename work on the type checker's objects: an occurrence
// is an identifier the checker resolved to the object (a declaration in
// Info.Defs, a use in Info.Uses, a member in Info.Members, a typedef name
// in Info.TypedefUses, a goto in Info.Labels), never a word that happens to
// be spelled the same. They cover the document's translation unit; other
// translation units that share a global are not searched.

// occurrence is one identifier that denotes an object.
type occurrence struct {
	node ast.Node
	decl bool // declares the object
}

// renameTarget returns the object under the cursor and its identifier.
func (q *query) renameTarget() (types.Object, ast.Node) {
	obj, n := q.objectAt()
	if obj != nil || q.info == nil || len(q.path) < 2 {
		return obj, n
	}
	if g, ok := q.path[len(q.path)-2].(*ast.GotoStmt); ok && g.Label == n {
		if l := q.info.Labels[g]; l != nil {
			return l, n
		}
	}
	return nil, n
}

// occurrences returns the identifiers of the unit that denote obj, in
// source order.
func (q *query) occurrences(obj types.Object) []occurrence {
	var occ []occurrence
	info := q.info
	ast.Inspect(q.snap.unit.File, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Name:
			if info.Uses[x] == obj {
				occ = append(occ, occurrence{node: x})
			}
		case *ast.Ident:
			if o := info.Defs[x]; o == obj {
				occ = append(occ, occurrence{node: x, decl: true})
			}
		case *ast.MemberExpr:
			if f := info.Members[x]; f != nil && f.Obj == obj && f.Obj != nil && x.Name != nil {
				occ = append(occ, occurrence{node: x.Name})
			}
		case *ast.TypedefName:
			if o := info.TypedefUses[x]; o != nil && types.Object(o) == obj {
				occ = append(occ, occurrence{node: x})
			}
		case *ast.GotoStmt:
			if l := info.Labels[x]; l != nil && types.Object(l) == obj && x.Label != nil {
				occ = append(occ, occurrence{node: x.Label})
			}
		}
		return true
	})
	slices.SortStableFunc(occ, func(a, b occurrence) int { return int(a.node.Start()) - int(b.node.Start()) })
	return slices.CompactFunc(occ, func(a, b occurrence) bool { return a.node.Start() == b.node.Start() })
}

// spelled reports whether the occurrence is written in the document as
// name where the tree places it (not produced by a macro expansion).
func (q *query) spelled(n ast.Node, name string) bool {
	if !q.inDocument(n.Start()) {
		return false
	}
	start := q.offsetOf(n.Start())
	return start+len(name) <= len(q.snap.src) && string(q.snap.src[start:start+len(name)]) == name
}

func (s *Server) references(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.ReferenceParams
	q, obj, _, err := s.targetQuery(ctx, params, &p, &p.TextDocumentPositionParams)
	if obj == nil {
		return nil, err
	}
	locs := []protocol.Location{}
	for _, o := range q.occurrences(obj) {
		if o.decl && !p.Context.IncludeDeclaration {
			continue
		}
		// Occurrences in headers are reported where they are spelled;
		// those a macro expansion produced are left out.
		if q.inDocument(o.node.Start()) && !q.spelled(o.node, obj.Name()) {
			continue
		}
		if loc, ok := q.location(o.node.Start(), len(obj.Name())); ok {
			locs = append(locs, loc)
		}
	}
	return locs, nil
}

func (s *Server) prepareRename(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.PrepareRenameParams
	q, obj, n, err := s.targetQuery(ctx, params, &p, &p.TextDocumentPositionParams)
	if obj == nil {
		return nil, err
	}
	if _, err := q.renameSites(obj); err != nil {
		return nil, err
	}
	start, end := q.nodeRange(n)
	return &protocol.PrepareRenamePlaceholder{Range: q.snap.m.rangeOf(start, end), Placeholder: obj.Name()}, nil
}

func (s *Server) rename(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.RenameParams
	q, obj, _, err := s.targetQuery(ctx, params, &p, &p.TextDocumentPositionParams)
	if err != nil {
		return nil, err
	}
	if obj == nil {
		return nil, errorf(codeRequestFailed, "no identifier here")
	}
	snap := q.snap
	if err := validName(p.NewName); err != nil {
		return nil, err
	}
	sites, err := q.renameSites(obj)
	if err != nil {
		return nil, err
	}
	if p.NewName == obj.Name() {
		return &protocol.WorkspaceEdit{}, nil
	}
	if err := q.renameConflict(obj, p.NewName, sites); err != nil {
		return nil, err
	}
	edits := make([]protocol.TextEdit, 0, len(sites))
	for _, o := range sites {
		start := q.offsetOf(o.node.Start())
		edits = append(edits, protocol.TextEdit{Range: snap.m.rangeOf(start, start+len(obj.Name())), NewText: p.NewName})
	}
	return &protocol.WorkspaceEdit{Changes: map[uri.URI][]protocol.TextEdit{snap.uri: edits}}, nil
}

// positionQuery decodes the params of a request at a position into p,
// whose TextDocumentPositionParams are tdp, and returns the query at that
// position of the document's current analysis (nil without a syntax tree).
// targetQuery is positionQuery for the references and rename requests: it
// also returns the entity under the cursor and its node (see renameTarget),
// a nil entity when there is none or the unit has no type information.
func (s *Server) targetQuery(ctx context.Context, params json.RawMessage, p any, tdp *protocol.TextDocumentPositionParams) (*query, types.Object, ast.Node, error) {
	q, err := s.positionQuery(ctx, params, p, tdp)
	if q == nil || q.info == nil {
		return nil, nil, nil, err
	}
	obj, n := q.renameTarget()
	return q, obj, n, nil
}

func (s *Server) positionQuery(ctx context.Context, params json.RawMessage, p any, tdp *protocol.TextDocumentPositionParams) (*query, error) {
	snap, err := s.docSnapshot(ctx, params, p, &tdp.TextDocument)
	if err != nil {
		return nil, err
	}
	return newQuery(snap, snap.m.offset(tdp.Position)), nil
}

// renameSites returns the occurrences a rename of obj rewrites, or why obj
// cannot be renamed in this document.
func (q *query) renameSites(obj types.Object) ([]occurrence, error) {
	if !obj.Pos().IsValid() {
		return nil, errorf(codeRequestFailed, "%s is predefined: it cannot be renamed", obj.Name())
	}
	if !q.inDocument(obj.Pos()) {
		return nil, errorf(codeRequestFailed, "%s is declared in %s: rename it there", obj.Name(), q.fset.Position(obj.Pos()).Filename)
	}
	occ := q.occurrences(obj)
	for _, o := range occ {
		if !q.inDocument(o.node.Start()) {
			return nil, errorf(codeRequestFailed, "%s is also used in %s, which this rename would not change",
				obj.Name(), q.fset.Position(o.node.Start()).Filename)
		}
		if !q.spelled(o.node, obj.Name()) {
			p := q.snap.m.position(q.offsetOf(o.node.Start()))
			return nil, errorf(codeRequestFailed, "%s is used through a macro at line %d: rename it by hand", obj.Name(), p.Line+1)
		}
	}
	return occ, nil
}

var identRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// reservedNames are the keywords of C99 and UPC 1.3 and the UPC names a
// program cannot redeclare.
var reservedNames = map[string]bool{}

func init() {
	for _, w := range []string{"auto", "break", "case", "char", "const", "continue", "default", "do", "double",
		"else", "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict",
		"return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned",
		"void", "volatile", "while", "_Bool", "_Complex", "_Imaginary",
		"shared", "relaxed", "strict", "upc_forall", "upc_barrier", "upc_notify", "upc_wait", "upc_fence",
		"upc_localsizeof", "upc_blocksizeof", "upc_elemsizeof", "MYTHREAD", "THREADS", "UPC_MAX_BLOCK_SIZE"} {
		reservedNames[w] = true
	}
}

func validName(name string) error {
	switch {
	case !identRE.MatchString(name):
		return errorf(codeInvalidParams, "%q is not a C identifier", name)
	case reservedNames[name]:
		return errorf(codeInvalidParams, "%q is a keyword of C or UPC", name)
	}
	return nil
}

// scopeAt returns the innermost scope containing pos.
func (q *query) scopeAt(pos gotoken.Pos) *types.Scope {
	path := nodesAt(q.snap.unit.File, pos)
	for i := len(path) - 1; i >= 0; i-- {
		if sc := q.info.Scopes[path[i]]; sc != nil {
			return sc
		}
	}
	return q.info.FileScope
}

// declScope returns the scope that declares obj (nil for a member or a
// label, which live in their record and function).
func (q *query) declScope(obj types.Object) *types.Scope {
	for sc := q.scopeAt(obj.Pos()); sc != nil; sc = sc.Parent {
		if sc.LookupLocal(obj.Name()) == obj {
			return sc
		}
	}
	return nil
}

// renameConflict reports why renaming obj to name would change the meaning
// of the program: name is already declared where obj is, a declaration of
// name would hide obj at one of its uses, or obj would hide another
// object named name at that object's uses. Scopes hold every name declared
// in them, so a declaration later in a block counts too (conservative).
func (q *query) renameConflict(obj types.Object, name string, sites []occurrence) error {
	conflict := func(other types.Object, how string) error {
		where := ""
		if other != nil && other.Pos().IsValid() {
			p := q.fset.Position(other.Pos())
			where = fmt.Sprintf(" (%s:%d)", p.Filename, p.Line)
		}
		return errorf(codeRequestFailed, "renaming %s to %s %s%s", obj.Name(), name, how, where)
	}
	// A macro of that name would replace the renamed identifiers. The unit
	// does not keep its macros: the document's own #defines are checked.
	if m := regexp.MustCompile(`(?m)^[ \t]*#[ \t]*define[ \t]+` + name + `\b`).FindIndex(q.snap.src); m != nil {
		return errorf(codeRequestFailed, "renaming %s to %s clashes with the macro %s defined at line %d",
			obj.Name(), name, name, q.snap.m.position(m[0]).Line+1)
	}
	if v, ok := obj.(*types.Var); ok && v.Field {
		return q.fieldConflict(obj, name, conflict)
	}
	if l, ok := obj.(*types.Label); ok {
		for _, fd := range q.info.Funcs {
			if fd.Labels[l.Name()] == l && fd.Labels[name] != nil {
				return conflict(fd.Labels[name], "clashes with the label of that name in the same function")
			}
		}
		return nil
	}
	home := q.declScope(obj)
	if home == nil {
		return errorf(codeRequestFailed, "cannot find the scope of %s", obj.Name())
	}
	if other := home.LookupLocal(name); other != nil {
		return conflict(other, "clashes with the declaration of that name in the same scope")
	}
	// A use of obj must not be captured by a declaration of name between
	// the use and obj's scope.
	for _, o := range sites {
		for sc := q.scopeAt(o.node.Start()); sc != nil && sc != home; sc = sc.Parent {
			if other := sc.LookupLocal(name); other != nil {
				return conflict(other, "would make a use of it refer to the inner declaration of that name")
			}
		}
	}
	// A use of another object named name must not be captured by obj.
	var err error
	ast.Inspect(q.snap.unit.File, func(n ast.Node) bool {
		x, ok := n.(*ast.Name)
		if !ok || err != nil || x.Name != name {
			return err == nil
		}
		other := q.info.Uses[x]
		if other == nil {
			return true
		}
		for sc := q.scopeAt(x.Start()); sc != nil; sc = sc.Parent {
			if sc.LookupLocal(name) == other {
				break
			}
			if sc == home {
				err = conflict(other, "would hide the declaration of that name used at line "+fmt.Sprint(q.fset.Position(x.Start()).Line))
				break
			}
		}
		return err == nil
	})
	return err
}

// fieldConflict reports a member of the same record already named name.
func (q *query) fieldConflict(obj types.Object, name string, conflict func(types.Object, string) error) error {
	path := nodesAt(q.snap.unit.File, obj.Pos())
	for i := len(path) - 1; i >= 0; i-- {
		rs, ok := path[i].(*ast.RecordSpec)
		if !ok {
			continue
		}
		var other types.Object
		ast.Inspect(rs, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				if v, ok := q.info.Defs[id].(*types.Var); ok && v.Field {
					other = v
				}
			}
			return other == nil
		})
		if other != nil {
			return conflict(other, "clashes with the member of that name")
		}
		return nil
	}
	return nil
}
