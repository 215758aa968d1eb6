package collective

import (
	"strings"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
)

// Barriers are matched by count, not by the statement that executes them:
// a thread that runs MYTHREAD barriers in one loop and THREADS-MYTHREAD in
// a later one executes THREADS in total, as every other thread does (the
// prologue and epilogue of a wavefront, where thread t starts t steps
// late). compensated recognises that shape: loops of barriers whose trip
// counts depend on the thread but whose total does not.

// compensated reports whether the thread-dependent trip count of loop l is
// made up by other loops of barriers: l is one of the loops of the
// function that every call runs once (not nested, under no condition),
// whose every iteration executes the same barriers and whose trip count
// depends on the thread; their trip counts are linear in MYTHREAD with
// single-valued other terms and their counts of barriers add up to a
// single-valued total; and every other collective operation from the
// first of them to the end of the last is a barrier that every thread
// executes alike.
func (f *Func) compensated(l *cfg.Loop) bool {
	return f.barrierCounts().comp[l]
}

// CountPartner returns, for a loop l of barriers with a thread-dependent
// trip count, another such loop of the function whose count may make up
// for l's, when the analysis cannot add the counts up (one of them is not
// linear in MYTHREAD), or nil: the threads deadlock unless the totals
// match, which the rule must say it does not know.
func (f *Func) CountPartner(l *cfg.Loop) *cfg.Loop {
	return f.barrierCounts().partner[l]
}

// counts is what barrierCounts finds.
type counts struct {
	comp    map[*cfg.Loop]bool
	partner map[*cfg.Loop]*cfg.Loop
}

func (f *Func) barrierCounts() *counts {
	if f.counts == nil {
		f.counts = &counts{} // none while they are found
		f.counts = f.findCounts()
	}
	return f.counts
}

func (f *Func) findCounts() *counts {
	out := &counts{comp: map[*cfg.Loop]bool{}, partner: map[*cfg.Loop]*cfg.Loop{}}
	type barrierLoop struct {
		l          *cfg.Loop
		start, end int  // the positions of its statement
		linear     bool // m is its count's coefficient of MYTHREAD
		m          int64
	}
	var loops []barrierLoop
	for _, l := range f.Graph.Loops().Roots {
		if m, ok, dep := f.threadCount(l); dep {
			loops = append(loops, barrierLoop{l, int(l.Stmt.Start()), int(l.Stmt.End()), ok, m})
		}
	}
	if len(loops) < 2 {
		return out
	}
	lo, hi := loops[0].start, loops[0].end
	set := map[*cfg.Loop]bool{}
	for _, c := range loops {
		lo, hi = min(lo, c.start), max(hi, c.end)
		set[c.l] = true
	}
	for _, op := range f.Ops() {
		if p := int(op.Node.Start()); p < lo || p >= hi {
			continue
		}
		if !isBarrier(op.Kind) {
			return out // a barrier count must not shift other collectives
		}
		if l := f.Graph.Loops().LoopOf(op.Block); l != nil && set[l] {
			continue
		}
		if op.Fact.Forall != nil || f.Divergence(op.Block) != nil {
			return out
		}
	}
	total, linear := int64(0), true // the coefficient of MYTHREAD in the total
	for _, c := range loops {
		total += c.m
		linear = linear && c.linear
	}
	for i, c := range loops {
		switch {
		case linear && total == 0:
			out.comp[c.l] = true
		case !linear:
			out.partner[c.l] = loops[(i+1)%len(loops)].l
		}
	}
	return out
}

func isBarrier(kind string) bool {
	return kind == "upc_barrier" || kind == "upc_notify" || kind == "upc_wait"
}

// threadCount reports, with dep, whether l is a loop of barriers that
// every call of the function runs once (not nested, under no condition),
// whose iterations each execute the same barriers (n full barriers, a
// upc_notify and upc_wait pair counting as one) and whose trip count
// depends on the thread; then, with ok, whether that count is linear in
// MYTHREAD with single-valued other terms, and m, n times its coefficient
// of MYTHREAD: the coefficient in the number of barriers the loop runs.
func (f *Func) threadCount(l *cfg.Loop) (m int64, ok, dep bool) {
	if l.Parent != nil || l.Stmt == nil {
		return 0, false, false
	}
	for _, d := range f.Graph.ControlDeps(l.Header) {
		if !l.Contains(d.Block) {
			return 0, false, false // entered under a condition
		}
	}
	iv, test, body, ok := f.iteration(l)
	if !ok || body == "" {
		return 0, false, false
	}
	seq := strings.ReplaceAll(body, "upc_barrier", "upc_notify; upc_wait")
	n := int64(strings.Count(seq, ";")+1) / 2
	if strings.Repeat("upc_notify; upc_wait; ", int(n)) != seq+"; " {
		return 0, false, false
	}
	cond, isExpr := test.Control().(ast.Expr)
	if !isExpr || f.Uniformity().Variant(cond, test) == nil || f.counted(l, test) {
		return 0, false, false // the same count on every thread
	}
	trip := iv.TripCount()
	if trip == nil {
		return 0, false, true
	}
	lin, ok := f.linear(trip, test)
	if !ok || lin["MYTHREAD"] == 0 {
		return 0, false, true
	}
	return lin["MYTHREAD"] * n, true, true
}

// linear returns s as a linear combination of MYTHREAD, THREADS, the
// constant 1 (key "") and single-valued expressions (keyed by their text)
// at block at, or ok false. max0(x) is x when x cannot be negative for
// 0 <= MYTHREAD < THREADS, 0 when it cannot be positive.
func (f *Func) linear(s *cfg.Sym, at *cfg.Block) (map[string]int64, bool) {
	switch s.Op {
	case "const":
		return map[string]int64{"": s.C}, true
	case "expr":
		return f.linearExpr(s.X, at)
	case "+", "-":
		a, ok1 := f.linear(s.L, at)
		b, ok2 := f.linear(s.R, at)
		if !ok1 || !ok2 {
			return nil, false
		}
		sign := int64(1)
		if s.Op == "-" {
			sign = -1
		}
		return addLinear(a, b, sign), true
	case "*", "/":
		a, ok1 := f.linear(s.L, at)
		b, ok2 := f.linear(s.R, at)
		if !ok1 || !ok2 {
			return nil, false
		}
		return scaleLinear(s.Op, a, b)
	case "max0":
		a, ok := f.linear(s.L, at)
		if !ok {
			return nil, false
		}
		switch nonNegative(a) {
		case 1:
			return a, true
		case -1:
			return map[string]int64{}, true
		}
	}
	return nil, false
}

// linearExpr is linear for a source expression.
func (f *Func) linearExpr(e ast.Expr, at *cfg.Block) (map[string]int64, bool) {
	if v, ok := ast.IntConst(e); ok {
		return map[string]int64{"": v}, true
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UPCConst:
		if x.Name == "MYTHREAD" || x.Name == "THREADS" {
			return map[string]int64{x.Name: 1}, true
		}
	case *ast.BinaryExpr:
		a, ok1 := f.linearExpr(x.X, at)
		b, ok2 := f.linearExpr(x.Y, at)
		if !ok1 || !ok2 {
			break
		}
		switch x.Op {
		case "+":
			return addLinear(a, b, 1), true
		case "-":
			return addLinear(a, b, -1), true
		case "*", "/":
			return scaleLinear(x.Op, a, b)
		}
	}
	if f.Uniformity().Variant(e, at) != nil {
		return nil, false
	}
	return map[string]int64{ast.NodeString(e): 1}, true
}

func addLinear(a, b map[string]int64, sign int64) map[string]int64 {
	out := map[string]int64{}
	for k, v := range a {
		out[k] += v
	}
	for k, v := range b {
		out[k] += sign * v
	}
	for k, v := range out {
		if v == 0 {
			delete(out, k)
		}
	}
	return out
}

// scaleLinear multiplies (op "*") a linear form by a constant one, or
// divides it (op "/") by 1.
func scaleLinear(op string, a, b map[string]int64) (map[string]int64, bool) {
	c, bConst := constOf(b)
	if op == "*" && !bConst {
		a, b = b, a
		c, bConst = constOf(b)
	}
	switch {
	case !bConst:
		return nil, false
	case op == "*":
		out := map[string]int64{}
		for k, v := range a {
			if v*c != 0 {
				out[k] = v * c
			}
		}
		return out, true
	case c == 1:
		return a, true
	}
	return nil, false // C division is not linear
}

// constOf returns the value of a constant linear form.
func constOf(a map[string]int64) (int64, bool) {
	for k := range a {
		if k != "" {
			return 0, false
		}
	}
	return a[""], true
}

// nonNegative returns 1 if the linear form a*MYTHREAD + b*THREADS + c is
// never negative for 0 <= MYTHREAD < THREADS, -1 if it is never
// positive, 0 if it may be either or has other terms. A linear function
// of MYTHREAD is smallest and largest at MYTHREAD = 0 and THREADS-1, where
// it is b*THREADS + c and (a+b)*THREADS + c - a, for any THREADS >= 1.
func nonNegative(x map[string]int64) int {
	for k := range x {
		if k != "" && k != "MYTHREAD" && k != "THREADS" {
			return 0
		}
	}
	a, b, c := x["MYTHREAD"], x["THREADS"], x[""]
	switch {
	case b >= 0 && a+b >= 0 && b+c >= 0:
		return 1
	case b <= 0 && a+b <= 0 && b+c <= 0:
		return -1
	}
	return 0
}
