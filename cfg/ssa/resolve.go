package ssa

import (
	"github.com/upclint/upclint/grammar/ast"
)

// Var is a variable the function names: a parameter, a local, or a name
// declared outside the function (Global). Names are resolved lexically
// (C block scoping), so the SSA builder needs no type information; the
// caller decides with Config.Promotable which variables live in registers.
type Var struct {
	Name  string
	Ident *ast.Ident       // the declaring identifier (nil for an undeclared global)
	Specs *ast.DeclSpecs   // its declaration specifiers (nil if unknown)
	Decl  *ast.Declarator  // its declarator (nil if unknown)
	Param bool             // a parameter of the function
	Index int              // parameter index, or order of declaration
	Scope ast.Node         // the block or statement that declares it (nil for globals)
	Init  *ast.Initializer // initializer of a local, if any

	Global    bool // declared at file scope, extern, or not declared at all
	Static    bool // a block-scope static (one object for all calls)
	Const     bool // an enumeration constant
	Func      bool // declared as a function
	Array     bool // declared with array dimensions
	Dims      int  // number of array dimensions
	Volatile  bool
	Record    bool // declared with a struct or union specifier
	Shared    bool // the object itself is shared (UPC)
	ToShared  bool // a pointer to shared data
	AddrTaken bool // &v appears in the function
	MemberOf  bool // v.f appears (v is an aggregate)
}

// DefaultPromotable reports whether v can live in SSA registers when type
// information is not available: a parameter or automatic local of scalar
// or pointer type whose address is never taken, neither volatile nor
// shared, not an array, struct or union.
func DefaultPromotable(v *Var) bool {
	return !v.Global && !v.Static && !v.Const && !v.Func && !v.Array && !v.Volatile &&
		!v.Record && !v.Shared && !v.AddrTaken && !v.MemberOf
}

// resolver maps the names of one function to variables.
type resolver struct {
	uses    map[*ast.Name]*Var
	defs    map[*ast.Ident]*Var
	globals map[string]*Var
	vars    []*Var // locals and parameters in declaration order
	scopes  []map[string]*Var
	// asm lists, for each GNU asm statement, the locals its operands
	// name: the statement may read and write them.
	asm map[*ast.AsmStmt][]*Var
}

func newResolver(file *ast.File) *resolver {
	r := &resolver{
		uses:    make(map[*ast.Name]*Var),
		defs:    make(map[*ast.Ident]*Var),
		globals: make(map[string]*Var),
	}
	if file != nil {
		for _, d := range file.Decls {
			if d, ok := d.(*ast.Decl); ok {
				r.declare(d.Specs, d.Inits, nil, true)
			}
		}
	}
	return r
}

func (r *resolver) lookup(name string) *Var {
	for i := len(r.scopes) - 1; i >= 0; i-- {
		if v := r.scopes[i][name]; v != nil {
			return v
		}
	}
	if v := r.globals[name]; v != nil {
		return v
	}
	v := &Var{Name: name, Global: true}
	r.globals[name] = v
	return v
}

func (r *resolver) push() { r.scopes = append(r.scopes, map[string]*Var{}) }
func (r *resolver) pop()  { r.scopes = r.scopes[:len(r.scopes)-1] }

// declare adds the variables of a declaration to the current scope (or
// to the globals at file scope), with enumeration constants of its specs.
func (r *resolver) declare(specs *ast.DeclSpecs, inits []*ast.InitDeclarator, scope ast.Node, file bool) {
	var proto Var
	typedef := false
	if specs != nil {
		for _, s := range specs.List {
			switch {
			case s.Keyword == "typedef":
				typedef = true
			case s.Keyword == "static":
				proto.Static = true
			case s.Keyword == "extern":
				proto.Global = true
			case s.Keyword == "volatile" || s.Keyword == "__volatile__":
				proto.Volatile = true
			case s.Shared != nil:
				proto.Shared = true
			case s.Record != nil:
				proto.Record = true
			case s.Enum != nil:
				for _, it := range s.Enum.Items {
					if it.Name != nil {
						r.add(&Var{Name: it.Name.Name, Ident: it.Name, Const: true, Global: file}, file)
					}
				}
			}
		}
	}
	if typedef {
		return
	}
	for _, d := range inits {
		id := ast.DeclaratorIdent(d.Decl)
		if id == nil {
			continue
		}
		v := proto
		v.Name, v.Ident, v.Specs, v.Decl, v.Init, v.Scope = id.Name, id, specs, d.Decl, d.Init, scope
		v.Global = v.Global || file
		shape(&v, d.Decl)
		r.add(&v, file)
	}
}

func (r *resolver) add(v *Var, file bool) {
	if v.Ident != nil {
		r.defs[v.Ident] = v
	}
	if file || len(r.scopes) == 0 {
		r.globals[v.Name] = v
		return
	}
	v.Index = len(r.vars)
	r.vars = append(r.vars, v)
	r.scopes[len(r.scopes)-1][v.Name] = v
}

// shape sets Array, Dims, Func and the shared-ness of pointers from the
// declarator: "shared int *p" points to shared data, "int *shared p" is a
// shared object, "shared int a[10]" is a shared array.
func shape(v *Var, d *ast.Declarator) {
	specShared := v.Shared
	ptrs := 0
	lastPtrShared := false
	for d != nil && d.Direct != nil {
		ptrs += len(d.Ptrs)
		if len(d.Ptrs) > 0 {
			lastPtrShared = false
			for _, q := range d.Ptrs[len(d.Ptrs)-1].Quals {
				if q.Shared != nil {
					lastPtrShared = true
				}
			}
		}
		for _, s := range d.Direct.Suffixes {
			if s.Array != nil {
				v.Dims++
			}
			if s.Params != nil && d.Direct.Name != nil {
				v.Func = true
			}
		}
		if d.Direct.Name != nil {
			break
		}
		d = d.Direct.Nested
	}
	v.Array = v.Dims > 0
	if ptrs > 0 {
		v.ToShared = specShared
		v.Shared = lastPtrShared
		v.Record = false // a pointer to a struct is a scalar
	}
}

// resolveFunc resolves every name in the function definition fn.
func (r *resolver) resolveFunc(fn *ast.Decl) (params []*Var) {
	r.push()
	if len(fn.Inits) > 0 {
		d := fn.Inits[0].Decl
		for d != nil && d.Direct != nil {
			if d.Direct.Name != nil {
				for _, s := range d.Direct.Suffixes {
					if s.Params == nil {
						continue
					}
					for _, p := range paramDecls(fn, s.Params) {
						id := ast.DeclaratorIdent(p.Decl)
						if id == nil {
							continue
						}
						n := len(r.vars)
						r.declare(p.Specs, []*ast.InitDeclarator{{Decl: p.Decl}}, fn, false)
						if len(r.vars) > n {
							v := r.vars[len(r.vars)-1]
							v.Param = true
							if v.Array { // an array parameter is a pointer
								v.ToShared = v.ToShared || v.Shared
								v.Array = false
							}
							v.Shared = false // parameters cannot be shared (UPC 6.5)
							params = append(params, v)
						}
					}
					break
				}
				break
			}
			d = d.Direct.Nested
		}
	}
	if fn.Body != nil {
		r.stmt(fn.Body)
	}
	r.pop()
	return params
}

// paramDecls returns the parameter declarations of definition fn, whose
// parameter list is pl. For an old-style definition they are taken from
// its declaration list in the order of the identifier list; a parameter
// declared there with no type is an int.
func paramDecls(fn *ast.Decl, pl *ast.ParamList) []*ast.ParamDecl {
	if len(pl.Names) == 0 {
		return pl.Params
	}
	out := make([]*ast.ParamDecl, 0, len(pl.Names))
	for _, id := range pl.Names {
		p := &ast.ParamDecl{Decl: &ast.Declarator{Direct: &ast.DirectDecl{Name: id}}}
	find:
		for _, k := range fn.KRDecls {
			for _, x := range k.Inits {
				if n := ast.DeclaratorIdent(x.Decl); n != nil && n.Name == id.Name {
					p = &ast.ParamDecl{Specs: k.Specs, Decl: x.Decl}
					break find
				}
			}
		}
		out = append(out, p)
	}
	return out
}

func (r *resolver) stmt(s ast.Node) {
	ast.InspectCode(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Block:
			r.push()
			for _, it := range n.Items {
				r.stmt(it)
			}
			r.pop()
			return false
		case *ast.ForStmt, *ast.ForallStmt:
			r.push()
			var init *ast.ForInit
			var rest []ast.Node
			switch n := n.(type) {
			case *ast.ForStmt:
				init = &n.Init
				rest = []ast.Node{n.Cond, n.Post, n.Body}
			case *ast.ForallStmt:
				init = &n.Init
				rest = []ast.Node{n.Cond, n.Post}
				if n.Affinity != nil {
					rest = append(rest, n.Affinity)
				}
				rest = append(rest, n.Body)
			}
			if init.Decl != nil {
				r.decl(init.Decl, n)
			} else if init.X != nil {
				r.stmt(init.X)
			}
			for _, m := range rest {
				if m != nil {
					r.stmt(m)
				}
			}
			r.pop()
			return false
		case *ast.Decl:
			r.decl(n, nil)
			return false
		case *ast.AsmStmt:
			r.asmOperands(n)
		case *ast.Name:
			r.uses[n] = r.lookup(n.Name)
		case *ast.UnaryExpr:
			switch n.Op {
			case "&&":
				return false // label address
			case "&":
				if root, viaIndex := addrRoot(n.X); root != nil {
					r.stmt(n.X)
					if v := r.uses[root]; !viaIndex || v.Array {
						v.AddrTaken = true
					}
					return false
				}
			}
		case *ast.MemberExpr:
			if !n.Arrow {
				if x, ok := ast.Unparen(n.X).(*ast.Name); ok {
					r.stmt(n.X)
					r.uses[x].MemberOf = true
					return false
				}
			}
		}
		return true
	})
}

// asmOperands records the local variables named in the operands of a
// GNU asm statement ("=r"(x), "m"(*p), ...) and marks them address-taken:
// the statement may write them, so they stay in memory.
func (r *resolver) asmOperands(s *ast.AsmStmt) {
	seen := map[*Var]bool{}
	for _, tok := range s.Body {
		if !isIdent(tok) {
			continue
		}
		var v *Var
		for i := len(r.scopes) - 1; i >= 0 && v == nil; i-- {
			v = r.scopes[i][tok]
		}
		if v == nil || seen[v] || v.Func || v.Const {
			continue
		}
		seen[v] = true
		v.AddrTaken = true
		if r.asm == nil {
			r.asm = map[*ast.AsmStmt][]*Var{}
		}
		r.asm[s] = append(r.asm[s], v)
	}
}

// isIdent reports whether tok is spelled like a C identifier.
func isIdent(tok string) bool {
	if tok == "" {
		return false
	}
	for i, c := range tok {
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// decl resolves a declaration: sizes and initializers see the names
// declared before them (a declarator is in scope in its own initializer).
func (r *resolver) decl(d *ast.Decl, scope ast.Node) {
	for _, id := range d.Inits {
		if id.Decl != nil {
			r.stmt(id.Decl) // array sizes
		}
		r.declare(d.Specs, []*ast.InitDeclarator{id}, scope, false)
		if id.Init != nil {
			r.stmt(id.Init)
		}
	}
	if len(d.Inits) == 0 {
		r.declare(d.Specs, nil, scope, false)
	}
	if d.Body != nil {
		r.stmt(d.Body) // nested function (GNU)
	}
}

// addrRoot returns the variable whose storage &e may expose: x in &x,
// &x.f, &x[i] (viaIndex: only if x is an array), or nil.
func addrRoot(e ast.Expr) (root *ast.Name, viaIndex bool) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			return x, viaIndex
		case *ast.MemberExpr:
			if x.Arrow {
				return nil, false
			}
			e = x.X
		case *ast.IndexExpr:
			viaIndex = true
			e = x.X
		default:
			return nil, false
		}
	}
}
