package splitphase

import (
	"fmt"
	gotoken "go/token"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/edit"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Name is the rule's name.
const Name = "splitphase"

// Rule is the registry entry of the rule.
var Rule = checks.NewRule(Name, checks.KindPerformance,
	"a blocking upc_memget or upc_memput that could overlap the statements around it",
	run, "communication")

func run(pass *analysis.Pass, fs *facts.Facts) error {
	var ed *edit.Editor
	for _, fn := range fs.Funcs {
		if fn.Decl == nil || fn.Decl.Body == nil || edit.HasSplitBarrier(fn) {
			continue
		}
		c := &checker{pass: pass, fs: fs, fn: fn, info: fs.Unit.Info}
		ast.InspectStmts(fn.Decl.Body, func(s ast.Stmt) bool {
			b, ok := s.(*ast.Block)
			if !ok {
				return true
			}
			for i := range b.Items {
				sp := c.candidate(b, i)
				if sp == nil {
					continue
				}
				var fixes []checks.SuggestedFix
				if fs.WantFixes {
					if ed == nil {
						ed = edit.New(pass, fs)
					}
					if f := c.fix(ed, sp); f != nil {
						fixes = append(fixes, *f)
					}
				}
				checks.Report(pass, analysis.Diagnostic{Pos: sp.call.Start(), End: sp.call.End(), Category: Name,
					Message: sp.message()}, fixes...)
			}
			return true
		})
	}
	return nil
}

type checker struct {
	pass *analysis.Pass
	fs   *facts.Facts
	fn   *facts.Func
	info *types.Info
}

// split is one blocking transfer that can be split: the call, the
// statement index in its block, the first statement it may be issued
// before (issue <= at) and the statement before which it must complete
// (sync > at; len(Items) for the end of the block).
type split struct {
	blk         *ast.Block
	at          int
	call        *ast.CallExpr
	get         bool
	buf         string
	issue, sync int
	// down: the fix moves the statements from issue to at down below the
	// transfer instead of the transfer up.
	down bool
	// guard is the if statement the transfer is the body of (then it is
	// issued where it is), or nil.
	guard *ast.IfStmt
}

func (s *split) message() string {
	what, need := "upc_memget", "its buffer "+s.buf+" is first used"
	if !s.get {
		what, need = "upc_memput", "its buffer "+s.buf+" or destination is next touched"
	}
	where := fmt.Sprintf("%d statement%s later", s.sync-s.at-1, plural(s.sync-s.at-1))
	if s.sync == len(s.blk.Items) {
		where = "at the end of the block"
	}
	early := ""
	if s.issue < s.at {
		early = fmt.Sprintf(", and it could start %d statement%s earlier", s.at-s.issue, plural(s.at-s.issue))
	}
	return fmt.Sprintf("blocking %s waits for the whole transfer, but %s %s%s: issue it with %s_nb and upc_sync before that, so the transfer overlaps the statements in between",
		what, need, where, early, what)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// candidate returns the split of the statement i of b, or nil: a
// upc_memget(B, S, n) or upc_memput(D, B, n) statement whose private
// array buffer B the function names only as an array element or in bulk
// transfers (so no pointer can reach it unseen), and which can move past
// at least one statement that does some work.
func (c *checker) candidate(b *ast.Block, i int) *split {
	var es *ast.ExprStmt
	var guard *ast.IfStmt
	switch st := b.Items[i].(type) {
	case *ast.ExprStmt:
		es = st
	case *ast.IfStmt:
		// if (c) upc_memget(...): the handle starts complete and the
		// guarded call sets it (as finegrain writes a transfer of n > 0
		// elements).
		if st.Else != nil || st.Cond == nil || ast.SideEffects(st.Cond) {
			return nil
		}
		then := st.Then
		if blk, isBlk := then.(*ast.Block); isBlk && len(blk.Items) == 1 {
			then = blk.Items[0]
		}
		e, isExpr := then.(*ast.ExprStmt)
		if !isExpr {
			return nil
		}
		es, guard = e, st
	default:
		return nil
	}
	if es.X == nil {
		return nil
	}
	x, ok := es.X.(ast.Expr)
	if !ok {
		return nil
	}
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 3 {
		return nil
	}
	sp := &split{blk: b, at: i, call: call, guard: guard}
	var bufArg ast.Expr
	switch ast.CalleeName(call) {
	case "upc_memget":
		sp.get, bufArg = true, call.Args[0]
	case "upc_memput":
		bufArg = call.Args[1]
	default:
		return nil
	}
	sp.buf = c.bufName(bufArg)
	if sp.buf == "" || !c.bufConfined(sp.buf) {
		return nil
	}
	// The other side: its base, which the statements crossed must not
	// write (get) or touch (put).
	other := call.Args[1]
	if !sp.get {
		other = call.Args[0]
	}
	base := c.sharedBase(other)
	// Complete as late as possible.
	sp.sync = i + 1
	for sp.sync < len(b.Items) && !mentions(b.Items[sp.sync], sp.buf) && c.crossable(b.Items[sp.sync], base, !sp.get) {
		sp.sync++
	}
	// Issue a get as early as possible: the statements before it must not
	// change what its arguments name, nor declare or use the buffer.
	sp.issue = i
	if sp.get && guard == nil {
		args := names(call)
		for sp.issue > 0 {
			s := b.Items[sp.issue-1]
			if mentions(s, sp.buf) || c.assigns(s, args) || !c.crossable(s, base, false) {
				break
			}
			sp.issue--
		}
		for sp.issue < i && !doesWork(b.Items[sp.issue]) {
			sp.issue++ // crossing declarations alone gains nothing
		}
		// The fix moves the get up, or the statements it crosses down,
		// whichever text holds no macro invocation (see fix).
		if sp.issue < i {
			switch {
			case !c.hasMacro(b.Items[i]) && c.blankBetween(b.Items[i-1].End(), b.Items[i].Start()):
			case !c.hasMacroIn(b.Items[sp.issue].Start(), b.Items[i].Start()):
				sp.down = true
			default:
				sp.issue = i
			}
		}
	}
	work := false
	for k := sp.issue; k < sp.sync; k++ {
		if k != i && doesWork(b.Items[k]) {
			work = true
		}
	}
	if !work {
		return nil
	}
	return sp
}

// bufName returns the private array a bulk transfer's private argument
// designates from its start (B, &B[0], &B[0][0]), or "".
func (c *checker) bufName(e ast.Expr) string {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == "&" {
		x := ast.Unparen(u.X)
		for {
			ix, ok := x.(*ast.IndexExpr)
			if !ok {
				break
			}
			i, isExpr := ix.Index.(ast.Expr)
			if !isExpr {
				return ""
			}
			if v, ok := ast.IntConst(i); !ok || v != 0 {
				return ""
			}
			x = ast.Unparen(ix.X)
		}
		e = x
	}
	n, ok := e.(*ast.Name)
	if !ok {
		return ""
	}
	t := c.info.TypeOf(n)
	if p, isPtr := types.Core(t).(*types.Pointer); isPtr && !types.IsShared(t) && !types.IsShared(p.Elem) && c.mallocBuffer(n) {
		return n.Name
	}
	if _, isArr := types.Core(t).(*types.Array); !isArr || types.IsShared(t) {
		return ""
	}
	return n.Name
}

// mallocBuffer reports whether n names a private pointer the function
// declares once, initialised by malloc or calloc (a buffer of its own, as
// finegrain's coalescing writes; bufConfined checks that no other pointer
// gets it).
func (c *checker) mallocBuffer(n *ast.Name) bool {
	obj := c.info.Uses[n]
	decls, fromMalloc := 0, false
	ast.InspectCode(c.fn.Decl.Body, func(x ast.Node) bool {
		id, ok := x.(*ast.InitDeclarator)
		if !ok || declName(id) != n.Name {
			return true
		}
		decls++
		if ident := ast.DeclaratorIdent(id.Decl); ident == nil || obj == nil || c.info.Defs[ident] != obj {
			return true
		}
		if id.Init != nil && id.Init.X != nil {
			if call, isCall := ast.Unparen(id.Init.X).(*ast.CallExpr); isCall {
				switch ast.CalleeName(call) {
				case "malloc", "calloc":
					fromMalloc = true
				}
			}
		}
		return true
	})
	return decls == 1 && fromMalloc
}

// bufConfined reports whether the function names buf only as the array of
// an element access or inside the arguments of upc_memget/upc_memput.
func (c *checker) bufConfined(buf string) bool {
	ok := true
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			switch ast.CalleeName(x) {
			case "upc_memget", "upc_memput", "upc_memget_nb", "upc_memput_nb":
				return false
			case "free":
				if len(x.Args) == 1 && isName(x.Args[0], buf) {
					return false
				}
			}
		case *ast.IndexExpr:
			if b, isName := ast.Unparen(x.X).(*ast.Name); isName && b.Name == buf {
				if i, isExpr := x.Index.(ast.Expr); isExpr {
					ast.InspectCode(i, visit)
				}
				return false
			}
		case *ast.SizeofExpr:
			return false // not evaluated
		case *ast.BinaryExpr:
			// A malloc buffer's test against NULL.
			if (x.Op == "==" || x.Op == "!=") && (isName(x.X, buf) && isNull(x.Y) || isName(x.Y, buf) && isNull(x.X)) {
				return false
			}
		case *ast.Name:
			if x.Name == buf {
				ok = false
			}
		}
		return ok
	}
	ast.InspectCode(c.fn.Decl.Body, visit)
	return ok
}

// isName reports whether e is the name n.
func isName(e ast.Node, n string) bool {
	x, ok := e.(ast.Expr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(x).(*ast.Name)
	return ok && id.Name == n
}

// isNull reports whether e is a null pointer constant: 0, or 0 cast (NULL).
func isNull(e ast.Node) bool {
	x, ok := e.(ast.Expr)
	if !ok {
		return false
	}
	for {
		cast, isCast := ast.Unparen(x).(*ast.CastExpr)
		if !isCast {
			break
		}
		x = cast.X
	}
	v, ok := ast.IntConst(ast.Unparen(x))
	return ok && v == 0
}

// sharedBase returns the shared variable whose elements e designates
// (&A[i], A, &A[i].f, A + k), or "" when e is not rooted in a named shared
// object (a pointer-to-shared: any shared write may alias it).
func (c *checker) sharedBase(e ast.Expr) string {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.UnaryExpr:
			if x.Op != "&" {
				return ""
			}
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.MemberExpr:
			if x.Arrow {
				return ""
			}
			e = x.X
		case *ast.BinaryExpr:
			if x.Op != "+" && x.Op != "-" {
				return ""
			}
			e = x.X
		case *ast.Name:
			t := c.info.TypeOf(x)
			if _, isArr := types.Core(t).(*types.Array); isArr && types.IsShared(t) {
				return x.Name
			}
			return ""
		default:
			return ""
		}
	}
}

// quiet are the calls a transfer in flight may cross: bulk transfers (their
// targets checked like assignments), allocation and exit, and <math.h>.
var quiet = map[string]bool{
	"upc_memget": true, "upc_memput": true, "malloc": true, "calloc": true, "free": true,
	"upc_global_exit": true, "abs": true, "labs": true, "llabs": true, "upc_sync": true,
}

func mathCall(name string) bool {
	switch strings.TrimSuffix(strings.TrimSuffix(name, "f"), "l") {
	case "sqrt", "fabs", "sin", "cos", "tan", "exp", "log", "log2", "log10", "pow", "floor", "ceil",
		"fmin", "fmax", "fmod", "atan", "atan2", "hypot", "round", "trunc", "cbrt":
		return true
	}
	return false
}

// crossable reports whether a transfer on the shared variable base ("":
// unknown) may be in flight while s runs: s holds no synchronisation
// (barrier, fence, strict access, lock or unknown call), no jump out of
// it, and no write of shared data that may be base (nor, with touch, a
// read of it).
func (c *checker) crossable(s ast.Stmt, base string, touch bool) bool {
	ok := true
	ast.InspectCode(s, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BarrierStmt, *ast.FenceStmt, *ast.ReturnStmt, *ast.GotoStmt, *ast.BreakStmt,
			*ast.ContinueStmt, *ast.LabeledStmt, *ast.ForallStmt:
			ok = false
		case *ast.CallExpr:
			name := ast.CalleeName(x)
			switch {
			case (name == "upc_memput" || name == "upc_memput_nb") && len(x.Args) == 3:
				ok = c.mayNotBe(x.Args[0], base)
			case (name == "upc_memget" || name == "upc_memget_nb") && len(x.Args) == 3:
				ok = !touch || c.mayNotBe(x.Args[1], base)
			case !quiet[name] && !mathCall(name):
				ok = false
			}
		case *ast.AssignExpr:
			ok = c.notShared(x.L, base)
		case *ast.UnaryExpr:
			if x.Op == "++" || x.Op == "--" {
				ok = c.notShared(x.X, base)
			}
		case *ast.PostfixExpr:
			ok = c.notShared(x.X, base)
		case ast.Expr:
			t := c.info.TypeOf(x)
			if t != nil && c.info.StrictAccess(x) {
				ok = false
			}
			if touch && t != nil && types.IsShared(t) && !c.mayNotBe(x, base) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// notShared: an assignment target that is private, or shared data of
// another named variable than base.
func (c *checker) notShared(l ast.Expr, base string) bool {
	t := c.info.TypeOf(l)
	if t == nil {
		return false
	}
	return !types.IsShared(t) || c.mayNotBe(l, base)
}

// mayNotBe: e designates a named shared variable other than base.
func (c *checker) mayNotBe(e ast.Expr, base string) bool {
	b := c.sharedBase(e)
	return b != "" && base != "" && b != base
}

// assigns reports whether s writes or declares one of the names.
func (c *checker) assigns(s ast.Stmt, names map[string]bool) bool {
	found := false
	ast.InspectCode(s, func(n ast.Node) bool {
		var l ast.Expr
		switch x := n.(type) {
		case *ast.AssignExpr:
			l = x.L
		case *ast.UnaryExpr:
			if x.Op == "++" || x.Op == "--" {
				l = x.X
			}
			if x.Op == "&" { // its address may be written through later
				l = x.X
			}
		case *ast.PostfixExpr:
			l = x.X
		case *ast.InitDeclarator:
			if names[declName(x)] {
				found = true
			}
		}
		if l != nil {
			if root := rootName(l); root != "" && names[root] {
				found = true
			}
		}
		return !found
	})
	return found
}

func declName(id *ast.InitDeclarator) string {
	if n := ast.DeclaratorIdent(id.Decl); n != nil {
		return n.Name
	}
	return ""
}

// rootName is the variable an lvalue belongs to (a of a[i].f), or "".
func rootName(e ast.Expr) string {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
		case *ast.MemberExpr:
			e = x.X
		case *ast.Name:
			return x.Name
		default:
			return ""
		}
	}
}

// names are the identifiers of n.
func names(n ast.Node) map[string]bool {
	out := map[string]bool{}
	ast.InspectCode(n, func(m ast.Node) bool {
		if x, ok := m.(*ast.Name); ok {
			out[x.Name] = true
		}
		return true
	})
	return out
}

// mentions reports whether s names buf (declarations included).
func mentions(s ast.Stmt, buf string) bool {
	found := false
	ast.InspectCode(s, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.Name:
			found = found || x.Name == buf
		case *ast.InitDeclarator:
			found = found || declName(x) == buf
		}
		return !found
	})
	return found
}

// doesWork: s is more than a declaration without initializers.
func doesWork(s ast.Stmt) bool {
	d, ok := s.(*ast.DeclStmt)
	if !ok {
		return true
	}
	for _, id := range d.Decl.Inits {
		if id.Init != nil {
			return true
		}
	}
	return false
}

// hasMacro reports whether the text of n holds a macro invocation (no fix
// moves such text: see the checks' edit guard).
func (c *checker) hasMacro(n ast.Node) bool { return c.hasMacroIn(n.Start(), n.End()) }

// hasMacroIn: a macro invocation starts in [from, to).
func (c *checker) hasMacroIn(from, to gotoken.Pos) bool {
	for i := range c.fs.Unit.File.Tokens {
		t := &c.fs.Unit.File.Tokens[i]
		if t.FromMacro() && t.Exp >= from && t.Exp < to {
			return true
		}
	}
	return false
}

// blankBetween: only white space separates two statements (no comment
// would be lost by moving the second).
func (c *checker) blankBetween(from, to gotoken.Pos) bool {
	f := c.pass.Fset.File(from)
	if f == nil || c.fs.Unit.File == nil {
		return false
	}
	src, err := c.pass.ReadFile(f.Name())
	if err != nil {
		return false
	}
	a, b := f.Offset(from), f.Offset(to)
	return a <= b && b <= len(src) && strings.TrimSpace(string(src[a:b])) == ""
}
