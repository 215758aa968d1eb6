package variance

import (
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// quietLib are library functions that neither synchronise nor touch shared
// data (nor write memory through their arguments that a shared array's
// local part could be).
var quietLib = map[string]bool{
	"upc_threadof": true, "upc_phaseof": true, "upc_addrfield": true, "upc_affinitysize": true,
	"abs": true, "labs": true, "llabs": true, "fabs": true, "fabsf": true, "sqrt": true, "sqrtf": true,
	"sin": true, "cos": true, "tan": true, "exp": true, "log": true, "log2": true, "log10": true,
	"pow": true, "floor": true, "ceil": true, "fmin": true, "fmax": true, "round": true, "trunc": true,
	"atan2": true, "hypot": true, "fmod": true, "cbrt": true, "expf": true, "logf": true, "powf": true,
	"sinf": true, "cosf": true, "__builtin_expect": true, "printf": true, "fprintf": true, "puts": true,
	"putchar": true, "assert": true, "__assert_fail": true, "upc_ticks_now": true,
	// C library calls that write no memory through their arguments (so
	// none that may alias a shared array's local part) and never
	// synchronise
	"rand": true, "random": true, "srand": true, "srandom": true, "drand48": true, "lrand48": true,
	"srand48": true, "atoi": true, "atol": true, "atof": true, "strlen": true, "strcmp": true,
	"strncmp": true, "malloc": true, "calloc": true, "free": true, "clock": true, "getenv": true,
	"fflush": true, "fputs": true, "fputc": true, "putc": true, "toupper": true, "tolower": true,
	"isdigit": true, "isalpha": true, "isspace": true, "bupc_ticks_now": true, "fabsl": true,
}

// Quiet reports whether call neither synchronises nor accesses shared
// data: a library function known to be quiet, or a function of the unit
// whose body calls only quiet functions, names no shared object and has no
// barrier or fence (addneg in Berkeley's non-commutative reduction tests),
// looked into up to four calls deep.
func (in *Info) Quiet(call *ast.CallExpr) bool { return in.quiet(call, 0) }

func (in *Info) quiet(call *ast.CallExpr, depth int) bool {
	if quietLib[ast.CalleeName(call)] {
		return true
	}
	f := in.Callee(call)
	if f == nil || f.Decl == nil || f.Decl.Body == nil || depth > 4 || in.Types == nil {
		return false
	}
	ok := true
	ast.InspectCode(f.Decl.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallExpr:
			ok = ok && in.quiet(x, depth+1)
		case *ast.BarrierStmt, *ast.FenceStmt, *ast.AsmStmt:
			ok = false
		case ast.Expr:
			if t := in.Types.TypeOf(x); t != nil && types.IsShared(t) {
				ok = false
			}
		}
		return ok
	})
	return ok
}
