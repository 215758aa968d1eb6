package finegrain

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// The owner-guard read rewrite: a loop that runs its body only in the
// iterations its thread owns, testing the owner by hand, as the UPC
// tutorial's first Jacobi sweep does over cyclic arrays,
//
//	for (j = 1; j < N*THREADS - 1; j++)
//	    if (j % THREADS == MYTHREAD)
//	        x_new[j] = 0.5 * (x[j-1] + x[j+1] + b[j]);
//
// reads x[j + c] for j = first, first + THREADS, ...: for each offset c,
// elements of one thread of a cyclic array, adjacent in its memory (Chen,
// "Building a Source-to-Source UPC-to-C Translator", §8.2, Figure 12a).
// One upc_memget per offset fetches exactly the elements the loop reads,
// read as x_local[(j - j_first) / THREADS]. The reads must run in every
// iteration the guard lets through, so that nothing is fetched that the
// loop would not read.

// guardedFix returns the owner-guard rewrite of p's reads, or nil when the
// loop does not have that shape.
func (c *checker) guardedFix(fx *fixer, p *plan) *analysis.SuggestedFix {
	l := p.g.loop
	fs, ok := l.Stmt.(*ast.ForStmt)
	if !ok || fs.Init.Decl != nil || p.ptr || p.at != "" || len(p.lay.Dims) != 1 {
		return nil
	}
	if bs, ok := c.blockOf(p.g.accs[0]); !ok || bs != 1 {
		return nil
	}
	iv := l.Induction()
	if iv == nil || !iv.StepKnown || iv.StepConst != 1 || iv.Start == nil || iv.Op != "<" && iv.Op != "<=" {
		return nil
	}
	guard := ownerGuard(fs.Body, iv.Name)
	if guard == nil || continues(fs.Body) {
		return nil
	}
	lo, hi, _ := c.af.IVRange(l)
	// i % THREADS is i's owner only for i >= 0
	if lo == nil || !lo.IsConst() || lo.Const < 0 || !c.invariantIn(hi, l) {
		return nil
	}
	hs, ok := c.render(hi) // the last iteration
	if !ok {
		return nil
	}
	// the distinct offsets c of the reads p.v[i + c], in order of appearance
	var offs []int64
	slot := map[int64]int{}
	for _, a := range p.g.accs {
		coef, rest, ok := a.Index.Split(iv.Name)
		if !ok || coef != 1 || !rest.IsConst() || !within(a.Expr.Start(), guard.Then) || conditionalIn(guard.Then, a.Expr) {
			return nil
		}
		if _, seen := slot[rest.Const]; !seen {
			slot[rest.Const] = len(offs)
			offs = append(offs, rest.Const)
		}
	}
	ivVar := c.ivVar(fs, iv.Name)
	fr, ok := fx.frame(fs)
	if ivVar == nil || !types.IsInteger(types.Unqualified(ivVar.Type())) || !ok {
		return nil
	}
	// names fresh in the function, as another guarded loop of the unit
	// may have the same
	first := fx.localName(c.fn.Decl, iv.Name+"_first", "first")
	count := fx.localName(c.fn.Decl, p.v.Name()+"_n", "count")
	bufs := make([]string, len(offs))
	for k := range offs {
		bufs[k] = fx.localName(c.fn.Decl, p.v.Name()+"_local", "_local")
	}
	if first == "" || count == "" || slices.Contains(bufs, "") {
		return nil
	}
	in := fr.indent
	var b strings.Builder
	fmt.Fprintf(&b, "%s/* the elements of %s this thread's iterations read: per offset, adjacent on one thread */\n", in, p.v.Name())
	start := "MYTHREAD"
	if lo.Const != 0 {
		start = fmt.Sprintf("%d + ((MYTHREAD - %d) %% THREADS + THREADS) %% THREADS", lo.Const, lo.Const)
	}
	fmt.Fprintf(&b, "%s%s;\n", in, types.TypeString(types.Unqualified(ivVar.Type()), first+" = "+start))
	fmt.Fprintf(&b, "%ssize_t %s = %s <= %s ? (%s - %s) / THREADS + 1 : 0;\n", in, count, first, hs, hs, first)
	heap := false
	for k := range offs {
		p.buf = bufs[k]
		decl, h := p.declare(fr, count, -1)
		b.WriteString(decl)
		heap = heap || h
	}
	fmt.Fprintf(&b, "%sif (%s > 0) {\n", in, count)
	for k, off := range offs {
		at := first
		switch {
		case off > 0:
			at += " + " + strconv.FormatInt(off, 10)
		case off < 0:
			at += " - " + strconv.FormatInt(-off, 10)
		}
		fmt.Fprintf(&b, "%s%supc_memget(%s, &%s[%s], %s * sizeof *%s);\n", in, fr.unit, bufs[k], p.v.Name(), at, count, bufs[k])
	}
	fmt.Fprintf(&b, "%s}\n", in)
	idx := fmt.Sprintf("(%s - %s) / THREADS", iv.Name, first)
	edits, ok := readAtEdits(p.g.accs, func(a *affine.Access) string {
		_, rest, _ := a.Index.Split(iv.Name)
		return bufs[slot[rest.Const]]
	}, idx)
	if !ok {
		return nil
	}
	edits = append(edits, fr.insert(b.String()))
	if heap {
		at := fx.lineEnd(fr.end)
		var frees strings.Builder
		for _, buf := range bufs {
			fmt.Fprintf(&frees, "\n%sfree(%s);", in, buf)
		}
		edits = append(edits, analysis.TextEdit{Pos: at, End: at, NewText: []byte(frees.String())})
		e, ok := fx.includeHeader(fr.lineStart, "stdlib.h")
		if !ok {
			return nil
		}
		if e != nil {
			edits = append(edits, *e)
		}
	}
	msg := fmt.Sprintf("coalesce the reads of %s: fetch the elements the iterations of this thread read with one upc_memget per offset before the loop", p.v.Name())
	return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
}

// ownerGuard returns the if statement without else that is all of body
// (or its block's one item) when it tests iv % THREADS == MYTHREAD (either
// way round), nil otherwise.
func ownerGuard(body ast.Stmt, iv string) *ast.IfStmt {
	if b, ok := body.(*ast.Block); ok && len(b.Items) == 1 {
		body = b.Items[0]
	}
	is, ok := body.(*ast.IfStmt)
	if !ok || is.Else != nil {
		return nil
	}
	eq, ok := ast.Unparen(is.Cond).(*ast.BinaryExpr)
	if !ok || eq.Op != "==" {
		return nil
	}
	upc := func(e ast.Expr, name string) bool {
		k, ok := ast.Unparen(e).(*ast.UPCConst)
		return ok && k.Name == name
	}
	owner := func(x, y ast.Expr) bool {
		mod, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok || mod.Op != "%" || !upc(y, affine.MyThread) || !upc(mod.Y, affine.Threads) {
			return false
		}
		i, ok := ast.Unparen(mod.X).(*ast.Name)
		return ok && i.Name == iv
	}
	if owner(eq.X, eq.Y) || owner(eq.Y, eq.X) {
		return is
	}
	return nil
}

// conditionalIn reports whether x, inside root, is evaluated only under a
// condition there: in a branch of an if, a loop, a switch, ?:, && or ||.
func conditionalIn(root ast.Node, x ast.Expr) bool {
	found := false
	ast.InspectCode(root, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt, *ast.ForStmt, *ast.ForallStmt, *ast.WhileStmt, *ast.DoStmt, *ast.SwitchStmt, *ast.CondExpr:
			found = found || within(x.Start(), n)
		case *ast.BinaryExpr:
			found = found || (n.Op == "&&" || n.Op == "||") && within(x.Start(), n)
		}
		return !found
	})
	return found
}
