// Package affinity classifies every shared access of a function as local
// to the executing thread, remote, possibly remote or unknown, from the
// layout of the accessed array, the affine form of its index (package
// cfg/affine), the affinity expression of the enclosing upc_forall and the
// THREADS count when it is static.
//
// Rules: under "upc_forall (...; &a[e])" an iteration runs on the owner of
// a[e]; an access b[f] with b laid out like a (same block size) is local
// when f = e, and when f = e + d with a constant d it is, for block size 1,
// local if d is a multiple of THREADS, remote under static THREADS
// otherwise, possibly remote (remote whenever THREADS > 1 does not divide
// d) under dynamic THREADS; for block size B > 1 it is Boundary (remote
// only for the iterations within |d| of a block boundary) when |d| < B.
// An integer affinity e acts like &c[e] for a cyclic c. Outside a forall
// the index is compared with MYTHREAD the same way (a[MYTHREAD + k*THREADS]
// is local for a cyclic a). With THREADS == 1 everything is local.
// Accesses through pointers-to-shared, to indefinitely blocked arrays and
// to shared scalars are Unknown.
package affinity

import (
	"strconv"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Kind is an affinity class.
type Kind uint8

// Affinity classes.
const (
	Unknown        Kind = iota
	Local               // always has affinity to the executing thread
	Remote              // never does (for THREADS > 1)
	PossiblyRemote      // remote unless THREADS divides the offset (dynamic THREADS)
	Boundary            // local except near block boundaries
)

var kindNames = [...]string{"unknown", "local", "remote", "possibly remote", "remote at block boundaries"}

func (k Kind) String() string { return kindNames[k] }

// Fact is the affinity of one shared access.
type Fact struct {
	Kind   Kind
	Reason string
	// Offset is the constant distance in elements from the element the
	// executing thread owns (the forall affinity element or MYTHREAD),
	// when known.
	Offset      int64
	OffsetKnown bool
}

// Func holds the affinity facts of one function.
type Func struct {
	Affine  *affine.Func
	Threads int // static THREADS, 0 if dynamic
	facts   map[*affine.Access]*Fact
	aligned Aligned
}

// Analyze classifies the shared accesses of af. threads is the static
// THREADS count (types.Info.StaticThreads), 0 for dynamic THREADS.
func Analyze(af *affine.Func, threads int) *Func {
	return AnalyzeAligned(af, threads, nil)
}

// AnalyzeAligned is Analyze knowing the unit's aligned pointers (see
// AlignedPointers): accesses through them are placed like accesses to a
// declared array of the pointer's target layout.
func AnalyzeAligned(af *affine.Func, threads int, aligned Aligned) *Func {
	f := &Func{Affine: af, Threads: threads, facts: map[*affine.Access]*Fact{}, aligned: aligned}
	for _, a := range af.Accesses {
		if a.Shared && !a.Addr {
			f.facts[a] = f.classify(a)
		}
	}
	return f
}

// Access returns the fact of the shared access whose Expr is e, or nil.
func (f *Func) Access(e ast.Expr) *Fact {
	if a := f.Affine.Access(e); a != nil {
		return f.facts[a]
	}
	return nil
}

// Of returns the fact of a, or nil if a is not a shared access.
func (f *Func) Of(a *affine.Access) *Fact { return f.facts[a] }

// BlockOf returns the block size of the shared elements that a accesses,
// the one answer of upclint to "how are these elements distributed": 0
// when one thread owns them all (an indefinite array; a member of a shared
// structure, which lies on the structure's owner, UPC 1.3 §6.5.2.1; a
// shared object that is not an array, on thread 0, §6.5.1.1), ok false
// when it is not known statically (a block size that depends on dynamic
// THREADS). Through a pointer-to-shared, private or itself shared, the
// phase of the first element is unknown: only indefinite and cyclic
// targets are certain.
func BlockOf(a *affine.Access, info *types.Info) (int64, bool) {
	threads := 0
	if info != nil {
		threads = info.StaticThreads
	}
	if l := a.Layout; l != nil {
		if !l.IsArray || l.Block.Indefinite {
			return 0, true
		}
		bs := l.BlockFor(threads)
		return bs, bs > 0
	}
	if _, member := ast.Unparen(a.Base).(*ast.MemberExpr); member && !a.Pointer {
		return 0, true
	}
	if info == nil {
		return 0, false
	}
	t := info.TypeOf(a.Expr)
	if t == nil || !types.IsShared(t) {
		return 0, false
	}
	bs := types.QualsOf(t).Block.BlockSize()
	return bs, bs == 0 || bs == 1
}

// Controlling returns the upc_forall whose affinity test selects the
// iterations that run a, and its loop: the outermost upc_forall around a
// whose affinity is not continue (UPC 1.3 §6.6.2: a upc_forall nested in
// one with an affinity runs all its iterations on the enclosing
// iteration's thread), or nil.
func Controlling(a *affine.Access) (*ast.ForallStmt, *cfg.Loop) {
	var fs *ast.ForallStmt
	var fl *cfg.Loop
	for _, l := range a.Loops {
		if s, ok := l.Stmt.(*ast.ForallStmt); ok && s.Affinity != nil && !s.Affinity.Continue && s.Affinity.X != nil {
			fs, fl = s, l
		}
	}
	return fs, fl
}

// forallOwned says why a, an access whose elements the layout alone does
// not place (through a pointer, to a member of a shared structure, to an
// indefinite array or a shared scalar), is local because of the
// affinity &E of the upc_forall whose body holds it, or returns "": a is E
// itself (same base, a pointer not assigned in the loop, and same index),
// or E's base is one whose elements one thread owns (see BlockOf) and a
// has the same base.
func (f *Func) forallOwned(a *affine.Access) string {
	fa, loop := Controlling(a)
	if fa == nil {
		return ""
	}
	if bs, ok := BlockOf(a, f.Affine.Info); ok && bs == 0 && a.Layout != nil && !a.Pointer && f.threadZeroAffinity(fa, a.Block) {
		return "thread 0 owns every element of " + ast.NodeString(a.Base) + " and runs every iteration (affinity " + ast.NodeString(fa.Affinity.X) + ")"
	}
	u, ok := ast.Unparen(fa.Affinity.X).(*ast.UnaryExpr)
	if !ok || u.Op != "&" {
		return ""
	}
	r := f.Affine.Access(u.X)
	if r == nil || r == a || a.Pointer != r.Pointer {
		return ""
	}
	if a.Var != nil || r.Var != nil {
		if a.Var != r.Var {
			return ""
		}
	} else if ast.NodeString(a.Base) != ast.NodeString(r.Base) {
		return ""
	}
	if a.Pointer && !loop.Invariant(a.Base) {
		return ""
	}
	what := ast.NodeString(u)
	if a.Index != nil && r.Index != nil && a.Index.Equal(r.Index) {
		return "the element of the upc_forall's affinity " + what
	}
	if bs, ok := BlockOf(a, f.Affine.Info); ok && bs == 0 {
		return "one thread owns every element of " + ast.NodeString(a.Base) + ", the thread of the upc_forall's affinity " + what
	}
	return ""
}

func blockOf(l *types.Layout, threads int) int64 {
	if l == nil || !l.IsArray || l.Block.Indefinite {
		return 0
	}
	return l.BlockFor(threads)
}

func (f *Func) classify(a *affine.Access) *Fact {
	if f.Threads == 1 {
		return &Fact{Kind: Local, Reason: "THREADS is 1"}
	}
	if why := f.ownedByMe(a); why != "" {
		return &Fact{Kind: Local, Reason: why}
	}
	if why := f.ownerGuarded(a); why != "" {
		return &Fact{Kind: Local, Reason: why}
	}
	if why := f.memberOfLocal(a); why != "" {
		return &Fact{Kind: Local, Reason: why}
	}
	if why := f.alignedOnZero(a); why != "" {
		return &Fact{Kind: Local, Reason: why}
	}
	if a.Layout == nil || !a.Layout.IsArray || a.Layout.Block.Indefinite {
		if why := f.forallOwned(a); why != "" {
			return &Fact{Kind: Local, Reason: why}
		}
		if why := f.ownerTested(a); why != "" {
			return &Fact{Kind: Local, Reason: why}
		}
	}
	bs := f.alignedBlock(a)
	switch {
	case a.Layout == nil && bs == 0:
		return &Fact{Reason: "access through a pointer-to-shared"}
	case a.Layout != nil && !a.Layout.IsArray:
		return &Fact{Reason: "shared scalar (affinity to thread 0)"}
	case a.Layout != nil && a.Layout.Block.Indefinite:
		return &Fact{Reason: "indefinite block size (one thread owns every element)"}
	case a.Index == nil:
		return &Fact{Reason: "index not affine: " + a.Reason}
	}
	if a.Layout != nil {
		bs = blockOf(a.Layout, f.Threads)
	}
	if bs <= 0 {
		return &Fact{Reason: "block size depends on THREADS"}
	}
	// The element the executing thread owns: forall affinity or MYTHREAD.
	var ref *affine.Form
	refBlock := int64(1)
	what := "MYTHREAD"
	if fa, fl := Controlling(a); fa != nil {
		x := ast.Unparen(fa.Affinity.X)
		if u, ok := x.(*ast.UnaryExpr); ok && u.Op == "&" {
			r := f.Affine.Access(u.X)
			if r == nil || r.Index == nil || r.Layout == nil && f.alignedBlock(r) == 0 {
				return &Fact{Reason: "forall affinity " + ast.NodeString(x) + " not analysable"}
			}
			ref, refBlock, what = r.Index, blockOf(r.Layout, f.Threads), ast.NodeString(x)
			if r.Layout == nil {
				refBlock = f.alignedBlock(r)
			}
			if refBlock != bs {
				if fact := f.byBlocks(a, bs, fa, fl); fact != nil {
					return fact
				}
				return &Fact{Reason: "layout differs from the forall affinity " + what}
			}
		} else {
			e, why := f.Affine.Form(modThreads(x), a.Block)
			if e == nil || bs != 1 {
				if why := f.enumerated(a, fa, fl, bs); why != "" {
					return &Fact{Kind: Local, Reason: why}
				}
			}
			if e == nil {
				return &Fact{Reason: "forall affinity: " + why}
			}
			ref, what = e, "affinity "+ast.NodeString(x)
			if bs != 1 {
				if fact := f.byBlocks(a, bs, fa, fl); fact != nil {
					return fact
				}
				return &Fact{Reason: "blocked array under an integer affinity"}
			}
		}
	} else {
		if why := f.stridedMine(a, bs); why != "" {
			return &Fact{Kind: Local, Reason: why}
		}
		ref = affine.AtomForm(affine.MyThread).Scale(bs)
		refBlock = bs
	}
	d := a.Index.Sub(ref)
	// Terms multiplying THREADS*B do not change the owner.
	rest := &affine.Form{Const: d.Const}
	for _, t := range d.Terms {
		dropped := false
		for _, at := range t.Atoms {
			if at == affine.Threads && t.Coef%bs == 0 {
				dropped = true
			}
		}
		if !dropped {
			rest.Terms = append(rest.Terms, t)
		}
	}
	if !rest.IsConst() {
		if why := f.ownBlock(a, rest, bs); why != "" && what == "MYTHREAD" {
			return &Fact{Kind: Local, Reason: why}
		}
		if fa, fl := Controlling(a); fa != nil {
			if why := f.inRefBlock(a, ref, rest, bs, fl); why != "" && refBlock == bs {
				return &Fact{Kind: Local, Reason: why}
			}
			if fact := f.byBlocks(a, bs, fa, fl); fact != nil {
				return fact
			}
		}
		return &Fact{Reason: "offset from " + what + " is " + d.String()}
	}
	off := rest.Const
	fact := &Fact{Offset: off, OffsetKnown: true}
	_ = refBlock
	switch {
	case off == 0:
		fact.Kind, fact.Reason = Local, "same element as "+what
	case bs == 1 && f.Threads > 0 && off%int64(f.Threads) == 0:
		fact.Kind, fact.Reason = Local, "offset "+strconv.FormatInt(off, 10)+" is a multiple of THREADS"
	case bs == 1 && f.Threads > 0:
		fact.Kind, fact.Reason = Remote, "offset "+strconv.FormatInt(off, 10)+" from "+what
	case bs == 1:
		fact.Kind, fact.Reason = PossiblyRemote, "offset "+strconv.FormatInt(off, 10)+" from "+what+" (remote unless THREADS divides it)"
	case f.Threads > 0 && off%(bs*int64(f.Threads)) == 0:
		fact.Kind, fact.Reason = Local, "offset is a multiple of B*THREADS"
	case off > -bs && off < bs:
		fact.Kind, fact.Reason = Boundary, "offset "+strconv.FormatInt(off, 10)+" within a block of "+strconv.FormatInt(bs, 10)
	default:
		fact.Reason = "offset " + strconv.FormatInt(off, 10) + " crosses blocks"
	}
	if ref.Has(affine.MyThread) && a.Block.Forall == nil && bs > 1 && off > 0 && off < bs {
		// a[MYTHREAD*B + c], 0 <= c < B: inside the thread's first block.
		fact.Kind, fact.Reason = Local, "within the block of MYTHREAD"
	}
	return fact
}

// modThreads returns e without an outer "% THREADS": an integer affinity
// selects the thread e mod THREADS (UPC 1.3 §6.6.2), which e % THREADS
// does not change.
func modThreads(e ast.Expr) ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == "%" {
		if c, ok := ast.Unparen(b.Y).(*ast.UPCConst); ok && c.Name == "THREADS" {
			return b.X
		}
	}
	return e
}
