package collective

import (
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/grammar/ast"
)

// Synchronizes reports whether the function fn of in executes, directly or
// through the unit's functions it calls, a collective operation that
// waits for the other threads (a barrier, a upc_all_* call), not only
// upc_forall statements: a thread that skips a call of a function whose
// only collectives are upc_forall loops does not block the others (its
// iterations are simply not run, a work distribution problem, not a
// deadlock).
func Synchronizes(in *variance.Info, fn *variance.Func) bool {
	return synchronizes(in, fn, map[*variance.Func]bool{})
}

func synchronizes(in *variance.Info, fn *variance.Func, seen map[*variance.Func]bool) bool {
	if fn == nil || fn.Collective == nil || seen[fn] {
		return false
	}
	seen[fn] = true
	found := false
	for _, b := range fn.Graph.LiveBlocks() {
		for _, n := range b.Nodes {
			ast.InspectCode(n, func(m ast.Node) bool {
				if found {
					return false
				}
				switch m := m.(type) {
				case *ast.BarrierStmt:
					found = true
				case *ast.CallExpr:
					if k := variance.CollectiveKind(m); k != "" && k != "upc_forall" {
						found = true
					} else if c := in.Callee(m); c != nil && synchronizes(in, c, seen) {
						found = true
					}
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}
