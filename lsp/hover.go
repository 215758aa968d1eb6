package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"go.lsp.dev/protocol"

	"github.com/upclint/upclint/cfg/affinity"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

func (s *Server) hover(ctx context.Context, params json.RawMessage) (any, error) {
	var p protocol.HoverParams
	q, err := s.positionQuery(ctx, params, &p, &p.TextDocumentPositionParams)
	if q == nil {
		return nil, err
	}
	text, node := hoverText(q)
	if text == "" {
		return nil, nil
	}
	s.mu.Lock()
	markdown := s.caps.markdownHover
	s.mu.Unlock()
	h := &protocol.Hover{Contents: &protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text}}
	if !markdown {
		h.Contents = &protocol.MarkupContent{Kind: protocol.MarkupKindPlainText, Value: stripMarkdown(text)}
	}
	if node != nil {
		start, end := q.nodeRange(node)
		r := q.snap.m.rangeOf(start, end)
		h.Range = &r
	}
	return h, nil
}

func stripMarkdown(s string) string {
	s = strings.ReplaceAll(s, "```c\n", "")
	s = strings.ReplaceAll(s, "```", "")
	return strings.ReplaceAll(s, "`", "")
}

// hoverText describes what is under the cursor: a shared object's layout
// and the owner of an element access, a thread-dependent value, a
// upc_forall's distribution of iterations, or an object's type.
func hoverText(q *query) (string, ast.Node) {
	n := q.inner()
	if n == nil {
		return "", nil
	}
	// The element access a[i][j] around a shared array name (the cursor on
	// the name or on the brackets).
	if name, ix := q.accessAt(); ix != nil {
		if t := describeAccess(q, name, ix); t != "" {
			return t, ix
		}
	}
	switch x := n.(type) {
	case *ast.UPCConst:
		return upcConstText(q, x), x
	case *ast.ForallStmt:
		return forallText(q, x), nil
	}
	if obj, node := q.objectAt(); obj != nil {
		return objectText(q, obj), node
	}
	if e, ok := n.(ast.Expr); ok && q.info != nil {
		if tv, ok := q.info.Types[e]; ok && tv.Type != nil {
			var b strings.Builder
			fmt.Fprintf(&b, "```c\n%s\n```\n\ntype `%s`", ast.String(e), types.TypeString(tv.Type, ""))
			if tv.IsConstant() {
				fmt.Fprintf(&b, " = `%s`", tv.Value)
			}
			b.WriteString("\n")
			if types.IsShared(tv.Type) {
				b.WriteString("\nshared: this expression designates an object in the shared space.\n")
			}
			if ix, owner := addressOwner(q, e); owner != "" {
				fmt.Fprintf(&b, "\npointer-to-shared to `%s`, which lives on thread `%s`.\n", ast.String(ix), owner)
			}
			if fn := q.enclosingFunc(); fn != nil {
				if why, ok := newVariance(q, fn).depends(e); ok {
					fmt.Fprintf(&b, "\n**varies between threads**: depends on %s.\n", why)
				}
			}
			return b.String(), e
		}
	}
	return "", nil
}

// accessAt returns the element access under the cursor: the outermost
// IndexExpr of a chain a[i][j] and its base name, when the cursor is on the
// name or on a bracket (not inside a subscript).
func (q *query) accessAt() (*ast.Name, *ast.IndexExpr) {
	i := len(q.path) - 1
	switch n := q.path[i].(type) {
	case *ast.Name:
		return n, q.indexChain(i)
	case *ast.IndexExpr:
		base := ast.Expr(n)
		for {
			x, ok := base.(*ast.IndexExpr)
			if !ok {
				break
			}
			base = ast.Unparen(x.X)
		}
		name, ok := base.(*ast.Name)
		if !ok {
			return nil, nil
		}
		top := n
		for j := i - 1; j >= 0; j-- {
			p, ok := q.path[j].(*ast.IndexExpr)
			if !ok || ast.Unparen(p.X) != ast.Expr(top) {
				break
			}
			top = p
		}
		return name, top
	}
	return nil, nil
}

// indexChain returns the outermost IndexExpr of the chain a[i][j]... whose
// innermost base is path[i] (a name), or nil.
func (q *query) indexChain(i int) *ast.IndexExpr {
	var top *ast.IndexExpr
	child := q.path[i]
	for j := i - 1; j >= 0; j-- {
		switch p := q.path[j].(type) {
		case *ast.IndexExpr:
			if p.X != child {
				return top
			}
			top = p
			child = p
		case *ast.ParenExpr:
			child = p
		default:
			return top
		}
	}
	return top
}

// describeAccess explains the element access ix of shared array name.
func describeAccess(q *query, name *ast.Name, ix *ast.IndexExpr) string {
	if q.info == nil {
		return ""
	}
	v, ok := q.info.Uses[name].(*types.Var)
	if !ok {
		return ""
	}
	l := q.info.Layouts[v]
	if l == nil && types.IsPointerToShared(v.Type()) {
		return describePointerAccess(q, v, ix)
	}
	if l == nil || !l.IsArray {
		return ""
	}
	var idx []ast.Expr
	for e := ast.Expr(ix); ; {
		x, ok := e.(*ast.IndexExpr)
		if !ok {
			break
		}
		idx = append([]ast.Expr{x.Index}, idx...)
		e = ast.Unparen(x.X)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "```c\n%s\n```\n\n", ast.String(ix))
	fmt.Fprintf(&b, "element of `%s`\n\n", types.TypeString(v.Type(), v.Name()))
	layoutFacts(&b, q, l)
	if len(idx) == len(l.Dims) {
		strs := make([]string, len(idx))
		for i, e := range idx {
			strs[i] = ast.String(e)
		}
		flat := flatIndex(strs, l.Dims)
		fmt.Fprintf(&b, "- owner of `%s`: thread `%s`", ast.String(ix), ownerFormula(l, flat, q.info.StaticThreads))
		if k, ok := constIndex(q, idx, l); ok && q.info.StaticThreads > 0 {
			th, _, _ := l.Locate(k, q.info.StaticThreads)
			fmt.Fprintf(&b, " = %d", th)
		}
		b.WriteString("\n")
		affinityFacts(&b, q, ix)
	}
	return b.String()
}

// describePointerAccess explains the element access p[i] through the
// pointer-to-shared v (UPC 6.4.2: p + i moves i elements from the element p
// points to, crossing to the next thread at the end of each block).
func describePointerAccess(q *query, v *types.Var, ix *ast.IndexExpr) string {
	if _, ok := ast.Unparen(ix.X).(*ast.Name); !ok {
		return "" // a chain p[i][j]: the hover of the name covers it
	}
	elem := types.PointerElem(v.Type())
	blk := types.QualsOf(elem).Block
	var b strings.Builder
	fmt.Fprintf(&b, "```c\n%s\n```\n\n", ast.String(ix))
	fmt.Fprintf(&b, "element reached through the pointer-to-shared `%s`\n\n", types.TypeString(v.Type(), v.Name()))
	block, owner := pointerOwner(v.Name(), blk, ast.String(ix.Index))
	fmt.Fprintf(&b, "- block size: %s\n- owner of `%s`: thread `%s`\n", block, ast.String(ix), owner)
	affinityFacts(&b, q, ix)
	return b.String()
}

// pointerOwner describes the block size of the pointer-to-shared p whose
// target has layout blk, and spells the thread that owns p[i].
func pointerOwner(p string, blk types.Block, i string) (block, owner string) {
	switch bs := blk.BlockSize(); {
	case blk.Kind == types.BlockIndefinite:
		return "indefinite (`[]`): every element it reaches is on the thread it points to", "upc_threadof(" + p + ")"
	case bs <= 1:
		return "1 (cyclic)", fmt.Sprintf("(upc_threadof(%s) + %s) %% THREADS", p, paren(i))
	default:
		return fmt.Sprint(bs), fmt.Sprintf("(upc_threadof(%s) + (upc_phaseof(%s) + %s) / %d) %% THREADS", p, p, paren(i), bs)
	}
}

// affinityFacts writes whether the shared access ix is local, remote or
// unknown at this point of the program, and why.
func affinityFacts(b *strings.Builder, q *query, ix *ast.IndexExpr) {
	fact := affinityOf(q, ix)
	if fact != nil && fact.Kind != affinity.Unknown {
		fmt.Fprintf(b, "- affinity here: **%s**", fact.Kind)
		if fact.Reason != "" {
			fmt.Fprintf(b, " (%s)", fact.Reason)
		}
		b.WriteString("\n")
		return
	}
	reason := "the analysis cannot relate the owner to the executing thread"
	if fact != nil && fact.Reason != "" {
		reason = fact.Reason
	}
	fmt.Fprintf(b, "- affinity here: **unknown** (%s): it may be remote\n", reason)
}

// constIndex returns the flattened index when every subscript is an
// integer constant.
func constIndex(q *query, idx []ast.Expr, l *types.Layout) (int64, bool) {
	var flat int64
	for i, e := range idx {
		tv, ok := q.info.Types[e]
		if !ok || !tv.IsConstant() || !tv.Value.IsInt() {
			return 0, false
		}
		d := int64(1)
		for _, dim := range l.Dims[i+1:] {
			d *= dim.For(max(q.info.StaticThreads, 1))
		}
		flat += tv.Value.Int * d
	}
	return flat, true
}

// flatIndex spells the row-major flattened index of subscripts.
func flatIndex(idx []string, dims []types.Dim) string {
	if len(idx) == 1 {
		return idx[0]
	}
	var terms []string
	for i, s := range idx {
		var mult []string
		for _, d := range dims[i+1:] {
			mult = append(mult, d.String())
		}
		if len(mult) == 0 {
			terms = append(terms, s)
		} else {
			terms = append(terms, paren(s)+"*"+strings.Join(mult, "*"))
		}
	}
	return strings.Join(terms, " + ")
}

// paren parenthesizes s unless it is a name or a number.
func paren(s string) string {
	for _, r := range s {
		if !(r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return "(" + s + ")"
		}
	}
	return s
}

// ownerFormula spells the thread that owns element flat (UPC 6.5.1.1:
// element i of a shared [B] array lives on thread (i / B) % THREADS).
func ownerFormula(l *types.Layout, flat string, staticThreads int) string {
	if l.Block.Indefinite {
		return "0"
	}
	b := l.BlockFor(staticThreads)
	switch {
	case b == 1:
		return paren(flat) + " % THREADS"
	case b > 1:
		return fmt.Sprintf("(%s / %d) %% THREADS", paren(flat), b)
	}
	// [*] with a size that is not a multiple of THREADS, dynamic THREADS
	return fmt.Sprintf("(%s / ceil(%s / THREADS)) %% THREADS", paren(flat), l.Total)
}

// layoutFacts writes the block size and distribution of a shared object.
func layoutFacts(b *strings.Builder, q *query, l *types.Layout) {
	th := q.info.StaticThreads
	thStr := "THREADS (dynamic)"
	if th > 0 {
		thStr = fmt.Sprintf("THREADS = %d (static)", th)
	}
	switch {
	case l.Block.Indefinite:
		b.WriteString("- block size: indefinite (`[]`): every element has affinity to thread 0\n")
	case l.Block.Star && l.BlockFor(th) == 0:
		fmt.Fprintf(b, "- block size: `[*]` = ceil(%s / THREADS)\n", l.Total)
	case l.Block.Star:
		fmt.Fprintf(b, "- block size: `[*]` = %d\n", l.BlockFor(th))
	default:
		fmt.Fprintf(b, "- block size: %d\n", l.BlockFor(th))
	}
	if !l.IsArray {
		b.WriteString("- a shared scalar: it has affinity to thread 0; other threads access it remotely\n")
		return
	}
	if l.Incomplete {
		b.WriteString("- size unknown here (incomplete array)\n")
		return
	}
	fmt.Fprintf(b, "- elements: %s, element size %d bytes; %s\n", l.Total, l.ElemSize, thStr)
	if !l.Block.Indefinite {
		fmt.Fprintf(b, "- elements per thread: %s\n", perThread(l, th))
	}
}

// perThread describes how many elements each thread holds.
func perThread(l *types.Layout, th int) string {
	blk := l.BlockFor(th)
	if th > 0 && blk > 0 {
		n := l.Total.For(th)
		most := l.LocalSize(th) / max(l.ElemSize, 1)
		if n%(blk*int64(th)) == 0 {
			return fmt.Sprintf("%d (%d blocks of %d)", most, most/blk, blk)
		}
		return fmt.Sprintf("at most %d (blocks of %d dealt round-robin over %d threads)", most, blk, th)
	}
	if l.Total.Threads && blk > 0 {
		k := l.Total.Len
		if k%blk == 0 {
			return fmt.Sprintf("%d (%d blocks of %d)", k, k/blk, blk)
		}
		return fmt.Sprintf("about %d (blocks of %d dealt round-robin)", k, blk)
	}
	if l.Total.Threads {
		return fmt.Sprintf("%d (one block each)", l.Total.Len)
	}
	if blk > 0 {
		blocks := (l.Total.Len + blk - 1) / blk
		return fmt.Sprintf("at most ceil(%d / THREADS) * %d (%d blocks of %d dealt round-robin)", blocks, blk, blocks, blk)
	}
	return fmt.Sprintf("ceil(%d / THREADS) (one block each)", l.Total.Len)
}

// affinityOf classifies the shared access ix with the affinity facts
// (package cfg/affinity) of the snapshot; nil when the access is not
// analysed (outside a function, or the analysis failed).
func affinityOf(q *query, ix *ast.IndexExpr) (fact *affinity.Fact) {
	fn := q.enclosingFunc()
	if fn == nil || q.info == nil {
		return nil
	}
	defer func() {
		if recover() != nil {
			fact = nil // the hover still has the layout facts
		}
	}()
	fs := q.snap.programFacts()
	if fs == nil {
		return nil
	}
	f := fs.Func(fn)
	if f == nil {
		return nil
	}
	return f.Affinity().Access(ix)
}

// upcConstText explains MYTHREAD and THREADS.
func upcConstText(q *query, x *ast.UPCConst) string {
	switch x.Name {
	case "MYTHREAD":
		return "`MYTHREAD`: the index of the executing thread, 0 ≤ MYTHREAD < THREADS.\n\n" +
			"**varies between threads**: every value computed from it differs from thread to thread; " +
			"a barrier or collective reached under a condition on it is not reached by every thread."
	case "THREADS":
		if q.info != nil && q.info.StaticThreads > 0 {
			return fmt.Sprintf("`THREADS`: the number of threads, fixed at compile time: %d.", q.info.StaticThreads)
		}
		return "`THREADS`: the number of threads, fixed when the program starts (dynamic THREADS environment). " +
			"Same value on every thread."
	}
	return "`" + x.Name + "`"
}

// forallText explains how a upc_forall distributes its iterations.
func forallText(q *query, f *ast.ForallStmt) string {
	var b strings.Builder
	b.WriteString("`upc_forall`: ")
	switch {
	case f.Affinity == nil || f.Affinity.Continue:
		b.WriteString("no affinity expression (or `continue`): **every thread executes every iteration**.\n")
	default:
		aff := ast.Unparen(f.Affinity.X)
		affStr := ast.String(aff)
		var t types.Type
		if q.info != nil {
			t = q.info.TypeOf(f.Affinity.X)
		}
		switch {
		case t != nil && types.IsPointerToShared(t):
			fmt.Fprintf(&b, "each iteration runs on the thread that owns `*(%s)` (pointer-to-shared affinity).\n", affStr)
			if ix, owner := addressOwner(q, aff); owner != "" {
				fmt.Fprintf(&b, "\nthe iteration for `%s` runs on thread `%s`.\n", ast.String(ix), owner)
			}
		default:
			fmt.Fprintf(&b, "the iteration with affinity `%s` runs on thread `%s %% THREADS` (integer affinity, cyclic).\n", affStr, paren(affStr))
		}
	}
	for _, n := range q.path {
		if outer, ok := n.(*ast.ForallStmt); ok && outer != f {
			b.WriteString("\nnested in another `upc_forall`: its affinity expression is ignored and every iteration " +
				"runs on the thread that runs the enclosing iteration (UPC 6.6.2).\n")
			break
		}
	}
	return b.String()
}

// addressOwner spells the owner of the element whose address e takes, when
// e is &a[i] of a shared array a.
func addressOwner(q *query, e ast.Expr) (*ast.IndexExpr, string) {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op == "&" {
		if ix, ok := ast.Unparen(u.X).(*ast.IndexExpr); ok {
			return ix, ownerOfIndex(q, ix)
		}
	}
	return nil, ""
}

// ownerOfIndex spells the owner of a shared array element access.
func ownerOfIndex(q *query, ix *ast.IndexExpr) string {
	if q.info == nil {
		return ""
	}
	var idx []string
	e := ast.Expr(ix)
	for {
		x, ok := e.(*ast.IndexExpr)
		if !ok {
			break
		}
		idx = append([]string{ast.String(x.Index)}, idx...)
		e = ast.Unparen(x.X)
	}
	name, ok := e.(*ast.Name)
	if !ok {
		return ""
	}
	v, ok := q.info.Uses[name].(*types.Var)
	if !ok {
		return ""
	}
	l := q.info.Layouts[v]
	if l == nil || len(idx) != len(l.Dims) {
		return ""
	}
	return ownerFormula(l, flatIndex(idx, l.Dims), q.info.StaticThreads)
}

// objectText describes a named object.
func objectText(q *query, obj types.Object) string {
	var b strings.Builder
	switch o := obj.(type) {
	case *types.Var:
		fmt.Fprintf(&b, "```c\n%s\n```\n\n", types.TypeString(o.Type(), o.Name()))
		if l := q.info.Layouts[o]; l != nil {
			b.WriteString("shared object\n\n")
			layoutFacts(&b, q, l)
			if l.IsArray && len(l.Dims) > 0 {
				idx := make([]string, len(l.Dims))
				for i := range idx {
					idx[i] = string(rune('i' + i))
				}
				flat := flatIndex(idx, l.Dims)
				fmt.Fprintf(&b, "- owner of `%s[%s]`: thread `%s`\n", o.Name(), strings.Join(idx, "]["), ownerFormula(l, flat, q.info.StaticThreads))
			}
		} else if types.IsPointerToShared(o.Type()) {
			block, owner := pointerOwner(o.Name(), types.QualsOf(types.PointerElem(o.Type())).Block, "i")
			fmt.Fprintf(&b, "pointer-to-shared\n\n- block size: %s\n- owner of `%s[i]`: thread `%s`\n", block, o.Name(), owner)
		}
		if fn := q.enclosingFunc(); fn != nil && !types.IsShared(o.Type()) {
			if why, ok := newVariance(q, fn).objects[o]; ok {
				fmt.Fprintf(&b, "\n**varies between threads**: %s.\n", why)
			}
		}
	case *types.FuncObj:
		fmt.Fprintf(&b, "```c\n%s\n```\n", types.TypeString(o.Type(), o.Name()))
	case *types.TypeName:
		fmt.Fprintf(&b, "```c\ntypedef %s\n```\n", types.TypeString(o.Type(), o.Name()))
	case *types.EnumConst:
		fmt.Fprintf(&b, "```c\n%s = %d\n```\n", o.Name(), o.Value)
	default:
		fmt.Fprintf(&b, "```c\n%s\n```\n", types.TypeString(obj.Type(), obj.Name()))
	}
	return b.String()
}

// ---- thread variance ----

// variance is a flow-insensitive approximation of which private variables
// of a function may hold different values on different threads: those
// assigned from MYTHREAD (or from such variables), under a condition that
// depends on them, or in the body of a upc_forall.
type variance struct {
	q       *query
	objects map[types.Object]string // why the object varies
	changed bool
}

func newVariance(q *query, fn *ast.Decl) *variance {
	v := &variance{q: q, objects: map[types.Object]string{}}
	if q.info == nil {
		return v
	}
	for range 8 {
		v.changed = false
		v.stmt(fn.Body, "")
		if !v.changed {
			break
		}
	}
	return v
}

// depends reports whether expression n depends on MYTHREAD, directly or
// through a varying variable.
func (v *variance) depends(n ast.Node) (string, bool) {
	why := ""
	ast.Inspect(n, func(n ast.Node) bool {
		if why != "" || n == nil {
			return false
		}
		switch x := n.(type) {
		case *ast.UPCConst:
			if x.Name == "MYTHREAD" {
				why = "`MYTHREAD`"
			}
		case *ast.Name:
			if o := v.q.info.Uses[x]; o != nil {
				if _, ok := v.objects[o]; ok {
					why = "`" + x.Name + "`, which varies between threads"
				}
			}
		case *ast.CallExpr:
			if name := ast.CalleeName(x); name == "upc_threadof" || name == "upc_addrfield" || name == "upc_phaseof" {
				why = "`" + name + "`"
			}
		}
		return why == ""
	})
	return why, why != ""
}

func (v *variance) mark(o types.Object, why string, at ast.Node) {
	if o == nil || why == "" || types.IsShared(o.Type()) {
		return
	}
	if _, seen := v.objects[o]; seen {
		return
	}
	p := v.q.fset.PositionFor(at.Start(), false)
	v.objects[o] = fmt.Sprintf("assigned at line %d from a value that depends on %s", p.Line, why)
	v.changed = true
}

// baseObject returns the variable an lvalue expression stores into.
func (v *variance) baseObject(e ast.Expr) types.Object {
	for {
		switch x := e.(type) {
		case *ast.Name:
			return v.q.info.Uses[x]
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.MemberExpr:
			if x.Arrow {
				return nil
			}
			e = x.X
		default:
			return nil
		}
	}
}

func (v *variance) cond(e ast.Expr, ctl string) string {
	if ctl != "" || e == nil {
		return ctl
	}
	if why, ok := v.depends(e); ok {
		return "a condition on " + why
	}
	return ""
}

// stmt walks a statement; ctl is non-empty when it runs under a
// thread-dependent condition.
func (v *variance) stmt(s ast.Stmt, ctl string) {
	switch x := s.(type) {
	case nil:
	case *ast.Block:
		for _, it := range x.Items {
			v.stmt(it, ctl)
		}
	case *ast.IfStmt:
		v.exprs(x.Cond, ctl)
		c := v.cond(x.Cond, ctl)
		v.stmt(x.Then, c)
		v.stmt(x.Else, c)
	case *ast.WhileStmt:
		v.exprs(x.Cond, ctl)
		v.stmt(x.Body, v.cond(x.Cond, ctl))
	case *ast.DoStmt:
		v.exprs(x.Cond, ctl)
		v.stmt(x.Body, v.cond(x.Cond, ctl))
	case *ast.ForStmt:
		v.forInit(&x.Init, ctl)
		v.exprs(x.Cond, ctl)
		c := v.cond(x.Cond, ctl)
		v.exprs(x.Post, c)
		v.stmt(x.Body, c)
	case *ast.ForallStmt:
		v.forInit(&x.Init, ctl)
		c := ctl
		if c == "" && x.Affinity != nil && !x.Affinity.Continue {
			c = "the upc_forall distribution of iterations"
		}
		v.exprs(x.Cond, ctl)
		v.exprs(x.Post, c)
		v.stmt(x.Body, c)
	case *ast.SwitchStmt:
		v.exprs(x.Tag, ctl)
		v.stmt(x.Body, v.cond(x.Tag, ctl))
	case *ast.CaseStmt:
		v.stmt(x.Body, ctl)
	case *ast.DefaultStmt:
		v.stmt(x.Body, ctl)
	case *ast.LabeledStmt:
		v.stmt(x.Body, ctl)
	case *ast.ExprStmt:
		v.exprs(x.X, ctl)
	case *ast.DeclStmt:
		v.decl(x.Decl, ctl)
	case *ast.ReturnStmt:
		v.exprs(x.X, ctl)
	}
}

func (v *variance) forInit(fi *ast.ForInit, ctl string) {
	if fi.Decl != nil {
		v.decl(fi.Decl, ctl)
	}
	v.exprs(fi.X, ctl)
}

func (v *variance) decl(d *ast.Decl, ctl string) {
	if d == nil {
		return
	}
	for _, in := range d.Inits {
		id := ast.DeclaratorIdent(in.Decl)
		if id == nil || in.Init == nil {
			continue
		}
		why := ctl
		if why == "" {
			why, _ = v.depends(in.Init)
		}
		v.mark(v.q.info.Defs[id], why, in)
	}
}

// exprs records the assignments inside an expression.
func (v *variance) exprs(e ast.Expr, ctl string) {
	if e == nil {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignExpr:
			why := ctl
			if why == "" {
				why, _ = v.depends(x.R)
			}
			v.mark(v.baseObject(x.L), why, x)
		case *ast.PostfixExpr:
			v.mark(v.baseObject(x.X), ctl, x)
		case *ast.UnaryExpr:
			if x.Op == "++" || x.Op == "--" {
				v.mark(v.baseObject(x.X), ctl, x)
			}
		case *ast.StmtExpr:
			v.stmt(x.Body, ctl)
			return false
		}
		return true
	})
}
