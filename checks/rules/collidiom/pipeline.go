package collidiom

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// nbHeader declares the UPC 1.3 non-blocking transfers.
const nbHeader = "upc_nb.h"

// fixPipelined rewrites the gather "for (t...) P[t] = A[t];" (every thread
// or one thread reading one element of each thread, the NAS FT pointer
// broadcast of Chen's translator report §8.3.2, Figure 14) into pipelined
// non-blocking gets, as Iancu et al.'s runtime does for such loops
// ("Performance Portable Optimizations for Loops Containing Communication
// Operations", pipelined get):
//
//	for (t = 0; t < THREADS; t++)
//	    upc_memget_nbi(&P[t], &A[t], sizeof(P[t]));
//	upc_synci();
//
// The THREADS-1 remote reads stay, but each costs its initiator only the
// issue, and all complete together at upc_synci: no collective, no
// barrier, no temporary, so it is offered before upc_all_gather_all. P[t]
// must be an addressable private lvalue of exactly A's element type (a
// byte copy), and A relaxed (the non-blocking reads are relaxed).
func (c *checker) fixPipelined(s *ast.ForStmt, a *ast.AssignExpr, t string) *checks.SuggestedFix {
	ed := c.ed
	if a.Op != "=" {
		return nil
	}
	l, r := ast.Unparen(a.L), ast.Unparen(a.R)
	arr, blk, v := c.scalarArray(r, t)
	if arr == nil || blk != 1 || c.strictUnsafe(arr) != "" {
		return nil
	}
	switch x := l.(type) {
	case *ast.IndexExpr, *ast.Name:
	case *ast.UnaryExpr:
		if x.Op != "*" {
			return nil
		}
	default:
		return nil
	}
	lt := c.info.TypeOf(l)
	if lt == nil || types.IsShared(lt) || !uses(l, t) || edit.SideEffects(l) ||
		types.TypeString(types.Unqualified(lt), "") != types.TypeString(v, "") {
		return nil
	}
	if _, inBlock := edit.Parent(c.fn.Decl.Body, s).(*ast.Block); !inBlock {
		return nil
	}
	lx := ed.Text(l)
	edits := []analysis.TextEdit{
		edit.Replace(a, fmt.Sprintf("upc_memget_nbi(&%s, &%s, sizeof(%s))", lx, ed.Text(r), lx)),
		edit.Insert(s.End(), "\n"+ed.Indent(s.Start())+"upc_synci();"),
	}
	if !ed.Includes(nbHeader) {
		edits = append([]analysis.TextEdit{ed.IncludeEdit(nbHeader)}, edits...)
	}
	return checks.FixOf(&analysis.SuggestedFix{
		Message:   fmt.Sprintf("read the elements of %s with pipelined non-blocking gets (upc_memget_nbi) completed together by upc_synci", arr.Name),
		TextEdits: edits}, "")
}
