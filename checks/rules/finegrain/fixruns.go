package finegrain

import (
	"bytes"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
)

// The run-merging write rewrite: a loop P (for or upc_forall) whose body
// runs an inner loop writing one row segment of a cyclic array, as the
// stencil's
//
//	upc_forall (i = 1; i < N - 1; i++; &OUT[i])
//	    for (j = 1; j < N - 1; j++)
//	        OUT[i][j] = ...;
//
// Each row segment is written into a private buffer as by writeWhole, but
// instead of one upc_memput per owning thread and row, the thread's part
// of each row is appended to a pending run of its owner when it continues
// that run in the owner's memory; a run is put when the next part does not
// continue it, when its staging space is full, and after P. The same
// elements get the same values: a run holds exactly the parts of rows the
// iterations wrote, in iteration order, and nothing in P reads the array.
// The bookkeeping is in P's body, so it follows the iterations this thread
// actually runs, whatever P's affinity does.

// parentRuns returns P when the write of w may be merged across its
// iterations, or nil.
func (c *checker) parentRuns(w *writeFix) (*cfg.Loop, *ast.Block) {
	p := w.l.Parent
	if p == nil || p != w.g.loop && !w.g.loop.Contains(p.Header) {
		return nil, nil
	}
	var body ast.Stmt
	switch s := p.Stmt.(type) {
	case *ast.ForStmt:
		body = s.Body
	case *ast.ForallStmt:
		if s.Affinity != nil && s.Affinity.Continue {
			return nil, nil
		}
		body = s.Body
	default:
		return nil, nil
	}
	blk, ok := body.(*ast.Block)
	if !ok || !c.directItem(p.Stmt) || leaves(p.Stmt) {
		return nil, nil
	}
	found := false
	for _, it := range blk.Items {
		found = found || it == w.fs
	}
	if !found {
		return nil, nil
	}
	var aff ast.Node
	if fs, ok := p.Stmt.(*ast.ForallStmt); ok && fs.Affinity != nil && fs.Affinity.X != nil {
		aff = fs.Affinity.X
	}
	for _, o := range c.af.Accesses {
		if o == w.a || !p.Contains(o.Block) {
			continue
		}
		if o.Addr && aff != nil && aff.Start() <= o.Expr.Start() && o.Expr.End() <= aff.End() {
			continue // the affinity only names an element
		}
		if o.Var == w.v || o.Pointer && o.Shared {
			return nil, nil
		}
	}
	return p, blk
}

// writeRuns builds the run-merging rewrite of a cyclic array's row
// segment of n (constant, at most stackLimit) elements.
func (c *checker) writeRuns(fx *fixer, w *writeFix, p *cfg.Loop) *analysis.SuggestedFix {
	if len(w.lead) == 0 {
		return nil
	}
	nm, ok := fx.copyNames(c.fn.Decl, w.fs)
	if !ok {
		return nil
	}
	// The buffers are variable length arrays: no jump may enter their scope.
	jumps := false
	ast.InspectCode(c.fn.Decl.Body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GotoStmt, *ast.SwitchStmt, *ast.LabeledStmt:
			jumps = true
		}
		return !jumps
	})
	if jumps {
		return nil
	}
	frP, ok1 := fx.frame(p.Stmt)
	fr, ok2 := fx.frame(w.fs)
	if !ok1 || !ok2 {
		return nil
	}
	// flat index of the segment's first element
	flat := w.first
	mult := int64(1)
	for k := len(w.lead) - 1; k >= 0; k-- {
		mult *= w.lay.Dims[k+1].Len
		flat = flat.Add(w.lead[k].Scale(mult))
	}
	flats, ok := c.render(flat)
	if !ok {
		return nil
	}
	los, ok := c.render(w.lo)
	if !ok {
		return nil
	}
	zeros := strings.Repeat("[0]", len(w.lay.Dims))
	n := w.count.Const
	w.buf = fx.bufferName(w.v.Name())
	// The bookkeeping is named after the array (OUT_run, OUT_owner), else
	// after the buffer.
	names := map[string]string{}
	for _, s := range []string{"run", "first", "len", "cap", "owner"} {
		nm := w.v.Name() + "_" + s
		if !fx.names.Claim(nm) {
			if nm = w.buf + "_" + s; !fx.names.Claim(nm) {
				return nil
			}
		}
		names[s] = nm
	}
	run, first, ln, capn, o := names["run"], names["first"], names["len"], names["cap"], names["owner"]
	name := w.v.Name()
	u := frP.unit
	in := frP.indent
	var b strings.Builder
	fmt.Fprintf(&b, "%s/* %s: each thread's pending run of adjacent elements of %s, put with one upc_memput */\n", in, run, name)
	// the row's length as the loop's bound or the declaration names it
	nt := fx.constText(n, append([]ast.Node{heads(w.fs)}, fx.declNodes(w.v)...)...)
	fmt.Fprintf(&b, "%ssize_t %s = (%d + %s) / THREADS + 1, %s;\n", in, capn, w.stackElems(), nt, o)
	fmt.Fprintf(&b, "%s%s %s[THREADS * %s];\n", in, w.elem, run, capn)
	fmt.Fprintf(&b, "%ssize_t %s[THREADS], %s[THREADS];\n", in, first, ln)
	fmt.Fprintf(&b, "%sfor (%s = 0; %s < THREADS; %s++)\n%s%s%s[%s] = 0;\n", in, o, o, o, in, u, ln, o)
	beforeP := b.String()
	b.Reset()
	fmt.Fprintf(&b, "%s/* the row segment of %s this loop writes */\n", fr.indent, name)
	fmt.Fprintf(&b, "%s%s %s[%s];\n", fr.indent, w.elem, w.buf, nt)
	beforeL := b.String()

	// After the inner loop: append the row's part of every thread.
	b.Reset()
	i0 := fr.indent
	i1, i2, i3 := i0+u, i0+u+u, i0+u+u+u
	at := func(t string) string {
		if flats == "0" {
			return t
		}
		return flats + " + " + t
	}
	fmt.Fprintf(&b, "\n%s{\n", i0)
	fmt.Fprintf(&b, "%s/* each thread's part of the row (adjacent there) extends its pending run or starts one */\n", i1)
	t, cnt, k, f := nm.t, nm.n, nm.k, nm.flat
	fmt.Fprintf(&b, "%ssize_t %s, %s, %s, %s;\n", i1, t, cnt, k, f)
	fmt.Fprintf(&b, "%sfor (%s = 0; %s < THREADS && %s < %s; %s++) {\n", i1, t, t, t, nt, t)
	fmt.Fprintf(&b, "%s%s = (%s - %s + THREADS - 1) / THREADS;\n", i2, cnt, nt, t)
	fmt.Fprintf(&b, "%s%s = %s; /* flat index of the part's first element */\n", i2, f, at(t))
	fmt.Fprintf(&b, "%s%s = %s %% THREADS;\n", i2, o, f)
	fmt.Fprintf(&b, "%sif (%s[%s] > 0 && (%s[%s] + %s[%s] * THREADS != %s\n", i2, ln, o, first, o, ln, o, f)
	fmt.Fprintf(&b, "%s%s|| %s[%s] + %s > %s)) {\n", i2, u, ln, o, cnt, capn)
	fmt.Fprintf(&b, "%supc_memput(&%s%s + %s[%s], %s + %s * %s, %s[%s] * sizeof *%s);\n", i3, name, zeros, first, o, run, o, capn, ln, o, run)
	fmt.Fprintf(&b, "%s%s[%s] = 0;\n", i3, ln, o)
	fmt.Fprintf(&b, "%s}\n", i2)
	fmt.Fprintf(&b, "%sif (%s[%s] == 0)\n%s%s%s[%s] = %s;\n", i2, ln, o, i2, u, first, o, f)
	fmt.Fprintf(&b, "%sfor (%s = 0; %s < %s; %s++)\n", i2, k, k, cnt, k)
	fmt.Fprintf(&b, "%s%s%s[%s * %s + %s[%s] + %s] = %s[%s + %s * THREADS];\n", i2, u, run, o, capn, ln, o, k, w.buf, t, k)
	fmt.Fprintf(&b, "%s%s[%s] += %s;\n", i2, ln, o, cnt)
	fmt.Fprintf(&b, "%s}\n%s}", i1, i0)
	afterL := b.String()

	b.Reset()
	fmt.Fprintf(&b, "\n%sfor (%s = 0; %s < THREADS; %s++)\n", in, o, o, o)
	fmt.Fprintf(&b, "%s%sif (%s[%s] > 0)\n", in, u, ln, o)
	fmt.Fprintf(&b, "%s%s%supc_memput(&%s%s + %s[%s], %s + %s * %s, %s[%s] * sizeof *%s);\n", in, u, u, name, zeros, first, o, run, o, capn, ln, o, run)
	afterP := strings.TrimPrefix(b.String(), "\n")

	// The declarations go at the end of the line before P, so that a read
	// rewrite of the same loop can insert its fetch right before P.
	src, off, ok := fx.source(frP.lineStart)
	if !ok || fr.inline || frP.inline || off < 2 || src[off-1] != '\n' || src[off-2] == '\\' {
		return nil
	}
	declAt := frP.lineStart - 1
	edits := fx.rewriteAccess(w, los, w.lo, "")
	// The final puts go at the start of the line after P, so that a read
	// rewrite of the same loop can free its buffer right after P.
	lAt, pAt := fx.lineEnd(fr.end), fx.lineEnd(frP.end)
	if nl := bytes.IndexByte(src[off+int(pAt-frP.lineStart):], '\n'); nl != 0 {
		return nil
	}
	pAt++
	edits = append(edits,
		analysis.TextEdit{Pos: declAt, End: declAt, NewText: []byte("\n" + strings.TrimSuffix(beforeP, "\n"))},
		analysis.TextEdit{Pos: fr.lineStart, End: fr.lineStart, NewText: []byte(beforeL)},
		analysis.TextEdit{Pos: lAt, End: lAt, NewText: []byte(afterL)},
		analysis.TextEdit{Pos: pAt, End: pAt, NewText: []byte(afterP)})
	msg := fmt.Sprintf("coalesce the writes of %s: write each row into a private buffer and put the rows with one upc_memput per thread and run of adjacent elements", name)
	return &analysis.SuggestedFix{Message: msg, TextEdits: edits}
}
