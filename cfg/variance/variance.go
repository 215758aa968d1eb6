// Package variance is the single-valuedness analysis of a UPC translation
// unit: which expressions may have different values on different threads
// (thread-variant) and which are the same everywhere (uniform).
//
// Sources of variance: MYTHREAD, upc_lock_attempt, private
// allocation results and clocks (see Sources), and every read of shared
// memory (conservatively: another thread may write it). Variance flows by
// data dependence (an assignment of a variant value makes the variable
// variant) and by control dependence. Uniform: constants, THREADS,
// results of collectives (upc_all_*), parameters unless a call site in the
// unit passes a variant argument, and globals unless assigned a variant
// value somewhere in the unit.
//
// Promotable scalar locals and parameters (address never taken, neither
// shared nor volatile) are analysed flow-sensitively, per SSA definition:
// each read refers to the definition that reaches it, and control
// dependence acts where paths join again after a variant branch or leave
// a loop whose exit is variant (see flow.go). Other variables (address
// taken, globals, statics, arrays and aggregates) are flow-insensitive: a
// variable is variant if any assignment to it is, or if it is assigned in
// a block that depends on a variant branch. Functions with irreducible
// control flow are flow-insensitive throughout. The analysis is
// context-insensitive across calls; the fixpoint runs over the whole unit. Known limits: the contents of private
// memory reached through pointers are uniform unless some store through a
// pointer in the unit is variant; functions without a body are assumed to
// compute their result from their arguments, except Sources; out-arguments
// (&x passed to a call) do not make x variant.
package variance

import (
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Sources are the library functions whose result depends on the calling
// thread.
var Sources = map[string]bool{
	"upc_lock_attempt": true, "upc_alloc": true, "upc_global_alloc": true,
	"upc_global_lock_alloc": true, "upc_addrfield": true,
	"upc_ticks_now": true, "bupc_ticks_now": true, "clock": true, "time": true, "rand": true,
	"random": true, "drand48": true, "gettimeofday": true, "getpid": true, "upc_cast": true,
	"upc_thread_info": true,
}

// ofPointer are the library functions whose result is a function of the
// pointer-to-shared they are given (UPC 1.3 §7.2.3): as thread-variant as
// the pointer.
var ofPointer = map[string]bool{"upc_threadof": true, "upc_phaseof": true}

// Reason says why something is thread-variant: Node is the culprit (a
// MYTHREAD, a read of shared data, a branch) and What describes it.
type Reason struct {
	Node ast.Node
	What string
	// Branch is the block whose variant control causes the fact, when it
	// comes from control dependence.
	Branch *cfg.Block
	// Origin is what the chain of reasons starts from; Form is how this
	// link reads; Inner is the reason this one wraps (What ends with it in
	// parentheses), Subject the variable or function this link names.
	Origin  Origin
	Form    Form
	Inner   *Reason
	Subject string
	// Control: some link of the chain is a value assigned under
	// thread-dependent control (see Uniformity, which follows Branch).
	Control bool
}

// Origin is where a thread-dependence comes from.
type Origin uint8

// Origins of thread-dependence.
const (
	FromMyThread  Origin = iota // MYTHREAD
	FromLibrary                 // the result of a library function in Sources
	FromParameter               // a parameter assumed variant (Config.ParamsVariant)
	FromShared                  // a read of shared data
	FromPointer                 // a read of private memory through a pointer
	FromForall                  // the affinity test of a upc_forall
	FromControl                 // an assignment, return or store under thread-dependent control
)

// Form is how one link of a chain of reasons reads.
type Form uint8

// Forms of a Reason.
const (
	FormOther    Form = iota
	FormVar           // "x is thread-dependent (inner)"
	FormResult        // "result of f" or "result of f (inner)"
	FormShared        // "read of shared e"
	FormAssigned      // "x assigned under a thread-dependent condition (inner)"
	FormControl       // "x assigned under thread-dependent control (inner)"
	FormLoopExit      // "x changed in a loop whose exit is under thread-dependent control (inner)"
	FormPointer       // "read through a pointer (inner)"
	FormUnder         // "what under thread-dependent control"
	FormSharedAt      // "read of shared e at a thread-dependent index (inner)"
)

// maxWhat bounds the inner text a reason repeats. Each link of a chain
// repeats the text of the links it wraps, so a chain of n links would
// cost n² bytes: a unit whose 10,000 functions each call the previous one
// took 1 GB. Real chains stay far below it (the longest reason of the
// development corpus has about 1,000 bytes).
const maxWhat = 2000

// wrap returns a reason whose text is prefix followed by inner's in
// parentheses (cut after maxWhat bytes), with inner's origin.
func wrap(n ast.Node, form Form, subject, prefix string, inner *Reason) *Reason {
	what := inner.What
	if len(what) > maxWhat {
		cut := maxWhat
		for cut > 0 && !utf8.RuneStart(what[cut]) {
			cut--
		}
		what = what[:cut] + "..."
	}
	return &Reason{Node: n, What: prefix + " (" + what + ")", Origin: inner.Origin, Form: form,
		Inner: inner, Subject: subject, Control: inner.Control}
}

// At returns a copy of r whose Branch is b.
func (r *Reason) At(b *cfg.Block) *Reason {
	c := *r
	c.Branch = b
	return &c
}

// Weak reports whether r comes only from reading memory that the analysis
// cannot follow: shared data (the same on every thread when it was written
// before a barrier) or private memory through a pointer (variant as soon
// as any store through a pointer is). The correctness rules report only
// strong reasons: MYTHREAD, thread-dependent library results, and values
// computed from them.
func (r *Reason) Weak() bool {
	return r != nil && (r.Origin == FromShared || r.Origin == FromPointer)
}

// Describe returns what r depends on, as a phrase that follows "depends
// on": "MYTHREAD", "me, which is thread-dependent (MYTHREAD)", "the result
// of upc_threadof".
func (r *Reason) Describe() string {
	if r == nil {
		return "the thread"
	}
	if s, ok := r.describeVar(); ok {
		if r.Form == FormSharedAt {
			return "a " + s
		}
		return s
	}
	switch r.Form {
	case FormResult:
		return "the " + r.What
	case FormShared, FormSharedAt:
		return "a " + r.What
	}
	return r.What
}

// describeVar rewrites the outermost "x is thread-dependent (...)" link of
// r's chain as "x, which is thread-dependent (...)".
func (r *Reason) describeVar() (string, bool) {
	if r.Form == FormVar {
		return r.Subject + ", which is thread-dependent (" + r.Inner.What + ")", true
	}
	if r.Inner == nil {
		return "", false
	}
	s, ok := r.Inner.describeVar()
	if !ok {
		return "", false
	}
	prefix, ok := strings.CutSuffix(r.What, "("+r.Inner.What+")")
	if !ok {
		return "", false
	}
	return prefix + "(" + s + ")", true
}

// Config configures Analyze.
type Config struct {
	// ParamsVariant treats every parameter as thread-variant instead of
	// inferring it from the call sites in the unit.
	ParamsVariant bool
	// Graph returns the graph of a function definition; nil builds one.
	Graph func(*ast.Decl) *cfg.Graph
}

// GraphOptions returns the options of the control-flow graphs of a unit
// with type information info: which objects are shared, so that a loop of
// barriers, or of stores to shared arrays, up to a private global bound
// has a loop-invariant bound.
func GraphOptions(info *types.Info) *cfg.Options {
	if info == nil {
		return nil
	}
	return &cfg.Options{Shared: func(e ast.Expr) bool {
		if n, ok := e.(*ast.Name); ok {
			switch o := info.ObjectOf(n).(type) {
			case *types.Var:
				return types.IsShared(o.Type())
			case nil:
				return true // unknown: it may be
			}
			return false // a function or an enumeration constant
		}
		t := info.TypeOf(e)
		return t != nil && types.IsShared(t)
	}}
}

// Info is the result for a translation unit.
type Info struct {
	Types *types.Info
	Funcs []*Func // in source order
	// Vars maps each thread-variant variable to the reason; for a
	// flow-sensitive variable, the reason of its first variant definition
	// (reads use their own definition's).
	Vars map[*types.Var]*Reason
	// Memory says why private memory reached through pointers is variant,
	// or is nil.
	Memory *Reason

	// params says why a parameter's value on entry is variant.
	params map[*types.Var]*Reason
	// epoch counts the changes of the facts Variant reads (variables,
	// definitions, results, memory, φ gates): a result computed at the
	// same epoch is still valid.
	epoch uint64
	// shared counts the changes of the facts a function's round may read
	// from outside the function (variables other than its promoted ones,
	// parameters on entry, memory, results, collectives): a function whose
	// last round changed nothing computes nothing new until it moves.
	shared uint64
	// flowBuf is buildFlow's scratch buffer of events, reused from one
	// function to the next.
	flowBuf []flowEvent
	// defBuf and edgeBuf are the current chunks of SSA definitions and φ
	// edges (see newDef).
	defBuf  []def
	edgeBuf []*def
	// tableWrites: see tables
	tableWrites map[*types.Var][]tableWrite
	// sharedWrites caches sharedStores; ownBusy guards ownCopy against
	// a store whose value reads the same array.
	sharedWrites map[*types.Var][]ownStore
	ownBusy      map[*types.Var]bool
	byDecl       map[*ast.Decl]*Func
	byObj        map[*types.FuncObj]*Func
	refOnce      sync.Once
	referenced   map[*types.FuncObj]bool // see Referenced
}

// Func holds the facts of one function.
type Func struct {
	Decl  *ast.Decl
	Obj   *types.FuncObj
	Graph *cfg.Graph
	// Collective is the first collective operation the function executes,
	// directly or through a call, or nil.
	Collective ast.Node
	// Result says why the function's return value is variant, or is nil.
	Result *Reason

	info   *Info
	flow   *flow        // SSA definitions of the promoted variables, or nil
	ps     []*types.Var // the parameters (see params)
	blocks []blockEvents
	ctrl   []*Reason // by block index: memo of Control for the current round
	done   []bool
	brAt   []uint64  // by block index: epoch+1 at which brWhy was computed
	brWhy  []*Reason // memo of branch
	quiet  uint64    // shared+1 at the start of the last round that changed nothing
	stops  [][]int8  // by block index and control dependence: memo of controlsUnlessStopped (0 unknown, 1 no, 2 yes)
}

// Func returns the facts of a function definition.
func (in *Info) Func(d *ast.Decl) *Func { return in.byDecl[d] }

// FuncOf returns the facts of the function obj, if defined in the unit.
func (in *Info) FuncOf(obj *types.FuncObj) *Func { return in.byObj[obj] }

// Callee returns the unit's function called by call, or nil.
func (in *Info) Callee(call *ast.CallExpr) *Func {
	if n, ok := ast.Unparen(call.Fun).(*ast.Name); ok && in.Types != nil {
		if o, ok := in.Types.Uses[n].(*types.FuncObj); ok {
			return in.byObj[o]
		}
	}
	return nil
}

// CollectiveKind returns a short name for the collective operation n
// performs by itself ("upc_barrier", "upc_notify", "upc_wait",
// "upc_all_broadcast", ..., "upc_forall"), or "". Calls of the unit's
// functions that execute collectives are not included: see Info.CallKind.
func CollectiveKind(n ast.Node) string {
	switch n := n.(type) {
	case *ast.BarrierStmt:
		return n.Kind
	case *ast.ForallStmt:
		return "upc_forall"
	case *ast.CallExpr:
		if name := ast.CalleeName(n); strings.HasPrefix(name, "upc_all_") || strings.HasPrefix(name, "bupc_all_") {
			return name
		}
	}
	return ""
}

// CollectiveKind returns CollectiveKind(n), or for a call of a function of
// the unit that executes a collective, "call of NAME".
func (in *Info) CollectiveKind(n ast.Node) string {
	if k := CollectiveKind(n); k != "" {
		return k
	}
	if c, ok := n.(*ast.CallExpr); ok {
		if f := in.Callee(c); f != nil && f.Collective != nil {
			return "call of " + ast.FuncName(f.Decl)
		}
	}
	return ""
}

// Analyze computes the variance facts of every function definition of the
// unit.
func Analyze(file *ast.File, info *types.Info, conf *Config) *Info {
	if conf == nil {
		conf = &Config{}
	}
	in := &Info{Types: info, Vars: map[*types.Var]*Reason{}, params: map[*types.Var]*Reason{}, byDecl: map[*ast.Decl]*Func{}, byObj: map[*types.FuncObj]*Func{}}
	for _, d := range file.Decls {
		d, ok := d.(*ast.Decl)
		if !ok || d.Body == nil {
			continue
		}
		var g *cfg.Graph
		if conf.Graph != nil {
			g = conf.Graph(d)
		} else {
			g = cfg.BuildOptions(d, GraphOptions(info))
		}
		f := &Func{Decl: d, Graph: g, info: in}
		if len(d.Inits) > 0 && info != nil {
			if id := ast.DeclaratorIdent(d.Inits[0].Decl); id != nil {
				f.Obj, _ = info.Defs[id].(*types.FuncObj)
			}
		}
		f.ps = f.params()
		in.Funcs = append(in.Funcs, f)
		in.byDecl[d] = f
		if f.Obj != nil {
			in.byObj[f.Obj] = f
		}
	}
	for _, f := range in.Funcs {
		f.flow = f.buildFlow()
		f.ctrl = make([]*Reason, len(f.Graph.Blocks))
		f.done = make([]bool, len(f.Graph.Blocks))
		f.brAt = make([]uint64, len(f.Graph.Blocks))
		f.brWhy = make([]*Reason, len(f.Graph.Blocks))
	}
	for _, f := range in.Funcs {
		f.blocks = f.collectEvents()
	}
	if conf.ParamsVariant {
		for _, f := range in.Funcs {
			for _, p := range f.ps {
				r := &Reason{What: "parameter " + p.Name(), Origin: FromParameter}
				in.Vars[p], in.params[p] = r, r
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, f := range in.Funcs {
			if f.quiet == in.shared+1 {
				// Its last round changed nothing, and nothing it reads
				// from outside has changed since: run again, it would
				// compute the same.
				continue
			}
			start, startShared := in.epoch, in.shared
			clear(f.ctrl)
			clear(f.done)
			if f.step() {
				changed = true
			}
			if in.epoch == start {
				f.quiet = startShared + 1
			}
		}
	}
	return in
}

// sharedChanged counts a change of a fact functions read from each other.
func (in *Info) sharedChanged() {
	in.epoch++
	in.shared++
}

// promoted reports whether v is in SSA form in f.
func (f *Func) promoted(v *types.Var) bool {
	return v != nil && f.flow != nil && f.flow.promoted[v] > 0
}

func (f *Func) params() []*types.Var {
	var out []*types.Var
	if f.Obj == nil || f.info.Types == nil {
		return nil
	}
	d := f.Decl.Inits[0].Decl
	for d != nil && d.Direct != nil {
		if d.Direct.Name != nil {
			for _, s := range d.Direct.Suffixes {
				if s.Params != nil {
					for _, p := range s.Params.Params {
						if id := ast.DeclaratorIdent(p.Decl); id != nil {
							if v, ok := f.info.Types.Defs[id].(*types.Var); ok {
								out = append(out, v)
							}
						}
					}
					if sc := f.info.Types.Scopes[f.Decl]; sc != nil {
						for _, id := range s.Params.Names { // an old-style definition
							if v, ok := sc.LookupLocal(id.Name).(*types.Var); ok {
								out = append(out, v)
							}
						}
					}
					return out
				}
			}
			return out
		}
		d = d.Direct.Nested
	}
	return out
}

// eventKind says what the fixpoint does with a node of a block.
type eventKind uint8

const (
	evReturn eventKind = iota // a return statement with a value
	evInit                    // an initialized declaration of a non-promoted variable
	evAssign                  // an assignment (to a non-promoted variable or through a pointer)
	evChange                  // ++ or -- of a non-promoted variable
	evCall                    // a call of a function of the unit
)

// event is a node of a block that step looks at, found once by
// collectEvents, in the order of the walk step would do.
type event struct {
	kind   eventKind
	node   ast.Node
	v      *types.Var // the variable initialized or assigned, or nil
	callee *Func      // evCall
}

// blockEvents are the events of a live block.
type blockEvents struct {
	b      *cfg.Block
	coll   ast.Node // lastCollective(b)
	events []event
}

// collectEvents walks the live blocks of f once and records the nodes
// step needs. Events on promoted variables are left out: their variance
// is that of their SSA definitions (evalDefs).
func (f *Func) collectEvents() []blockEvents {
	in := f.info
	live := 0
	for _, b := range f.Graph.Blocks {
		if b.Live {
			live++
		}
	}
	out := make([]blockEvents, 0, live)
	var evs []event
	for _, b := range f.Graph.Blocks {
		if !b.Live {
			continue
		}
		start := len(evs)
		for _, n := range b.Nodes {
			if r, ok := n.(*ast.ReturnStmt); ok && r.X != nil {
				evs = append(evs, event{kind: evReturn, node: r})
			}
			ast.InspectCode(n, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.StmtExpr:
					return false
				case *ast.InitDeclarator:
					if id := ast.DeclaratorIdent(m.Decl); id != nil && in.Types != nil && m.Init != nil {
						if v, _ := in.Types.Defs[id].(*types.Var); v != nil && !f.promoted(v) {
							evs = append(evs, event{kind: evInit, node: m, v: v})
						}
					}
				case *ast.AssignExpr:
					if v := f.targetVar(m.L); v == nil || !f.promoted(v) {
						evs = append(evs, event{kind: evAssign, node: m, v: v})
					}
				case *ast.PostfixExpr:
					if v := f.targetVar(m.X); v != nil && !f.promoted(v) {
						evs = append(evs, event{kind: evChange, node: m, v: v})
					}
				case *ast.UnaryExpr:
					if m.Op == "++" || m.Op == "--" {
						if v := f.targetVar(m.X); v != nil && !f.promoted(v) {
							evs = append(evs, event{kind: evChange, node: m, v: v})
						}
					}
				case *ast.CallExpr:
					if c := in.Callee(m); c != nil {
						evs = append(evs, event{kind: evCall, node: m, callee: c})
					}
				}
				return true
			})
		}
		out = append(out, blockEvents{b: b, coll: lastCollective(b), events: evs[start:len(evs):len(evs)]})
	}
	return out
}

// step runs one round over f and reports whether a fact changed.
func (f *Func) step() bool {
	in := f.info
	changed := false
	// mark records r as the reason of the non-promoted variable v.
	mark := func(v *types.Var, r *Reason) {
		if r != nil && in.Vars[v] == nil {
			in.Vars[v] = r
			changed = true
			in.sharedChanged()
		}
	}
	if f.flow != nil && f.evalDefs() {
		changed = true // evalDefs counts its changes in the epoch
	}
	for i := range f.blocks {
		be := &f.blocks[i]
		ctl := f.Control(be.b)
		under := func(what string, n ast.Node) *Reason {
			if ctl == nil {
				return nil
			}
			// control that only reads memory is as weak as that read
			origin := FromControl
			if ctl.Weak() {
				origin = ctl.Origin
			}
			return &Reason{Node: n, What: what + " under thread-dependent control", Branch: ctl.Branch,
				Origin: origin, Form: FormUnder, Control: true}
		}
		if be.coll != nil && f.Collective == nil && in.CollectiveKind(be.coll) != "" {
			f.Collective = be.coll
			changed = true
			in.sharedChanged()
		}
		for _, ev := range be.events {
			switch ev.kind {
			case evReturn:
				r := ev.node.(*ast.ReturnStmt)
				if f.Result != nil {
					break
				}
				if why := f.Variant(r.X); why != nil {
					f.Result = why
					changed = true
					in.sharedChanged()
				} else if why := under("return", r); why != nil {
					f.Result = why
					changed = true
					in.sharedChanged()
				}
			case evInit:
				if in.Vars[ev.v] != nil {
					break
				}
				m := ev.node.(*ast.InitDeclarator)
				mark(ev.v, f.initVariant(m.Init))
				if ctl != nil && in.Vars[ev.v] == nil && !f.overwritten(be.b, ev.v) {
					mark(ev.v, under(ast.DeclaratorIdent(m.Decl).Name+" initialized", m))
				}
			case evAssign:
				m := ev.node.(*ast.AssignExpr)
				if ev.v == nil {
					if in.Memory != nil {
						break
					}
					if _, why := f.target(m.L); why != nil {
						break // not a store through a pointer
					}
					// a store through a pointer
					if r := f.Variant(m.R); r != nil {
						in.Memory, changed = r, true
						in.sharedChanged()
					} else if r := under("store", m); r != nil {
						in.Memory, changed = r, true
						in.sharedChanged()
					}
					break
				}
				if in.Vars[ev.v] != nil {
					break
				}
				_, why := f.target(m.L)
				mark(ev.v, why)
				if in.Vars[ev.v] == nil {
					mark(ev.v, f.Variant(m.R))
				}
				if ctl != nil && in.Vars[ev.v] == nil && !f.overwritten(be.b, ev.v) {
					mark(ev.v, under(ast.NodeString(m.L)+" assigned", m))
				}
			case evChange:
				if in.Vars[ev.v] != nil {
					break
				}
				var x ast.Expr
				switch m := ev.node.(type) {
				case *ast.PostfixExpr:
					x = m.X
				case *ast.UnaryExpr:
					x = m.X
				}
				_, why := f.target(x)
				mark(ev.v, why)
				if ctl != nil && in.Vars[ev.v] == nil && !f.overwritten(be.b, ev.v) {
					mark(ev.v, under(ast.NodeString(x)+" changed", ev.node))
				}
			case evCall:
				m := ev.node.(*ast.CallExpr)
				c := ev.callee
				if c.Collective != nil && f.Collective == nil {
					f.Collective = m
					changed = true
					in.sharedChanged()
				}
				ps := c.ps
				for i, a := range m.Args {
					if i < len(ps) && in.params[ps[i]] == nil {
						if r := f.Variant(a); r != nil {
							in.params[ps[i]] = r
							if in.Vars[ps[i]] == nil {
								in.Vars[ps[i]] = r
							}
							changed = true
							in.sharedChanged()
						}
					}
				}
			}
		}
	}
	return changed
}

// lastCollective returns the node of b that is a collective statement
// (barriers and foralls sit at known places), or nil.
func lastCollective(b *cfg.Block) ast.Node {
	for _, n := range b.Nodes {
		if _, ok := n.(*ast.BarrierStmt); ok {
			return n
		}
		if e, ok := n.(*ast.ExprStmt); ok {
			if c, ok := ast.Unparen(e.X).(*ast.CallExpr); ok && CollectiveKind(c) != "" {
				return c
			}
		}
	}
	if s, ok := b.Stmt.(*ast.ForallStmt); ok && b.Kind == "forall.cond" {
		return s
	}
	return nil
}

// target returns the variable an assignment to lvalue e changes (the root
// array or struct variable for a[i] and s.f), and a reason when the
// element written depends on a variant index. Both are nil for stores
// through pointers.
func (f *Func) target(e ast.Expr) (*types.Var, *Reason) { return f.targetOf(e, true) }

// targetVar is the variable target returns, without the reason.
func (f *Func) targetVar(e ast.Expr) *types.Var {
	v, _ := f.targetOf(e, false)
	return v
}

func (f *Func) targetOf(e ast.Expr, withWhy bool) (*types.Var, *Reason) {
	var why *Reason
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Name:
			if f.info.Types == nil {
				return nil, nil
			}
			v, _ := f.info.Types.Uses[x].(*types.Var)
			if v != nil && types.IsShared(v.Type()) {
				return nil, nil // shared data is variant when read anyway
			}
			return v, why
		case *ast.IndexExpr:
			if t := f.info.typeOf(x.X); t != nil && types.IsPointer(t) {
				return nil, nil
			}
			if why == nil && withWhy {
				why = f.Variant(x.Index)
			}
			e = x.X
		case *ast.MemberExpr:
			if x.Arrow {
				return nil, nil
			}
			e = x.X
		default:
			return nil, nil
		}
	}
}

func (in *Info) typeOf(e ast.Expr) types.Type {
	if in.Types == nil {
		return nil
	}
	return in.Types.TypeOf(e)
}

func (f *Func) initVariant(init *ast.Initializer) *Reason {
	if init.X != nil {
		return f.Variant(init.X)
	}
	var why *Reason
	ast.InspectCode(init, func(n ast.Node) bool {
		if why != nil {
			return false
		}
		if it, ok := n.(*ast.Initializer); ok && it.X != nil {
			why = f.Variant(it.X)
			return false
		}
		return true
	})
	return why
}

// Control returns why block b may be executed a different number of times
// by different threads, from its (transitive) control dependence on a
// branch whose outcome is thread-variant, or nil. Reason.Branch is that
// branch's block.
func (f *Func) Control(b *cfg.Block) *Reason {
	if f.done[b.Index] {
		return f.ctrl[b.Index]
	}
	f.done[b.Index] = true // cycles in control dependence: assume uniform meanwhile
	var r *Reason
	// A branch whose other arms only end the program (an error check on
	// one thread) does not make what the remaining threads compute differ.
	deps := f.Graph.ControlDeps(b)
	stopsOnly := func(i int) bool { return !f.controlsUnlessStopped(b, deps, i) }
	for i, d := range deps {
		if br := f.branch(d.Block); br != nil && !stopsOnly(i) {
			r = br.At(d.Block)
			break
		}
	}
	if r == nil {
		for i, d := range deps {
			if d.Block != b {
				if up := f.Control(d.Block); up != nil && !stopsOnly(i) {
					r = up
					break
				}
			}
		}
	}
	f.ctrl[b.Index] = r
	return r
}

// controlsUnlessStopped is f.Graph.ControlsUnlessStopped(b, deps[i].Block)
// for b's control dependences deps, which depends on the graph only,
// memoized by block and dependence: Control asks it again in every round of
// the fixpoint.
func (f *Func) controlsUnlessStopped(b *cfg.Block, deps []cfg.ControlDep, i int) bool {
	if f.stops == nil {
		f.stops = make([][]int8, len(f.Graph.Blocks))
	}
	memo := f.stops[b.Index]
	if memo == nil {
		memo = make([]int8, len(deps))
		f.stops[b.Index] = memo
	}
	if memo[i] == 0 {
		memo[i] = 1
		if f.Graph.ControlsUnlessStopped(b, deps[i].Block) {
			memo[i] = 2
		}
	}
	return memo[i] == 2
}

// Branch returns why the choice of successor of block b may differ between
// threads, or nil (also for blocks with one successor).
func (f *Func) Branch(b *cfg.Block) *Reason {
	r := f.branch(b)
	if r == nil {
		return nil
	}
	c := *r
	return &c
}

// branch is Branch, memoized while the facts do not change; the result is
// shared, not to be modified.
func (f *Func) branch(b *cfg.Block) *Reason {
	if b.Index >= len(f.brAt) || f.Graph.Blocks[b.Index] != b {
		return f.computeBranch(b)
	}
	if f.brAt[b.Index] == f.info.epoch+1 {
		return f.brWhy[b.Index]
	}
	r := f.computeBranch(b)
	f.brAt[b.Index], f.brWhy[b.Index] = f.info.epoch+1, r
	return r
}

func (f *Func) computeBranch(b *cfg.Block) *Reason {
	switch c := b.Control().(type) {
	case nil:
		return nil
	case *ast.Affinity:
		return &Reason{Node: c, What: "upc_forall affinity test", Branch: b, Origin: FromForall}
	case *ast.GotoStmt:
		if why := f.Variant(c.X); why != nil {
			return why.At(b)
		}
	case ast.Expr:
		if why := f.Variant(c); why != nil {
			return why.At(b)
		}
	}
	return nil
}

// Variant returns why e may have different values on different threads,
// or nil if it is uniform.
func (f *Func) Variant(e ast.Expr) *Reason {
	in := f.info
	switch x := e.(type) {
	case nil:
		return nil
	case *ast.UPCConst:
		if x.Name == "MYTHREAD" {
			return &Reason{Node: x, What: "MYTHREAD", Origin: FromMyThread}
		}
		return nil
	case *ast.BasicLit, *ast.SizeofExpr, *ast.OffsetofExpr:
		return nil
	case *ast.ParenExpr:
		return f.Variant(x.X)
	case *ast.Name:
		if in.Types == nil {
			return nil
		}
		v, ok := in.Types.Uses[x].(*types.Var)
		if !ok {
			return nil
		}
		shared := types.IsShared(v.Type())
		var r *Reason
		if !shared {
			r = in.Vars[v]
			if f.flow != nil && f.flow.promoted[v] > 0 {
				if d, ok := f.flow.use[x]; ok && d != nil {
					r = d.why
				}
			}
			if r == nil {
				return nil // uniform, whether an array's address or a value
			}
		}
		if t := in.typeOf(x); t != nil && isArray(t) {
			return nil // an array's address
		}
		if shared {
			return &Reason{Node: x, What: "read of shared " + x.Name, Origin: FromShared, Form: FormShared}
		}
		w := wrap(x, FormVar, x.Name, x.Name+" is thread-dependent", r)
		w.Branch = r.Branch
		return w
	case *ast.UnaryExpr:
		switch x.Op {
		case "&":
			return f.addrVariant(x.X)
		case "*":
			return f.memRead(x, x.X, nil)
		case "&&":
			return nil
		}
		return f.Variant(x.X)
	case *ast.PostfixExpr:
		return f.Variant(x.X)
	case *ast.BinaryExpr:
		if Absorbed(x) {
			return nil
		}
		if r := f.Variant(x.X); r != nil {
			return r
		}
		return f.Variant(x.Y)
	case *ast.AssignExpr:
		if x.Op != "=" {
			if r := f.Variant(x.L); r != nil {
				return r
			}
		}
		return f.Variant(x.R)
	case *ast.CondExpr:
		for _, y := range []ast.Expr{x.Cond, x.Then, x.Else} {
			if y != nil {
				if r := f.Variant(y); r != nil {
					return r
				}
			}
		}
		return nil
	case *ast.CommaExpr:
		if len(x.List) > 0 {
			return f.Variant(x.List[len(x.List)-1])
		}
		return nil
	case *ast.CastExpr:
		return f.Variant(x.X)
	case *ast.IndexExpr:
		if t := in.typeOf(x); t != nil && isArray(t) {
			return f.addrVariant(x) // a row: its address
		}
		return f.memRead(x, x.X, x.Index)
	case *ast.MemberExpr:
		if x.Arrow {
			return f.memRead(x, x.X, nil)
		}
		if t := in.typeOf(x); t != nil && types.IsShared(t) {
			return &Reason{Node: x, What: "read of shared " + ast.NodeString(x), Origin: FromShared, Form: FormShared}
		}
		return f.Variant(x.X)
	case *ast.CallExpr:
		name := ast.CalleeName(x)
		if Sources[name] {
			return &Reason{Node: x, What: "result of " + name, Origin: FromLibrary, Form: FormResult, Subject: name}
		}
		if ofPointer[name] && len(x.Args) == 1 {
			// the thread and phase of a pointer-to-shared are part of its
			// value: the same on every thread when the pointer is
			if r := f.Variant(x.Args[0]); r != nil {
				return wrap(x, FormResult, name, "result of "+name, r)
			}
			return nil
		}
		if strings.HasPrefix(name, "upc_all_") {
			return nil
		}
		if c := in.Callee(x); c != nil {
			if c.Result != nil {
				return wrap(x, FormResult, name, "result of "+name, c.Result)
			}
			return nil
		}
		for _, a := range x.Args {
			if r := f.Variant(a); r != nil {
				return r
			}
		}
		return nil
	case *ast.StmtExpr:
		if v := f.Graph.StmtExprValue[x]; v != nil {
			return f.Variant(v)
		}
		return nil
	}
	return nil
}

// memRead is the variance of reading the element of e at base[index] or
// *base.
func (f *Func) memRead(e, base, index ast.Expr) *Reason {
	in := f.info
	if t := in.typeOf(e); t != nil && types.IsShared(t) {
		// at an index that differs from thread to thread (flags[MYTHREAD])
		// each thread reads another element: thread-dependent as surely
		// as the index, whatever the data
		if index != nil {
			if r := f.Variant(index); r != nil && !r.Weak() && !f.ownCopy(base, index) && !f.tableRead(base) {
				return wrap(e, FormSharedAt, "", "read of shared "+ast.NodeString(e)+" at a thread-dependent index", r)
			}
		}
		return &Reason{Node: e, What: "read of shared " + ast.NodeString(e), Origin: FromShared, Form: FormShared}
	}
	if index != nil {
		if r := f.Variant(index); r != nil && !f.tableRead(base) {
			return r
		}
	}
	if bt := in.typeOf(base); bt != nil && isArray(bt) {
		return f.Variant(rootOf(base))
	}
	if r := f.Variant(base); r != nil {
		return r
	}
	if in.Memory != nil {
		r := wrap(e, FormPointer, "", "read through a pointer", in.Memory)
		r.Origin = FromPointer
		return r
	}
	return nil
}

func rootOf(e ast.Expr) ast.Expr {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.IndexExpr:
			e = x.X
		case *ast.MemberExpr:
			if x.Arrow {
				return x
			}
			e = x.X
		default:
			return x
		}
	}
}

// addrVariant is the variance of &e: the indices and pointers it uses.
func (f *Func) addrVariant(e ast.Expr) *Reason {
	switch x := ast.Unparen(e).(type) {
	case *ast.Name:
		return nil
	case *ast.IndexExpr:
		if r := f.Variant(x.Index); r != nil {
			return r
		}
		if t := f.info.typeOf(x.X); t != nil && isArray(t) {
			return f.addrVariant(x.X)
		}
		return f.Variant(x.X)
	case *ast.MemberExpr:
		if x.Arrow {
			return f.Variant(x.X)
		}
		return f.addrVariant(x.X)
	case *ast.UnaryExpr:
		if x.Op == "*" {
			return f.Variant(x.X)
		}
	}
	return f.Variant(e)
}

func isArray(t types.Type) bool { _, ok := types.Core(t).(*types.Array); return ok }

// overwritten reports whether the value that block b, under
// thread-dependent control, gives the variable v is never read by the
// threads alike: every path from b that does not end the program reaches
// a block that every thread executes and that assigns v with "=" without
// reading it, and v is read on the way only under thread-dependent
// control (a call of the unit's functions may read a variable of static
// storage). Typical: the parameters one thread reads from
// a file (whose address it passes to fscanf, which keeps v out of SSA
// form), then every thread's copy from shared memory after a barrier.
func (f *Func) overwritten(b *cfg.Block, v *types.Var) bool {
	if v.Field || f.info.Types == nil {
		return false
	}
	g := f.Graph
	seen := make([]bool, len(g.Blocks))
	seen[b.Index] = true
	stack := append([]*cfg.Block(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x.Index] {
			continue
		}
		seen[x.Index] = true
		if x == g.Exit {
			return false
		}
		reads, kills := f.mentions(x, v)
		if kills && f.Control(x) == nil {
			continue
		}
		if reads && f.Control(x) == nil {
			return false
		}
		for i, s := range x.Succs {
			if s == g.Exit && x.Edges[i].Kind == cfg.NoReturn {
				continue
			}
			stack = append(stack, s)
		}
	}
	return true
}

// mentions reports whether block b reads v (or takes its address) before
// any assignment to it, and whether it first assigns it with "=" from a
// value that does not read it (a kill: what follows reads the new value).
func (f *Func) mentions(b *cfg.Block, v *types.Var) (reads, kills bool) {
	uses := f.info.Types.Uses
	done := false
	for _, n := range b.Nodes {
		ast.InspectCode(n, func(m ast.Node) bool {
			if done {
				return false
			}
			switch m := m.(type) {
			case *ast.AssignExpr:
				if x, ok := ast.Unparen(m.L).(*ast.Name); ok && m.Op == "=" && uses[x] == types.Object(v) {
					ast.InspectCode(m.R, func(k ast.Node) bool {
						if y, ok := k.(*ast.Name); ok && uses[y] == types.Object(v) {
							reads = true
						}
						return !reads
					})
					kills, done = !reads, true
					return false
				}
			case *ast.Name:
				if uses[m] == types.Object(v) {
					reads, done = true, true
				}
			case *ast.CallExpr:
				if v.IsStatic() && f.info.Callee(m) != nil {
					reads, done = true, true
				}
			}
			return !done
		})
		if done {
			break
		}
	}
	return reads, kills
}

// Absorbed reports whether the value of x is a constant whatever its
// other operand: c && 0, 0 && c, c || 1, 1 || c, c * 0 (a debugging switch
// turned off, MYTHREAD == 0 && DEBUGGING with DEBUGGING 0).
func Absorbed(x *ast.BinaryExpr) bool {
	if x.Op != "&&" && x.Op != "||" && x.Op != "*" {
		return false // no constant absorbs the others (and IntConst parses)
	}
	for _, e := range []ast.Expr{x.X, x.Y} {
		v, ok := ast.IntConst(e)
		if !ok {
			continue
		}
		switch {
		case x.Op == "&&" && v == 0, x.Op == "||" && v != 0, x.Op == "*" && v == 0:
			return true
		}
	}
	return false
}

// tableRead reports whether base names a per-thread table whose elements
// are all alike (see uniformTable), so that the index does not matter.
func (f *Func) tableRead(base ast.Expr) bool {
	x, ok := ast.Unparen(base).(*ast.Name)
	if !ok || f.info.Types == nil {
		return false
	}
	v, _ := f.info.Types.Uses[x].(*types.Var)
	return v != nil && f.info.uniformTable(v)
}
