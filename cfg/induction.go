package cfg

import (
	"fmt"
	"strconv"

	"github.com/upclint/upclint/grammar/ast"
)

// InductionVar is the canonical induction variable of a for, upc_forall or
// while loop: a variable compared with a loop-invariant bound in the loop
// condition and changed exactly once per iteration by a loop-invariant
// step (i++, i--, i += s, i -= s, i = i + s, i = i - s).
type InductionVar struct {
	Name string
	// Start is the value assigned by the loop's init clause, or nil when
	// the loop has none (a while loop, or a for loop without init).
	Start ast.Expr
	// Step is the increment expression (nil for ++ and --); StepConst is
	// its value when constant (negative for a decrement) and StepKnown
	// says whether it is.
	Step      ast.Expr
	StepConst int64
	StepKnown bool
	// StepNeg says that Step is subtracted (i -= s, i = i - s, i--).
	StepNeg bool
	// Bound is the other side of the comparison in the condition, with Op
	// the comparison written as "i Op Bound" ("<", "<=", ">", ">=", "!=").
	Bound ast.Expr
	Op    string
	// Cond is the comparison itself and Update the expression that steps
	// the variable.
	Cond   ast.Expr
	Update ast.Expr
	// Dir is +1 if the variable increases, -1 if it decreases, 0 if unknown.
	// With a constant step it is the step's sign; otherwise the sign of a
	// step written as "+ s" or "- s" for a loop comparing with < <= or > >=.
	Dir int
}

// Induction returns the canonical induction variable of the loop, or nil
// if the loop does not come from a for, upc_forall or while statement or
// its variable is not recognised. It is computed once, and safe for
// concurrent use: facts.ComputeParallel's variance and affine analyses
// ask for it from different goroutines, and one that saw the cache
// half filled would take the loop for one without a counter.
func (l *Loop) Induction() *InductionVar {
	l.ivOnce.Do(func() { l.iv = l.findInduction() })
	return l.iv
}

func (l *Loop) findInduction() *InductionVar {
	var cond, post ast.Expr
	var init *ast.ForInit
	var body ast.Stmt
	switch s := l.Stmt.(type) {
	case *ast.ForStmt:
		cond, post, init = s.Cond, s.Post, &s.Init
	case *ast.ForallStmt:
		cond, post, init = s.Cond, s.Post, &s.Init
	case *ast.WhileStmt:
		cond, body = s.Cond, s.Body
	case *ast.DoStmt:
		cond, body = s.Cond, s.Body
	default:
		return nil
	}
	if ast.IsNil(cond) {
		return nil
	}
	c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	op := c.Op
	switch op {
	case "<", "<=", ">", ">=", "!=":
	default:
		return nil
	}
	type cand struct {
		v     *ast.Name
		bound ast.Expr
		op    string
	}
	var cands []cand
	if v, ok := ast.Unparen(c.X).(*ast.Name); ok {
		cands = append(cands, cand{v, c.Y, op})
	}
	if v, ok := ast.Unparen(c.Y).(*ast.Name); ok {
		cands = append(cands, cand{v, c.X, flipOp(op)})
	}
	inv := l.invariance()
	for _, cd := range cands {
		name := cd.v.Name
		if inv.assignCount[name] != 1 || !l.Invariant(cd.bound) {
			continue
		}
		var upd ast.Expr
		if post != nil {
			upd = findUpdate(post, name)
		} else if blk, ok := body.(*ast.Block); ok {
			for _, it := range blk.Items {
				if es, ok := it.(*ast.ExprStmt); ok && !ast.IsNil(es.X) {
					if u := findUpdate(es.X, name); u != nil {
						upd = u
					}
				}
			}
		}
		if upd == nil {
			continue
		}
		iv := &InductionVar{Name: name, Bound: cd.bound, Op: cd.op, Cond: c, Update: upd}
		if !iv.setStep(upd, l) {
			continue
		}
		if init != nil {
			iv.Start = findStart(init, name)
		} else {
			iv.Start = l.startBefore(name, body, upd)
		}
		return iv
	}
	return nil
}

// flipOp returns the comparison op with its operands swapped (a op b is
// b flipOp(op) a), for the operators findInduction accepts.
func flipOp(op string) string {
	switch op {
	case "<":
		return ">"
	case "<=":
		return ">="
	case ">":
		return "<"
	case ">=":
		return "<="
	}
	return op // "!="
}

// findUpdate returns the expression in e (a top-level expression or comma
// list) that steps name, or nil.
func findUpdate(e ast.Expr, name string) ast.Expr {
	switch x := ast.Unparen(e).(type) {
	case *ast.CommaExpr:
		for _, y := range x.List {
			if u := findUpdate(y, name); u != nil {
				return u
			}
		}
	case *ast.PostfixExpr:
		if isName(x.X, name) {
			return x
		}
	case *ast.UnaryExpr:
		if (x.Op == "++" || x.Op == "--") && isName(x.X, name) {
			return x
		}
	case *ast.AssignExpr:
		if isName(x.L, name) {
			return x
		}
	}
	return nil
}

func isName(e ast.Expr, name string) bool {
	n, ok := ast.Unparen(e).(*ast.Name)
	return ok && n.Name == name
}

// setStep fills the step fields from the update expression.
func (iv *InductionVar) setStep(upd ast.Expr, l *Loop) bool {
	switch x := upd.(type) {
	case *ast.PostfixExpr:
		iv.StepConst, iv.StepKnown, iv.StepNeg = 1, true, x.Op == "--"
	case *ast.UnaryExpr:
		iv.StepConst, iv.StepKnown, iv.StepNeg = 1, true, x.Op == "--"
	case *ast.AssignExpr:
		switch x.Op {
		case "+=", "-=":
			iv.Step, iv.StepNeg = x.R, x.Op == "-="
		case "=":
			b, ok := ast.Unparen(x.R).(*ast.BinaryExpr)
			if !ok {
				return false
			}
			switch {
			case b.Op == "+" && isName(b.X, iv.Name):
				iv.Step = b.Y
			case b.Op == "+" && isName(b.Y, iv.Name):
				iv.Step = b.X
			case b.Op == "-" && isName(b.X, iv.Name):
				iv.Step, iv.StepNeg = b.Y, true
			default:
				return false
			}
		default:
			return false
		}
		if !l.Invariant(iv.Step) {
			return false
		}
		if v, ok := ast.IntConst(iv.Step); ok {
			iv.StepConst, iv.StepKnown = v, true
		}
	default:
		return false
	}
	if iv.StepKnown && iv.StepNeg {
		iv.StepConst = -iv.StepConst
	}
	switch {
	case iv.StepKnown && iv.StepConst > 0:
		iv.Dir = 1
	case iv.StepKnown && iv.StepConst < 0:
		iv.Dir = -1
	case iv.StepKnown:
		iv.Dir = 0
	case !iv.StepNeg && (iv.Op == "<" || iv.Op == "<="):
		iv.Dir = 1
	case iv.StepNeg && (iv.Op == ">" || iv.Op == ">="):
		iv.Dir = -1
	}
	return true
}

// startBefore returns the value name has when a while or do loop is
// entered, for a loop whose body block ends with the update upd (so the
// body sees the values start, start+step, ...): the last assignment to name
// in the loop's preheader or in the blocks above it that each have one
// predecessor (int i = 0; if (c) { while (i < n) ... }), when name is a
// local whose address is not taken and neither it nor the names of the
// value change after the assignment.
func (l *Loop) startBefore(name string, body ast.Stmt, upd ast.Expr) ast.Expr {
	blk, ok := body.(*ast.Block)
	if !ok || len(blk.Items) == 0 || l.Preheader == nil {
		return nil
	}
	last, ok := blk.Items[len(blk.Items)-1].(*ast.ExprStmt)
	if !ok || ast.IsNil(last.X) || findUpdate(last.X, name) != upd {
		return nil
	}
	ff := l.forest.g.funcFacts()
	if !ff.locals[name] || ff.addrTaken[name] {
		return nil
	}
	// the preheader, then up the chain of blocks with one predecessor
	// (each dominates the next: an if arm's entry, the code before it)
	var later []ast.Node // the nodes between the block scanned and the loop
	seen := map[*Block]bool{}
	for b := l.Preheader; b != nil && !seen[b]; {
		seen[b] = true
		nodes := b.Nodes
		for i := len(nodes) - 1; i >= 0; i-- {
			var start ast.Expr
			switch n := nodes[i].(type) {
			case *ast.DeclStmt:
				start = findStart(&ast.ForInit{Decl: n.Decl}, name)
			case *ast.ExprStmt:
				if !ast.IsNil(n.X) {
					start = findStart(&ast.ForInit{X: n.X}, name)
				}
			}
			if start != nil {
				if changedIn(append(append([]ast.Node(nil), nodes[i+1:]...), later...), start, ff) {
					return nil
				}
				return start
			}
			if assigns(nodes[i], name) {
				return nil
			}
		}
		later = append(append([]ast.Node(nil), nodes...), later...)
		if len(b.Preds) != 1 {
			return nil
		}
		b = b.Preds[0]
	}
	return nil
}

// changedIn reports whether the nodes may change a variable e reads: they
// assign it, or call a function while e reads a global or address-taken
// variable.
func changedIn(nodes []ast.Node, e ast.Expr, ff *funcFacts) bool {
	var names []string
	ast.InspectCode(e, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok {
			names = append(names, x.Name)
		}
		return true
	})
	for _, n := range nodes {
		calls := false
		ast.InspectCode(n, func(m ast.Node) bool {
			_, c := m.(*ast.CallExpr)
			calls = calls || c
			return !calls
		})
		for _, name := range names {
			if assigns(n, name) || calls && (!ff.locals[name] || ff.addrTaken[name]) {
				return true
			}
		}
	}
	return false
}

// assigns reports whether n assigns, increments or decrements name.
func assigns(n ast.Node, name string) bool {
	found := false
	ast.InspectCode(n, func(m ast.Node) bool {
		if lv := Stored(m); lv != nil && isName(lv, name) {
			found = true
		}
		return !found
	})
	return found
}

// findStart returns the initial value the for-init clause gives name.
func findStart(init *ast.ForInit, name string) ast.Expr {
	if init.Decl != nil {
		for _, d := range init.Decl.Inits {
			if ast.DeclaratorName(d.Decl) == name && d.Init != nil && d.Init.X != nil {
				return d.Init.X
			}
		}
		return nil
	}
	var start ast.Expr
	var visit func(e ast.Expr)
	visit = func(e ast.Expr) {
		switch x := ast.Unparen(e).(type) {
		case *ast.CommaExpr:
			for _, y := range x.List {
				visit(y)
			}
		case *ast.AssignExpr:
			if x.Op == "=" && isName(x.L, name) {
				start = x.R
			}
		}
	}
	if !ast.IsNil(init.X) {
		visit(init.X)
	}
	return start
}

// TripCount returns the number of iterations as a symbolic expression, or
// nil if it is unknown (no start value, no constant-signed step, or a
// comparison that does not bound the variable in its direction). Integer
// division in the result rounds toward zero and max0 clamps at 0.
func (iv *InductionVar) TripCount() *Sym {
	if iv.Start == nil {
		return nil
	}
	s, b := SymOf(iv.Start), SymOf(iv.Bound)
	var step *Sym // |step|
	switch {
	case iv.StepKnown && iv.StepConst != 0:
		c := iv.StepConst
		if c < 0 {
			c = -c
		}
		step = SymConst(c)
	case iv.Step != nil && iv.Dir != 0:
		step = SymOf(iv.Step)
	default:
		return nil
	}
	one := SymConst(1)
	switch {
	case iv.Dir > 0 && iv.Op == "<":
		return SymMax0(SymDiv(SymAdd(SymSub(b, s), SymSub(step, one)), step))
	case iv.Dir > 0 && iv.Op == "<=":
		return SymMax0(SymDiv(SymAdd(SymSub(b, s), step), step))
	case iv.Dir < 0 && iv.Op == ">":
		return SymMax0(SymDiv(SymAdd(SymSub(s, b), SymSub(step, one)), step))
	case iv.Dir < 0 && iv.Op == ">=":
		return SymMax0(SymDiv(SymAdd(SymSub(s, b), step), step))
	case iv.Op == "!=" && iv.StepKnown && iv.StepConst == 1:
		return SymSub(b, s)
	case iv.Op == "!=" && iv.StepKnown && iv.StepConst == -1:
		return SymSub(s, b)
	}
	return nil
}

// Sym is a small symbolic integer expression: a constant, an opaque source
// expression, or + - * / max0 of Syms. Constructors fold constants.
type Sym struct {
	Op   string // "const", "expr", "+", "-", "*", "/", "max0"
	C    int64
	X    ast.Expr
	L, R *Sym
}

// SymConst returns the constant c.
func SymConst(c int64) *Sym { return &Sym{Op: "const", C: c} }

// SymOf returns e as a Sym (a constant if e is an integer literal).
func SymOf(e ast.Expr) *Sym {
	if v, ok := ast.IntConst(e); ok {
		return SymConst(v)
	}
	return &Sym{Op: "expr", X: ast.Unparen(e)}
}

// Const returns the value of a constant Sym.
func (s *Sym) Const() (int64, bool) { return s.C, s.Op == "const" }

func symBin(op string, l, r *Sym) *Sym {
	a, aok := l.Const()
	b, bok := r.Const()
	if aok && bok {
		switch op {
		case "+":
			return SymConst(a + b)
		case "-":
			return SymConst(a - b)
		case "*":
			return SymConst(a * b)
		case "/":
			if b != 0 {
				return SymConst(a / b)
			}
		}
	}
	// (x ± c1) ± c2 → x ± c
	if bok && (op == "+" || op == "-") && (l.Op == "+" || l.Op == "-") {
		if c1, ok := l.R.Const(); ok {
			if l.Op == "-" {
				c1 = -c1
			}
			if op == "-" {
				b = -b
			}
			c := c1 + b
			if c < 0 {
				return symBin("-", l.L, SymConst(-c))
			}
			return symBin("+", l.L, SymConst(c))
		}
	}
	switch {
	case op == "+" && bok && b == 0, op == "-" && bok && b == 0, (op == "*" || op == "/") && bok && b == 1:
		return l
	case op == "+" && aok && a == 0, op == "*" && aok && a == 1:
		return r
	}
	return &Sym{Op: op, L: l, R: r}
}

// SymAdd returns l + r.
func SymAdd(l, r *Sym) *Sym { return symBin("+", l, r) }

// SymSub returns l - r.
func SymSub(l, r *Sym) *Sym { return symBin("-", l, r) }

// SymMul returns l * r.
func SymMul(l, r *Sym) *Sym { return symBin("*", l, r) }

// SymDiv returns l / r (C division).
func SymDiv(l, r *Sym) *Sym { return symBin("/", l, r) }

// SymMax0 returns max(0, x).
func SymMax0(x *Sym) *Sym {
	if c, ok := x.Const(); ok {
		if c < 0 {
			c = 0
		}
		return SymConst(c)
	}
	return &Sym{Op: "max0", L: x}
}

func (s *Sym) String() string {
	switch s.Op {
	case "const":
		return strconv.FormatInt(s.C, 10)
	case "expr":
		switch s.X.(type) {
		case *ast.Name, *ast.BasicLit, *ast.UPCConst, *ast.ParenExpr, *ast.CallExpr, *ast.IndexExpr, *ast.MemberExpr:
			return ast.NodeString(s.X)
		}
		return "(" + ast.NodeString(s.X) + ")"
	case "max0":
		return "max0(" + s.L.String() + ")"
	}
	return fmt.Sprintf("(%s %s %s)", s.L, s.Op, s.R)
}

// pureFuncs are functions without side effects whose result depends only
// on their arguments.
var pureFuncs = map[string]bool{
	"upc_threadof": true, "upc_phaseof": true, "upc_addrfield": true, "upc_affinitysize": true,
	"abs": true, "labs": true, "llabs": true, "fabs": true, "fabsf": true, "sqrt": true, "sqrtf": true,
	"sin": true, "cos": true, "tan": true, "exp": true, "log": true, "log2": true, "log10": true,
	"pow": true, "floor": true, "ceil": true, "fmin": true, "fmax": true, "round": true, "trunc": true,
	"__builtin_expect": true, "__builtin_constant_p": true,
}

// invariance holds what a loop may modify.
type invariance struct {
	assigned    map[string]bool // names assigned or declared in the loop
	assignCount map[string]int  // assignments (not declarations) per name
	memory      bool            // stores through pointers, arrays or members; asm
	calls       bool            // calls that may have side effects; asm
	sync        bool            // barriers, fences, stores to shared arrays: shared data changes
}

// funcFacts are the facts about the whole function Loop.Invariant needs.
type funcFacts struct {
	locals    map[string]bool // names declared in the function (parameters included)
	addrTaken map[string]bool // names whose address is taken
}

// funcFacts returns the function's facts, computed once (safe for
// concurrent use, as Loop.Induction).
func (g *Graph) funcFacts() *funcFacts {
	g.factsOnce.Do(func() { g.facts = g.computeFuncFacts() })
	return g.facts
}

func (g *Graph) computeFuncFacts() *funcFacts {
	ff := &funcFacts{locals: map[string]bool{}, addrTaken: map[string]bool{}}
	if g.Func != nil {
		for _, d := range g.Func.Inits {
			forEachParam(d.Decl, func(name string) { ff.locals[name] = true })
		}
		for _, k := range g.Func.KRDecls { // old-style parameter declarations
			for _, d := range k.Inits {
				if name := ast.DeclaratorName(d.Decl); name != "" {
					ff.locals[name] = true
				}
			}
		}
		for _, n := range g.initDecls {
			if name := ast.DeclaratorName(n.Decl); name != "" {
				ff.locals[name] = true
			}
		}
		for _, n := range g.addrOfs {
			if r := rootName(n.X); r != nil {
				ff.addrTaken[r.Name] = true
			}
		}
	}
	return ff
}

// forEachParam calls f with the name of each parameter of the function
// declarator d.
func forEachParam(d *ast.Declarator, f func(string)) {
	for d != nil && d.Direct != nil {
		if d.Direct.Name != nil {
			for _, s := range d.Direct.Suffixes {
				if s.Params != nil {
					for _, p := range s.Params.Params {
						if name := ast.DeclaratorName(p.Decl); name != "" {
							f(name)
						}
					}
					for _, id := range s.Params.Names {
						f(id.Name)
					}
					return
				}
			}
			return
		}
		d = d.Direct.Nested
	}
}

// rootName returns the variable an lvalue expression is rooted in through
// . and [] of arrays (a[i].f → a), or nil.
func rootName(e ast.Expr) *ast.Name {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			return x
		case *ast.MemberExpr:
			if x.Arrow {
				return nil
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		default:
			return nil
		}
	}
}

// invariance returns what the loop may modify, computed once (safe for
// concurrent use, as Induction).
func (l *Loop) invariance() *invariance {
	l.invOnce.Do(func() { l.inv = l.computeInvariance() })
	return l.inv
}

func (l *Loop) computeInvariance() *invariance {
	inv := &invariance{assigned: map[string]bool{}, assignCount: map[string]int{}}
	g := l.graph()
	lvalue := func(e ast.Expr) {
		if n, ok := ast.Unparen(e).(*ast.Name); ok {
			inv.assigned[n.Name] = true
			inv.assignCount[n.Name]++
		} else {
			if g.shared != nil && g.shared(e) {
				// an element or member of shared type: shared memory
				// changes, no private variable does
				inv.sync = true
			} else {
				inv.memory = true
			}
			if r := rootName(e); r != nil {
				inv.assigned[r.Name] = true
			}
		}
	}
	for _, b := range l.Blocks {
		for _, n := range b.Nodes {
			switch n.(type) {
			case *ast.BarrierStmt, *ast.FenceStmt:
				inv.sync = true
			case *ast.AsmStmt:
				inv.calls = true
				inv.memory = true
			}
			ast.InspectEval(n, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.StmtExpr:
					return false // its statements are in blocks of their own
				case *ast.InitDeclarator:
					if name := ast.DeclaratorName(m.Decl); name != "" {
						inv.assigned[name] = true
					}
				case *ast.AssignExpr:
					lvalue(m.L)
				case *ast.PostfixExpr:
					lvalue(m.X)
				case *ast.UnaryExpr:
					if m.Op == "++" || m.Op == "--" {
						lvalue(m.X)
					}
				case *ast.CallExpr:
					if !pureFuncs[ast.CalleeName(m)] {
						inv.calls = true
					}
				}
				return true
			})
		}
	}
	return inv
}

// Invariant reports whether e has the same value in every iteration of the
// loop: it calls only pure functions, has no side effects, and reads no
// variable the loop assigns or declares, no global or address-taken
// variable if the loop calls a function or stores through a pointer, and
// no memory (arrays, pointers, members, shared data) if the loop stores to
// memory or calls a function. A barrier or fence in the loop changes what
// other threads write: shared objects and memory, not private variables
// (a loop of barriers up to a private global bound is counted). Names are
// compared by spelling: a variable shadowed inside the loop counts as
// assigned.
func (l *Loop) Invariant(e ast.Expr) bool {
	if ast.IsNil(e) {
		return true
	}
	inv := l.invariance()
	ff := l.graph().funcFacts()
	var ok func(e ast.Expr) bool
	ok = func(e ast.Expr) bool {
		switch x := e.(type) {
		case *ast.BasicLit, *ast.UPCConst, *ast.SizeofExpr, *ast.OffsetofExpr:
			return true
		case *ast.Name:
			if inv.assigned[x.Name] {
				return false
			}
			if ro := l.graph().readOnly; ro != nil && ro(x) {
				return true
			}
			if (!ff.locals[x.Name] || ff.addrTaken[x.Name]) && (inv.calls || inv.memory) {
				return false
			}
			return !inv.sync || ff.locals[x.Name] || l.graph().private(x)
		case *ast.ParenExpr:
			return ok(x.X)
		case *ast.UnaryExpr:
			switch x.Op {
			case "++", "--":
				return false
			case "*":
				return !inv.memory && !inv.calls && !inv.sync && ok(x.X)
			case "&":
				return addrInvariant(x.X, ok)
			case "&&":
				return true // label address
			}
			return ok(x.X)
		case *ast.BinaryExpr:
			return ok(x.X) && ok(x.Y)
		case *ast.CondExpr:
			return ok(x.Cond) && (x.Then == nil || ok(x.Then)) && ok(x.Else)
		case *ast.CommaExpr:
			for _, y := range x.List {
				if !ok(y) {
					return false
				}
			}
			return true
		case *ast.CastExpr:
			return ok(x.X)
		case *ast.IndexExpr:
			return !inv.memory && !inv.calls && !inv.sync && ok(x.X) && ok(x.Index)
		case *ast.MemberExpr:
			return !inv.memory && !inv.calls && !inv.sync && ok(x.X)
		case *ast.CallExpr:
			if !pureFuncs[ast.CalleeName(x)] {
				return false
			}
			for _, a := range x.Args {
				if !ok(a) {
					return false
				}
			}
			return true
		}
		return false // assignments, statement expressions, va_arg, compound literals
	}
	return ok(e)
}

// addrInvariant reports whether &e is invariant: the address of a variable
// not assigned in the loop is, of an element or member when its base
// address and index are.
func addrInvariant(e ast.Expr, ok func(ast.Expr) bool) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Name:
		return ok(x)
	case *ast.IndexExpr:
		return ok(x.X) && ok(x.Index)
	case *ast.MemberExpr:
		if x.Arrow {
			return ok(x.X)
		}
		return addrInvariant(x.X, ok)
	case *ast.UnaryExpr:
		if x.Op == "*" {
			return ok(x.X)
		}
	}
	return false
}

func (l *Loop) graph() *Graph { return l.forest.g }

// private reports whether the global name is known not to be shared.
func (g *Graph) private(name *ast.Name) bool { return g.shared != nil && !g.shared(name) }
