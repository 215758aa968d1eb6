package finegrain

import (
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// clockCalls read a clock, into nothing or private memory the call is
// given, and neither synchronise nor touch shared data: a timing taken in
// a loop (NAS FT's per-step timers, GWU's second()) does not keep its
// accesses from being coalesced.
var clockCalls = map[string]bool{
	"gettimeofday": true, "clock_gettime": true, "time": true, "clock": true, "times": true,
	"getrusage": true, "MPI_Wtime": true, "MPI_Wtick": true, "omp_get_wtime": true,
	"bupc_ticks_now": true, "upc_ticks_now": true, "bupc_ticks_to_us": true, "bupc_ticks_to_ns": true,
	"upc_ticks_to_ns": true,
}

// failCalls end a clock helper's error path: perror prints, abort ends the
// whole job, so no thread sees the writes the loop would still make.
var failCalls = map[string]bool{"perror": true, "abort": true}

// quiet reports whether call can neither synchronise nor reach shared
// data: a call the variance analysis knows to be quiet, a clock whose
// arguments are private (a local's address, a null pointer, numbers), or
// a function of the unit whose body makes only such calls, names no
// shared object and has no barrier, fence or asm (four calls deep).
func (c *checker) quiet(call *ast.CallExpr) bool { return c.quietAt(call, 0) }

func (c *checker) quietAt(call *ast.CallExpr, depth int) bool {
	if c.vi.Quiet(call) {
		return true
	}
	if name := ast.CalleeName(call); clockCalls[name] || failCalls[name] {
		for _, a := range call.Args {
			if !c.privateArg(a) {
				return false
			}
		}
		return true
	}
	f := c.vi.Callee(call)
	if depth >= 4 || f == nil || f.Decl == nil || f.Decl.Body == nil {
		return false
	}
	ok := true
	ast.InspectCode(f.Decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BarrierStmt, *ast.FenceStmt, *ast.AsmStmt:
			ok = false
		case *ast.CallExpr:
			ok = c.quietAt(x, depth+1)
		case ast.Expr:
			if t := c.info.TypeOf(x); t != nil && types.IsShared(t) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// privateArg reports whether a clock's argument e can lead it to no
// shared data: a number, a null pointer, a string, or the address of a
// private object named directly (&tv, &t.tv), never a pointer that might
// hold a shared array's local part.
func (c *checker) privateArg(e ast.Expr) bool {
	e = ast.Unparen(e)
	if t := c.info.TypeOf(e); t != nil && types.IsShared(t) {
		return false
	}
	switch x := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.CastExpr:
		l, ok := ast.Unparen(x.X).(*ast.BasicLit)
		return ok && l.Value == "0"
	case *ast.UnaryExpr:
		return x.Op == "&" && c.privateObject(x.X)
	}
	t := c.info.TypeOf(e)
	return t != nil && types.IsArithmetic(t) && !ast.SideEffects(e)
}

// privateObject reports whether e names a private object or a member of
// one, without going through a pointer.
func (c *checker) privateObject(e ast.Expr) bool {
	for {
		if t := c.info.TypeOf(e); t == nil || types.IsShared(t) {
			return false
		}
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			_, ok := c.info.Uses[x].(*types.Var)
			return ok
		case *ast.MemberExpr:
			if x.Arrow {
				return false
			}
			e = x.X
		default:
			return false
		}
	}
}
