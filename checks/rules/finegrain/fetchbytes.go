package finegrain

import (
	"fmt"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// fieldBytes returns how many bytes of each structure element the
// accesses in n read: the sizes of the distinct members they select, or
// the element's size when one of them uses the element whole. ok is false
// when elem is not a structure or union or a size is unknown.
func (c *checker) fieldBytes(n ast.Node, accs map[ast.Expr]bool, elem types.Type) (read, size int64, ok bool) {
	if _, isRecord := types.Core(elem).(*types.Record); !isRecord {
		return 0, 0, false
	}
	size, ok = types.Sizeof(elem)
	if !ok || size <= 0 {
		return 0, 0, false
	}
	members := map[string]bool{}
	under := map[ast.Expr]bool{}
	ast.InspectCode(n, func(m ast.Node) bool {
		x, isMember := m.(*ast.MemberExpr)
		if !isMember || x.Arrow || x.Name == nil {
			return ok
		}
		base := ast.Unparen(x.X)
		if !accs[base] {
			return ok
		}
		under[base] = true
		if members[x.Name.Name] {
			return ok
		}
		members[x.Name.Name] = true
		t := c.info.TypeOf(x)
		if t == nil {
			ok = false
			return false
		}
		s, known := types.Sizeof(t)
		if !known {
			ok = false
			return false
		}
		read += s
		return ok
	})
	if !ok {
		return 0, 0, false
	}
	for e := range accs {
		if !under[e] {
			return size, size, true // used whole
		}
	}
	return min(read, size), size, true
}

// moreBytes says, when copying whole elements of a structure brings more
// bytes than the fields the accesses read, by how much: a bulk copy makes
// far fewer operations, but more bytes than the original reads (which
// fix --validate refuses); "" otherwise.
func (c *checker) moreBytes(n ast.Node, accs map[ast.Expr]bool, elem types.Type) string {
	read, size, ok := c.fieldBytes(n, accs, elem)
	if !ok || read >= size {
		return ""
	}
	return fmt.Sprintf("it copies whole %d-byte elements where the loop reads %d bytes of each: fewer operations but more bytes", size, read)
}
