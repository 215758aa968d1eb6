// Package types is the type checker of UPC translation units: C99 with the
// GNU extensions real code uses and the UPC 1.3 additions (shared types with
// layout qualifiers, strict and relaxed, THREADS and MYTHREAD, upc_forall).
//
// Like go/types, Check records facts about the syntax tree in an Info (types
// of expressions, objects of identifiers, scopes, layouts of shared objects)
// and never modifies the tree. Problems are reported as diagnostics of rule
// diag.RuleTypecheck: errors where a C or UPC compiler rejects the program,
// warnings where a compiler only warns.
package types

import (
	"strconv"
	"strings"
)

// Type is a C type. Types are compared with Identical and Compatible, not
// with ==, except for Basic, Record and Enum types, which are unique.
type Type interface {
	// Underlying resolves typedef names; qualifiers are kept.
	Underlying() Type
	String() string
	aType()
}

// BasicKind enumerates the basic types.
type BasicKind uint8

// Basic type kinds.
const (
	Invalid BasicKind = iota // type of an erroneous expression
	Void
	Bool
	Char
	SChar
	UChar
	Short
	UShort
	Int
	UInt
	Long
	ULong
	LongLong
	ULongLong
	Int128
	UInt128
	Float
	Double
	LongDouble
	ComplexFloat
	ComplexDouble
	ComplexLongDouble
	VaList // __builtin_va_list
	numBasic
)

var basicNames = [...]string{
	Invalid: "invalid type", Void: "void", Bool: "_Bool", Char: "char",
	SChar: "signed char", UChar: "unsigned char", Short: "short",
	UShort: "unsigned short", Int: "int", UInt: "unsigned int", Long: "long",
	ULong: "unsigned long", LongLong: "long long",
	ULongLong: "unsigned long long", Int128: "__int128",
	UInt128: "unsigned __int128", Float: "float", Double: "double",
	LongDouble: "long double", ComplexFloat: "_Complex float",
	ComplexDouble: "_Complex double", ComplexLongDouble: "_Complex long double",
	VaList: "__builtin_va_list",
}

// Basic is a basic (arithmetic, void or invalid) type. There is one Basic
// per kind: compare them with ==.
type Basic struct {
	Kind BasicKind
}

// Typ holds the unique basic types, indexed by kind.
var Typ = func() (t [numBasic]*Basic) {
	for k := range t {
		t[k] = &Basic{Kind: BasicKind(k)}
	}
	return
}()

// Pointer is a pointer type. Qualifiers of the pointed-to type (including
// shared and its block size, for a pointer-to-shared) are in Elem.
type Pointer struct {
	Elem Type
}

// ArrayKind says how the length of an array is known.
type ArrayKind uint8

// Array length kinds.
const (
	FixedLen      ArrayKind = iota // Len elements
	ThreadsLen                     // Len*THREADS elements (dynamic THREADS)
	IncompleteLen                  // [] with no size yet
	VarLen                         // C99 variable length array
)

// Array is an array type. Qualifiers never apply to an array type itself:
// as in C, qualifying an array qualifies its elements.
type Array struct {
	Elem Type
	Kind ArrayKind
	Len  int64 // number of elements (the coefficient of THREADS for ThreadsLen)

	thr    uint8 // occurrences of THREADS in the size expression
	thrBad bool  // THREADS occurs in a form other than THREADS or k*THREADS
	// thrConst: the size names nothing but THREADS (constant under static
	// THREADS).
	thrConst bool
	decay    *Pointer // cached pointer to the element type
}

// RecordKind distinguishes structs and unions.
type RecordKind uint8

// Record kinds.
const (
	Struct RecordKind = iota
	Union
)

// Field is a member of a struct or union.
type Field struct {
	Name     string // "" for an anonymous struct/union member or unnamed bit-field
	Type     Type
	Offset   int64 // byte offset of the member (of its storage unit for a bit-field)
	BitField bool
	BitOff   int64 // bit offset from the start of the record, for bit-fields
	Width    int64 // bit-field width
	Obj      *Var  // the member's object (nil for an unnamed member)
}

// Record is a struct or union type; it is complete once its body has been
// seen. There is one Record per declared tag (or per unnamed specifier).
type Record struct {
	Kind     RecordKind
	Tag      string // "" for an anonymous record
	Fields   []*Field
	Complete bool
	Flexible bool // ends with a flexible array member
	Size     int64
	Align    int64
	Packed   bool
}

// Enum is an enumerated type. Its compatible integer type is Base.
type Enum struct {
	Tag      string
	Complete bool
	Base     *Basic // int, or unsigned int when no enumerator is negative
	Consts   []*EnumConst
}

// Param is a function parameter.
type Param struct {
	Name string
	Type Type // adjusted type (arrays and functions become pointers)
}

// Func is a function type.
type Func struct {
	Result   Type
	Params   []*Param
	Variadic bool
	// Unspecified: declared with "()" or defined old-style, with an
	// identifier list (no prototype).
	Unspecified bool
	// OldStyle holds, for an old-style definition, its parameters with the
	// default argument promotions applied. They only decide compatibility
	// with a prototype (C99 6.7.5.3p15); calls are not checked against them.
	OldStyle []*Param
	ptr      *Pointer // cached pointer to this function type
}

// Named is a typedef name.
type Named struct {
	Obj  *TypeName
	Type Type // the type it stands for
}

// QualFlags are the C and UPC type qualifiers other than the block size.
type QualFlags uint8

// Qualifier flags.
const (
	Const QualFlags = 1 << iota
	Volatile
	Restrict
	SharedQ
	StrictQ
	RelaxedQ
	Atomic
)

// BlockKind says which layout qualifier a shared type carries.
type BlockKind uint8

// Block size kinds.
const (
	BlockDefault    BlockKind = iota // shared with no layout qualifier: block size 1
	BlockDefinite                    // shared [B], B > 0
	BlockIndefinite                  // shared [] or shared [0]
	BlockStar                        // shared [*]
)

// Block is the layout qualifier of a shared type.
type Block struct {
	Kind BlockKind
	Size int64 // for BlockDefinite
}

// BlockSize is the number of elements per block: 1 by default, 0 if
// indefinite, -1 for [*] (which depends on the array: see Layout).
func (b Block) BlockSize() int64 {
	switch b.Kind {
	case BlockDefault:
		return 1
	case BlockDefinite:
		return b.Size
	case BlockIndefinite:
		return 0
	}
	return -1
}

// Definite reports whether the block size is definite (not []).
func (b Block) Definite() bool { return b.Kind != BlockIndefinite }

// Qualifiers is a set of qualifiers with the layout qualifier of shared.
type Qualifiers struct {
	Flags QualFlags
	Block Block // meaningful when Flags&SharedQ != 0
}

// Shared reports whether the shared qualifier is present.
func (q Qualifiers) Shared() bool { return q.Flags&SharedQ != 0 }

// Qualified is a qualified version of a type other than an array or a
// qualified type.
type Qualified struct {
	Type Type
	Qual Qualifiers
}

func (*Basic) aType()     {}
func (*Pointer) aType()   {}
func (*Array) aType()     {}
func (*Record) aType()    {}
func (*Enum) aType()      {}
func (*Func) aType()      {}
func (*Named) aType()     {}
func (*Qualified) aType() {}

// Underlying implementations: only Named is resolved.
func (t *Basic) Underlying() Type     { return t }
func (t *Pointer) Underlying() Type   { return t }
func (t *Array) Underlying() Type     { return t }
func (t *Record) Underlying() Type    { return t }
func (t *Enum) Underlying() Type      { return t }
func (t *Func) Underlying() Type      { return t }
func (t *Named) Underlying() Type     { return t.Type.Underlying() }
func (t *Qualified) Underlying() Type { return t }

// Core returns t without typedef names and qualifiers: a *Basic, *Pointer,
// *Array, *Record, *Enum or *Func.
func Core(t Type) Type {
	for {
		switch x := t.(type) {
		case *Named:
			t = x.Type
		case *Qualified:
			t = x.Type
		default:
			return t
		}
	}
}

// QualsOf returns the qualifiers of t, collected through typedef names. For
// an array type they are those of its ultimate element type.
func QualsOf(t Type) Qualifiers { return quals(t, true) }

// TopQuals returns the qualifiers of t itself (not of array elements).
func TopQuals(t Type) Qualifiers { return quals(t, false) }

// quals collects the qualifiers of t through typedef names, and through
// array types to the element type when elems is set.
func quals(t Type, elems bool) Qualifiers {
	var q Qualifiers
	for {
		switch x := t.(type) {
		case *Named:
			t = x.Type
		case *Qualified:
			q = mergeQuals(q, x.Qual)
			t = x.Type
		case *Array:
			if !elems {
				return q
			}
			t = x.Elem
		default:
			return q
		}
	}
}

// mergeQuals unions two qualifier sets; an explicit block size wins over
// the default one.
func mergeQuals(a, b Qualifiers) Qualifiers {
	r := Qualifiers{Flags: a.Flags | b.Flags, Block: a.Block}
	if b.Flags&SharedQ != 0 && (a.Flags&SharedQ == 0 || a.Block.Kind == BlockDefault) {
		r.Block = b.Block
	}
	return r
}

// IsShared reports whether t is shared-qualified (for an array: its
// elements are).
func IsShared(t Type) bool { return QualsOf(t).Shared() }

// Unqualified returns t without top-level qualifiers (typedef names that
// carry qualifiers are resolved).
func Unqualified(t Type) Type {
	for {
		switch x := t.(type) {
		case *Qualified:
			t = x.Type
		case *Named:
			if TopQuals(x.Type).Flags == 0 {
				return t
			}
			t = x.Type
		default:
			return t
		}
	}
}

// WithoutShared returns t with the shared, strict and relaxed qualifiers
// removed (through arrays): the effective type of a shared object.
func WithoutShared(t Type) Type {
	switch x := t.(type) {
	case *Array:
		e := WithoutShared(x.Elem)
		if e == x.Elem {
			return t
		}
		return &Array{Elem: e, Kind: x.Kind, Len: x.Len, thr: x.thr, thrBad: x.thrBad}
	case *Named:
		if QualsOf(x.Type).Flags&(SharedQ|StrictQ|RelaxedQ) == 0 {
			return t
		}
		return WithoutShared(x.Type)
	case *Qualified:
		q := x.Qual
		q.Flags &^= SharedQ | StrictQ | RelaxedQ
		q.Block = Block{}
		return qualifyRaw(WithoutShared(x.Type), q)
	}
	return t
}

// qualifyRaw adds q to t without any checking; arrays pass q to their
// elements.
func qualifyRaw(t Type, q Qualifiers) Type {
	if q.Flags == 0 {
		return t
	}
	switch x := t.(type) {
	case *Array:
		return &Array{Elem: qualifyRaw(x.Elem, q), Kind: x.Kind, Len: x.Len, thr: x.thr, thrBad: x.thrBad}
	case *Named:
		if a, ok := Core(x).(*Array); ok {
			return qualifyRaw(unnameArray(x, a), q)
		}
	case *Qualified:
		return &Qualified{Type: x.Type, Qual: mergeQuals(x.Qual, q)}
	}
	return &Qualified{Type: t, Qual: q}
}

// unnameArray rebuilds the array type a named by n with n's qualifiers.
func unnameArray(n Type, a *Array) *Array {
	q := TopQuals(n)
	if q.Flags == 0 {
		return a
	}
	return &Array{Elem: qualifyRaw(a.Elem, q), Kind: a.Kind, Len: a.Len, thr: a.thr, thrBad: a.thrBad}
}

// Elem returns the ultimate (non-array) element type of t.
func Elem(t Type) Type {
	for {
		a, ok := Core(t).(*Array)
		if !ok {
			return t
		}
		t = arrayElem(t, a)
	}
}

// arrayElem is a's element type with the qualifiers t adds through typedefs.
func arrayElem(t Type, a *Array) Type {
	if _, ok := t.(*Array); ok {
		return a.Elem
	}
	return qualifyRaw(a.Elem, TopQuals(t))
}

// ---- predicates ----

func basicKind(t Type) (BasicKind, bool) {
	switch x := Core(t).(type) {
	case *Basic:
		return x.Kind, true
	case *Enum:
		if x.Base != nil {
			return x.Base.Kind, true
		}
		return UInt, true
	}
	return 0, false
}

// IsInteger reports whether t is an integer type (including _Bool, char
// and enums).
func IsInteger(t Type) bool {
	k, ok := basicKind(t)
	return ok && k >= Bool && k <= UInt128
}

// IsUnsigned reports whether t is an unsigned integer type.
func IsUnsigned(t Type) bool {
	k, ok := basicKind(t)
	if !ok {
		return false
	}
	switch k {
	case Bool, UChar, UShort, UInt, ULong, ULongLong, UInt128:
		return true
	}
	return false
}

// IsFloat reports whether t is a real or complex floating type.
func IsFloat(t Type) bool {
	k, ok := basicKind(t)
	return ok && k >= Float && k <= ComplexLongDouble
}

// IsComplex reports whether t is a complex type.
func IsComplex(t Type) bool {
	k, ok := basicKind(t)
	return ok && k >= ComplexFloat && k <= ComplexLongDouble
}

// IsArithmetic reports whether t is an arithmetic type.
func IsArithmetic(t Type) bool {
	k, ok := basicKind(t)
	return ok && k >= Bool && k <= ComplexLongDouble
}

// IsPointer reports whether t is a pointer type.
func IsPointer(t Type) bool {
	_, ok := Core(t).(*Pointer)
	return ok
}

// IsScalar reports whether t is an arithmetic or pointer type.
func IsScalar(t Type) bool { return IsArithmetic(t) || IsPointer(t) }

// IsVoid reports whether t is void (possibly qualified).
func IsVoid(t Type) bool {
	b, ok := Core(t).(*Basic)
	return ok && b.Kind == Void
}

// IsInvalid reports whether t is the invalid type (or nil).
func IsInvalid(t Type) bool {
	if t == nil {
		return true
	}
	b, ok := Core(t).(*Basic)
	return ok && b.Kind == Invalid
}

// IsPointerToShared reports whether t is a pointer whose pointed-to type is
// shared-qualified.
func IsPointerToShared(t Type) bool {
	p, ok := Core(t).(*Pointer)
	return ok && IsShared(p.Elem)
}

// IsRecord reports whether t is a struct or union type.
func IsRecord(t Type) bool {
	_, ok := Core(t).(*Record)
	return ok
}

// PointerElem returns the pointed-to type of a pointer type, or nil.
func PointerElem(t Type) Type {
	if p, ok := Core(t).(*Pointer); ok {
		return p.Elem
	}
	return nil
}

// ---- printing ----

// TypeString prints t in C syntax with the declarator name (may be "").
func TypeString(t Type, name string) string {
	var b strings.Builder
	writeType(&b, t, name)
	return b.String()
}

func (t *Basic) String() string     { return basicNames[t.Kind] }
func (t *Pointer) String() string   { return TypeString(t, "") }
func (t *Array) String() string     { return TypeString(t, "") }
func (t *Func) String() string      { return TypeString(t, "") }
func (t *Qualified) String() string { return TypeString(t, "") }
func (t *Named) String() string {
	if t.Obj != nil {
		return t.Obj.name
	}
	return t.Type.String()
}

func (t *Record) String() string {
	k := "struct"
	if t.Kind == Union {
		k = "union"
	}
	if t.Tag == "" {
		return k + " <anonymous>"
	}
	return k + " " + t.Tag
}

func (t *Enum) String() string {
	if t.Tag == "" {
		return "enum <anonymous>"
	}
	return "enum " + t.Tag
}

// qualWords are the keywords of the qualifiers other than shared, in the
// order String prints them.
var qualWords = [...]struct {
	flag QualFlags
	word string
}{
	{Const, "const"}, {Volatile, "volatile"}, {Restrict, "restrict"},
	{Atomic, "_Atomic"}, {StrictQ, "strict"}, {RelaxedQ, "relaxed"},
}

// String prints the qualifiers as C source would spell them.
func (q Qualifiers) String() string {
	var parts []string
	for _, w := range qualWords {
		if q.Flags&w.flag != 0 {
			parts = append(parts, w.word)
		}
	}
	if q.Flags&SharedQ != 0 {
		switch q.Block.Kind {
		case BlockDefault:
			parts = append(parts, "shared")
		case BlockDefinite:
			parts = append(parts, "shared ["+strconv.FormatInt(q.Block.Size, 10)+"]")
		case BlockIndefinite:
			parts = append(parts, "shared []")
		case BlockStar:
			parts = append(parts, "shared [*]")
		}
	}
	return strings.Join(parts, " ")
}

// writeType prints t around the declarator text decl, the classic
// inside-out way.
func writeType(b *strings.Builder, t Type, decl string) {
	switch x := t.(type) {
	case *Qualified:
		if needsPostfixQuals(x.Type) {
			// qualifiers of a pointer follow the star: int *const p
			q := x.Qual.String()
			if decl != "" {
				q += " " + decl
			}
			writeType(b, x.Type, q)
			return
		}
		b.WriteString(x.Qual.String())
		b.WriteByte(' ')
		writeType(b, x.Type, decl)
	case *Pointer:
		inner := "*" + decl
		switch Core(x.Elem).(type) {
		case *Array, *Func:
			if _, direct := x.Elem.(*Qualified); !direct {
				inner = "(" + inner + ")"
			}
		}
		writeType(b, x.Elem, inner)
	case *Array:
		var n string
		switch x.Kind {
		case FixedLen:
			n = strconv.FormatInt(x.Len, 10)
		case ThreadsLen:
			if x.Len == 1 {
				n = "THREADS"
			} else {
				n = strconv.FormatInt(x.Len, 10) + "*THREADS"
			}
		case VarLen:
			n = "*"
		}
		writeType(b, x.Elem, decl+"["+n+"]")
	case *Func:
		writeType(b, x.Result, x.Declarator(decl, func(b *strings.Builder, _ int, p *Param) { writeType(b, p.Type, "") }))
	default:
		b.WriteString(t.String())
		if decl != "" {
			if decl[0] != '[' && (decl[0] != '(' || strings.HasPrefix(decl, "(*")) {
				b.WriteByte(' ')
			}
			b.WriteString(decl)
		}
	}
}

// Declarator returns decl followed by t's parameter list: each parameter
// as param writes it, "..." for a variadic function, "void" for a prototype
// without parameters. The result's type goes around it.
func (t *Func) Declarator(decl string, param func(b *strings.Builder, i int, p *Param)) string {
	var b strings.Builder
	b.WriteString(decl)
	b.WriteByte('(')
	for i, p := range t.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		param(&b, i, p)
	}
	if t.Variadic {
		if len(t.Params) > 0 {
			b.WriteString(", ")
		}
		b.WriteString("...")
	} else if len(t.Params) == 0 && !t.Unspecified {
		b.WriteString("void")
	}
	b.WriteByte(')')
	return b.String()
}

func needsPostfixQuals(t Type) bool {
	_, ok := t.(*Pointer)
	return ok
}
