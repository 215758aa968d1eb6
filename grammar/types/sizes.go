package types

// Sizes of the LP64 data model (x86-64 Linux, as gcc lays data out).

// PointerToSharedSize is the size and PointerToSharedAlign the alignment of
// a pointer-to-shared in upclint's runtime: {thread, phase, address}
// packed in a 16-byte struct (as GNU UPC does).
const (
	PointerToSharedSize  = 16
	PointerToSharedAlign = 8
)

// MaxBlockSize is the value of UPC_MAX_BLOCK_SIZE: the largest block size a
// layout qualifier may give (the 22-bit phase field of the packed
// pointer-to-shared representation of the common implementations).
const MaxBlockSize = 1<<22 - 1

var basicSizes = [numBasic]struct{ size, align int64 }{
	Invalid: {1, 1}, Void: {1, 1}, Bool: {1, 1}, Char: {1, 1}, SChar: {1, 1},
	UChar: {1, 1}, Short: {2, 2}, UShort: {2, 2}, Int: {4, 4}, UInt: {4, 4},
	Long: {8, 8}, ULong: {8, 8}, LongLong: {8, 8}, ULongLong: {8, 8},
	Int128: {16, 16}, UInt128: {16, 16}, Float: {4, 4}, Double: {8, 8},
	LongDouble: {16, 16}, ComplexFloat: {8, 4}, ComplexDouble: {16, 8},
	ComplexLongDouble: {32, 16}, VaList: {24, 8},
}

// Sizeof returns the size in bytes of t and whether it is known (complete,
// not variable length). For an array of ThreadsLen kind the size is per
// THREADS: the caller multiplies (see SizeofThreads).
func Sizeof(t Type) (int64, bool) {
	n, threads, ok := SizeofThreads(t)
	if threads {
		return 0, false
	}
	return n, ok
}

// SizeofThreads returns the size of t; when threads is true the size is
// n*THREADS.
func SizeofThreads(t Type) (n int64, threads bool, ok bool) {
	switch x := Core(t).(type) {
	case *Basic:
		if x.Kind == Void || x.Kind == Invalid {
			return 1, false, x.Kind == Void // GNU: sizeof(void) == 1
		}
		return basicSizes[x.Kind].size, false, true
	case *Enum:
		return 4, false, true
	case *Pointer:
		if IsShared(x.Elem) {
			return PointerToSharedSize, false, true
		}
		return 8, false, true
	case *Func:
		return 1, false, false
	case *Record:
		return x.Size, false, x.Complete
	case *Array:
		en, eth, eok := SizeofThreads(arrayElem(t, x))
		if !eok {
			return 0, false, false
		}
		switch x.Kind {
		case FixedLen:
			return en * x.Len, eth, true
		case ThreadsLen:
			if eth {
				return 0, false, false
			}
			return en * x.Len, true, true
		}
		return 0, false, false
	}
	return 0, false, false
}

// Alignof returns the alignment of t in bytes.
func Alignof(t Type) int64 {
	switch x := Core(t).(type) {
	case *Basic:
		return basicSizes[x.Kind].align
	case *Enum:
		return 4
	case *Pointer:
		if IsShared(x.Elem) {
			return PointerToSharedAlign
		}
		return 8
	case *Record:
		if x.Align == 0 {
			return 1
		}
		return x.Align
	case *Array:
		return Alignof(x.Elem)
	}
	return 1
}

// IsComplete reports whether t is a complete object type.
func IsComplete(t Type) bool {
	switch x := Core(t).(type) {
	case *Basic:
		return x.Kind != Void
	case *Record:
		return x.Complete
	case *Enum:
		return true
	case *Array:
		return x.Kind != IncompleteLen && IsComplete(x.Elem)
	case *Func:
		return false
	}
	return true
}

func alignUp(n, a int64) int64 {
	if a <= 1 {
		return n
	}
	return (n + a - 1) / a * a
}

// fieldSpec is a member as declared, before layout.
type fieldSpec struct {
	name     string
	typ      Type
	bitField bool
	width    int64
	align    int64 // from __attribute__((aligned(N))), 0 if none
	packed   bool
	obj      *Var // the member's object, nil for an unnamed member
}

// layoutRecord computes offsets, size and alignment like gcc on x86-64.
func layoutRecord(r *Record, specs []fieldSpec, recAlign int64) {
	var bits int64 // current offset in bits (struct) / max size in bits (union)
	var maxAlign int64 = 1
	r.Fields = r.Fields[:0]
	for i, fs := range specs {
		f := &Field{Name: fs.name, Type: fs.typ, Obj: fs.obj}
		size, _ := Sizeof(fs.typ)
		align := Alignof(fs.typ)
		if r.Packed || fs.packed {
			align = 1
		}
		if fs.align > align {
			align = fs.align
		}
		if fs.bitField {
			f.BitField = true
			f.Width = fs.width
			unit := size * 8
			start := bits
			if r.Kind == Union {
				start = 0
			}
			if fs.width == 0 {
				// a zero-width bit-field aligns the next member to its type
				if r.Kind == Struct {
					bits = alignUp(bits, Alignof(fs.typ)*8)
				}
				continue
			}
			if !(r.Packed || fs.packed) && unit > 0 && start%unit+fs.width > unit {
				start = alignUp(start, Alignof(fs.typ)*8)
			}
			f.BitOff = start
			a := Alignof(fs.typ)
			if r.Packed || fs.packed {
				a = 1
			}
			f.Offset = start / 8 / a * a
			if fs.name != "" && a > maxAlign {
				maxAlign = a
			}
			if fs.align > maxAlign {
				maxAlign = fs.align
			}
			if r.Kind == Union {
				if fs.width > bits {
					bits = fs.width
				}
			} else {
				bits = start + fs.width
			}
			r.Fields = append(r.Fields, f)
			continue
		}
		if align > maxAlign {
			maxAlign = align
		}
		if a, ok := Core(fs.typ).(*Array); ok && a.Kind == IncompleteLen && i == len(specs)-1 && r.Kind == Struct {
			r.Flexible = true
			size = 0
		}
		if r.Kind == Union {
			f.Offset = 0
			if size*8 > bits {
				bits = size * 8
			}
		} else {
			off := alignUp((bits+7)/8, align)
			f.Offset = off
			bits = (off + size) * 8
		}
		r.Fields = append(r.Fields, f)
	}
	if recAlign > maxAlign {
		maxAlign = recAlign
	}
	r.Align = maxAlign
	r.Size = alignUp((bits+7)/8, maxAlign)
	r.Complete = true
}
