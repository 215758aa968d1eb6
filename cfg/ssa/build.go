package ssa

import (
	"strconv"
	"strings"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
)

// Config says what the SSA builder cannot see in the syntax tree. Every
// field is optional.
type Config struct {
	// File, if set, is the translation unit: its file-scope declarations
	// tell the default predicates which globals are shared, arrays or
	// enumeration constants.
	File *ast.File
	// Promotable reports whether a variable lives in registers. Nil means
	// DefaultPromotable. Whatever it says, globals, statics, arrays and
	// variables whose address is taken stay in memory.
	Promotable func(v *Var) bool
	// Shared reports whether an lvalue designates shared memory (its
	// accesses become Get and Put). Nil means a guess from the
	// declarations: shared objects, elements of shared arrays, and what
	// pointers declared as pointing to shared data point to.
	Shared func(lvalue ast.Expr) bool
	// PointerAffinity reports whether a upc_forall affinity expression is
	// a pointer-to-shared (else an integer). Nil means a guess: an address
	// (&a[i]), a pointer-to-shared variable, or arithmetic on one.
	PointerAffinity func(x ast.Expr) bool
}

// Build builds the SSA form of the function of g.
func Build(g *cfg.Graph, conf *Config) *Function {
	if conf == nil {
		conf = &Config{}
	}
	f := &Function{
		Name:     g.Name,
		Graph:    g,
		blockOf:  make([]*BasicBlock, len(g.Blocks)),
		globals:  make(map[*Var]*Global),
		resolver: newResolver(conf.File),
	}
	b := &builder{f: f, g: g, conf: conf, lastVal: map[ast.Expr]Value{}, allocs: map[*Var]*Alloc{}}
	var params []*Var
	if g.Func != nil {
		params = f.resolver.resolveFunc(g.Func)
	}
	f.Vars = f.resolver.vars
	for _, v := range params {
		f.Params = append(f.Params, &Parameter{Var: v, pos: v.Ident.Start()})
	}
	// Blocks.
	for _, cb := range g.Blocks {
		if cb.Live {
			bb := &BasicBlock{Index: cb.Index, CFG: cb, parent: f}
			f.blockOf[cb.Index] = bb
			f.Blocks = append(f.Blocks, bb)
		}
	}
	for _, bb := range f.Blocks {
		for _, p := range bb.CFG.Preds {
			if pb := f.blockOf[p.Index]; pb != nil {
				bb.Preds = append(bb.Preds, pb)
			}
		}
		for _, s := range bb.CFG.Succs {
			bb.Succs = append(bb.Succs, f.blockOf[s.Index])
		}
	}
	b.promote()
	b.placePhis()
	b.stacks = make([][]Value, len(f.Promoted))
	for i, p := range f.Params {
		if k, ok := b.slot[p.Var]; ok {
			b.stacks[k] = append(b.stacks[k], f.Params[i])
		}
	}
	if len(f.Blocks) > 0 {
		b.rename(f.Blocks[0])
	}
	b.finish()
	return f
}

type builder struct {
	f       *Function
	g       *cfg.Graph
	conf    *Config
	slot    map[*Var]int // promoted variable → index into stacks
	stacks  [][]Value
	log     []int // promoted variables written, in order, for undoing
	phis    map[*BasicBlock][]*Phi
	cur     *BasicBlock
	allocs  map[*Var]*Alloc
	undef   map[*Var]*Const
	lastVal map[ast.Expr]Value // values of expression statements (for statement expressions)
}

// promote decides which variables live in registers.
func (b *builder) promote() {
	pred := b.conf.Promotable
	if pred == nil {
		pred = DefaultPromotable
	}
	b.slot = make(map[*Var]int)
	for _, v := range b.f.Vars {
		if v.Global || v.Static || v.Const || v.Func || v.Array || v.AddrTaken {
			continue
		}
		if pred(v) {
			b.slot[v] = len(b.f.Promoted)
			b.f.Promoted = append(b.f.Promoted, v)
		}
	}
}

// defsOf calls def for each promoted variable n assigns or declares.
func (b *builder) defsOf(n ast.Node, def func(*Var)) {
	name := func(e ast.Expr) {
		if x, ok := ast.Unparen(e).(*ast.Name); ok {
			if v := b.f.resolver.uses[x]; v != nil {
				if _, ok := b.slot[v]; ok {
					def(v)
				}
			}
		}
	}
	ast.InspectEval(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.StmtExpr:
			return false // its statements are in blocks of their own
		case *ast.AssignExpr:
			name(m.L)
		case *ast.PostfixExpr:
			name(m.X)
		case *ast.UnaryExpr:
			if m.Op == "++" || m.Op == "--" {
				name(m.X)
			}
		case *ast.InitDeclarator:
			if id := ast.DeclaratorIdent(m.Decl); id != nil {
				if v := b.f.resolver.defs[id]; v != nil {
					if _, ok := b.slot[v]; ok {
						def(v)
					}
				}
			}
		}
		return true
	})
}

// placePhis puts a φ for each promoted variable at the iterated dominance
// frontier of the blocks that assign it (Cytron et al.).
func (b *builder) placePhis() {
	f := b.f
	b.phis = make(map[*BasicBlock][]*Phi)
	defBlocks := make([][]*BasicBlock, len(f.Promoted))
	for _, bb := range f.Blocks {
		last := make(map[*Var]bool)
		for _, n := range bb.CFG.Nodes {
			b.defsOf(n, func(v *Var) {
				if !last[v] {
					last[v] = true
					defBlocks[b.slot[v]] = append(defBlocks[b.slot[v]], bb)
				}
			})
		}
	}
	if len(f.Blocks) > 0 {
		for _, p := range f.Params {
			if k, ok := b.slot[p.Var]; ok {
				defBlocks[k] = append(defBlocks[k], f.Blocks[0])
			}
		}
	}
	hasPhi := make([]int, len(b.g.Blocks)) // generation marks
	inWork := make([]int, len(b.g.Blocks))
	for k, v := range f.Promoted {
		gen := k + 1
		work := append([]*BasicBlock(nil), defBlocks[k]...)
		for _, d := range work {
			inWork[d.Index] = gen
		}
		for len(work) > 0 {
			x := work[len(work)-1]
			work = work[:len(work)-1]
			for _, y := range b.g.DominanceFrontier(x.CFG) {
				yb := f.blockOf[y.Index]
				if yb == nil || hasPhi[y.Index] == gen {
					continue
				}
				hasPhi[y.Index] = gen
				phi := &Phi{Var: v, Edges: make([]Value, len(yb.Preds))}
				phi.pos = y.Pos()
				phi.block = yb
				b.phis[yb] = append(b.phis[yb], phi)
				if inWork[y.Index] != gen {
					inWork[y.Index] = gen
					work = append(work, yb)
				}
			}
		}
	}
}

func (b *builder) read(v *Var) Value {
	if s := b.stacks[b.slot[v]]; len(s) > 0 {
		return s[len(s)-1]
	}
	if b.undef == nil {
		b.undef = make(map[*Var]*Const)
	}
	c := b.undef[v]
	if c == nil {
		c = &Const{Undef: true, Var: v, Value: "undef"}
		b.undef[v] = c
	}
	return c
}

// rename translates bb and the blocks it dominates, keeping for each
// promoted variable a stack of its reaching values.
func (b *builder) rename(bb *BasicBlock) {
	mark := len(b.log)
	b.cur = bb
	for _, phi := range b.phis[bb] {
		bb.Instrs = append(bb.Instrs, phi)
		b.write(phi.Var, phi)
	}
	b.translate(bb)
	for _, s := range bb.Succs {
		for _, phi := range b.phis[s] {
			for i, p := range s.Preds {
				if p == bb {
					phi.Edges[i] = b.read(phi.Var)
				}
			}
		}
	}
	for _, c := range b.g.DomChildren(bb.CFG) {
		if cb := b.f.blockOf[c.Index]; cb != nil {
			b.rename(cb)
		}
	}
	for i := len(b.log) - 1; i >= mark; i-- {
		k := b.log[i]
		b.stacks[k] = b.stacks[k][:len(b.stacks[k])-1]
	}
	b.log = b.log[:mark]
}

// write makes val the current value of promoted variable v.
func (b *builder) write(v *Var, val Value) {
	k := b.slot[v]
	b.stacks[k] = append(b.stacks[k], val)
	b.log = append(b.log, k)
}

func (b *builder) emit(instr Instruction, pos ast.Node) Instruction {
	instr.setBlock(b.cur)
	if pos != nil {
		switch i := instr.(type) {
		case interface{ setPos(ast.Node) }:
			i.setPos(pos)
		}
	}
	b.cur.Instrs = append(b.cur.Instrs, instr)
	return instr
}

func (i *anInstruction) setPos(n ast.Node) { i.pos = n.Start() }

// translate emits the instructions of the nodes of bb and its control
// instruction.
func (b *builder) translate(bb *BasicBlock) {
	cb := bb.CFG
	var last Value
	for i, n := range cb.Nodes {
		last = nil
		switch n := n.(type) {
		case *ast.ExprStmt:
			v := b.expr(n.X)
			b.lastVal[n.X] = v
		case *ast.DeclStmt:
			b.decl(n.Decl)
		case *ast.Decl:
			b.decl(n)
		case *ast.ReturnStmt:
			var x Value
			if n.X != nil {
				x = b.expr(n.X)
			}
			b.emit(&Return{X: x}, n)
		case *ast.BarrierStmt:
			var id Value
			if n.ID != nil {
				id = b.expr(n.ID)
			}
			b.emit(&Barrier{Kind: n.Kind, ID: id, Stmt: n}, n)
		case *ast.FenceStmt:
			b.emit(&Barrier{Kind: "upc_fence", Stmt: n}, n)
		case *ast.GotoStmt:
			b.emit(&ComputedGoto{X: b.expr(n.X)}, n)
		case *ast.AsmStmt:
			// an opaque call that may read and write the locals its
			// operands name (they are kept in memory)
			c := &Call{Callee: "__asm__"}
			for _, v := range b.f.resolver.asm[n] {
				c.Args = append(c.Args, b.alloc(v))
			}
			b.emit(c, n)
		case *ast.PragmaStmt:
		case *ast.Affinity:
			ptr := false
			if b.conf.PointerAffinity != nil {
				ptr = b.conf.PointerAffinity(n.X)
			} else {
				ptr = b.pointerAffinity(n.X)
			}
			fs, _ := cb.Stmt.(*ast.ForallStmt)
			last = b.emit(&Affinity{X: b.expr(n.X), Pointer: ptr, Stmt: fs}, n).(Value)
		case ast.Expr:
			last = b.expr(n)
			if i < len(cb.Nodes)-1 {
				last = nil
			}
		}
	}
	// Control.
	switch {
	case len(cb.Succs) == 0:
		b.emit(&Exit{}, nil)
	case cb.Edges[0].Kind == cfg.Return, cb.Edges[0].Kind == cfg.Computed:
		// emitted with its node
	case cb.Edges[0].Kind == cfg.NoReturn:
		if cb.NoReturn != nil {
			b.emit(&Halt{Call: cb.NoReturn}, cb.NoReturn)
		} else { // computed goto without targets
			b.emit(&Halt{}, nil)
		}
	case len(cb.Succs) == 1:
		j := &Jump{}
		if len(cb.Nodes) > 0 {
			j.pos = cb.Nodes[len(cb.Nodes)-1].End()
		}
		b.emit(j, nil)
	case cb.Edges[0].Kind == cfg.True:
		if last == nil {
			last = b.constInt(1, nil)
		}
		b.emit(&If{Cond: last}, cb.Control())
	default:
		sw := &Switch{Tag: last}
		if last == nil {
			sw.Tag = b.constInt(0, nil)
		}
		for _, e := range cb.Edges {
			sw.Labels = append(sw.Labels, e.Label)
		}
		b.emit(sw, cb.Control())
	}
}

func (b *builder) constInt(v int64, e ast.Expr) *Const {
	return &Const{Expr: e, Value: strconv.FormatInt(v, 10), Int: v, IsInt: true}
}

// decl emits the initialization of the variables of a block-scope
// declaration.
func (b *builder) decl(d *ast.Decl) {
	for _, id := range d.Inits {
		ident := ast.DeclaratorIdent(id.Decl)
		if ident == nil {
			continue
		}
		v := b.f.resolver.defs[ident]
		if v == nil || v.Global || v.Static || v.Func {
			continue // statics are initialized once, before the program runs
		}
		if _, ok := b.slot[v]; ok {
			var val Value
			switch {
			case id.Init != nil && id.Init.X != nil:
				val = b.expr(id.Init.X)
			case id.Init != nil && id.Init.List != nil:
				val = b.initList(id.Init.List)
			default:
				val = b.read(v)
				if c, ok := val.(*Const); !ok || !c.Undef {
					// a declaration without initializer starts a new,
					// indeterminate value in each execution
					val = &Const{Undef: true, Var: v, Value: "undef"}
				}
			}
			b.write(v, val)
			continue
		}
		if id.Init == nil {
			continue
		}
		var val Value
		if id.Init.X != nil {
			val = b.expr(id.Init.X)
		} else {
			val = b.initList(id.Init.List)
		}
		addr := b.alloc(v)
		if v.Shared {
			b.emit(&Put{Addr: addr, Val: val}, ident)
		} else {
			b.emit(&Store{Addr: addr, Val: val}, ident)
		}
	}
}

// initList evaluates the expressions of a braced initializer (for their
// side effects) and returns an Opaque for the aggregate.
func (b *builder) initList(l *ast.InitList) Value {
	for _, it := range l.Items {
		if it.Init == nil {
			continue
		}
		if it.Init.X != nil {
			b.expr(it.Init.X)
		} else if it.Init.List != nil {
			b.initList(it.Init.List)
		}
	}
	return b.emit(&Opaque{Expr: l}, l).(Value)
}

func (b *builder) alloc(v *Var) Value {
	if v.Global || v.Static || v.Const || v.Func {
		g := b.f.globals[v]
		if g == nil {
			g = &Global{Var: v}
			b.f.globals[v] = g
		}
		return g
	}
	a := b.allocs[v]
	if a == nil {
		a = &Alloc{Var: v}
		if v.Ident != nil {
			a.pos = v.Ident.Start()
		}
		entry := b.f.Blocks[0]
		a.block = entry
		// Allocs go first in the entry block, before any φ (there are none
		// in the entry block: it has no predecessors).
		entry.Instrs = append([]Instruction{a}, entry.Instrs...)
		b.allocs[v] = a
	}
	return a
}

// varOf returns the variable e names, or nil.
func (b *builder) varOf(e ast.Expr) *Var {
	if x, ok := ast.Unparen(e).(*ast.Name); ok {
		return b.f.resolver.uses[x]
	}
	return nil
}

func (b *builder) promoted(v *Var) bool {
	if v == nil {
		return false
	}
	_, ok := b.slot[v]
	return ok
}

// expr emits the evaluation of e and returns its value.
func (b *builder) expr(e ast.Expr) Value {
	switch x := e.(type) {
	case nil:
		return b.constInt(0, nil)
	case *ast.ParenExpr:
		return b.expr(x.X)
	case *ast.BasicLit:
		c := &Const{Expr: x, Value: x.Value}
		if v, ok := ast.IntConst(x); ok {
			c.Int, c.IsInt = v, true
		}
		return c
	case *ast.UPCConst:
		return &Const{Expr: x, Value: x.Name, UPC: x.Name}
	case *ast.SizeofExpr, *ast.OffsetofExpr:
		return &Const{Expr: x, Value: ast.NodeString(x)}
	case *ast.Name:
		v := b.f.resolver.uses[x]
		if v == nil {
			v = b.f.resolver.lookup(x.Name)
		}
		switch {
		case b.promoted(v):
			return b.read(v)
		case v.Const:
			return &Const{Expr: x, Value: x.Name}
		case v.Array || v.Func:
			return b.alloc(v) // arrays and functions decay to addresses
		}
		return b.load(b.alloc(v), x)
	case *ast.UnaryExpr:
		switch x.Op {
		case "&":
			return b.addr(x.X)
		case "*":
			return b.load(b.expr(x.X), x)
		case "++", "--":
			old := b.expr(x.X)
			nv := b.binop(x.Op[:1], old, b.constInt(1, nil), x)
			b.assign(x.X, nv)
			return nv
		case "&&":
			return &Const{Expr: x, Value: ast.NodeString(x)}
		case "-":
			if v, ok := ast.IntConst(x); ok {
				return b.constInt(v, x)
			}
		}
		return b.emit(&UnOp{Op: x.Op, X: b.expr(x.X)}, x).(Value)
	case *ast.PostfixExpr:
		old := b.expr(x.X)
		b.assign(x.X, b.binop(x.Op[:1], old, b.constInt(1, nil), x))
		return old
	case *ast.BinaryExpr:
		return b.binop(x.Op, b.expr(x.X), b.expr(x.Y), x)
	case *ast.AssignExpr:
		var val Value
		if x.Op == "=" {
			val = b.expr(x.R)
		} else {
			old := b.expr(x.L)
			val = b.binop(strings.TrimSuffix(x.Op, "="), old, b.expr(x.R), x)
		}
		b.assign(x.L, val)
		return val
	case *ast.CondExpr:
		c := b.expr(x.Cond)
		t := c
		if x.Then != nil {
			t = b.expr(x.Then)
		}
		return b.emit(&Select{Cond: c, X: t, Y: b.expr(x.Else)}, x).(Value)
	case *ast.CommaExpr:
		var v Value
		for _, y := range x.List {
			v = b.expr(y)
		}
		return v
	case *ast.CallExpr:
		return b.call(x)
	case *ast.IndexExpr, *ast.MemberExpr:
		if x, ok := x.(*ast.IndexExpr); ok && b.arrayValued(x) {
			return b.addr(x) // a row of a multi-dimensional array
		}
		return b.load(b.addr(x), x)
	case *ast.CastExpr:
		return b.emit(&Convert{X: b.expr(x.X), Type: x.Type}, x).(Value)
	case *ast.StmtExpr:
		if y := b.g.StmtExprValue[x]; y != nil {
			if v, ok := b.lastVal[y]; ok {
				return v
			}
		}
		return &Const{Expr: x, Value: "undef", Undef: true}
	}
	return b.emit(&Opaque{Expr: e}, e).(Value)
}

func (b *builder) binop(op string, x, y Value, pos ast.Node) Value {
	return b.emit(&BinOp{Op: op, X: x, Y: y}, pos).(Value)
}

// arrayValued reports whether x[i] is itself an array (a[i] of a
// two-dimensional array a), which decays to its address.
func (b *builder) arrayValued(x *ast.IndexExpr) bool {
	depth := 1
	e := ast.Unparen(x.X)
	for {
		ix, ok := e.(*ast.IndexExpr)
		if !ok {
			break
		}
		depth++
		e = ast.Unparen(ix.X)
	}
	v := b.varOf(e)
	return v != nil && v.Dims > depth
}

// addr emits the computation of the address of lvalue e.
func (b *builder) addr(e ast.Expr) Value {
	switch x := ast.Unparen(e).(type) {
	case *ast.Name:
		v := b.f.resolver.uses[x]
		if v == nil {
			v = b.f.resolver.lookup(x.Name)
		}
		if b.promoted(v) { // cannot happen: promoted variables have no address
			return b.emit(&Opaque{Expr: x}, x).(Value)
		}
		return b.alloc(v)
	case *ast.IndexExpr:
		var base Value
		if b.arrayBase(x.X) {
			base = b.addr(x.X)
		} else {
			base = b.expr(x.X)
		}
		idx := b.expr(x.Index)
		return b.emit(&IndexAddr{X: base, Index: idx, Shared: b.shared(x)}, x).(Value)
	case *ast.MemberExpr:
		var base Value
		if x.Arrow {
			base = b.expr(x.X)
		} else {
			base = b.addr(x.X)
		}
		name := ""
		if x.Name != nil {
			name = x.Name.Name
		}
		return b.emit(&FieldAddr{X: base, Field: name}, x).(Value)
	case *ast.UnaryExpr:
		if x.Op == "*" {
			return b.expr(x.X)
		}
	}
	return b.emit(&Opaque{Expr: e}, e).(Value)
}

// arrayBase reports whether e, indexed, is an array (whose address is the
// base) rather than a pointer (whose value is).
func (b *builder) arrayBase(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Name:
		v := b.varOf(x)
		return v != nil && v.Array
	case *ast.IndexExpr:
		return b.arrayValued(x)
	case *ast.MemberExpr:
		return true // a member array (pointers members are rarer); no types here
	}
	return false
}

// load reads the lvalue e at addr.
func (b *builder) load(addr Value, e ast.Expr) Value {
	if b.shared(e) {
		return b.emit(&Get{Addr: addr, Expr: e}, e).(Value)
	}
	return b.emit(&Load{Addr: addr, Expr: e}, e).(Value)
}

// assign stores val into lvalue l.
func (b *builder) assign(l ast.Expr, val Value) {
	if v := b.varOf(l); b.promoted(v) {
		b.write(v, val)
		return
	}
	addr := b.addr(l)
	if b.shared(l) {
		b.emit(&Put{Addr: addr, Val: val, Expr: l}, l)
	} else {
		b.emit(&Store{Addr: addr, Val: val, Expr: l}, l)
	}
}

var bulkOps = map[string]bool{"upc_memget": true, "upc_memput": true, "upc_memcpy": true, "upc_memset": true}

func (b *builder) call(x *ast.CallExpr) Value {
	name := ast.CalleeName(x)
	if v := b.varOf(x.Fun); v != nil && !v.Global && !v.Func {
		name = "" // a local function pointer
	}
	if bulkOps[name] && len(x.Args) == 3 {
		bc := &BulkCopy{Op: name, Call: x}
		bc.Dst, bc.Src, bc.N = b.expr(x.Args[0]), b.expr(x.Args[1]), b.expr(x.Args[2])
		b.emit(bc, x)
		return b.constInt(0, nil)
	}
	c := &Call{Callee: name, Expr: x}
	if name != "" {
		v := b.varOf(x.Fun)
		if v == nil {
			v = b.f.resolver.lookup(name)
		}
		c.Fun = b.alloc(v)
	} else {
		c.Fun = b.expr(x.Fun)
	}
	for _, a := range x.Args {
		c.Args = append(c.Args, b.expr(a))
	}
	return b.emit(c, x).(Value)
}

// shared reports whether lvalue e designates shared memory.
func (b *builder) shared(e ast.Expr) bool {
	if b.conf.Shared != nil {
		return b.conf.Shared(e)
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.Name:
		v := b.varOf(x)
		return v != nil && v.Shared
	case *ast.IndexExpr:
		if b.arrayBase(x.X) {
			return b.shared(x.X)
		}
		return b.pointsToShared(x.X)
	case *ast.UnaryExpr:
		return x.Op == "*" && b.pointsToShared(x.X)
	case *ast.MemberExpr:
		if x.Arrow {
			return b.pointsToShared(x.X)
		}
		return b.shared(x.X)
	}
	return false
}

// pointsToShared guesses whether pointer expression e points to shared
// data.
func (b *builder) pointsToShared(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Name:
		v := b.varOf(x)
		return v != nil && (v.ToShared || v.Array && v.Shared)
	case *ast.BinaryExpr:
		return (x.Op == "+" || x.Op == "-") && (b.pointsToShared(x.X) || b.pointsToShared(x.Y))
	case *ast.UnaryExpr:
		return x.Op == "&" && b.shared(x.X)
	case *ast.CastExpr:
		if x.Type != nil && x.Type.Specs != nil {
			for _, s := range x.Type.Specs.List {
				if s.Shared != nil {
					return true
				}
			}
		}
	}
	return false
}

func (b *builder) pointerAffinity(e ast.Expr) bool {
	return b.pointsToShared(e)
}

// finish removes the φs no instruction needs, numbers the registers and
// records the referrers.
func (b *builder) finish() {
	f := b.f
	// Live φs: used by a non-φ instruction, or by a live φ.
	live := make(map[*Phi]bool)
	var work []*Phi
	var rands []*Value
	for _, bb := range f.Blocks {
		for _, instr := range bb.Instrs {
			if _, ok := instr.(*Phi); ok {
				continue
			}
			rands = instr.Operands(rands[:0])
			for _, r := range rands {
				if p, ok := (*r).(*Phi); ok && !live[p] {
					live[p] = true
					work = append(work, p)
				}
			}
		}
	}
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range p.Edges {
			if q, ok := e.(*Phi); ok && !live[q] {
				live[q] = true
				work = append(work, q)
			}
		}
	}
	num := 0
	for _, bb := range f.Blocks {
		kept := bb.Instrs[:0]
		for _, instr := range bb.Instrs {
			if p, ok := instr.(*Phi); ok && !live[p] {
				continue
			}
			kept = append(kept, instr)
		}
		for i := len(kept); i < len(bb.Instrs); i++ {
			bb.Instrs[i] = nil
		}
		bb.Instrs = kept
		for _, instr := range bb.Instrs {
			if r, ok := instr.(interface{ setNum(int) }); ok {
				r.setNum(num)
				num++
			}
		}
	}
	for _, bb := range f.Blocks {
		for _, instr := range bb.Instrs {
			rands = instr.Operands(rands[:0])
			for _, r := range rands {
				if *r == nil {
					continue
				}
				if refs := (*r).Referrers(); refs != nil {
					*refs = append(*refs, instr)
				}
			}
		}
	}
	f.nextNum = num
}

func (r *register) setNum(n int) { r.num = n }
