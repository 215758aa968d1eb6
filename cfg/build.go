package cfg

import (
	"strings"

	"github.com/upclint/upclint/grammar/ast"
)

// Options configures Build. The zero value (or nil) is the default.
type Options struct {
	// NoReturn reports whether a call never returns to its caller. Nil
	// means DefaultNoReturn.
	NoReturn func(call *ast.CallExpr) bool
	// ReadOnly reports whether a name denotes something no statement can
	// change: an enumeration constant, a function, a const object. Loop
	// invariance uses it; nil means no name is known to be read-only.
	ReadOnly func(name *ast.Name) bool
	// Shared reports whether an lvalue (a file-scope name, an element or
	// member) denotes a shared object: one other threads may write, and
	// whose storage no private variable shares. Loop invariance uses it: a
	// barrier or fence in a loop makes the other threads' writes visible,
	// and a store to a shared element changes shared memory, but neither
	// changes a private variable. Nil means any global may be shared and
	// any store may change one.
	Shared func(lvalue ast.Expr) bool
}

// noReturnNames are the library functions that never return.
var noReturnNames = map[string]bool{
	"exit": true, "_exit": true, "_Exit": true, "quick_exit": true, "abort": true,
	"upc_global_exit": true, "longjmp": true, "siglongjmp": true, "_longjmp": true,
	"__builtin_unreachable": true, "__builtin_trap": true, "__builtin_abort": true,
	"__builtin_exit": true, "__assert_fail": true, "__assert_rtn": true,
	"err": true, "errx": true, "verr": true, "verrx": true, "pthread_exit": true,
}

// DefaultNoReturn reports whether call calls, by name, one of the C and UPC
// library functions that never return (exit, _Exit, abort, quick_exit,
// upc_global_exit, longjmp, __builtin_unreachable, ...).
func DefaultNoReturn(call *ast.CallExpr) bool {
	return noReturnNames[ast.CalleeName(call)]
}

// Build builds the control-flow graph of the function definition fn with
// the default options.
func Build(fn *ast.Decl) *Graph { return BuildOptions(fn, nil) }

// BuildOptions builds the control-flow graph of the function definition fn.
func BuildOptions(fn *ast.Decl, opts *Options) *Graph {
	b := &builder{
		g: &Graph{
			Func:          fn,
			Name:          ast.FuncName(fn),
			Labels:        make(map[string]*Block),
			StmtExprValue: make(map[*ast.StmtExpr]ast.Expr),
		},
		noReturn: DefaultNoReturn,
	}
	if opts != nil && opts.NoReturn != nil {
		b.noReturn = opts.NoReturn
	}
	if opts != nil {
		b.g.readOnly = opts.ReadOnly
		b.g.shared = opts.Shared
	}
	g := b.g
	g.Entry = b.newBlock("entry", nil)
	g.Exit = b.newBlock("exit", nil)
	b.cur = g.Entry
	if fn != nil && fn.Body != nil {
		b.scanBody(fn.Body)
		b.stmt(fn.Body)
	}
	b.jump(g.Exit)
	for _, p := range b.computed {
		for _, name := range g.AddrLabels {
			b.addEdge(p, b.label(name), Edge{Kind: Computed})
		}
		if len(g.AddrLabels) == 0 {
			b.addEdge(p, g.Exit, Edge{Kind: NoReturn})
		}
	}
	b.prune()
	return g
}

// targets is the stack of break and continue destinations.
type targets struct {
	tail        *targets
	brk, cont   *Block
	switchLevel bool
}

// switchCtx collects the case labels of the innermost switch.
type switchCtx struct {
	labels []caseLabel
	dflt   bool
}

type caseLabel struct {
	stmt  ast.Stmt // *ast.CaseStmt or *ast.DefaultStmt
	block *Block
}

type builder struct {
	g        *Graph
	noReturn func(*ast.CallExpr) bool
	cur      *Block
	targets  *targets
	sw       *switchCtx
	computed []*Block // blocks ending in a computed goto

	forall      *ast.ForallStmt // innermost enclosing forall body
	forallDepth int32
	controlling int // enclosing forall bodies with an affinity test
}

func (b *builder) newBlock(kind string, s ast.Stmt) *Block {
	blk := &Block{
		Index:       len(b.g.Blocks),
		Kind:        kind,
		Stmt:        s,
		Forall:      b.forall,
		ForallDepth: b.forallDepth,
	}
	b.g.Blocks = append(b.g.Blocks, blk)
	return blk
}

func (b *builder) addEdge(from, to *Block, e Edge) {
	if from.Succs == nil {
		from.Succs, from.Edges = from.succBuf[:0:2], from.edgeBuf[:0:2]
	}
	if to.Preds == nil {
		to.Preds = to.predBuf[:0:2]
	}
	from.Succs = append(from.Succs, to)
	from.Edges = append(from.Edges, e)
	to.Preds = append(to.Preds, from)
}

// jump ends the current block with an unconditional jump to to.
func (b *builder) jump(to *Block) {
	b.addEdge(b.cur, to, Edge{Kind: Jump})
}

// dead starts a new block after a transfer of control; code there is
// unreachable unless a label or case starts a block.
func (b *builder) dead(s ast.Stmt) {
	b.cur = b.newBlock("unreachable", s)
}

func (b *builder) add(n ast.Node) {
	b.cur.Nodes = append(b.cur.Nodes, n)
}

func (b *builder) label(name string) *Block {
	blk := b.g.Labels[name]
	if blk == nil {
		blk = b.newBlock("label", nil)
		blk.Comment = name
		b.g.Labels[name] = blk
	}
	return blk
}

// scanBody walks the body once for the address-taken labels, and records
// the declarators and address-of operators of the function and whether it
// has statement expressions, which several analyses need and would
// otherwise each find by walking the whole body.
func (b *builder) scanBody(body ast.Node) {
	var seen map[string]bool
	g := b.g
	ast.InspectCode(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			switch n.Op {
			case "&&":
				if l, ok := n.X.(*ast.Name); ok && !seen[l.Name] {
					if seen == nil {
						seen = map[string]bool{}
					}
					seen[l.Name] = true
					g.AddrLabels = append(g.AddrLabels, l.Name)
				}
			case "&":
				g.addrOfs = append(g.addrOfs, n)
			}
		case *ast.InitDeclarator:
			g.initDecls = append(g.initDecls, n)
		case *ast.StmtExpr:
			g.stmtExprs = true
		}
		return true
	})
}

// stmt adds the control flow of s to the graph, starting in b.cur.
func (b *builder) stmt(s ast.Stmt) {
	if ast.IsNil(s) {
		return
	}
	switch s := s.(type) {
	case *ast.Block:
		for _, item := range s.Items {
			b.stmt(item)
		}

	case *ast.DeclStmt:
		b.lift(s)
		b.add(s)
		b.checkNoReturn(s, s)

	case *ast.ExprStmt:
		if ast.IsNil(s.X) {
			return
		}
		b.lift(s.X)
		b.add(s)
		b.checkNoReturn(s.X, s)

	case *ast.PragmaStmt, *ast.AsmStmt:
		b.add(s)

	case *ast.IfStmt:
		then := b.newBlock("if.then", s)
		var els *Block
		if s.Else != nil {
			els = b.newBlock("if.else", s)
		}
		done := b.newBlock("if.done", s)
		if els == nil {
			els = done
		}
		b.cond(s.Cond, then, els)
		b.cur = then
		b.stmt(s.Then)
		b.jump(done)
		if s.Else != nil {
			b.cur = els
			b.stmt(s.Else)
			b.jump(done)
		}
		b.cur = done

	case *ast.WhileStmt:
		cond := b.newBlock("while.cond", s)
		body := b.newBlock("while.body", s)
		done := b.newBlock("while.done", s)
		b.jump(cond)
		b.cur = cond
		b.cond(s.Cond, body, done)
		b.cur = body
		b.loopBody(s.Body, done, cond)
		b.jump(cond)
		b.cur = done

	case *ast.DoStmt:
		body := b.newBlock("do.body", s)
		cond := b.newBlock("do.cond", s)
		done := b.newBlock("do.done", s)
		b.jump(body)
		b.cur = body
		b.loopBody(s.Body, done, cond)
		b.jump(cond)
		b.cur = cond
		b.cond(s.Cond, body, done)
		b.cur = done

	case *ast.ForStmt:
		b.forInit(&s.Init)
		cond := b.newBlock("for.cond", s)
		body := b.newBlock("for.body", s)
		post := b.newBlock("for.post", s)
		done := b.newBlock("for.done", s)
		b.jump(cond)
		b.cur = cond
		if ast.IsNil(s.Cond) {
			b.jump(body)
		} else {
			b.cond(s.Cond, body, done)
		}
		b.cur = body
		b.loopBody(s.Body, done, post)
		b.jump(post)
		b.cur = post
		if !ast.IsNil(s.Post) {
			b.lift(s.Post)
			b.add(s.Post)
		}
		b.jump(cond)
		b.cur = done

	case *ast.ForallStmt:
		b.forallStmt(s)

	case *ast.SwitchStmt:
		b.lift(s.Tag)
		b.add(s.Tag)
		dispatch := b.cur
		done := b.newBlock("switch.done", s)
		saved := b.sw
		sw := &switchCtx{}
		b.sw = sw
		b.cur = b.newBlock("switch.body", s) // code before the first label
		var cont *Block
		if b.targets != nil {
			cont = b.targets.cont
		}
		b.targets = &targets{tail: b.targets, brk: done, cont: cont, switchLevel: true}
		b.stmt(s.Body)
		b.targets = b.targets.tail
		b.jump(done)
		b.sw = saved
		for _, l := range sw.labels {
			kind := Case
			if _, ok := l.stmt.(*ast.DefaultStmt); ok {
				kind = Default
			}
			b.addEdge(dispatch, l.block, Edge{Kind: kind, Label: l.stmt})
		}
		if !sw.dflt {
			b.addEdge(dispatch, done, Edge{Kind: Default})
		}
		b.cur = done

	case *ast.CaseStmt:
		blk := b.newBlock("switch.case", s)
		b.jump(blk) // fall through from the previous case
		b.cur = blk
		if b.sw != nil {
			b.sw.labels = append(b.sw.labels, caseLabel{s, blk})
		}
		b.stmt(s.Body)

	case *ast.DefaultStmt:
		blk := b.newBlock("switch.default", s)
		b.jump(blk)
		b.cur = blk
		if b.sw != nil {
			b.sw.labels = append(b.sw.labels, caseLabel{s, blk})
			b.sw.dflt = true
		}
		b.stmt(s.Body)

	case *ast.LabeledStmt:
		var blk *Block
		if s.Label != nil {
			blk = b.label(s.Label.Name)
		} else {
			blk = b.newBlock("label", s)
		}
		if blk.Stmt == nil {
			blk.Stmt = s
			blk.Forall, blk.ForallDepth = b.forall, b.forallDepth
		}
		b.jump(blk)
		b.cur = blk
		b.stmt(s.Body)

	case *ast.GotoStmt:
		if s.Label != nil {
			b.jump(b.label(s.Label.Name))
		} else {
			b.lift(s.X)
			b.add(s)
			b.computed = append(b.computed, b.cur)
		}
		b.dead(s)

	case *ast.BreakStmt:
		if t := b.targets; t != nil && t.brk != nil {
			b.jump(t.brk)
		}
		b.dead(s)

	case *ast.ContinueStmt:
		if t := b.targets; t != nil && t.cont != nil {
			b.jump(t.cont)
		}
		b.dead(s)

	case *ast.ReturnStmt:
		b.lift(s.X)
		b.add(s)
		b.addEdge(b.cur, b.g.Exit, Edge{Kind: Return})
		b.dead(s)

	case *ast.BarrierStmt:
		b.lift(s.ID)
		b.alone(strings.TrimPrefix(s.Kind, "upc_"), s)

	case *ast.FenceStmt:
		b.alone("fence", s)
	}
}

// alone puts s in a block of its own.
func (b *builder) alone(kind string, s ast.Stmt) {
	blk := b.newBlock(kind, s)
	b.jump(blk)
	b.cur = blk
	b.add(s)
	next := b.newBlock(kind+".next", s)
	b.jump(next)
	b.cur = next
}

func (b *builder) loopBody(body ast.Stmt, brk, cont *Block) {
	b.targets = &targets{tail: b.targets, brk: brk, cont: cont}
	b.stmt(body)
	b.targets = b.targets.tail
}

func (b *builder) forInit(init *ast.ForInit) {
	if init.Decl != nil {
		b.lift(init.Decl)
		b.add(init.Decl)
	} else if !ast.IsNil(init.X) {
		b.lift(init.X)
		b.add(init.X)
	}
}

// forallStmt builds a upc_forall loop:
//
//	init → forall.cond → forall.affinity → forall.body → forall.post → forall.cond
//	                   ↘ forall.done      ↘ forall.post (iteration skipped)
//
// The affinity test is omitted when the clause is empty or "continue", and
// inside the body of a forall that has one (the inner affinity is then
// ignored, UPC 6.6.2).
func (b *builder) forallStmt(s *ast.ForallStmt) {
	b.forInit(&s.Init)
	tests := s.Affinity != nil && !s.Affinity.Continue && !ast.IsNil(s.Affinity.X) && b.controlling == 0
	cond := b.newBlock("forall.cond", s)
	var aff *Block
	if tests {
		aff = b.newBlock("forall.affinity", s)
	}
	savedF, savedD, savedC := b.forall, b.forallDepth, b.controlling
	b.forall, b.forallDepth = s, b.forallDepth+1
	if tests {
		b.controlling++
	}
	body := b.newBlock("forall.body", s)
	b.forall, b.forallDepth = savedF, savedD
	post := b.newBlock("forall.post", s)
	done := b.newBlock("forall.done", s)
	first := body
	if aff != nil {
		first = aff
	}
	b.jump(cond)
	b.cur = cond
	if ast.IsNil(s.Cond) {
		b.jump(first)
	} else {
		b.cond(s.Cond, first, done)
	}
	if aff != nil {
		b.cur = aff
		b.lift(s.Affinity.X)
		b.add(s.Affinity)
		b.addEdge(aff, body, Edge{Kind: True})
		b.addEdge(aff, post, Edge{Kind: False})
	}
	b.forall, b.forallDepth = s, b.forallDepth+1
	b.cur = body
	b.loopBody(s.Body, done, post)
	b.jump(post)
	b.forall, b.forallDepth, b.controlling = savedF, savedD, savedC
	b.cur = post
	if !ast.IsNil(s.Post) {
		b.lift(s.Post)
		b.add(s.Post)
	}
	b.jump(cond)
	b.cur = done
}

// cond adds the evaluation of condition e to b.cur and branches to t when
// it holds and to f otherwise. It decomposes && || ?: ! and the comma
// operator, so each sub-condition ends a block of its own. A constant
// integer condition is a plain jump.
func (b *builder) cond(e ast.Expr, t, f *Block) {
	switch x := e.(type) {
	case *ast.ParenExpr:
		b.cond(x.X, t, f)
		return
	case *ast.UnaryExpr:
		if x.Op == "!" {
			b.cond(x.X, f, t)
			return
		}
	case *ast.BinaryExpr:
		switch x.Op {
		case "&&":
			rhs := b.newBlock("and.rhs", b.cur.Stmt)
			b.cond(x.X, rhs, f)
			b.cur = rhs
			b.cond(x.Y, t, f)
			return
		case "||":
			rhs := b.newBlock("or.rhs", b.cur.Stmt)
			b.cond(x.X, t, rhs)
			b.cur = rhs
			b.cond(x.Y, t, f)
			return
		}
	case *ast.CondExpr:
		els := b.newBlock("cond.false", b.cur.Stmt)
		if x.Then == nil { // GNU c ?: y
			b.cond(x.Cond, t, els)
		} else {
			then := b.newBlock("cond.true", b.cur.Stmt)
			b.cond(x.Cond, then, els)
			b.cur = then
			b.cond(x.Then, t, f)
		}
		b.cur = els
		b.cond(x.Else, t, f)
		return
	case *ast.CommaExpr:
		if len(x.List) > 0 {
			for _, y := range x.List[:len(x.List)-1] {
				b.lift(y)
				b.add(y)
			}
			b.cond(x.List[len(x.List)-1], t, f)
			return
		}
	}
	b.lift(e)
	b.add(e)
	if v, ok := ast.IntConst(e); ok {
		if v != 0 {
			b.jump(t)
		} else {
			b.jump(f)
		}
		return
	}
	b.addEdge(b.cur, t, Edge{Kind: True})
	b.addEdge(b.cur, f, Edge{Kind: False})
}

// lift builds the statements of the statement expressions in n (outside
// unevaluated operands and other statement expressions) before n itself is
// added: they run first, and the block that adds n uses their values.
func (b *builder) lift(n ast.Node) {
	if ast.IsNil(n) {
		return
	}
	ast.InspectEval(n, func(m ast.Node) bool {
		se, ok := m.(*ast.StmtExpr)
		if !ok {
			return true
		}
		if se.Body != nil {
			var val ast.Expr
			if k := len(se.Body.Items); k > 0 {
				if es, ok := se.Body.Items[k-1].(*ast.ExprStmt); ok {
					val = es.X
				}
			}
			b.g.StmtExprValue[se] = val
			b.stmt(se.Body)
		}
		return false
	})
}

// checkNoReturn ends b.cur with an edge to Exit if n surely calls a
// function that never returns: a call not under && || or ?:.
func (b *builder) checkNoReturn(n ast.Node, s ast.Stmt) {
	var found *ast.CallExpr
	ast.InspectEval(n, func(m ast.Node) bool {
		if found != nil {
			return false
		}
		switch m := m.(type) {
		case *ast.StmtExpr:
			return false // already built
		case *ast.BinaryExpr:
			if m.Op == "&&" || m.Op == "||" {
				ast.InspectEval(m.X, func(k ast.Node) bool {
					if c, ok := k.(*ast.CallExpr); ok && found == nil && b.noReturn(c) {
						found = c
					}
					_, se := k.(*ast.StmtExpr)
					return found == nil && !se
				})
				return false
			}
		case *ast.CondExpr:
			ast.InspectEval(m.Cond, func(k ast.Node) bool {
				if c, ok := k.(*ast.CallExpr); ok && found == nil && b.noReturn(c) {
					found = c
				}
				_, se := k.(*ast.StmtExpr)
				return found == nil && !se
			})
			return false
		case *ast.CallExpr:
			if b.noReturn(m) {
				found = m
				return false
			}
		}
		return true
	})
	if found != nil {
		b.cur.NoReturn = found
		b.addEdge(b.cur, b.g.Exit, Edge{Kind: NoReturn})
		b.dead(s)
	}
}

// prune removes the unreachable blocks that hold nothing and that nothing
// jumps to, renumbers the blocks and marks the reachable ones Live.
func (b *builder) prune() {
	g := b.g
	removed := make([]bool, len(g.Blocks))
	work := append([]*Block(nil), g.Blocks[2:]...)
	for len(work) > 0 {
		blk := work[len(work)-1]
		work = work[:len(work)-1]
		if removed[blk.Index] || len(blk.Preds) > 0 || len(blk.Nodes) > 0 || blk == g.Entry || blk == g.Exit {
			continue
		}
		if blk.Kind == "label" {
			continue // an unused label is still a label
		}
		removed[blk.Index] = true
		for _, s := range blk.Succs {
			if i := s.PredIndex(blk); i >= 0 {
				s.Preds = append(s.Preds[:i], s.Preds[i+1:]...)
			}
			work = append(work, s)
		}
		blk.Succs, blk.Edges = nil, nil
	}
	kept := g.Blocks[:0]
	for i, blk := range g.Blocks {
		if !removed[i] {
			blk.Index = len(kept)
			kept = append(kept, blk)
		}
	}
	for i := len(kept); i < len(g.Blocks); i++ {
		g.Blocks[i] = nil
	}
	g.Blocks = kept
	// Reachability.
	stack := []*Block{g.Entry}
	g.Entry.Live = true
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range blk.Succs {
			if !s.Live {
				s.Live = true
				stack = append(stack, s)
			}
		}
	}
}
