package types

import (
	"slices"

	"github.com/upclint/upclint/grammar/ast"
)

// declSpec is the meaning of a list of declaration specifiers.
type declSpec struct {
	storage     StorageClass
	threadLocal bool
	inline      bool
	typ         Type // qualified base type
	quals       qualState
	hasType     bool
	aligned     int64
	packed      bool
	err         bool // an error was reported for the specifiers
	autoType    bool // GNU __auto_type: the type is the initializer's
	vector      bool // a GNU vector_size attribute
}

// qualState collects qualifiers from a specifier or pointer qualifier list.
type qualState struct {
	q         Qualifiers
	layouts   int      // explicit layout qualifiers seen
	layoutPos ast.Node // the second one, for the error
	refNode   ast.Node // a strict or relaxed keyword
	star      ast.Node // a [*] layout qualifier
	shared    ast.Node // the last shared qualifier
	// unknownBlock is set when a block size could not be evaluated (a
	// macro the build defines, a constant of a missing header).
	unknownBlock bool
}

// addQual handles a qualifier specifier; it returns false for other specifiers.
func (c *checker) addQual(st *qualState, s *ast.Spec) bool {
	if s.Shared != nil {
		st.q.Flags |= SharedQ
		st.shared = s.Shared
		if s.Shared.Layout != nil {
			b := c.layoutQual(s.Shared.Layout)
			if b.Kind == BlockDefault && s.Shared.Layout.Size != nil {
				st.unknownBlock = true // [] is indefinite and [1] definite: only failure gives default
			}
			st.layouts++
			if st.layouts > 1 {
				if st.layoutPos == nil {
					st.layoutPos = s.Shared
				}
			} else {
				st.q.Block = b
			}
			if b.Kind == BlockStar {
				st.star = s.Shared
			}
		}
		return true
	}
	switch s.Keyword {
	case "const", "__const", "__const__":
		st.q.Flags |= Const
	case "volatile", "__volatile__", "__volatile":
		st.q.Flags |= Volatile
	case "restrict", "__restrict", "__restrict__":
		st.q.Flags |= Restrict
	case "strict":
		st.q.Flags |= StrictQ
		st.refNode = s
	case "relaxed":
		st.q.Flags |= RelaxedQ
		st.refNode = s
	case "_Atomic":
		st.q.Flags |= Atomic
	default:
		return s.Attr != nil || s.Keyword == "__extension__"
	}
	return true
}

// layoutQual evaluates a layout qualifier.
func (c *checker) layoutQual(l *ast.Layout) Block {
	if l.Star {
		return Block{Kind: BlockStar}
	}
	if l.Size == nil {
		return Block{Kind: BlockIndefinite}
	}
	c.buildConst = true
	x := c.rvalue(l.Size)
	c.buildConst = false
	if x.mode == ModeInvalid {
		return Block{Kind: BlockDefault}
	}
	if x.mode != ModeConstant || x.val.Kind != IntValue || !IsInteger(x.typ) {
		if c.dynamic() && countThreads(l.Size) > 0 && constantButThreads(l.Size) {
			c.needStatic(l.Size, "block size with THREADS is not an integer constant expression")
		} else {
			c.declErrorf(l.Size, "block size is not an integer constant expression")
		}
		return Block{Kind: BlockDefault}
	}
	v := x.val.Int
	switch {
	case v < 0 && !IsUnsigned(x.typ):
		c.declErrorf(l.Size, "block size %d is negative", v)
		return Block{Kind: BlockDefault}
	case v == 0:
		return Block{Kind: BlockIndefinite}
	case v > MaxBlockSize || v < 0:
		c.declErrorf(l.Size, "block size %d exceeds UPC_MAX_BLOCK_SIZE (%d)", uint64(v), MaxBlockSize)
		return Block{Kind: BlockDefault}
	}
	return Block{Kind: BlockDefinite, Size: v}
}

// qualify applies the qualifiers collected in st to t and reports the
// constraint violations of UPC 6.5.1/6.7.3.
func (c *checker) qualify(t Type, st *qualState) Type {
	if st.layoutPos != nil {
		c.declErrorf(st.layoutPos, "conflicting layout qualifiers: at most one block size may be given")
	}
	q := st.q
	if q.Flags == 0 {
		return t
	}
	old := QualsOf(t)
	if q.Shared() && old.Shared() && st.layouts > 0 && old.Block.Kind != BlockDefault && old.Block != q.Block {
		c.declErrorf(st.star0(), "conflicting layout qualifiers: %s and %s (through a typedef)", blockString(q.Block), blockString(old.Block))
	}
	all := old.Flags | q.Flags
	if all&StrictQ != 0 && all&RelaxedQ != 0 {
		n := st.refNode
		if n == nil {
			n = st.star0()
		}
		if n != nil {
			c.declErrorf(n, "type qualified as both strict and relaxed")
		}
	} else if q.Flags&(StrictQ|RelaxedQ) != 0 && all&SharedQ == 0 && st.refNode != nil {
		c.declErrorf(st.refNode, "strict or relaxed qualifier without shared")
	}
	return qualifyRaw(t, q)
}

func (st *qualState) star0() ast.Node {
	if st.layoutPos != nil {
		return st.layoutPos
	}
	if st.star != nil {
		return st.star
	}
	if st.shared != nil {
		return st.shared
	}
	return st.refNode
}

func blockString(b Block) string {
	switch b.Kind {
	case BlockIndefinite:
		return "[]"
	case BlockStar:
		return "[*]"
	case BlockDefault:
		return "[1]"
	}
	return "[" + itoa(b.Size) + "]"
}

// specs interprets declaration specifiers. alone is true when the
// declaration has no declarators (e.g. "struct S;").
func (c *checker) specs(ds *ast.DeclSpecs, alone bool) declSpec {
	var r declSpec
	var nVoid, nChar, nShort, nInt, nLong, nFloat, nDouble, nSigned, nUnsigned, nBool, nComplex, nInt128, nVaList int
	var other Type
	var firstNode ast.Node
	if ds == nil {
		r.typ = Typ[Int]
		return r
	}
	for _, s := range ds.List {
		if firstNode == nil {
			firstNode = s
		}
		if c.addQual(&r.quals, s) {
			if s.Attr != nil {
				c.attrs(s.Attr, &r.aligned, &r.packed)
				r.vector = r.vector || vectorAttr(s.Attr)
			}
			continue
		}
		switch {
		case s.Record != nil:
			other = c.recordSpec(s.Record, alone)
		case s.Enum != nil:
			other = c.enumSpec(s.Enum, alone)
		case s.TypeName != nil && s.TypeName.Name == "__auto_type" && c.scope.Lookup("__auto_type") == nil:
			r.autoType = true
			other = Typ[Int] // until the initializer says
		case s.TypeName != nil:
			if obj, ok := c.scope.Lookup(s.TypeName.Name).(*TypeName); ok {
				c.info.TypedefUses[s.TypeName] = obj
				other = obj.typ
			} else {
				c.unknownTypeName(s.TypeName)
				r.err = true
				other = Typ[Invalid]
			}
		case s.Typeof != nil:
			if s.Typeof.Type != nil {
				other = c.typeName(s.Typeof.Type)
			} else if s.Typeof.X != nil {
				x := c.expr(s.Typeof.X)
				other = x.typ
				if other == nil {
					other = Typ[Invalid]
				}
			}
		default:
			switch s.Keyword {
			case "typedef":
				r.storage = Typedef
			case "extern":
				r.storage = Extern
			case "static":
				r.storage = Static
			case "auto":
				r.storage = Auto
			case "register":
				r.storage = Register
			case "__thread":
				r.threadLocal = true
			case "inline", "__inline__", "__inline":
				r.inline = true
			case "void":
				nVoid++
			case "char":
				nChar++
			case "short":
				nShort++
			case "int":
				nInt++
			case "long":
				nLong++
			case "float":
				nFloat++
			case "double":
				nDouble++
			case "signed", "__signed__", "__signed":
				nSigned++
			case "unsigned":
				nUnsigned++
			case "_Bool":
				nBool++
			case "_Complex":
				nComplex++
			case "__int128":
				nInt128++
			case "__builtin_va_list":
				nVaList++
			}
		}
	}
	basic := nVoid + nChar + nShort + nInt + nLong + nFloat + nDouble + nSigned + nUnsigned + nBool + nComplex + nInt128 + nVaList
	var t Type
	switch {
	case basic == 0 && other != nil:
		t = other
		r.hasType = true
	case basic == 0:
		// C89 implicit int ("static x;", "register i;")
		t = Typ[Int]
	default:
		r.hasType = true
		var k BasicKind
		switch {
		case nVaList > 0:
			k = VaList
		case nVoid > 0:
			k = Void
		case nBool > 0:
			k = Bool
		case nFloat > 0:
			k = Float
			if nComplex > 0 {
				k = ComplexFloat
			}
		case nDouble > 0:
			k = Double
			if nLong > 0 {
				k = LongDouble
			}
			if nComplex > 0 {
				k += ComplexDouble - Double
			}
		case nComplex > 0:
			k = ComplexDouble
		case nChar > 0:
			k = Char
			if nSigned > 0 {
				k = SChar
			} else if nUnsigned > 0 {
				k = UChar
			}
		case nShort > 0:
			k = Short
		case nInt128 > 0:
			k = Int128
		case nLong >= 2:
			k = LongLong
		case nLong == 1:
			k = Long
		default:
			k = Int
		}
		if nUnsigned > 0 {
			switch k {
			case Short:
				k = UShort
			case Int:
				k = UInt
			case Long:
				k = ULong
			case LongLong:
				k = ULongLong
			case Int128:
				k = UInt128
			}
		}
		t = Typ[k]
	}
	if r.threadLocal && r.storage == NoStorage {
		r.storage = ThreadLocal
	}
	before := c.declErr
	r.typ = c.qualify(t, &r.quals)
	if c.declErr && !before {
		r.err = true
	}
	return r
}

// attrs interprets the attributes the layout depends on.
func (c *checker) attrs(a *ast.Attribute, aligned *int64, packed *bool) {
	for _, it := range a.Items {
		switch it.Name {
		case "aligned", "__aligned__":
			if it.Type != nil {
				*aligned = max(*aligned, Alignof(c.typeName(it.Type)))
				continue
			}
			if len(it.Args) == 0 {
				if *aligned < 16 {
					*aligned = 16
				}
				continue
			}
			x := c.rvalue(it.Args[0])
			if x.mode == ModeConstant && x.val.Kind == IntValue && x.val.Int > *aligned {
				*aligned = x.val.Int
			}
		case "packed", "__packed__":
			*packed = true
		}
	}
}

// vectorAttr reports whether a is GNU's vector_size attribute.
func vectorAttr(a *ast.Attribute) bool {
	for _, it := range a.Items {
		if it.Name == "vector_size" || it.Name == "__vector_size__" {
			return true
		}
	}
	return false
}

// typeName evaluates a type name (cast, sizeof, compound literal, ...).
func (c *checker) typeName(tn *ast.TypeName) Type {
	if t, ok := c.info.TypeNames[tn]; ok {
		return t
	}
	saved := c.declErr
	c.declErr = false
	ds := c.specs(tn.Specs, false)
	t := ds.typ
	if tn.Decl != nil {
		t, _ = c.derive(t, tn.Decl, false)
	}
	if !ds.err {
		c.checkStar(t, tn, true)
		c.checkThreadsInType(t, tn)
	}
	c.declErr = saved
	c.info.TypeNames[tn] = t
	return t
}

// derive applies declarator d to base type t; it returns the declared type
// and name (nil for an abstract declarator). inParams is set for parameter
// declarators.
func (c *checker) derive(t Type, d *ast.Declarator, inParams bool) (Type, *ast.Ident) {
	if d == nil {
		return t, nil
	}
	for _, p := range d.Ptrs {
		t = &Pointer{Elem: t}
		if len(p.Quals) > 0 {
			var st qualState
			for _, q := range p.Quals {
				c.addQual(&st, q)
			}
			t = c.qualify(t, &st)
		}
	}
	dd := d.Direct
	if dd == nil {
		return t, nil
	}
	for i := len(dd.Suffixes) - 1; i >= 0; i-- {
		s := dd.Suffixes[i]
		if s.Array != nil {
			t = c.arraySuffix(t, s.Array)
		} else if s.Params != nil {
			t = c.funcSuffix(t, s.Params)
		}
	}
	if dd.Nested != nil {
		return c.derive(t, dd.Nested, inParams)
	}
	return t, dd.Name
}

func (c *checker) arraySuffix(elem Type, a *ast.ArraySuffix) Type {
	switch Core(elem).(type) {
	case *Func:
		c.declErrorf(a, "declaration of array of functions")
		return &Array{Elem: Typ[Invalid], Kind: IncompleteLen}
	}
	arr := &Array{Elem: elem, Kind: IncompleteLen}
	if a.Star {
		arr.Kind = VarLen
		return arr
	}
	if a.Size == nil {
		return arr
	}
	// At file scope a size is a constant the build may define (-D N=...).
	c.buildConst = c.scope == c.fileScope
	x := c.rvalue(a.Size)
	c.buildConst = false
	arr.thr = countThreads(a.Size)
	arr.thrConst = arr.thr > 0 && constantButThreads(a.Size)
	switch {
	case x.mode == ModeInvalid:
		arr.Kind = IncompleteLen
	case !IsInteger(x.typ):
		c.declErrorf(a.Size, "size of array has non-integer type '%s'", x.typ)
		arr.Kind = IncompleteLen
	case x.mode == ModeConstant && x.val.Kind == IntValue:
		n := x.val.Int
		if n < 0 && !IsUnsigned(x.typ) {
			c.declErrorf(a.Size, "size of array is negative")
			n = 0
		}
		arr.Kind = FixedLen
		arr.Len = n
	case x.mode == ModeConstant && x.val.Kind == ThreadsValue:
		arr.Kind = ThreadsLen
		arr.Len = x.val.Int
		if x.val.Int <= 0 {
			arr.thrBad = true
			arr.Kind = VarLen
		}
	case c.mentionsHidden(a.Size):
		// a constant from a header that was not found: unknown, not variable
		arr.Kind = IncompleteLen
		return arr
	default:
		arr.Kind = VarLen
		if arr.thr > 0 {
			arr.thrBad = true
		}
	}
	if arr.thr > 1 {
		arr.thrBad = true
	}
	return arr
}

// paramSlot holds a parameter of a function type and the variable that
// its name declares, so that a prototype makes one array of both.
type paramSlot struct {
	param Param
	v     Var
}

func (c *checker) funcSuffix(result Type, pl *ast.ParamList) Type {
	switch Core(result).(type) {
	case *Func:
		c.declErrorf(pl, "function cannot return a function type")
		result = Typ[Invalid]
	case *Array:
		c.declErrorf(pl, "function cannot return an array type")
		result = Typ[Invalid]
	}
	f := &Func{Result: result, Variadic: pl.Variadic}
	if len(pl.Names) > 0 {
		// an identifier list: the definition declares the parameters
		// (oldStyleParams); elsewhere it says nothing about them
		f.Unspecified = true
		return f
	}
	if len(pl.Params) == 0 {
		f.Unspecified = !pl.Variadic
		return f
	}
	s := c.openScope(ProtoScope, pl)
	s.small = make([]scopeEntry, 0, min(len(pl.Params), smallScope))
	slots := make([]paramSlot, len(pl.Params))
	f.Params = make([]*Param, 0, len(pl.Params))
	saved := c.declErr
	for i, p := range pl.Params {
		c.declErr = false
		ds := c.specs(p.Specs, false)
		t, name := c.derive(ds.typ, p.Decl, true)
		if i == 0 && len(pl.Params) == 1 && name == nil && IsVoid(t) && !pl.Variadic && !isPointerDecl(p.Decl) {
			break // (void)
		}
		if !ds.err {
			var at ast.Node = p
			if name != nil {
				at = name
			}
			c.checkStar(t, at, false)
		}
		t = adjustParam(t)
		if TopQuals(t).Shared() && !ds.err {
			n := ast.Node(p)
			pname := ""
			if name != nil {
				n = name
				pname = " '" + name.Name + "'"
			}
			c.declErrorf(n, "parameter%s declared with shared-qualified type '%s'", pname, t)
		}
		param := &slots[i].param
		param.Type = t
		if name != nil {
			param.Name = name.Name
			v := &slots[i].v
			*v = Var{object: object{name: name.Name, typ: t, pos: name.Start()}, Param: true, Storage: ds.storage}
			if prev := c.scope.LookupLocal(name.Name); prev != nil {
				c.errorf(name, "redefinition of parameter '%s'", name.Name)
			} else {
				c.scope.insert(name.Name, v)
			}
			c.info.Defs[name] = v
		}
		f.Params = append(f.Params, param)
	}
	c.declErr = saved
	c.closeScope()
	return f
}

// oldStyleParams checks the parameter declarations of an old-style
// definition d, whose identifier list is pl.Names, and returns its
// parameters in list order: each has the type its declaration gives it, or
// int (C89) when there is none. It records the promoted parameter types in
// sig.OldStyle.
func (c *checker) oldStyleParams(d *ast.Decl, pl *ast.ParamList, sig *Func) []*Var {
	var names []*ast.Ident
	if pl != nil {
		names = pl.Names
	}
	if len(names) == 0 {
		c.errorf(d.KRDecls[0], "old-style parameter declarations in a function definition without an identifier list")
		return nil
	}
	index := make(map[string]int, len(names))
	vars := make([]*Var, len(names))
	for i, id := range names {
		if _, dup := index[id.Name]; dup {
			c.errorf(id, "redefinition of parameter '%s'", id.Name)
			continue
		}
		index[id.Name] = i
	}
	saved := c.declErr
	for _, kd := range d.KRDecls {
		c.declErr = false
		ds := c.specs(kd.Specs, len(kd.Inits) == 0)
		if kd.Body != nil || len(kd.KRDecls) > 0 {
			c.errorf(kd, "function definition in a parameter declaration list")
			continue
		}
		for _, id := range kd.Inits {
			c.declErr = ds.err
			t, name := c.derive(ds.typ, id.Decl, true)
			if name == nil {
				continue
			}
			i, ok := index[name.Name]
			switch {
			case !ok:
				c.declErrorf(name, "declaration of '%s' in the parameter list, which has no such parameter", name.Name)
				continue
			case vars[i] != nil:
				c.declErrorf(name, "redefinition of parameter '%s'", name.Name)
				continue
			case ds.storage != NoStorage && ds.storage != Register:
				c.declErrorf(name, "storage class specified for parameter '%s'", name.Name)
			case id.Init != nil:
				c.declErrorf(id.Init, "parameter '%s' is initialized", name.Name)
			}
			if !ds.err {
				c.checkStar(t, name, false)
			}
			t = adjustParam(t)
			if TopQuals(t).Shared() && !ds.err {
				c.declErrorf(name, "parameter '%s' declared with shared-qualified type '%s'", name.Name, t)
			}
			v := &Var{object: object{name: name.Name, typ: t, pos: name.Start()}, Param: true, Storage: ds.storage}
			vars[i] = v
			c.info.Defs[name] = v
		}
	}
	c.declErr = saved
	sig.OldStyle = make([]*Param, 0, len(names))
	out := make([]*Var, 0, len(names))
	for i, id := range names {
		v := vars[i]
		if index[id.Name] != i {
			continue // a repeated name
		}
		if v == nil {
			v = &Var{object: object{name: id.Name, typ: Typ[Int], pos: id.Start()}, Param: true}
			c.info.Defs[id] = v
		}
		pt := promote(v.typ, false)
		if k, ok := basicKind(pt); ok && k == Float {
			pt = Typ[Double]
		}
		sig.OldStyle = append(sig.OldStyle, &Param{Name: id.Name, Type: pt})
		out = append(out, v)
	}
	return out
}

func isPointerDecl(d *ast.Declarator) bool {
	return d != nil && (len(d.Ptrs) > 0 || (d.Direct != nil && (len(d.Direct.Suffixes) > 0 || d.Direct.Nested != nil)))
}

// adjustParam turns array and function parameter types into pointers.
func adjustParam(t Type) Type {
	switch x := Core(t).(type) {
	case *Array:
		return &Pointer{Elem: arrayElem(t, x)}
	case *Func:
		return &Pointer{Elem: t}
	}
	return t
}

// funcParamList finds the parameter list that applies to the declared name
// (the one a function definition's parameters live in).
func funcParamList(d *ast.Declarator) *ast.ParamList {
	if d == nil || d.Direct == nil {
		return nil
	}
	dd := d.Direct
	if dd.Nested != nil {
		if pl := funcParamList(dd.Nested); pl != nil {
			return pl
		}
	}
	if (dd.Name != nil || bareName(dd.Nested)) && len(dd.Suffixes) > 0 {
		return dd.Suffixes[0].Params
	}
	return nil
}

// bareName reports whether d is a name in parentheses, "(f)" or "((f))",
// as in a definition that keeps a function-like macro f from expanding:
// "int (f)(int x) { ... }".
func bareName(d *ast.Declarator) bool {
	if d == nil || d.Direct == nil || len(d.Ptrs) > 0 || len(d.Direct.Suffixes) > 0 {
		return false
	}
	return d.Direct.Name != nil || bareName(d.Direct.Nested)
}

// ---- declarations ----

func (c *checker) decl(d *ast.Decl) {
	c.declErr = false
	ds := c.specs(d.Specs, len(d.Inits) == 0)
	if d.Body != nil {
		c.funcDef(d, &ds)
		return
	}
	for _, id := range d.Inits {
		c.declErr = ds.err
		c.initDeclarator(&ds, id)
	}
}

func (c *checker) initDeclarator(ds *declSpec, id *ast.InitDeclarator) {
	for _, a := range id.Attrs {
		var al int64
		var pk bool
		c.attrs(a, &al, &pk)
	}
	base := ds.typ
	if ds.autoType && id.Init != nil && id.Init.X != nil {
		// the type of the initializer after lvalue conversion
		if x := c.rvalue(id.Init.X); !x.invalid() {
			base = Unqualified(x.typ)
		}
	}
	t, name := c.derive(base, id.Decl, false)
	if name == nil {
		if id.Init != nil {
			c.initializer(t, id.Init)
		}
		return
	}
	fileScope := c.scope.Kind == FileScope
	if ds.storage == Typedef {
		if !ds.err {
			c.checkStar(t, name, true)
			c.checkThreadsInType(t, name)
			// "typedef shared [*] int T[N]" keeps [*]: the block size is
			// that of the whole array where the type is used (an object of
			// type T, of an array of T, or upc_blocksizeof(T)), as Berkeley
			// UPC computes it
		}
		// the typedef name and its type in one object: headers declare
		// hundreds
		tn := &typedefName{TypeName: TypeName{object{name: name.Name, pos: name.Start()}}}
		obj := &tn.TypeName
		tn.named = Named{Obj: obj, Type: t}
		obj.typ = &tn.named
		if ds.vector || slices.ContainsFunc(id.Attrs, vectorAttr) {
			if c.vectors == nil {
				c.vectors = map[*TypeName]bool{}
			}
			c.vectors[obj] = true
		}
		c.declareTypedef(name, obj)
		return
	}
	if _, ok := Core(t).(*Func); ok {
		if pl := funcParamList(id.Decl); pl != nil && len(pl.Names) > 0 {
			c.warnf(pl, "parameter names without types in a function declaration")
		}
		obj := &FuncObj{object: object{name: name.Name, typ: t, pos: name.Start()}, Storage: ds.storage, Inline: ds.inline}
		c.declareFunc(name, obj, false)
		return
	}
	if ds.quals.unknownBlock || unknownWithin(t) {
		// Its layout or element type is unknown (reported where the cause
		// is): an object of unknown type, about which no rule concludes.
		t = Typ[Invalid]
	}
	v := &Var{object: object{name: name.Name, typ: t, pos: name.Start()}, Storage: ds.storage, FileScope: fileScope, Decl: id}
	v.Defined = id.Init != nil || (fileScope && ds.storage != Extern)
	if !ds.err {
		c.checkVar(v, name, id)
		if ds.storage != Extern && c.mayComplete() && incompleteObject(t) {
			if fileScope {
				// a tentative definition: the type may be completed later
				c.tentative = append(c.tentative, tentativeDef{v, name})
			} else {
				c.declErrorf(name, "variable '%s' has incomplete type '%s'", name.Name, t)
			}
		}
	}
	obj := c.declareVar(name, v, id.Init != nil)
	if id.Init != nil {
		nt := c.initializer(t, id.Init)
		if nt != t {
			v.typ = nt
			if obj != v {
				if ov, ok := obj.(*Var); ok && !IsComplete(ov.typ) {
					ov.typ = nt
				}
			}
		}
	}
	if ov, ok := obj.(*Var); ok && ov == v || (ok && IsShared(v.typ)) {
		if IsShared(v.typ) {
			c.recordLayout(v)
		}
	}
}

// mentionsHidden reports whether e uses a name left undeclared because a
// header is missing.
func (c *checker) mentionsHidden(e ast.Expr) bool {
	if len(c.hiddenAt) == 0 {
		return false
	}
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok {
			if _, hidden := c.hiddenAt[x.Name]; hidden {
				found = true
			}
		}
		return !found
	})
	return found
}

// unknownWithin reports whether the type of an object is built on an
// unknown type: its element, pointee or qualified type is invalid.
func unknownWithin(t Type) bool {
	for depth := 0; depth < 64; depth++ {
		switch x := t.(type) {
		case *Qualified:
			t = x.Type
		case *Named:
			t = x.Type
		case *Array:
			t = x.Elem
		case *Pointer:
			t = x.Elem
		case *Basic:
			return x.Kind == Invalid
		default:
			return false
		}
	}
	return false
}

// tentativeDef is a file-scope definition whose type was incomplete where
// it stood.
type tentativeDef struct {
	v    *Var
	name *ast.Ident
}

// incompleteObject reports whether an object of type t cannot be defined:
// its type, or its array element type, is void or a struct or union that
// is not (yet) defined. An array of unknown size is completed by its
// initializer or, at file scope, becomes an array of one element.
func incompleteObject(t Type) bool {
	for {
		a, ok := Core(t).(*Array)
		if !ok {
			break
		}
		t = a.Elem
	}
	switch x := Core(t).(type) {
	case *Basic:
		return x.Kind == Void
	case *Record:
		return !x.Complete
	}
	return false
}

// mayComplete reports whether every declaration of the unit is known, so
// that a type left incomplete is an error: not when the parser dropped
// declarations or a header was not found (the definition may be there).
func (c *checker) mayComplete() bool { return !c.conf.Partial && len(c.conf.Missing) == 0 }

// checkTentative reports the file-scope definitions whose type was never
// completed (C99 6.9.2p3).
func (c *checker) checkTentative() {
	for _, d := range c.tentative {
		if incompleteObject(d.v.typ) {
			c.errorf(d.name, "variable '%s' has incomplete type '%s' that is never completed", d.name.Name, d.v.typ)
		}
	}
}

// checkVar reports the UPC constraints on object declarations.
func (c *checker) checkVar(v *Var, name *ast.Ident, id *ast.InitDeclarator) {
	t := v.typ
	shared := IsShared(t)
	if !shared {
		c.checkStar(t, name, false)
		c.checkThreadsInType(t, name)
		if v.IsStatic() {
			c.checkStaticVarLen(t, name)
		}
		return
	}
	if c.scope.Kind != FileScope && !v.IsStatic() {
		c.declErrorf(name, "shared object '%s' cannot have automatic storage duration (declare it static or at file scope)", name.Name)
		return
	}
	c.checkStar(t, name, true)
	arr, isArr := Core(t).(*Array)
	if !isArr {
		return
	}
	// shared VLA
	for a := arr; a != nil; {
		if a.Kind == VarLen && a.thr == 0 {
			c.declErrorf(name, "shared array '%s' cannot have a variable length", name.Name)
			return
		}
		a, _ = Core(a.Elem).(*Array)
	}
	if !c.dynamic() {
		return
	}
	q := QualsOf(t)
	n, bad, incomplete := threadsDims(t)
	if q.Block.Kind == BlockIndefinite {
		if n > 0 {
			c.needStatic(name, "shared array '%s' with indefinite block size cannot have THREADS in its dimensions", name.Name)
		}
		return
	}
	if incomplete && n == 0 {
		return // extern shared int a[]; the definition is checked
	}
	if n != 1 || bad {
		c.needStatic(name, "THREADS must appear exactly once in one dimension of shared array '%s' with definite block size (alone or multiplied by a positive integer constant)", name.Name)
	}
}

// checkStaticVarLen reports a private array with static storage duration
// whose size is not constant (C99 6.7.5.2p2), such as a dimension using
// THREADS under dynamic THREADS, which only shared arrays may have.
func (c *checker) checkStaticVarLen(t Type, name *ast.Ident) {
	for a, ok := Core(t).(*Array); ok; a, ok = Core(a.Elem).(*Array) {
		switch {
		case a.Kind == ThreadsLen && c.dynamic(), a.Kind == VarLen && a.thrConst && c.dynamic():
			c.needStatic(name, "array '%s' with static storage duration cannot have a variable length: THREADS is not a constant", name.Name)
			return
		case a.Kind == VarLen && a.thr > 0:
			c.declErrorf(name, "array '%s' with static storage duration cannot have a variable length: THREADS is not a constant under dynamic THREADS (only shared arrays may use it)", name.Name)
			return
		case a.Kind == VarLen:
			c.declErrorf(name, "array '%s' with static storage duration cannot have a variable length", name.Name)
			return
		}
	}
}

// threadsDims counts THREADS in the dimensions of array type t (through
// typedefs) and reports whether some dimension has an invalid THREADS form
// and whether the outermost dimension is incomplete.
func threadsDims(t Type) (n int, bad, incomplete bool) {
	first := true
	for {
		a, ok := Core(t).(*Array)
		if !ok {
			return
		}
		if first && a.Kind == IncompleteLen {
			incomplete = true
		}
		first = false
		n += int(a.thr)
		if a.thrBad {
			bad = true
		}
		t = a.Elem
	}
}

// checkThreadsInType checks that a shared array type (not a declared
// object) with definite block size contains THREADS at most once, and none
// with indefinite block size (dynamic THREADS only).
func (c *checker) checkThreadsInType(t Type, n ast.Node) {
	if !c.dynamic() {
		return
	}
	seen := 0
	var walk func(t Type, top bool)
	walk = func(t Type, top bool) {
		if seen > 8 {
			return
		}
		seen++
		switch x := t.(type) {
		case *Named:
			return // checked at the typedef
		case *Qualified:
			walk(x.Type, top)
		case *Pointer:
			walk(x.Elem, false)
		case *Func:
			walk(x.Result, false)
		case *Array:
			if IsShared(x) {
				cnt, bad, _ := threadsDims(x)
				if QualsOf(x).Block.Kind == BlockIndefinite {
					if cnt > 0 {
						c.declErrorf(n, "shared array type with indefinite block size cannot have THREADS in its dimensions")
					}
				} else if cnt > 1 || bad {
					c.declErrorf(n, "THREADS must appear exactly once in one dimension of a shared array type with definite block size (alone or multiplied by a positive integer constant)")
				}
				return
			}
			walk(x.Elem, false)
		}
	}
	walk(t, true)
}

// checkStar reports [*] layout qualifiers outside the element type of a
// declared array object. object is true for object declarations (where the
// elements of a top-level array may be [*]).
func (c *checker) checkStar(t Type, n ast.Node, object bool) {
	if _, ok := Core(t).(*Array); ok && object {
		e := Elem(t)
		for {
			q, ok := e.(*Qualified)
			if !ok {
				break
			}
			e = q.Type
		}
		if hasStar(e, 0) {
			c.declErrorf(n, "layout qualifier [*] cannot be applied to a pointer type")
		}
		return
	}
	if q := TopQuals(t); q.Shared() && q.Block.Kind == BlockStar {
		c.declErrorf(n, "layout qualifier [*] can only be applied to an array, not to '%s'", t)
		return
	}
	if hasStar(t, 0) {
		c.declErrorf(n, "layout qualifier [*] cannot be applied to a pointer type")
	}
}

// hasStar reports whether a [*] layout qualifier occurs within t (not
// through typedef names).
func hasStar(t Type, depth int) bool {
	if depth > 16 {
		return false
	}
	switch x := t.(type) {
	case *Qualified:
		if x.Qual.Shared() && x.Qual.Block.Kind == BlockStar {
			return true
		}
		return hasStar(x.Type, depth+1)
	case *Pointer:
		return hasStar(x.Elem, depth+1)
	case *Array:
		return hasStar(x.Elem, depth+1)
	case *Func:
		if hasStar(x.Result, depth+1) {
			return true
		}
	}
	return false
}

// ---- declaring names ----

func (c *checker) declareTypedef(name *ast.Ident, obj *TypeName) {
	if prev := c.scope.LookupLocal(name.Name); prev != nil {
		if pt, ok := prev.(*TypeName); ok {
			if !identical(pt.typ.(*Named).Type, obj.typ.(*Named).Type) {
				c.declErrorf(name, "redefinition of typedef '%s' with a different type", name.Name)
			}
			c.info.Defs[name] = pt
			return
		}
		c.declErrorf(name, "redefinition of '%s' as a different kind of symbol", name.Name)
		c.info.Defs[name] = obj
		return
	}
	c.scope.insert(name.Name, obj)
	c.info.Defs[name] = obj
}

// bind declares obj under name in the current scope and records it as
// the name's definition.
func bind[T Object](c *checker, name *ast.Ident, obj T) T {
	c.scope.insert(name.Name, obj)
	c.info.Defs[name] = obj
	return obj
}

// linkageScope returns the scope whose object a block-scope extern
// declaration refers to.
func (c *checker) declareFunc(name *ast.Ident, obj *FuncObj, def bool) *FuncObj {
	s := c.scope
	prev := s.LookupLocal(name.Name)
	if prev == nil && s != c.fileScope {
		// a block-scope function declaration refers to the file-scope function
		if p, ok := c.fileScope.LookupLocal(name.Name).(*FuncObj); ok {
			return bind(c, name, p)
		}
		if p, ok := c.externs[name.Name].(*FuncObj); ok && compatible(p.typ, obj.typ) {
			return bind(c, name, p)
		}
		c.linkExtern(name.Name, obj)
	}
	if prev == nil && s == c.fileScope {
		// the function may have been declared in a block before
		if p, ok := c.externs[name.Name].(*FuncObj); ok && compatible(p.typ, obj.typ) {
			p.typ = composite(p.typ, obj.typ)
			if obj.Storage == Static {
				p.Storage = Static
			}
			return bind(c, name, p)
		}
	}
	if prev == nil {
		return bind(c, name, obj)
	}
	pf, ok := prev.(*FuncObj)
	if !ok {
		c.declErrorf(name, "redefinition of '%s' as a different kind of symbol", name.Name)
		c.info.Defs[name] = obj
		return obj
	}
	if pf.Implicit {
		pf.typ = obj.typ
		pf.Implicit = false
	} else if !compatible(pf.typ, obj.typ) {
		c.declErrorf(name, "conflicting types for '%s'", name.Name)
	} else if pf.Def != nil && def {
		c.declErrorf(name, "redefinition of '%s'", name.Name)
	} else {
		pf.typ = composite(pf.typ, obj.typ)
	}
	if obj.Storage == Static {
		pf.Storage = Static
	}
	pf.Inline = pf.Inline || obj.Inline
	c.info.Defs[name] = pf
	return pf
}

// declareVar declares v and returns the object the name denotes (an earlier
// declaration of the same object, or v).
func (c *checker) declareVar(name *ast.Ident, v *Var, init bool) Object {
	s := c.scope
	prev := s.LookupLocal(name.Name)
	if prev == nil {
		if v.Storage == Extern && s != c.fileScope {
			if p, ok := c.fileScope.LookupLocal(name.Name).(*Var); ok {
				return bind(c, name, p)
			}
			if p, ok := c.externs[name.Name].(*Var); ok && compatible(p.typ, v.typ) {
				return bind(c, name, p)
			}
			c.linkExtern(name.Name, v)
		}
		if s == c.fileScope {
			if p, ok := c.externs[name.Name].(*Var); ok && compatible(p.typ, v.typ) {
				p.typ = composite(p.typ, v.typ)
				p.FileScope = true
				p.Defined = p.Defined || v.Defined
				if v.Decl != nil && v.Decl.Init != nil {
					p.Decl = v.Decl
				}
				if v.Storage != Extern {
					p.Storage = v.Storage
				}
				return bind(c, name, p)
			}
		}
		return bind(c, name, v)
	}
	pv, ok := prev.(*Var)
	if !ok {
		c.declErrorf(name, "redefinition of '%s' as a different kind of symbol", name.Name)
		c.info.Defs[name] = v
		return v
	}
	linkage := s == c.fileScope || (v.Storage == Extern && (pv.Storage == Extern || pv.FileScope))
	if !linkage {
		c.declErrorf(name, "redefinition of '%s'", name.Name)
		c.info.Defs[name] = v
		return v
	}
	if !compatible(pv.typ, v.typ) {
		c.declErrorf(name, "conflicting types for '%s'", name.Name)
		c.info.Defs[name] = pv
		return pv
	}
	if init && pv.Decl != nil && pv.Decl.Init != nil {
		c.declErrorf(name, "redefinition of '%s'", name.Name)
	}
	pv.typ = composite(pv.typ, v.typ)
	if v.Defined {
		pv.Defined = true
	}
	if init {
		pv.Decl = v.Decl
	}
	c.info.Defs[name] = pv
	return pv
}

// linkExtern remembers a block-scope declaration of an external name, so
// that a later file-scope declaration denotes the same object.
func (c *checker) linkExtern(name string, o Object) {
	if c.externs == nil {
		c.externs = map[string]Object{}
	}
	if _, ok := c.externs[name]; !ok {
		c.externs[name] = o
	}
}

// ---- function definitions ----

type funcCtx struct {
	decl        *FuncDecl
	sig         *Func
	implicitInt bool         // the result type is C89's implicit int
	targets     []jumpTarget // enclosing loops, switches and upc_foralls
	foralls     []*ast.ForallStmt
	switches    []*switchCtx
	gotos       []gotoRec
	labelAt     map[*Label][]*ast.ForallStmt
}

type jumpTarget struct {
	kind   uint8 // 'l' loop, 's' switch, 'f' upc_forall
	forall *ast.ForallStmt
}

type gotoRec struct {
	stmt    *ast.GotoStmt
	foralls []*ast.ForallStmt
}

type switchCtx struct {
	tag      Type
	cases    map[int64]bool
	hasDeflt bool
}

func (c *checker) funcDef(d *ast.Decl, ds *declSpec) {
	if len(d.Inits) == 0 {
		return
	}
	id := d.Inits[0]
	t, name := c.derive(ds.typ, id.Decl, false)
	sig, ok := Core(t).(*Func)
	if !ok || name == nil {
		if name != nil {
			c.declErrorf(name, "'%s' is defined with a body but is not a function", name.Name)
		}
		sig = &Func{Result: Typ[Invalid], Unspecified: true}
	}
	pl := funcParamList(id.Decl)
	var krVars []*Var
	if pl != nil && len(pl.Names) > 0 || len(d.KRDecls) > 0 {
		krVars = c.oldStyleParams(d, pl, sig)
	}
	var obj *FuncObj
	if name != nil {
		obj = &FuncObj{object: object{name: name.Name, typ: t, pos: name.Start()}, Storage: ds.storage, Inline: ds.inline}
		if ok {
			obj = c.declareFunc(name, obj, true)
		}
	} else {
		obj = &FuncObj{object: object{typ: t}}
	}
	fs := c.info.Scopes[pl]
	if pl == nil || fs == nil {
		fs = &Scope{Parent: c.scope}
	}
	fs.Kind = FuncScope
	fs.Node = d
	fs.Parent = c.scope
	for _, v := range krVars {
		fs.insert(v.name, v)
	}
	c.info.Scopes[d] = fs
	if d.Body != nil {
		c.info.Scopes[d.Body] = fs
	}
	fd := &FuncDecl{Obj: obj, Decl: d, Scope: fs, Labels: map[string]*Label{}}
	obj.Def = fd
	c.info.Funcs = append(c.info.Funcs, fd)
	if sig.Result != nil && !IsVoid(sig.Result) && !IsComplete(sig.Result) && !IsInvalid(sig.Result) {
		if _, isRec := Core(sig.Result).(*Record); isRec {
			c.declErrorf(name, "function has incomplete result type '%s'", sig.Result)
		}
	}
	savedFn, savedScope := c.fn, c.scope
	c.fn = &funcCtx{decl: fd, sig: sig, implicitInt: !ds.hasType}
	c.scope = fs
	fname := ""
	if name != nil {
		fname = name.Name
	}
	ft := &Array{Elem: qualifyRaw(Typ[Char], Qualifiers{Flags: Const}), Kind: FixedLen, Len: int64(len(fname) + 1)}
	for _, n := range [...]string{"__func__", "__FUNCTION__", "__PRETTY_FUNCTION__"} {
		if fs.LookupLocal(n) == nil {
			fs.insert(n, &Var{object: object{name: n, typ: ft}, Storage: Static})
		}
	}
	if d.Body != nil {
		c.collectLabels(d.Body)
		for _, s := range d.Body.Items {
			c.stmt(s)
		}
	}
	c.resolveGotos()
	c.fn, c.scope = savedFn, savedScope
}
