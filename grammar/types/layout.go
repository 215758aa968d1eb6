package types

import (
	"github.com/upclint/upclint/grammar/ast"
)

// Dim is an array dimension or element count: Len, or Len*THREADS when
// Threads is set.
type Dim struct {
	Len     int64
	Threads bool
}

// For returns the value of d for a given number of threads.
func (d Dim) For(threads int) int64 {
	if d.Threads {
		return d.Len * int64(threads)
	}
	return d.Len
}

func (d Dim) String() string {
	if !d.Threads {
		return itoa(d.Len)
	}
	if d.Len == 1 {
		return "THREADS"
	}
	return itoa(d.Len) + "*THREADS"
}

// BlockSize is the block size of a shared object.
type BlockSize struct {
	// Size is the number of elements per block when definite and known
	// (for [*]: computed from the array size, 0 if it depends on THREADS).
	Size       int64
	Indefinite bool // [] or [0]: every element on one thread
	Star       bool // declared with [*]
}

// Layout describes how a shared object is distributed over the threads
// (UPC 6.5.1.1).
type Layout struct {
	Var      *Var
	Elem     Type  // ultimate element type, without the shared qualifier
	ElemSize int64 // sizeof Elem
	Block    BlockSize
	IsArray  bool
	Dims     []Dim // the array dimensions, outermost first (none for a scalar)
	Total    Dim   // number of elements (1 for a scalar)
	// ThreadsDim is the index in Dims of the dimension that contains
	// THREADS, -1 if none (always -1 under static THREADS, where THREADS is
	// a number).
	ThreadsDim int
	Strict     bool
	Relaxed    bool
	// Incomplete: the total size is not known (extern declaration with []).
	Incomplete bool
}

// BlockFor returns the number of elements per block for a number of
// threads (0 for an indefinite block size).
func (l *Layout) BlockFor(threads int) int64 {
	if l.Block.Indefinite {
		return 0
	}
	if l.Block.Star {
		if l.Block.Size > 0 {
			return l.Block.Size
		}
		if threads <= 0 {
			return 0
		}
		n := l.Total.For(threads)
		return (n + int64(threads) - 1) / int64(threads)
	}
	return l.Block.Size
}

// Locate returns the thread with affinity to element i (the row-major
// flattened index over all dimensions), its phase within its block and its
// byte offset in that thread's local part of the object, for a run with the
// given number of threads.
func (l *Layout) Locate(i int64, threads int) (thread, phase, offset int64) {
	b := l.BlockFor(threads)
	t := int64(threads)
	if b <= 0 || t <= 0 {
		return 0, 0, i * l.ElemSize
	}
	thread = (i / b) % t
	phase = i % b
	offset = ((i/(b*t))*b + phase) * l.ElemSize
	return
}

// LocalSize returns the number of bytes of the object with affinity to
// thread 0 (the largest local part) for a number of threads.
func (l *Layout) LocalSize(threads int) int64 {
	n := l.Total.For(threads)
	b := l.BlockFor(threads)
	t := int64(threads)
	if b <= 0 || t <= 0 {
		return n * l.ElemSize
	}
	blocks := (n + b - 1) / b
	perThread := (blocks + t - 1) / t
	return perThread * b * l.ElemSize
}

// elemCount returns the number of ultimate elements of t.
func elemCount(t Type) (Dim, []Dim, bool) {
	total := Dim{Len: 1}
	var dims []Dim
	ok := true
	for {
		a, isArr := Core(t).(*Array)
		if !isArr {
			return total, dims, ok
		}
		var d Dim
		switch a.Kind {
		case FixedLen:
			d = Dim{Len: a.Len}
		case ThreadsLen:
			d = Dim{Len: a.Len, Threads: true}
		default:
			ok = false
		}
		dims = append(dims, d)
		if d.Threads && total.Threads {
			ok = false
		}
		total = Dim{Len: total.Len * d.Len, Threads: total.Threads || d.Threads}
		t = arrayElem(t, a)
	}
}

// starBlock computes the block size of [*] for an array with total
// elements; 0 if it depends on THREADS.
func (c *checker) starBlock(total Dim) int64 {
	if total.Threads {
		return total.Len // ceil(k*THREADS / THREADS)
	}
	if !c.dynamic() {
		t := int64(c.conf.StaticThreads)
		return (total.Len + t - 1) / t
	}
	return 0
}

// recordLayout computes the layout of shared object v.
func (c *checker) recordLayout(v *Var) {
	t := v.typ
	q := QualsOf(t)
	if !q.Shared() {
		return
	}
	total, dims, ok := elemCount(t)
	_, isArr := Core(t).(*Array)
	elem := Elem(t)
	l := &Layout{Var: v, Elem: WithoutShared(elem), IsArray: isArr, Dims: dims, Total: total, ThreadsDim: -1,
		Strict: q.Flags&StrictQ != 0, Relaxed: q.Flags&RelaxedQ != 0, Incomplete: !ok}
	l.ElemSize, _ = Sizeof(elem)
	for i, d := range dims {
		if d.Threads {
			l.ThreadsDim = i
			break
		}
	}
	switch q.Block.Kind {
	case BlockDefault:
		l.Block.Size = 1
	case BlockDefinite:
		l.Block.Size = q.Block.Size
	case BlockIndefinite:
		l.Block.Indefinite = true
	case BlockStar:
		l.Block.Star = true
		if ok {
			l.Block.Size = c.starBlock(total)
			if l.Block.Size > 0 {
				v.typ = replaceStar(t, l.Block.Size)
			}
		}
	}
	if !isArr && q.Block.Kind != BlockIndefinite {
		// a scalar lives on thread 0: as one block
		if l.Block.Size == 0 {
			l.Block.Size = 1
		}
	}
	if _, seen := c.info.Layouts[v]; !seen {
		c.info.SharedVars = append(c.info.SharedVars, v)
	}
	c.info.Layouts[v] = l
}

// replaceStar gives the array type t with its [*] elements changed to the
// computed block size.
func replaceStar(t Type, b int64) Type {
	switch x := t.(type) {
	case *Array:
		return &Array{Elem: replaceStar(x.Elem, b), Kind: x.Kind, Len: x.Len, thr: x.thr, thrBad: x.thrBad}
	case *Qualified:
		if x.Qual.Shared() && x.Qual.Block.Kind == BlockStar {
			q := x.Qual
			q.Block = Block{Kind: BlockDefinite, Size: b}
			return &Qualified{Type: x.Type, Qual: q}
		}
	case *Named:
		if a, ok := Core(x).(*Array); ok {
			return replaceStar(unnameArray(x, a), b)
		}
	}
	return t
}

// blockOf returns upc_blocksizeof of shared type t.
func (c *checker) blockOf(t Type) (int64, bool) {
	q := QualsOf(t)
	switch q.Block.Kind {
	case BlockDefault:
		return 1, true
	case BlockDefinite:
		return q.Block.Size, true
	case BlockIndefinite:
		return 0, true
	}
	total, _, ok := elemCount(t)
	if !ok {
		return 0, false
	}
	if _, isArr := Core(t).(*Array); !isArr {
		return 1, true
	}
	b := c.starBlock(total)
	return b, b > 0
}

// localSize returns upc_localsizeof of shared type t.
func (c *checker) localSize(t Type) (int64, bool) {
	es, ok := Sizeof(Elem(t))
	if !ok {
		return 0, false
	}
	total, _, ok := elemCount(t)
	if !ok {
		return 0, false
	}
	q := QualsOf(t)
	if q.Block.Kind == BlockIndefinite {
		if total.Threads {
			return 0, false
		}
		return total.Len * es, true
	}
	b, ok := c.blockOf(t)
	if !ok || b <= 0 {
		return 0, false
	}
	if total.Threads {
		// ceil(k*T / (b*T)) blocks per thread
		return (total.Len + b - 1) / b * b * es, true
	}
	if c.dynamic() {
		if total.Len <= b {
			return total.Len * es, true
		}
		return 0, false
	}
	th := int64(c.conf.StaticThreads)
	blocks := (total.Len + b - 1) / b
	return (blocks + th - 1) / th * b * es, true
}

// countThreads counts the occurrences of THREADS in e.
func countThreads(e ast.Expr) uint8 {
	var n uint8
	var walk func(e ast.Expr)
	walk = func(e ast.Expr) {
		switch x := e.(type) {
		case *ast.UPCConst:
			if x.Name == "THREADS" && n < 255 {
				n++
			}
		case *ast.ParenExpr:
			walk(x.X)
		case *ast.UnaryExpr:
			walk(x.X)
		case *ast.BinaryExpr:
			walk(x.X)
			walk(x.Y)
		case *ast.CondExpr:
			walk(x.Cond)
			if x.Then != nil {
				walk(x.Then)
			}
			walk(x.Else)
		case *ast.CastExpr:
			walk(x.X)
		case *ast.CommaExpr:
			for _, y := range x.List {
				walk(y)
			}
		case *ast.CallExpr:
			for _, y := range x.Args {
				walk(y)
			}
		}
	}
	walk(e)
	return n
}
