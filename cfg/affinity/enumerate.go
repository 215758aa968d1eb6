package affinity

import (
	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/affine"
	"github.com/upclint/upclint/grammar/ast"
)

// maxIterations bounds the iterations enumerated decides over.
const maxIterations = 1 << 16

// enumerated says why a, under the upc_forall fa (loop fl) whose integer
// affinity the affine forms do not place on the layout (k*THREADS/N: a
// division; or a blocked array), is local, or returns "": under static
// THREADS, with constant ranges for fl and every loop between it and a,
// each iteration's affinity thread (UPC 1.3 §6.6.2: affinity mod THREADS)
// owns a's element in that iteration. The iterations are enumerated, at
// most maxIterations of them (heat's rows dealt by k*THREADS/(N+2) to the
// threads whose block holds them).
func (f *Func) enumerated(a *affine.Access, fa *ast.ForallStmt, fl *cfg.Loop, bs int64) string {
	t := int64(f.Threads)
	if t <= 0 || bs <= 0 || a.Index == nil || fl == nil {
		return ""
	}
	var loops []*cfg.Loop // fl first, then the loops inside it around a
	for i := len(a.Loops) - 1; i >= 0; i-- {
		if a.Loops[i] == fl || len(loops) > 0 {
			loops = append(loops, a.Loops[i])
		}
	}
	counted := map[string]bool{}
	for _, l := range loops {
		if iv := l.Induction(); iv != nil && iv.StepKnown && iv.StepConst != 0 {
			counted[iv.Name] = true
			continue
		}
		return ""
	}
	for _, name := range a.Index.Atoms() {
		if !counted[name] && name != affine.Threads {
			return "" // a value the enumeration does not know
		}
	}
	env := map[string]int64{affine.Threads: t}
	steps := 0
	var walk func(k int) bool
	walk = func(k int) bool {
		if k == len(loops) {
			steps++
			aff, ok := f.evalInt(fa.Affinity.X, env)
			idx, ok2 := evalForm(a.Index, env)
			return ok && ok2 && aff >= 0 && idx >= 0 && steps <= maxIterations && aff%t == idx/bs%t
		}
		l := loops[k]
		iv := l.Induction()
		lo, hi, _ := f.Affine.IVRange(l)
		if lo == nil {
			return false
		}
		from, ok := evalForm(lo, env)
		to, ok2 := evalForm(hi, env)
		if !ok || !ok2 {
			return false
		}
		if iv.StepConst < 0 {
			from, to = to, from
		}
		for v := from; iv.StepConst > 0 && v <= to || iv.StepConst < 0 && v >= to; v += iv.StepConst {
			env[iv.Name] = v
			if !walk(k + 1) {
				return false
			}
		}
		return true
	}
	if !walk(0) || steps == 0 {
		return ""
	}
	return "every iteration's affinity " + ast.NodeString(fa.Affinity.X) + " owns the element (enumerated)"
}

// evalForm evaluates fo with the atoms' values in env.
func evalForm(fo *affine.Form, env map[string]int64) (int64, bool) {
	v := fo.Const
	for _, term := range fo.Terms {
		p := term.Coef
		for _, at := range term.Atoms {
			x, ok := env[at]
			if !ok {
				return 0, false
			}
			p *= x
		}
		v += p
	}
	return v, true
}

// evalInt evaluates the integer expression e (constants, THREADS, the
// variables in env, + - * / %), or reports false.
func (f *Func) evalInt(e ast.Expr, env map[string]int64) (int64, bool) {
	e = ast.Unparen(e)
	if info := f.Affine.Info; info != nil {
		if tv, ok := info.Types[e]; ok && tv.Value.IsInt() {
			return tv.Value.Int, true
		}
	}
	if v, ok := ast.IntConst(e); ok {
		return v, true
	}
	switch x := e.(type) {
	case *ast.UPCConst:
		if x.Name == "THREADS" {
			return env[affine.Threads], true
		}
	case *ast.Name:
		v, ok := env[x.Name]
		return v, ok
	case *ast.CastExpr:
		return f.evalInt(x.X, env)
	case *ast.BinaryExpr:
		l, ok := f.evalInt(x.X, env)
		r, ok2 := f.evalInt(x.Y, env)
		if !ok || !ok2 {
			return 0, false
		}
		switch x.Op {
		case "+":
			return l + r, true
		case "-":
			return l - r, true
		case "*":
			return l * r, true
		case "/", "%":
			if r == 0 {
				return 0, false
			}
			if x.Op == "/" {
				return l / r, true
			}
			return l % r, true
		}
	}
	return 0, false
}
