package finegrain

import (
	"fmt"
	"slices"
	"strings"

	gotoken "go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Adjacent fields of one element, one transfer per iteration.
//
// A loop that reads some fields of every element of a shared array of
// structures (fish[j].x and fish[j].y of a 32-byte particle) would, fetched
// with one upc_memget per owning thread, move whole elements: more bytes
// than the loop reads, so that rewrite is only shown. When the fields one
// iteration reads lie next to each other in the structure, one upc_memget
// of that span per iteration brings them into a private structure instead
// of one remote read per field: fewer operations, the same bytes. This is
// the static coalescing of the fields of one element of Alvanos et al.,
// "Combining Static and Dynamic Data Coalescing in Unified Parallel C",
// §4.2, without their runtime's gathering of the elements of one thread
// (standard UPC has no strided copy).

// spanFix returns that rewrite of the reads of g, or nil: every read must
// be a field read of an element group of the body of the loop holding it
// (elementGroups, with affine indices), and each group's fields adjacent.
func (c *checker) spanFix(fx *fixer, g *group) *checks.SuggestedFix {
	if fx == nil || len(g.accs) == 0 || g.accs[0].Var == nil {
		return nil
	}
	v := g.accs[0].Var
	// The reads are grouped in the loop whose body holds them, which may
	// be nested in the loop of g.
	var loops []ast.Stmt
	for _, a := range g.accs {
		if len(a.Loops) == 0 || a.Loops[0].Stmt == nil {
			return nil
		}
		if s := a.Loops[0].Stmt; !slices.Contains(loops, s) {
			loops = append(loops, s)
		}
	}
	covered := map[ast.Expr]bool{}
	pipelined := false // some group's fields are fetched one by one, overlapped
	var edits []analysis.TextEdit
	var what []string
	for _, loop := range loops {
		body, isBlock := ast.LoopBody(loop).(*ast.Block)
		if !isBlock {
			s := ast.LoopBody(loop)
			if s == nil {
				return nil
			}
			body = &ast.Block{Items: []ast.Stmt{s}}
		}
		var groups []*elemGroup
		for _, eg := range c.elementGroups(loop, body, true) {
			if eg.v == v {
				groups = append(groups, eg)
			}
		}
		if !isBlock && len(groups) > 1 {
			return nil // one statement, braced once
		}
		for _, eg := range groups {
			e, overlapped, ok := c.spanEdits(fx, eg, !isBlock)
			if !ok {
				return nil
			}
			pipelined = pipelined || overlapped
			for _, r := range eg.reads {
				covered[r.ix] = true
			}
			edits = append(edits, e...)
			what = append(what, strings.Join(eg.fields(), ", ")+" of "+v.Name()+"["+eg.key+"]")
		}
	}
	for _, a := range g.accs {
		if a.Write || !covered[ast.Unparen(a.Expr)] {
			return nil // a read the groups leave fine-grained
		}
	}
	msg := fmt.Sprintf("coalesce the field reads of %s: one upc_memget per iteration brings the adjacent fields %s into a private structure",
		v.Name(), strings.Join(what, "; "))
	if pipelined {
		msg = fmt.Sprintf("overlap the field reads of %s: per iteration, non-blocking gets (upc_memget_nbi) of %s into a private structure, completed together by upc_synci (the loop's reads and bytes, one wait instead of one per field)",
			v.Name(), strings.Join(what, "; "))
		e, ok := fx.includeHeader(g.loop.Stmt.Start(), "upc_nb.h")
		if !ok {
			return nil
		}
		if e != nil {
			edits = append(edits, *e)
		}
	}
	return checks.FixOf(&analysis.SuggestedFix{Message: msg, TextEdits: edits}, "")
}

// spanEdits writes one group's copy and its reads of the copy; wrap: the
// loop's body is the group's one statement, which gets braces.
func (c *checker) spanEdits(fx *fixer, eg *elemGroup, wrap bool) (edits []analysis.TextEdit, pipelined, ok bool) {
	rec, isRec := types.Core(eg.lay.Elem).(*types.Record)
	ts := copyTypeText(eg.lay.Elem)
	if !isRec || rec.Kind != types.Struct || ts == "" {
		return nil, false, false
	}
	var fields []*types.Field
	for _, name := range eg.fields() {
		i := slices.IndexFunc(rec.Fields, func(f *types.Field) bool { return f.Name == name })
		if i < 0 || rec.Fields[i].BitField {
			return nil, false, false
		}
		fields = append(fields, rec.Fields[i])
	}
	slices.SortFunc(fields, func(a, b *types.Field) int { return int(a.Offset - b.Offset) })
	accs := map[ast.Expr]bool{}
	for _, r := range eg.reads {
		accs[r.ix] = true
	}
	read, _, known := c.fieldBytes(eg.loop, accs, eg.lay.Elem)
	if !known {
		return nil, false, false
	}
	// The fields, by offset, follow each other without a gap and hold no
	// more bytes than the loop reads (v[3] of double v[300] is 8 bytes of
	// 2,400): one transfer of the span. Otherwise each field is one
	// non-blocking transfer, all completed together: as many reads and
	// bytes as the loop, overlapped.
	adjacent, sum := true, int64(0)
	for k, f := range fields {
		size, known := types.Sizeof(f.Type)
		if !known {
			return nil, false, false
		}
		sum += size
		if k+1 < len(fields) && f.Offset+size != fields[k+1].Offset {
			adjacent = false
		}
	}
	last, _ := types.Sizeof(fields[len(fields)-1].Type)
	pipelined = !adjacent || fields[len(fields)-1].Offset+last-fields[0].Offset > read
	if pipelined && (len(fields) < 2 || sum > read) {
		return nil, false, false
	}
	// The element's text must be the source's (not a macro expansion).
	var elemText string // the first read's: the copy reads there
	for k, r := range eg.reads {
		t, ok := fx.exactText(r.ix)
		if !ok {
			return nil, false, false
		}
		if k == 0 {
			elemText = t
		}
	}
	first := eg.reads[0]
	item := eg.body.Items[first.item]
	fr, ok := fx.frame(item)
	if !ok {
		return nil, false, false
	}
	buf := fx.bufferName(eg.v.Name() + "_elem")
	in := fr.indent
	names := eg.fields()
	var copyText string
	if pipelined {
		var b strings.Builder
		fmt.Fprintf(&b, "%s/* %s of %s[%s], fetched together */\n%s%s %s;\n", in, edit.AndList(names), eg.v.Name(), eg.key, in, ts, buf)
		for _, f := range fields {
			fmt.Fprintf(&b, "%supc_memget_nbi(&%s.%s, &%s.%s, sizeof %s.%s);\n", in, buf, f.Name, elemText, f.Name, buf, f.Name)
		}
		fmt.Fprintf(&b, "%supc_synci();\n", in)
		copyText = b.String()
	} else {
		var sizes []string
		for _, f := range fields {
			sizes = append(sizes, "sizeof "+buf+"."+f.Name)
		}
		copyText = fmt.Sprintf("%s/* %s of %s[%s], in one transfer */\n%s%s %s;\n%supc_memget(&%s.%s, &%s.%s, %s);\n",
			in, edit.AndList(names), eg.v.Name(), eg.key, in, ts, buf, in, buf, fields[0].Name, elemText, fields[0].Name,
			strings.Join(sizes, " + "))
	}
	if !wrap {
		edits := []analysis.TextEdit{fr.insert(copyText)}
		for _, r := range eg.reads {
			edits = append(edits, analysis.TextEdit{Pos: r.ix.Start(), End: r.ix.End(), NewText: []byte(buf)})
		}
		return edits, pipelined, true
	}
	// for (...) s;  ->  for (...) { copy; s with the copy }
	stmt, ok := fx.rewriteIn(item, eg.reads, buf)
	if !ok {
		return nil, false, false
	}
	outer, ok := fx.frame(eg.loop)
	if !ok {
		return nil, false, false
	}
	src, off, ok := fx.source(item.Start())
	if !ok {
		return nil, false, false
	}
	gap := off
	for gap > 0 && (src[gap-1] == ' ' || src[gap-1] == '\t' || src[gap-1] == '\n' || src[gap-1] == '\r') {
		gap--
	}
	from := item.Start() - gotoken.Pos(off-gap)
	// a comment after the statement stays after it
	to := fx.lineEnd(item.End())
	_, e0, ok1 := fx.source(item.End())
	_, e1, ok2 := fx.source(to)
	if !ok1 || !ok2 || e1 < e0 {
		return nil, false, false
	}
	text := " {\n" + copyText + in + stmt + string(src[e0:e1]) + "\n" + outer.indent + "}"
	return []analysis.TextEdit{{Pos: from, End: to, NewText: []byte(text)}}, pipelined, true
}

// exactText returns the source text of n when it is what the node prints
// (so not a macro expansion).
func (fx *fixer) exactText(n ast.Node) (string, bool) {
	src, start, ok1 := fx.source(n.Start())
	_, end, ok2 := fx.source(n.End())
	if !ok1 || !ok2 || end < start || squeeze(src[start:end]) != squeeze([]byte(ast.NodeString(n))) {
		return "", false
	}
	return string(src[start:end]), true
}

// rewriteIn returns the source text of s with each read's element
// replaced by buf.
func (fx *fixer) rewriteIn(s ast.Stmt, reads []elemRead, buf string) (string, bool) {
	src, start, ok1 := fx.source(s.Start())
	_, end, ok2 := fx.source(s.End())
	if !ok1 || !ok2 || end < start {
		return "", false
	}
	var b strings.Builder
	at := start
	for _, r := range reads {
		_, rs, ok1 := fx.source(r.ix.Start())
		_, re, ok2 := fx.source(r.ix.End())
		if !ok1 || !ok2 || rs < at || re > end {
			return "", false
		}
		b.Write(src[at:rs])
		b.WriteString(buf)
		at = re
	}
	b.Write(src[at:end])
	return b.String(), true
}
