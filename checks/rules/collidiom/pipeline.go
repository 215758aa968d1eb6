package collidiom

import (
	"fmt"
	"strings"

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

// fixPipelinedReduce rewrites the reduction "for (t...) s op= A[t];" (one
// element of each thread, read by one thread or by every thread) into
// pipelined gets into a private copy, reduced by the loop as before:
//
//	T A_local[THREADS];
//	for (t = 0; t < THREADS; t++)
//	    upc_memget_nbi(&A_local[t], &A[t], sizeof(A_local[t]));
//	upc_synci();
//	for (t = 0; t < THREADS; t++)
//	    s op= A_local[t];
//
// The remote reads and their bytes are those of the loop, but they
// overlap instead of following each other, and the values are combined in
// the loop's order and precision: unlike upc_all_reduce, which every
// thread must call and whose barriers and tree cost more than THREADS-1
// reads below some tens of threads, it changes no result and needs no
// branch executed by every thread.
func (c *checker) fixPipelinedReduce(s *ast.ForStmt, a *ast.AssignExpr, t string) *checks.SuggestedFix {
	ed := c.ed
	if reduceOps[a.Op] == "" || s.Post == nil {
		return nil
	}
	l, r := ast.Unparen(a.L), ast.Unparen(a.R)
	arr, blk, v := c.threadArray(r, t)
	if arr == nil || blk != 1 || c.strictUnsafe(arr) != "" || edit.SideEffects(l) {
		return nil
	}
	if lt := c.info.TypeOf(l); lt == nil || types.IsShared(lt) {
		return nil
	}
	if _, inBlock := edit.Parent(c.fn.Decl.Body, s).(*ast.Block); !inBlock {
		return nil
	}
	elem := types.TypeString(types.Unqualified(v), "")
	if strings.ContainsAny(elem, "([") {
		return nil
	}
	buf := ed.Fresh(edit.Ident(arr.Name) + "_local")
	header := ed.TextBetween(s.Start(), s.Post.End()) + ")"
	indent := ed.Indent(s.Start())
	inner := ed.Indent(a.Start())
	if len(inner) <= len(indent) {
		inner = indent + "    "
	}
	get := fmt.Sprintf("%s[%s]", buf, t)
	prefetch := fmt.Sprintf("%s %s[THREADS];\n%s%s\n%supc_memget_nbi(&%s, &%s, sizeof(%s));\n%supc_synci();\n%s",
		elem, buf, indent, header, inner, get, ed.Text(r), get, indent, indent)
	edits := []analysis.TextEdit{edit.Insert(s.Start(), prefetch), edit.Replace(r, get)}
	if !ed.Includes(nbHeader) {
		edits = append([]analysis.TextEdit{ed.IncludeEdit(nbHeader)}, edits...)
	}
	return checks.FixOf(&analysis.SuggestedFix{
		Message: fmt.Sprintf("read the elements of %s into %s with pipelined non-blocking gets (upc_memget_nbi) completed together by upc_synci, then reduce the copy",
			arr.Name, buf),
		TextEdits: edits}, "")
}
