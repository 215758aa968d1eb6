package lsp

import (
	gotoken "go/token"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// query locates the syntax at one offset of a snapshot's document.
type query struct {
	snap *snapshot
	info *types.Info // nil when the type checker gave nothing
	fset *gotoken.FileSet
	tf   *gotoken.File // the document's file in fset
	pos  gotoken.Pos
	path []ast.Node // nodes containing pos, outermost first
}

// newQuery finds the nodes at byte offset off; nil when the document has no
// syntax tree.
func newQuery(snap *snapshot, off int) *query {
	u := snap.unit
	if u == nil || u.File == nil || u.Fset == nil {
		return nil
	}
	q := &query{snap: snap, info: u.Info, fset: u.Fset}
	u.Fset.Iterate(func(f *gotoken.File) bool {
		if f.Name() == snap.path {
			q.tf = f
			return false
		}
		return true
	})
	if q.tf == nil || off < 0 || off > q.tf.Size() {
		return nil
	}
	q.pos = q.tf.Pos(off)
	q.path = nodesAt(u.File, q.pos)
	if len(q.path) == 0 && off > 0 {
		// The cursor just after a word still means the word.
		q.pos = q.tf.Pos(off - 1)
		q.path = nodesAt(u.File, q.pos)
	}
	return q
}

// nodesAt returns the chain of nodes whose range contains pos, outermost
// first.
func nodesAt(f *ast.File, pos gotoken.Pos) []ast.Node {
	var path []ast.Node
	for _, d := range f.Decls {
		if !contains(d, pos) {
			continue
		}
		ast.Inspect(d, func(n ast.Node) bool {
			if n == nil || !contains(n, pos) {
				return false
			}
			path = append(path, n)
			return true
		})
		break
	}
	return path
}

func contains(n ast.Node, pos gotoken.Pos) bool {
	s, e := n.Start(), n.End()
	return s.IsValid() && s <= pos && pos < e
}

// inner returns the innermost node of the path.
func (q *query) inner() ast.Node {
	if len(q.path) == 0 {
		return nil
	}
	return q.path[len(q.path)-1]
}

// enclosingFunc returns the function definition containing the query.
func (q *query) enclosingFunc() *ast.Decl {
	for _, n := range q.path {
		if d, ok := n.(*ast.Decl); ok && d.Body != nil {
			return d
		}
	}
	return nil
}

// inDocument reports whether pos lies in the document (not a header).
func (q *query) inDocument(pos gotoken.Pos) bool {
	return pos.IsValid() && int(pos) >= q.tf.Base() && int(pos) <= q.tf.Base()+q.tf.Size()
}

// offsetOf returns the document offset of pos.
func (q *query) offsetOf(pos gotoken.Pos) int {
	if !q.inDocument(pos) {
		return 0
	}
	return q.tf.Offset(pos)
}

// nodeRange returns the byte range of n in the document.
func (q *query) nodeRange(n ast.Node) (int, int) {
	return q.offsetOf(n.Start()), q.offsetOf(n.End())
}

// objectAt returns the object denoted or declared by the innermost node,
// and that node.
func (q *query) objectAt() (types.Object, ast.Node) {
	n := q.inner()
	if n == nil {
		return nil, nil
	}
	if q.info == nil {
		return nil, n
	}
	switch x := n.(type) {
	case *ast.Name:
		return q.info.Uses[x], x
	case *ast.Ident:
		if o := q.info.Defs[x]; o != nil {
			return o, x
		}
		// a member name in x.f / p->f
		if len(q.path) >= 2 {
			if me, ok := q.path[len(q.path)-2].(*ast.MemberExpr); ok && me.Name == x {
				if f := q.info.Members[me]; f != nil && f.Obj != nil {
					return f.Obj, x
				}
			}
		}
	case *ast.TypedefName:
		if o := q.info.TypedefUses[x]; o != nil {
			return o, x
		}
	}
	return nil, n
}
