package types

import (
	"github.com/upclint/upclint/grammar/ast"
)

// recordSpec handles a struct or union specifier and returns its type.
func (c *checker) recordSpec(rs *ast.RecordSpec, alone bool) Type {
	kind := Struct
	kw := "struct"
	if rs.Kind == "union" {
		kind = Union
		kw = "union"
	}
	var r *Record
	if rs.Name != nil {
		tagName := rs.Name.Name
		var tag *Tag
		if rs.HasBody || alone {
			tag = c.scope.localTag(tagName)
		} else {
			tag = c.scope.LookupTag(tagName)
		}
		if tag != nil {
			if pr, ok := tag.Type.(*Record); ok && pr.Kind == kind {
				r = pr
				if rs.HasBody && pr.Complete {
					c.declErrorf(rs.Name, "redefinition of '%s %s'", kw, tagName)
					r = &Record{Kind: kind, Tag: tagName}
				}
			} else {
				c.declErrorf(rs.Name, "use of '%s' with tag type that does not match previous declaration", tagName)
				r = &Record{Kind: kind, Tag: tagName}
				tag = &Tag{Name: tagName, Type: r, Pos: rs.Name.Start()}
			}
		} else {
			r = &Record{Kind: kind, Tag: tagName}
			tag = &Tag{Name: tagName, Type: r, Pos: rs.Name.Start()}
			s := c.scope
			for s.Kind == ProtoScope && s.Parent != nil && !rs.HasBody {
				s = s.Parent
			}
			s.insertTag(tag)
		}
		c.info.Tags[rs.Name] = tag
	} else {
		r = &Record{Kind: kind}
	}
	if !rs.HasBody {
		return r
	}
	var aligned int64
	packed := false
	for _, a := range rs.Attrs {
		c.attrs(a, &aligned, &packed)
	}
	for _, a := range rs.Trailer {
		c.attrs(a, &aligned, &packed)
	}
	r.Packed = packed
	var specs []fieldSpec
	names := map[string]bool{}
	saved := c.declErr
	for _, fd := range rs.Fields {
		c.declErr = false
		ds := c.specs(fd.Specs, false)
		if len(fd.Decls) == 0 {
			// anonymous struct/union member (C11, GNU)
			if rec, ok := Core(ds.typ).(*Record); ok {
				specs = append(specs, fieldSpec{typ: ds.typ, align: ds.aligned})
				for _, n := range fieldNames(rec) {
					if names[n] {
						c.declErrorf(fd, "duplicate member '%s'", n)
					}
					names[n] = true
				}
			}
			continue
		}
		for _, f := range fd.Decls {
			c.declErr = ds.err
			t, name := c.derive(ds.typ, f.Decl, false)
			fs := fieldSpec{typ: t, align: ds.aligned, packed: ds.packed}
			for _, a := range f.Attrs {
				c.attrs(a, &fs.align, &fs.packed)
			}
			var at ast.Node = f
			if name != nil {
				fs.name = name.Name
				at = name
				if names[name.Name] {
					c.declErrorf(name, "duplicate member '%s'", name.Name)
				}
				names[name.Name] = true
			}
			if !ds.err && IsShared(t) {
				c.declErrorf(at, "struct or union member '%s' cannot have shared-qualified type (only pointers to shared are allowed)", fs.name)
			}
			if _, isFunc := Core(t).(*Func); isFunc {
				c.declErrorf(at, "member '%s' declared as a function", fs.name)
				t = Typ[Invalid]
				fs.typ = t
			}
			if f.Width != nil {
				x := c.rvalue(f.Width)
				fs.bitField = true
				if x.mode == ModeConstant && x.val.Kind == IntValue {
					fs.width = x.val.Int
					size, _ := Sizeof(t)
					if !IsInteger(t) && !IsInvalid(t) {
						c.declErrorf(at, "bit-field '%s' has invalid type '%s'", fs.name, t)
					} else if fs.width < 0 {
						c.declErrorf(f.Width, "bit-field '%s' has negative width", fs.name)
						fs.width = 0
					} else if fs.width > size*8 && !IsInvalid(t) {
						c.declErrorf(f.Width, "width of bit-field '%s' exceeds its type", fs.name)
						fs.width = size * 8
					} else if fs.width == 0 && name != nil {
						c.declErrorf(f.Width, "named bit-field '%s' has zero width", fs.name)
					}
				} else if x.mode != ModeInvalid {
					c.declErrorf(f.Width, "bit-field width is not an integer constant")
				}
			}
			if name != nil {
				v := &Var{object: object{name: name.Name, typ: t, pos: name.Start()}, Field: true}
				c.info.Defs[name] = v
				fs.obj = v // Field.Obj: member accesses resolve to the declaration's object
			}
			specs = append(specs, fs)
		}
	}
	c.declErr = saved
	for _, a := range rs.Asserts {
		c.staticAssert(a) // before the layout: the record is still incomplete
	}
	layoutRecord(r, specs, aligned)
	return r
}

// fieldNames lists the member names reachable in r (through anonymous members).
func fieldNames(r *Record) []string {
	var out []string
	for _, f := range r.Fields {
		if f.Name != "" {
			out = append(out, f.Name)
		} else if sub, ok := Core(f.Type).(*Record); ok {
			out = append(out, fieldNames(sub)...)
		}
	}
	return out
}

// lookupField finds member name in r; path lists the anonymous members
// crossed and the member itself.
func lookupField(r *Record, name string) (*Field, int64, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f, f.Offset, true
		}
		if f.Name == "" {
			if sub, ok := Core(f.Type).(*Record); ok {
				if g, off, ok := lookupField(sub, name); ok {
					return g, f.Offset + off, true
				}
			}
		}
	}
	return nil, 0, false
}

// enumSpec handles an enum specifier.
func (c *checker) enumSpec(es *ast.EnumSpec, alone bool) Type {
	var e *Enum
	if es.Name != nil {
		tagName := es.Name.Name
		var tag *Tag
		if es.HasBody {
			tag = c.scope.localTag(tagName)
		} else {
			tag = c.scope.LookupTag(tagName)
		}
		if tag != nil {
			if pe, ok := tag.Type.(*Enum); ok {
				e = pe
				if es.HasBody && pe.Complete {
					c.declErrorf(es.Name, "redefinition of 'enum %s'", tagName)
					e = &Enum{Tag: tagName}
				}
			} else {
				c.declErrorf(es.Name, "use of '%s' with tag type that does not match previous declaration", tagName)
				e = &Enum{Tag: tagName}
			}
		} else {
			e = &Enum{Tag: tagName}
			tag = &Tag{Name: tagName, Type: e, Pos: es.Name.Start()}
			c.scope.insertTag(tag)
		}
		c.info.Tags[es.Name] = tag
	} else {
		e = &Enum{}
	}
	if e.Base == nil {
		e.Base = Typ[UInt]
	}
	if !es.HasBody {
		return e
	}
	var next int64
	neg := false
	for _, it := range es.Items {
		if it.Value != nil {
			x := c.rvalue(it.Value)
			if x.mode == ModeConstant && x.val.Kind == IntValue && IsInteger(x.typ) {
				next = x.val.Int
			} else if x.mode != ModeInvalid {
				c.errorf(it.Value, "enumerator value for '%s' is not an integer constant", it.Name.Name)
			}
		}
		if next < 0 {
			neg = true
		}
		ec := &EnumConst{object: object{name: it.Name.Name, typ: Typ[Int], pos: it.Name.Start()}, Value: next, Enum: e}
		if next > 1<<31-1 || next < -1<<31 {
			ec.typ = Typ[Long]
		}
		if prev := c.scope.LookupLocal(it.Name.Name); prev != nil {
			c.errorf(it.Name, "redefinition of enumerator '%s'", it.Name.Name)
		} else {
			c.scope.insert(it.Name.Name, ec)
		}
		c.info.Defs[it.Name] = ec
		e.Consts = append(e.Consts, ec)
		next++
	}
	if neg {
		e.Base = Typ[Int]
	}
	e.Complete = true
	return e
}

// ---- initializers ----

// initializer checks an initializer for an object of type t and returns the
// type completed by it (the length of an array declared with []).
func (c *checker) initializer(t Type, init *ast.Initializer) Type {
	if init == nil {
		return t
	}
	if init.X != nil {
		if a, ok := Core(t).(*Array); ok {
			if n, ok := c.stringInit(a, init.X); ok {
				if a.Kind == IncompleteLen {
					return &Array{Elem: a.Elem, Kind: FixedLen, Len: n}
				}
				return t
			}
			x := c.rvalue(init.X)
			if x.mode != ModeInvalid && !IsInvalid(x.typ) {
				if !compatible(Unqualified(t), x.typ) {
					c.errorf(init.X, "array initializer must be an initializer list")
				}
			}
			return t
		}
		x := c.rvalue(init.X)
		c.assignable(t, &x, init.X, "initializing")
		return t
	}
	if init.List == nil {
		return t
	}
	n := c.initList(t, init.List)
	if a, ok := Core(t).(*Array); ok && a.Kind == IncompleteLen {
		return &Array{Elem: arrayElem(t, a), Kind: FixedLen, Len: n}
	}
	return t
}

// stringInit handles a string literal initializing a character array.
func (c *checker) stringInit(a *Array, e ast.Expr) (int64, bool) {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	if !ok || lit.Kind != tokString {
		return 0, false
	}
	if !IsInteger(a.Elem) {
		return 0, false
	}
	x := c.expr(lit)
	if arr, ok := Core(x.typ).(*Array); ok {
		return arr.Len, true
	}
	return 0, true
}

// scalarCount is the number of scalars an object of type t holds (for brace
// elision), at least 1.
func scalarCount(t Type) int64 {
	switch x := Core(t).(type) {
	case *Array:
		if x.Kind != FixedLen {
			return 1
		}
		n := x.Len * scalarCount(x.Elem)
		if n < 1 {
			return 1
		}
		return n
	case *Record:
		var n int64
		for _, f := range x.Fields {
			if f.Name == "" && f.BitField {
				continue
			}
			n += scalarCount(f.Type)
			if x.Kind == Union {
				break
			}
		}
		if n < 1 {
			return 1
		}
		return n
	}
	return 1
}

// initList checks a braced initializer for type t; for an array it
// returns the number of elements initialized.
func (c *checker) initList(t Type, l *ast.InitList) int64 {
	switch x := Core(t).(type) {
	case *Array:
		elem := arrayElem(t, x)
		per := scalarCount(elem)
		aggregate := isAggregate(elem)
		var idx, max, sub int64
		for _, it := range l.Items {
			if len(it.Designators) > 0 {
				if sub > 0 {
					idx++
					sub = 0
				}
				d := it.Designators[0]
				if d.Index != nil {
					v := c.rvalue(d.Index)
					if v.mode == ModeConstant && v.val.Kind == IntValue {
						idx = v.val.Int
					}
					if d.High != nil {
						h := c.rvalue(d.High)
						if h.mode == ModeConstant && h.val.Kind == IntValue {
							idx = h.val.Int
						}
					}
				} else if d.Field != nil {
					c.errorf(d, "field designator '%s' used in an array initializer", d.Field.Name)
				}
				c.designated(elem, it.Designators[1:], it.Init)
				idx++
			} else if it.Init.List == nil && aggregate && !c.initMatches(elem, it.Init.X) {
				// brace elision: the expression initializes the next scalar
				c.rvalue(it.Init.X)
				sub++
				if sub >= per {
					idx++
					sub = 0
				}
			} else {
				if sub > 0 {
					idx++
					sub = 0
				}
				c.initializer(elem, it.Init)
				idx++
			}
			if idx > max {
				max = idx
			}
		}
		if sub > 0 && idx+1 > max {
			max = idx + 1
		}
		return max
	case *Record:
		fi := 0
		var sub int64
		for _, it := range l.Items {
			var ft Type
			if len(it.Designators) > 0 {
				sub = 0
				d := it.Designators[0]
				if d.Field != nil {
					f, _, ok := lookupField(x, d.Field.Name)
					if !ok {
						c.errorf(d.Field, "no member named '%s' in '%s'", d.Field.Name, x)
						c.initializer(Typ[Invalid], it.Init)
						continue
					}
					for i, g := range x.Fields {
						if g == f {
							fi = i
						}
					}
					ft = f.Type
				} else {
					c.rvalue(d.Index)
				}
				if ft == nil {
					c.initializer(Typ[Invalid], it.Init)
					continue
				}
				c.designated(ft, it.Designators[1:], it.Init)
				fi++
				continue
			}
			for fi < len(x.Fields) && x.Fields[fi].Name == "" && x.Fields[fi].BitField {
				fi++
			}
			if fi >= len(x.Fields) {
				if it.Init.X != nil {
					c.rvalue(it.Init.X)
				} else {
					c.initList(Typ[Invalid], it.Init.List)
				}
				continue
			}
			ft = x.Fields[fi].Type
			if it.Init.List == nil && isAggregate(ft) && !c.initMatches(ft, it.Init.X) {
				c.rvalue(it.Init.X)
				sub++
				if sub >= scalarCount(ft) {
					fi++
					sub = 0
				}
				continue
			}
			if sub > 0 {
				fi++
				sub = 0
				if fi >= len(x.Fields) {
					c.initializer(Typ[Invalid], it.Init)
					continue
				}
				ft = x.Fields[fi].Type
			}
			c.initializer(ft, it.Init)
			fi++
			if x.Kind == Union {
				fi = len(x.Fields)
			}
		}
		return 0
	default:
		for i, it := range l.Items {
			if i == 0 && len(it.Designators) == 0 && !IsInvalid(t) {
				c.initializer(t, it.Init)
			} else {
				c.initializer(Typ[Invalid], it.Init)
			}
		}
	}
	return 0
}

func isAggregate(t Type) bool {
	switch Core(t).(type) {
	case *Array, *Record:
		return true
	}
	return false
}

// initMatches reports whether expression e initializes a whole object of
// aggregate type t (a struct value or a string for a char array).
func (c *checker) initMatches(t Type, e ast.Expr) bool {
	if a, ok := Core(t).(*Array); ok {
		lit, ok := ast.Unparen(e).(*ast.BasicLit)
		return ok && lit.Kind == tokString && IsInteger(a.Elem)
	}
	x := c.peekType(e)
	return x != nil && compatible(Unqualified(t), Unqualified(x))
}

// designated checks an initializer reached through the remaining designators.
func (c *checker) designated(t Type, ds []*ast.Designator, init *ast.Initializer) {
	for _, d := range ds {
		switch x := Core(t).(type) {
		case *Array:
			if d.Index != nil {
				c.rvalue(d.Index)
				if d.High != nil {
					c.rvalue(d.High)
				}
			}
			t = arrayElem(t, x)
		case *Record:
			if d.Field == nil {
				t = Typ[Invalid]
				continue
			}
			f, _, ok := lookupField(x, d.Field.Name)
			if !ok {
				c.errorf(d.Field, "no member named '%s' in '%s'", d.Field.Name, x)
				t = Typ[Invalid]
				continue
			}
			t = f.Type
		default:
			if d.Index != nil {
				c.rvalue(d.Index)
			}
			t = Typ[Invalid]
		}
	}
	c.initializer(t, init)
}
