package collidiom

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
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
// byte copy), and A relaxed (the non-blocking reads are relaxed). A loop
// that is the unbraced body of an if or a loop gets braces.
func (c *checker) fixPipelined(s *ast.ForStmt, t string) *checks.SuggestedFix {
	ed := c.ed
	// the copies: the body's one statement, or each of its statements
	// (doublereduce's two directories of pointers, copied side by side)
	var items []ast.Stmt
	if b, isBlock := s.Body.(*ast.Block); isBlock {
		items = b.Items
	} else if s.Body != nil {
		items = []ast.Stmt{s.Body}
	}
	var edits []analysis.TextEdit
	var arrays []string
	for _, it := range items {
		es, ok := it.(*ast.ExprStmt)
		if !ok || es.X == nil {
			return nil
		}
		a, ok := ast.Unparen(es.X.(ast.Expr)).(*ast.AssignExpr)
		if !ok {
			return nil
		}
		e, arr := c.pipelinedCopy(a, t)
		if arr == "" {
			return nil
		}
		edits = append(edits, e)
		arrays = append(arrays, arr)
	}
	if len(edits) == 0 {
		return nil
	}
	sync := "\n" + ed.Indent(s.Start()) + "upc_synci();"
	// the unbraced body of an if or a loop: braces keep upc_synci() in it
	braces, ok := ed.BlockFor(c.fn.Decl.Body, s)
	switch {
	case !ok:
		return nil
	case braces == nil:
		edits = append(edits, edit.Insert(s.End(), sync))
	default:
		open, closing := braces[0], braces[1]
		closing.NewText = append([]byte(sync), closing.NewText...)
		edits = append(edits, open, closing)
	}
	if !ed.Includes(nbHeader) {
		edits = append([]analysis.TextEdit{ed.IncludeEdit(nbHeader)}, edits...)
	}
	return checks.FixOf(&analysis.SuggestedFix{
		Message:   fmt.Sprintf("read the elements of %s with pipelined non-blocking gets (upc_memget_nbi) completed together by upc_synci", edit.AndList(slices.Compact(arrays))),
		TextEdits: edits}, "")
}

// pipelinedCopy returns the non-blocking get that replaces the copy
// "P[t] = A[t]" and A's name, or "" when a is no such copy: P[t] an
// addressable private lvalue of exactly A's element type, A relaxed, of
// one element per thread.
func (c *checker) pipelinedCopy(a *ast.AssignExpr, t string) (analysis.TextEdit, string) {
	if a.Op != "=" {
		return analysis.TextEdit{}, ""
	}
	l, r := ast.Unparen(a.L), ast.Unparen(a.R)
	arr, blk, v := c.scalarArray(r, t)
	if arr == nil || blk != 1 || c.strictUnsafe(arr) != "" {
		return analysis.TextEdit{}, ""
	}
	switch x := l.(type) {
	case *ast.IndexExpr, *ast.Name:
	case *ast.UnaryExpr:
		if x.Op != "*" {
			return analysis.TextEdit{}, ""
		}
	default:
		return analysis.TextEdit{}, ""
	}
	lt := c.info.TypeOf(l)
	if lt == nil || types.IsShared(lt) || !uses(l, t) || edit.SideEffects(l) ||
		types.TypeString(types.Unqualified(lt), "") != types.TypeString(v, "") {
		return analysis.TextEdit{}, ""
	}
	lx := c.ed.Text(l)
	return edit.Replace(a, fmt.Sprintf("upc_memget_nbi(&%s, &%s, sizeof(%s))", lx, c.ed.Text(r), lx)), arr.Name
}

// fixPipelinedReads rewrites a loop over the threads that reads one
// element of each thread of some arrays, a reduction such as
// "for (t...) { s += A[t]; if (B[t] > m) m = B[t]; }" (one thread or every
// thread combining the partial sums and maxima of all), into pipelined
// gets into private copies, read by the loop as before:
//
//	T A_local[THREADS];
//	for (t = 0; t < THREADS; t++)
//	    upc_memget_nbi(&A_local[t], &A[t], sizeof(A_local[t]));
//	upc_synci();
//	for (t = 0; t < THREADS; t++)
//	    s += A_local[t];
//
// The remote reads and their bytes are those of the loop, but they
// overlap instead of following each other, and the values are combined in
// the loop's order and precision: unlike upc_all_reduce, which every
// thread must call and whose barriers and tree cost more than THREADS-1
// reads below some tens of threads, it changes no result and needs no
// branch executed by every thread. A loop that is the unbraced body of an
// if or a loop gets braces. Every shared access of the body must be
// a read of A[t], A a relaxed array of scalars with one element per
// thread, and each A read in every iteration (the prefetch reads all of
// them once); the body may not call functions or leave the loop early.
func (c *checker) fixPipelinedReads(s *ast.ForStmt, t string) *checks.SuggestedFix {
	ed := c.ed
	if s.Post == nil || s.Body == nil {
		return nil
	}
	// the copies are declared before the loop, in its block, or in one the
	// rewrite makes of the unbraced body the loop is (if (MYTHREAD == 0) for ...)
	braces, ok := ed.BlockFor(c.fn.Decl.Body, s)
	if !ok {
		return nil
	}
	type copied struct {
		arr  *ast.Name
		elem string
		buf  string
	}
	var arrays []*copied
	byName := map[string]*copied{}
	reads := map[*ast.IndexExpr]bool{}
	var order []*ast.IndexExpr // the reads in source order: the edits' order
	// Elements stored to or addressed are no reads to prefetch; any other
	// shared access is an expression of shared type the walk meets.
	written := map[ast.Expr]bool{}
	clean := true
	ast.InspectEval(s.Body, func(n ast.Node) bool {
		if !clean {
			return false
		}
		if lv := cfg.Stored(n); lv != nil {
			written[ast.Unparen(lv)] = true
		}
		switch x := n.(type) {
		case *ast.CallExpr, *ast.StmtExpr, *ast.GotoStmt, *ast.BreakStmt, *ast.ContinueStmt, *ast.ReturnStmt, *ast.LabeledStmt:
			clean = false
		case *ast.UnaryExpr:
			if x.Op == "&" {
				written[ast.Unparen(x.X)] = true
			}
		case *ast.IndexExpr:
			if arr, blk, v := c.scalarArray(x, t); arr != nil {
				elem := types.TypeString(types.Unqualified(v), "")
				if written[x] || blk != 1 || c.strictUnsafe(arr) != "" || strings.ContainsAny(elem, "([") {
					clean = false
					return false
				}
				if byName[arr.Name] == nil {
					byName[arr.Name] = &copied{arr: arr, elem: elem}
					arrays = append(arrays, byName[arr.Name])
				}
				reads[x] = true
				order = append(order, x)
				return false // the index is t
			}
		}
		if e, isExpr := n.(ast.Expr); clean && isExpr {
			if ty := c.info.TypeOf(e); ty != nil && types.IsShared(ty) {
				clean = false // another shared access
			}
		}
		return clean
	})
	if !clean || len(arrays) == 0 {
		return nil
	}
	// Each array must be read in every iteration: the prefetch reads all.
	every := map[string]bool{}
	for x := range unconditionalReads(s.Body) {
		if reads[x] {
			every[ast.Unparen(x.X).(*ast.Name).Name] = true
		}
	}
	for _, a := range arrays {
		if !every[a.arr.Name] {
			return nil
		}
	}
	header := ed.TextBetween(s.Start(), s.Post.End()) + ")"
	indent := ed.Indent(s.Start())
	inner := indent + "    "
	if b, isBlock := s.Body.(*ast.Block); !isBlock || len(b.Items) > 0 {
		first := s.Body
		if isBlock {
			first = b.Items[0]
		}
		if in := ed.Indent(first.Start()); len(in) > len(indent) {
			inner = in
		}
	}
	var b strings.Builder
	var names []string
	for _, a := range arrays {
		a.buf = ed.Fresh(edit.Ident(a.arr.Name) + "_local")
		names = append(names, a.buf)
		fmt.Fprintf(&b, "%s %s[THREADS];\n%s", a.elem, a.buf, indent)
	}
	b.WriteString(header)
	if len(arrays) > 1 {
		b.WriteString(" {")
	}
	for _, a := range arrays {
		get := fmt.Sprintf("%s[%s]", a.buf, t)
		fmt.Fprintf(&b, "\n%supc_memget_nbi(&%s, &%s[%s], sizeof(%s));", inner, get, a.arr.Name, t, get)
	}
	if len(arrays) > 1 {
		b.WriteString("\n" + indent + "}")
	}
	fmt.Fprintf(&b, "\n%supc_synci();\n%s", indent, indent)
	edits := append([]analysis.TextEdit{edit.Insert(s.Start(), b.String())}, braces...)
	for _, x := range order {
		edits = append(edits, edit.Replace(ast.Unparen(x.X), byName[ast.Unparen(x.X).(*ast.Name).Name].buf))
	}
	if !ed.Includes(nbHeader) {
		edits = append([]analysis.TextEdit{ed.IncludeEdit(nbHeader)}, edits...)
	}
	var from []string
	for _, a := range arrays {
		from = append(from, a.arr.Name)
	}
	return checks.FixOf(&analysis.SuggestedFix{
		Message: fmt.Sprintf("read the elements of %s into %s with pipelined non-blocking gets (upc_memget_nbi) completed together by upc_synci, then run the loop on the copies",
			edit.AndList(from), edit.AndList(names)),
		TextEdits: edits}, "")
}

// unconditionalReads yields the element accesses of body that every
// execution of it evaluates: those of its statements in sequence and of
// the conditions of its if statements, outside the right operands of &&
// and || and the arms of ?:.
func unconditionalReads(body ast.Stmt) func(yield func(*ast.IndexExpr) bool) {
	return func(yield func(*ast.IndexExpr) bool) {
		more := true
		var expr func(n ast.Node)
		expr = func(n ast.Node) {
			ast.InspectEval(n, func(m ast.Node) bool {
				if !more {
					return false
				}
				switch x := m.(type) {
				case *ast.BinaryExpr:
					if x.Op == "&&" || x.Op == "||" {
						expr(x.X)
						return false
					}
				case *ast.CondExpr:
					expr(x.Cond)
					return false
				case *ast.IndexExpr:
					more = yield(x)
				}
				return more
			})
		}
		var stmt func(s ast.Stmt)
		stmt = func(s ast.Stmt) {
			switch x := s.(type) {
			case *ast.Block:
				for _, it := range x.Items {
					stmt(it)
				}
			case *ast.ExprStmt:
				if x.X != nil {
					expr(x.X)
				}
			case *ast.DeclStmt:
				expr(x.Decl)
			case *ast.IfStmt:
				expr(x.Cond)
			}
		}
		stmt(body)
	}
}
