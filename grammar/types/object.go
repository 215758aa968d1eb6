package types

import (
	gotoken "go/token"

	"github.com/upclint/upclint/grammar/ast"
)

// Object is a named entity: a variable, function, typedef name, enumeration
// constant, label or builtin.
type Object interface {
	Name() string
	Type() Type
	Pos() gotoken.Pos // position of the (first) declaration, NoPos for predeclared objects
	aObject()
}

// StorageClass is the storage class of a variable or function.
type StorageClass uint8

// Storage classes.
const (
	NoStorage StorageClass = iota
	Extern
	Static
	Auto
	Register
	Typedef
	ThreadLocal // __thread (with or without static/extern)
)

// object is embedded in the objects.
type object struct {
	name string
	typ  Type
	pos  gotoken.Pos
}

func (o *object) Name() string     { return o.name }
func (o *object) Type() Type       { return o.typ }
func (o *object) Pos() gotoken.Pos { return o.pos }

// Var is a variable, parameter or struct/union member.
type Var struct {
	object
	Storage   StorageClass
	FileScope bool // declared at file scope
	Param     bool
	Field     bool
	Defined   bool // has an initializer (or is a tentative/real definition)
	Decl      *ast.InitDeclarator
}

// IsStatic reports whether the variable has static storage duration.
func (v *Var) IsStatic() bool {
	return v.FileScope || v.Storage == Static || v.Storage == Extern || v.Storage == ThreadLocal
}

// FuncObj is a function (declared or defined).
type FuncObj struct {
	object
	Storage  StorageClass
	Inline   bool
	Implicit bool      // implicitly declared by a call (C89)
	Def      *FuncDecl // the definition, if any
}

// Signature returns the function's type.
func (f *FuncObj) Signature() *Func {
	if s, ok := Core(f.typ).(*Func); ok {
		return s
	}
	return nil
}

// TypeName is a typedef name.
type TypeName struct {
	object
}

// typedefName is a typedef's TypeName with its Named type.
type typedefName struct {
	TypeName
	named Named
}

// EnumConst is an enumeration constant.
type EnumConst struct {
	object
	Value int64
	Enum  *Enum
}

// Label is a statement label.
type Label struct {
	object
	Stmt *ast.LabeledStmt
	Used bool
}

// Builtin is a predeclared builtin function (__builtin_*, __sync_*,
// __atomic_*), whose calls are typed specially.
type Builtin struct {
	object
}

func (*Var) aObject()       {}
func (*FuncObj) aObject()   {}
func (*TypeName) aObject()  {}
func (*EnumConst) aObject() {}
func (*Label) aObject()     {}
func (*Builtin) aObject()   {}

// Tag is a struct, union or enum tag declaration.
type Tag struct {
	Name string
	Type Type // *Record or *Enum
	Pos  gotoken.Pos
}

// ScopeKind says what kind of region a scope is.
type ScopeKind uint8

// Scope kinds.
const (
	FileScope ScopeKind = iota
	FuncScope           // parameters and the outermost block of a function body
	BlockScope
	ProtoScope // function prototype parameters
)

// Scope is a C scope. Ordinary identifiers and tags are separate name
// spaces; labels are per function (FuncDecl.Labels).
type Scope struct {
	Parent *Scope
	Kind   ScopeKind
	Node   ast.Node     // *ast.File, *ast.Decl (function), *ast.Block, *ast.ForStmt, *ast.ForallStmt, *ast.ParamList
	small  []scopeEntry // the names while there are few
	names  map[string]Object
	tags   map[string]*Tag
	// undeclared records names already reported as undeclared here.
	undeclared map[string]bool
	// lazy holds the file scope's set-aside declarations while Check runs
	// (see lazyDecls); nil otherwise.
	lazy *lazyDecls
}

type scopeEntry struct {
	name string
	obj  Object
}

const smallScope = 12

// Lookup finds name in s or its parents.
func (s *Scope) Lookup(name string) Object {
	for ; s != nil; s = s.Parent {
		if o := s.LookupLocal(name); o != nil {
			return o
		}
	}
	return nil
}

// LookupLocal finds name in s only.
func (s *Scope) LookupLocal(name string) Object {
	o := s.lookupLocal(name)
	if o == nil && s.lazy != nil && s.lazy.load(name, false) {
		o = s.lookupLocal(name)
	}
	return o
}

func (s *Scope) lookupLocal(name string) Object {
	if s.names != nil {
		return s.names[name]
	}
	for i := range s.small {
		if s.small[i].name == name {
			return s.small[i].obj
		}
	}
	return nil
}

// LookupTag finds a tag in s or its parents.
func (s *Scope) LookupTag(name string) *Tag {
	for ; s != nil; s = s.Parent {
		if t := s.localTag(name); t != nil {
			return t
		}
	}
	return nil
}

// localTag finds a tag in s only.
func (s *Scope) localTag(name string) *Tag {
	t := s.tags[name]
	if t == nil && s.lazy != nil && s.lazy.load(name, true) {
		t = s.tags[name]
	}
	return t
}

// Names returns the ordinary identifiers declared in s.
func (s *Scope) Names() map[string]Object {
	if s.names != nil {
		return s.names
	}
	m := make(map[string]Object, len(s.small))
	for _, e := range s.small {
		m[e.name] = e.obj
	}
	return m
}

func (s *Scope) insert(name string, o Object) {
	if s.names == nil {
		for i := range s.small {
			if s.small[i].name == name {
				s.small[i].obj = o
				return
			}
		}
		if len(s.small) < smallScope {
			s.small = append(s.small, scopeEntry{name, o})
			return
		}
		s.names = make(map[string]Object, 2*smallScope)
		for _, e := range s.small {
			s.names[e.name] = e.obj
		}
		s.small = nil
	}
	s.names[name] = o
}

func (s *Scope) insertTag(t *Tag) {
	if s.tags == nil {
		s.tags = make(map[string]*Tag, 4)
	}
	s.tags[t.Name] = t
}

// FuncDecl is a function definition.
type FuncDecl struct {
	Obj    *FuncObj
	Decl   *ast.Decl
	Scope  *Scope // parameters and the outermost block
	Labels map[string]*Label
}
