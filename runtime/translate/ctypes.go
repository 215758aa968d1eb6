package translate

import (
	"reflect"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

func isNilNode(n ast.Node) bool {
	if n == nil {
		return true
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}

// hasShared reports whether t mentions shared anywhere the C type must
// change: a shared qualifier or a pointer to shared data, also inside
// arrays, pointers and function types (not inside records: a record's C
// type is its translated definition).
func hasShared(t types.Type) bool {
	return hasSharedDepth(t, 0)
}

func hasSharedDepth(t types.Type, depth int) bool {
	if t == nil || depth > 50 {
		return false
	}
	switch x := t.(type) {
	case *types.Named:
		return hasSharedDepth(x.Type, depth+1)
	case *types.Qualified:
		if x.Qual.Flags&(types.SharedQ|types.StrictQ|types.RelaxedQ) != 0 {
			return true
		}
		return hasSharedDepth(x.Type, depth+1)
	case *types.Pointer:
		return hasSharedDepth(x.Elem, depth+1)
	case *types.Array:
		return hasSharedDepth(x.Elem, depth+1)
	case *types.Func:
		if hasSharedDepth(x.Result, depth+1) {
			return true
		}
		for _, p := range x.Params {
			if hasSharedDepth(p.Type, depth+1) {
				return true
			}
		}
	}
	return false
}

// isSptr reports whether t is a pointer-to-shared type.
func isSptr(t types.Type) bool {
	return t != nil && types.IsPointerToShared(t)
}

// ctype prints type ty around the declarator text decl as C for the
// runtime: pointers-to-shared are upcr_sptr_t, shared qualifiers vanish.
// ok is false when the type cannot be named (an anonymous record).
func (t *translator) ctype(ty types.Type, decl string) string {
	var b strings.Builder
	t.writeCType(&b, ty, decl, nil)
	return b.String()
}

// ctypeParams is ctype for a function type whose parameter names are
// printed too.
func (t *translator) ctypeParams(ty types.Type, decl string, names []string) string {
	var b strings.Builder
	t.writeCType(&b, ty, decl, names)
	return b.String()
}

func join(a, b string) string {
	if b == "" {
		return a
	}
	if a == "" {
		return b
	}
	if b[0] == '[' || b[0] == '(' && !strings.HasPrefix(b, "(*") {
		return a + b
	}
	return a + " " + b
}

func (t *translator) writeCType(b *strings.Builder, ty types.Type, decl string, names []string) {
	switch x := ty.(type) {
	case nil:
		b.WriteString(join("int", decl))
	case *types.Named:
		if t.typedefDropped(x) {
			t.writeCType(b, types.WithoutShared(x.Type), decl, names)
			return
		}
		b.WriteString(join(x.String(), decl))
	case *types.Qualified:
		q := x.Qual
		q.Flags &^= types.SharedQ | types.StrictQ | types.RelaxedQ
		q.Block = types.Block{}
		if isSptr(x.Type) {
			q.Flags &^= types.Restrict
		}
		qs := q.String()
		if _, isPtr := x.Type.(*types.Pointer); isPtr && !isSptr(x.Type) {
			if qs != "" {
				decl = join(qs, decl)
			}
			t.writeCType(b, x.Type, decl, names)
			return
		}
		if qs != "" {
			b.WriteString(qs + " ")
		}
		t.writeCType(b, x.Type, decl, names)
	case *types.Pointer:
		if types.IsShared(x.Elem) {
			b.WriteString(join("upcr_sptr_t", decl))
			return
		}
		inner := "*" + decl
		switch types.Core(x.Elem).(type) {
		case *types.Array, *types.Func:
			if _, direct := x.Elem.(*types.Qualified); !direct || true {
				inner = "(" + inner + ")"
			}
		}
		t.writeCType(b, x.Elem, inner, nil)
	case *types.Array:
		var n string
		switch x.Kind {
		case types.FixedLen:
			n = strconv.FormatInt(x.Len, 10)
		case types.ThreadsLen:
			if x.Len == 1 {
				n = "THREADS"
			} else {
				n = strconv.FormatInt(x.Len, 10) + " * THREADS"
			}
		case types.VarLen:
			t.failf(nil, "variable length array of a UPC type is not supported")
		}
		t.writeCType(b, x.Elem, decl+"["+n+"]", nil)
	case *types.Func:
		t.writeCType(b, x.Result, x.Declarator(decl, func(b *strings.Builder, i int, p *types.Param) {
			name := ""
			if i < len(names) {
				name = names[i]
			}
			t.writeCType(b, p.Type, name, nil)
		}), nil)
	case *types.Record:
		s := "struct "
		if x.Kind == types.Union {
			s = "union "
		}
		tag := x.Tag
		if tag == "" {
			tag = t.anonTags[x]
		}
		if tag == "" {
			tag = t.anonTag(x)
		}
		b.WriteString(join(s+tag, decl))
	case *types.Enum:
		if x.Tag == "" {
			b.WriteString(join("int", decl))
			return
		}
		b.WriteString(join("enum "+x.Tag, decl))
	default:
		b.WriteString(join(ty.String(), decl))
	}
}

// anonTag names an anonymous record that generated code must name. If its
// definition has been printed without a tag already, the name is unusable;
// records are prescanned so that this does not happen for records with
// shared members.
func (t *translator) anonTag(r *types.Record) string {
	name := t.tmpName("anon")
	t.anonTags[r] = name
	return name
}

// typedefDropped reports whether a typedef name stands for a shared type
// and so is not emitted.
func (t *translator) typedefDropped(n *types.Named) bool {
	if n.Obj == nil {
		return false
	}
	if d, ok := t.dropTypedef[n.Obj]; ok {
		return d
	}
	d := types.QualsOf(n.Type).Shared() || types.QualsOf(n.Type).Flags&(types.StrictQ|types.RelaxedQ) != 0
	t.dropTypedef[n.Obj] = d
	return d
}

// valueType is the C type of a value of UPC type ty (shared qualifiers
// dropped, pointers-to-shared as upcr_sptr_t).
func (t *translator) valueType(ty types.Type) string {
	return t.ctype(types.WithoutShared(ty), "")
}

// accessor returns the suffix of the typed upcr_get_/upcr_put_ accessors
// for values of type ty, or "" for the generic ones.
func accessor(ty types.Type) string {
	switch x := types.Core(ty).(type) {
	case *types.Basic:
		switch x.Kind {
		case types.Char:
			return "char"
		case types.SChar:
			return "schar"
		case types.UChar:
			return "uchar"
		case types.Short:
			return "short"
		case types.UShort:
			return "ushort"
		case types.Int:
			return "int"
		case types.UInt:
			return "uint"
		case types.Long:
			return "long"
		case types.ULong:
			return "ulong"
		case types.LongLong:
			return "llong"
		case types.ULongLong:
			return "ullong"
		case types.Float:
			return "float"
		case types.Double:
			return "double"
		case types.LongDouble:
			return "ldouble"
		}
	case *types.Enum:
		if x.Base != nil && x.Base.Kind == types.UInt {
			return "uint"
		}
		return "int"
	case *types.Pointer:
		if types.IsShared(x.Elem) {
			return "sptr"
		}
		return "ptr"
	}
	return ""
}

// sizeText is sizeof(T) for the C type of ty, or its size as a number.
func (t *translator) sizeText(ty types.Type) string {
	ty = types.WithoutShared(ty)
	if types.IsVoid(ty) {
		return "1"
	}
	if _, ok := types.Core(ty).(*types.Func); ok {
		return "1"
	}
	if r, ok := types.Core(ty).(*types.Record); ok && r.Tag == "" && t.anonTags[r] == "" {
		if n, ok := types.Sizeof(ty); ok {
			return strconv.FormatInt(n, 10)
		}
	}
	return "sizeof(" + t.ctype(ty, "") + ")"
}

// ptrInfo describes pointer-to-shared type pt for upcr_add: the element
// size of the ultimate element type, the block size, and the number of
// ultimate elements one step of the pointer covers.
type ptrInfo struct {
	esz   string
	block string
	count string // "" for 1
}

func (t *translator) ptrInfo(pt types.Type) ptrInfo {
	elem := types.PointerElem(pt)
	if elem == nil {
		return ptrInfo{esz: "1", block: "1"}
	}
	return t.elemInfo(elem)
}

// elemInfo is ptrInfo for a pointer to elem (a shared type).
func (t *translator) elemInfo(elem types.Type) ptrInfo {
	var pi ptrInfo
	ult := types.Elem(elem)
	pi.esz = t.sizeText(ult)
	q := types.QualsOf(elem)
	switch q.Block.Kind {
	case types.BlockDefault:
		pi.block = "1"
	case types.BlockDefinite:
		pi.block = strconv.FormatInt(q.Block.Size, 10)
	case types.BlockIndefinite:
		pi.block = "0"
	default:
		pi.block = "1"
		t.failf(nil, "unresolved [*] block size")
	}
	// elements per step
	fixed, threads, known := extent(elem)
	if !known {
		t.failf(nil, "pointer to an array of unknown size")
	}
	switch {
	case threads:
		pi.count = strconv.FormatInt(fixed, 10) + " * THREADS"
	case fixed != 1:
		pi.count = strconv.FormatInt(fixed, 10)
	}
	return pi
}

// extent returns the number of elements of the array dimensions of ty (1
// when ty is not an array), whether a dimension is a multiple of THREADS,
// and whether every dimension has a known length.
func extent(ty types.Type) (n int64, threads, known bool) {
	n, known = 1, true
	for {
		a, ok := types.Core(ty).(*types.Array)
		if !ok {
			return n, threads, known
		}
		n *= a.Len
		threads = threads || a.Kind == types.ThreadsLen
		known = known && (a.Kind == types.FixedLen || a.Kind == types.ThreadsLen)
		ty = a.Elem
	}
}

// blockOf returns the block size of shared type ty as a number (0 for
// indefinite).
func blockOf(ty types.Type) int64 {
	q := types.QualsOf(ty)
	switch q.Block.Kind {
	case types.BlockDefinite:
		return q.Block.Size
	case types.BlockIndefinite:
		return 0
	}
	return 1
}
