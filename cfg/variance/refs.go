package variance

import (
	"github.com/upclint/upclint/grammar/types"
)

// Referenced reports whether the unit names the function f outside its own
// body: calls it, or takes its address (a table of handlers, a callback).
// In a program whose main is in the unit, a function it never names runs
// only if another unit calls it, by threads the unit does not show, or
// never (dead code).
func (in *Info) Referenced(f *Func) bool {
	in.refOnce.Do(func() {
		in.referenced = map[*types.FuncObj]bool{}
		if in.Types == nil {
			return
		}
		for n, o := range in.Types.Uses {
			fo, ok := o.(*types.FuncObj)
			if !ok || in.referenced[fo] {
				continue
			}
			if own := in.byObj[fo]; own != nil && n.Start() >= own.Decl.Start() && n.End() <= own.Decl.End() {
				continue // a recursive call
			}
			in.referenced[fo] = true
		}
	})
	return f.Obj != nil && in.referenced[f.Obj]
}

// Main returns the unit's main function, or nil.
func (in *Info) Main() *Func {
	for _, f := range in.Funcs {
		if f.Obj != nil && f.Obj.Name() == "main" {
			return f
		}
	}
	return nil
}
