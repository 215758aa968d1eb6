package types

import (
	"github.com/upclint/upclint/grammar/ast"
)

func (c *checker) block(b *ast.Block) {
	c.openScope(BlockScope, b)
	saved := c.strictPragma
	for _, s := range b.Items {
		c.stmt(s)
	}
	c.strictPragma = saved
	c.closeScope()
}

// scalarCond checks a controlling expression.
func (c *checker) scalarCond(e ast.Expr) {
	if e == nil {
		return
	}
	x := c.rvalue(e)
	if !x.invalid() && !IsScalar(x.typ) {
		c.errorf(e, "used type '%s' where a scalar is required", x.typ)
	}
}

func (c *checker) pushTarget(kind uint8, f *ast.ForallStmt) {
	c.fn.targets = append(c.fn.targets, jumpTarget{kind: kind, forall: f})
}

func (c *checker) popTarget() { c.fn.targets = c.fn.targets[:len(c.fn.targets)-1] }

func (c *checker) stmt(s ast.Stmt) {
	if c.fn == nil {
		return
	}
	switch s := s.(type) {
	case nil:
	case *ast.Block:
		c.block(s)
	case *ast.DeclStmt:
		if s.Decl != nil {
			c.decl(s.Decl)
		}
	case *ast.ExprStmt:
		if s.X != nil {
			c.expr(s.X)
		}
	case *ast.IfStmt:
		c.scalarCond(s.Cond)
		c.stmt(s.Then)
		c.stmt(s.Else)
	case *ast.WhileStmt:
		c.scalarCond(s.Cond)
		c.pushTarget('l', nil)
		c.stmt(s.Body)
		c.popTarget()
	case *ast.DoStmt:
		c.pushTarget('l', nil)
		c.stmt(s.Body)
		c.popTarget()
		c.scalarCond(s.Cond)
	case *ast.ForStmt:
		c.openScope(BlockScope, s)
		c.forInit(&s.Init)
		c.scalarCond(s.Cond)
		if s.Post != nil {
			c.expr(s.Post)
		}
		c.pushTarget('l', nil)
		c.stmt(s.Body)
		c.popTarget()
		c.closeScope()
	case *ast.ForallStmt:
		c.forall(s)
	case *ast.SwitchStmt:
		x := c.rvalue(s.Tag)
		sc := &switchCtx{tag: Typ[Int]}
		if !x.invalid() {
			if !IsInteger(x.typ) {
				c.errorf(s.Tag, "statement requires expression of integer type ('%s' invalid)", x.typ)
			} else {
				sc.tag = promote(x.typ, x.bitField)
			}
		}
		c.fn.switches = append(c.fn.switches, sc)
		c.pushTarget('s', nil)
		c.stmt(s.Body)
		c.popTarget()
		c.fn.switches = c.fn.switches[:len(c.fn.switches)-1]
	case *ast.CaseStmt:
		c.caseStmt(s)
	case *ast.DefaultStmt:
		if n := len(c.fn.switches); n == 0 {
			c.errorf(s, "'default' label not within a switch statement")
		} else if sc := c.fn.switches[n-1]; sc.hasDeflt {
			c.errorf(s, "multiple default labels in one switch")
		} else {
			sc.hasDeflt = true
		}
		c.stmt(s.Body)
	case *ast.LabeledStmt:
		c.stmt(s.Body)
	case *ast.GotoStmt:
		if s.Label != nil {
			c.fn.gotos = append(c.fn.gotos, gotoRec{stmt: s, foralls: c.forallStack()})
		} else if s.X != nil {
			c.rvalue(s.X)
		}
	case *ast.BreakStmt:
		t := c.fn.targets
		if len(t) == 0 {
			c.errorf(s, "'break' statement not in loop or switch statement")
		} else if t[len(t)-1].kind == 'f' {
			c.errorf(s, "'break' leaves the body of a upc_forall statement (undefined behavior, UPC 6.6.2)")
		}
	case *ast.ContinueStmt:
		loop := false
		for _, t := range c.fn.targets {
			if t.kind != 's' {
				loop = true
			}
		}
		if !loop {
			c.errorf(s, "'continue' statement not in loop statement")
		}
	case *ast.ReturnStmt:
		c.returnStmt(s)
	case *ast.BarrierStmt:
		if s.ID != nil {
			x := c.rvalue(s.ID)
			if !x.invalid() && !IsArithmetic(x.typ) {
				if IsPointer(x.typ) {
					c.warnf(s.ID, "%s expression of type '%s' is not an integer", s.Kind, x.typ)
				} else {
					c.errorf(s.ID, "%s expression of type '%s' cannot be converted to int", s.Kind, x.typ)
				}
			}
		}
	case *ast.FenceStmt, *ast.AsmStmt:
	case *ast.PragmaStmt:
		c.pragma(s.Text)
	case *ast.StaticAssert:
		c.staticAssert(s)
	}
}

func (c *checker) forallStack() []*ast.ForallStmt {
	if len(c.fn.foralls) == 0 {
		return nil
	}
	return append([]*ast.ForallStmt(nil), c.fn.foralls...)
}

func (c *checker) forInit(fi *ast.ForInit) {
	if fi.Decl != nil {
		c.decl(fi.Decl)
	} else if fi.X != nil {
		c.expr(fi.X)
	}
}

func (c *checker) forall(s *ast.ForallStmt) {
	c.openScope(BlockScope, s)
	c.forInit(&s.Init)
	c.scalarCond(s.Cond)
	if s.Post != nil {
		c.expr(s.Post)
	}
	if s.Affinity != nil && !s.Affinity.Continue && s.Affinity.X != nil {
		x := c.rvalue(s.Affinity.X)
		if !x.invalid() && !IsInteger(x.typ) && !IsPointerToShared(x.typ) {
			c.errorf(s.Affinity.X, "upc_forall affinity expression must have integer or pointer-to-shared type, not '%s'", x.typ)
		}
	}
	c.fn.foralls = append(c.fn.foralls, s)
	c.pushTarget('f', s)
	c.stmt(s.Body)
	c.popTarget()
	c.fn.foralls = c.fn.foralls[:len(c.fn.foralls)-1]
	c.closeScope()
}

func (c *checker) caseStmt(s *ast.CaseStmt) {
	n := len(c.fn.switches)
	lo := c.rvalue(s.Value)
	var hi operand
	if s.High != nil {
		hi = c.rvalue(s.High)
	}
	if n == 0 {
		c.errorf(s, "'case' label not within a switch statement")
		c.stmt(s.Body)
		return
	}
	sc := c.fn.switches[n-1]
	if !lo.invalid() {
		if lo.mode != ModeConstant || lo.val.Kind != IntValue || !IsInteger(lo.typ) {
			c.errorf(s.Value, "case label does not reduce to an integer constant")
		} else {
			v := convertValue(lo.val, sc.tag).Int
			hv := v
			if s.High != nil && hi.mode == ModeConstant && hi.val.Kind == IntValue {
				hv = convertValue(hi.val, sc.tag).Int
			}
			if sc.cases == nil {
				sc.cases = map[int64]bool{}
			}
			if hv-v < 4096 {
				for k := v; k <= hv; k++ {
					if sc.cases[k] {
						c.errorf(s.Value, "duplicate case value '%d'", k)
						break
					}
					sc.cases[k] = true
				}
			}
		}
	}
	c.stmt(s.Body)
}

func (c *checker) returnStmt(s *ast.ReturnStmt) {
	if len(c.fn.foralls) > 0 {
		c.errorf(s, "'return' leaves the body of a upc_forall statement (undefined behavior, UPC 6.6.2)")
	}
	res := c.fn.sig.Result
	if s.X == nil {
		// C99 6.8.6.4 makes this an error; C89 allowed it, and code of
		// that time relied on implicit int.
		if res != nil && !IsVoid(res) && !IsInvalid(res) {
			if c.fn.implicitInt {
				c.warnf(s, "non-void function should return a value")
			} else {
				c.errorf(s, "non-void function should return a value")
			}
		}
		return
	}
	x := c.rvalue(s.X)
	if res == nil || IsInvalid(res) {
		return
	}
	if IsVoid(res) {
		if !x.invalid() && !IsVoid(x.typ) {
			c.warnf(s, "void function should not return a value")
		}
		return
	}
	c.assignable(res, &x, s.X, "returning")
}

// ---- labels and gotos ----

// collectLabels declares the labels of a function body before it is checked
// (a goto may jump forward) and records the upc_forall statements around
// each.
func (c *checker) collectLabels(body *ast.Block) {
	c.fn.labelAt = map[*Label][]*ast.ForallStmt{}
	var stack []*ast.ForallStmt
	var walk func(s ast.Stmt)
	walk = func(s ast.Stmt) {
		switch s := s.(type) {
		case *ast.Block:
			for _, it := range s.Items {
				walk(it)
			}
		case *ast.LabeledStmt:
			if s.Label != nil {
				name := s.Label.Name
				if prev, ok := c.fn.decl.Labels[name]; ok {
					c.errorf(s.Label, "redefinition of label '%s'", name)
					c.info.Defs[s.Label] = prev
				} else {
					l := &Label{object: object{name: name, pos: s.Label.Start(), typ: Typ[Void]}, Stmt: s}
					c.fn.decl.Labels[name] = l
					c.info.Defs[s.Label] = l
					if len(stack) > 0 {
						c.fn.labelAt[l] = append([]*ast.ForallStmt(nil), stack...)
					}
				}
			}
			walk(s.Body)
		case *ast.IfStmt:
			walk(s.Then)
			walk(s.Else)
		case *ast.WhileStmt:
			walk(s.Body)
		case *ast.DoStmt:
			walk(s.Body)
		case *ast.ForStmt:
			walk(s.Body)
		case *ast.ForallStmt:
			stack = append(stack, s)
			walk(s.Body)
			stack = stack[:len(stack)-1]
		case *ast.SwitchStmt:
			walk(s.Body)
		case *ast.CaseStmt:
			walk(s.Body)
		case *ast.DefaultStmt:
			walk(s.Body)
		}
	}
	walk(body)
}

func (c *checker) labelRef(e ast.Expr) {
	if n, ok := e.(*ast.Name); ok && c.fn != nil {
		if l, ok := c.fn.decl.Labels[n.Name]; ok {
			l.Used = true
			c.use(n, l)
		}
	}
}

// resolveGotos binds gotos to labels and reports jumps into or out of a
// upc_forall body.
func (c *checker) resolveGotos() {
	for _, g := range c.fn.gotos {
		name := g.stmt.Label.Name
		l, ok := c.fn.decl.Labels[name]
		if !ok {
			c.errorf(g.stmt.Label, "use of undeclared label '%s'", name)
			continue
		}
		l.Used = true
		c.info.Labels[g.stmt] = l
		lf := c.fn.labelAt[l]
		gf := g.foralls
		// common prefix
		i := 0
		for i < len(lf) && i < len(gf) && lf[i] == gf[i] {
			i++
		}
		switch {
		case i < len(gf):
			c.errorf(g.stmt, "'goto %s' leaves the body of a upc_forall statement (undefined behavior, UPC 6.6.2)", name)
		case i < len(lf):
			c.errorf(g.stmt, "'goto %s' jumps into the body of a upc_forall statement (undefined behavior, UPC 6.6.2)", name)
		}
	}
}
