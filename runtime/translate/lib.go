package translate

import (
	"regexp"
	"sync"

	"github.com/upclint/upclint/runtime/csrc"
	"sort"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// isLibFunc reports whether fo is declared by a bundled UPC header.
func (t *translator) isLibFunc(fo *types.FuncObj) bool {
	return t.fileOf(fo.Pos()).upc
}

// runtimeFuncs are the UPC library functions upcr.h provides: the C name
// and whether the call takes a location.
var runtimeFuncs = map[string]struct {
	c   string
	loc bool
}{
	"upc_threadof":          {"upc_threadof", false},
	"upc_phaseof":           {"upc_phaseof", false},
	"upc_addrfield":         {"upc_addrfield", false},
	"upc_resetphase":        {"upc_resetphase", false},
	"upc_affinitysize":      {"upc_affinitysize", false},
	"upc_global_alloc":      {"upcr_global_alloc", true},
	"upc_all_alloc":         {"upcr_all_alloc", true},
	"upc_alloc":             {"upcr_alloc", true},
	"upc_free":              {"upcr_free", true},
	"upc_all_free":          {"upcr_all_free", true},
	"upc_global_lock_alloc": {"upcr_global_lock_alloc", true},
	"upc_all_lock_alloc":    {"upcr_all_lock_alloc", true},
	"upc_lock":              {"upcr_lock", true},
	"upc_lock_attempt":      {"upcr_lock_attempt", true},
	"upc_unlock":            {"upcr_unlock", true},
	"upc_lock_free":         {"upcr_lock_free", true},
	"upc_all_lock_free":     {"upcr_all_lock_free", true},
	"upc_memcpy":            {"upcr_memcpy", true},
	"upc_memget":            {"upcr_memget", true},
	"upc_memput":            {"upcr_memput", true},
	"upc_memset":            {"upcr_memset", true},
	"upc_global_exit":       {"upcr_global_exit", true},
}

// call translates a function call.
func (t *translator) call(x *ast.CallExpr) string {
	if name, ok := unparen(x.Fun).(*ast.Name); ok {
		if fo, ok := t.info.Uses[name].(*types.FuncObj); ok && t.isLibFunc(fo) {
			return t.libCall(x, fo)
		}
	}
	var sig *types.Func
	if ft := t.valType(x.Fun); ft != nil {
		sig, _ = types.Core(types.PointerElem(ft)).(*types.Func)
	}
	children := []ast.Node{x.Fun}
	for _, a := range x.Args {
		children = append(children, a)
	}
	return t.gapText(x, children, func(c ast.Node) string {
		e := c.(ast.Expr)
		if e == x.Fun {
			return t.rv(e)
		}
		for i, a := range x.Args {
			if a == e && sig != nil && !sig.Unspecified && i < len(sig.Params) {
				return t.convert(e, sig.Params[i].Type)
			}
		}
		return t.rv(e)
	})
}

func (t *translator) libCall(x *ast.CallExpr, fo *types.FuncObj) string {
	sig := fo.Signature()
	var args []string
	for i, a := range x.Args {
		if sig != nil && i < len(sig.Params) {
			args = append(args, t.convert(a, sig.Params[i].Type))
		} else {
			args = append(args, t.rv(a))
		}
	}
	name := fo.Name()
	loc := t.locOf(x)
	if rf, ok := runtimeFuncs[name]; ok {
		if rf.loc {
			args = append(args, loc)
		}
		return rf.c + "(" + strings.Join(args, ", ") + ")"
	}
	if c := runtimeName(name); c != "" {
		args = append(args, loc)
		return c + "(" + strings.Join(args, ", ") + ")"
	}
	if runtimeCollective(name) {
		args = append(args, loc)
		return "upcr_" + strings.TrimPrefix(name, "upc_") + "(" + strings.Join(args, ", ") + ")"
	}
	switch name {
	case "upc_local_alloc":
		if len(args) == 2 {
			return "upcr_alloc((" + args[0] + ") * (" + args[1] + "), " + loc + ")"
		}
	}
	if !t.useLib(name) {
		t.failf(x, "the UPC library function %s is not supported by the bundled runtime", name)
		return "0"
	}
	args = append(args, loc)
	return name + "(" + strings.Join(args, ", ") + ")"
}

// runtimeCollective reports whether upcr.h provides upc_all_X as upcr_all_X.
func runtimeCollective(name string) bool {
	switch name {
	case "upc_all_broadcast", "upc_all_scatter", "upc_all_gather", "upc_all_gather_all", "upc_all_exchange", "upc_all_permute":
		return true
	}
	_, ok := reduceTypes[reduceSuffix(name)]
	return ok && reduceSuffix(name) != ""
}

// useLib marks library support function name as used.
func (t *translator) useLib(name string) bool {
	if _, ok := libChunks[name]; !ok {
		return false
	}
	t.libUsed[name] = true
	return true
}

func reduceSuffix(name string) string {
	for _, p := range []string{"upc_all_prefix_reduce", "upc_all_reduce"} {
		if strings.HasPrefix(name, p) {
			return strings.TrimPrefix(name, p)
		}
	}
	return ""
}

// library returns the C text of the library support the program uses.
func (t *translator) library() string {
	need := map[string]bool{}
	var add func(string)
	add = func(n string) {
		if need[n] {
			return
		}
		need[n] = true
		for _, d := range t.chunk(n).deps {
			add(d)
		}
	}
	for n := range t.libUsed {
		add(n)
	}
	if len(need) == 0 {
		return ""
	}
	var names []string
	for n := range need {
		names = append(names, n)
	}
	// dependencies first: order by chunk rank, then name
	sort.Slice(names, func(i, j int) bool {
		ri, rj := t.chunk(names[i]).rank, t.chunk(names[j]).rank
		if ri != rj {
			return ri < rj
		}
		return names[i] < names[j]
	})
	var b strings.Builder
	for _, n := range names {
		b.WriteString(t.chunk(n).text)
		b.WriteString("\n")
	}
	return b.String()
}

func (t *translator) chunk(n string) libChunk {
	if c, ok := libChunks[n]; ok {
		return c
	}
	return t.dynLib[n]
}

// macroFamilies are library functions that upcr.h declares through
// macros (so their names are not in its text): the Berkeley fixed-type
// atomics, the all-value collectives and bupc_all_reduce_allT.
var macroFamilies = []*regexp.Regexp{
	regexp.MustCompile(`^upcr_bupc_atomic(I|UI|L|UL|I32|U32|I64|U64)_(read|set|swap|mswap|cswap|fetchadd|fetchand|fetchor|fetchxor|fetchnot)_(strict|relaxed)$`),
	regexp.MustCompile(`^upcr_bupc_allv_(broadcast|scatter|gather|gather_all|permute|reduce|reduce_all|prefix_reduce)_(char|short|int|long|unsigned|float|double|u?int(8|16|32|64)_t|size_t)$`),
	regexp.MustCompile(`^upcr_bupc_all_reduce_all(C|UC|S|US|I|UI|L|UL|F|D|LD)$`),
}

// upcrHeader is the runtime's header, to find what it provides.
var upcrHeader = sync.OnceValue(func() string {
	b, _ := csrc.Read(csrc.Header)
	return string(b)
})

// runtimeName returns the runtime's function for a UPC library function
// (upc_X -> upcr_X, bupc_X -> upcr_bupc_X, taking the location last), or
// "" if upcr.h does not declare it.
func runtimeName(name string) string {
	var c string
	switch {
	case name == "upc_cast":
		// upcr_cast is the runtime's pointer-to-shared cast; the library
		// function that yields a local pointer has its own name.
		c = "upcr_cast_local"
	case strings.HasPrefix(name, "upc_"):
		c = "upcr_" + strings.TrimPrefix(name, "upc_")
	case strings.HasPrefix(name, "bupc_"):
		c = "upcr_" + name
	case strings.HasPrefix(name, "_bupc_allv_"):
		c = "upcr" + name
	default:
		return ""
	}
	for _, re := range macroFamilies {
		if re.MatchString(c) {
			return c
		}
	}
	if regexp.MustCompile(`\b` + regexp.QuoteMeta(c) + `\(`).MatchString(upcrHeader()) {
		return c
	}
	return ""
}

// runtimeTypedef reports whether upcr.h defines typedef name.
func runtimeTypedef(name string) bool {
	q := regexp.QuoteMeta(name)
	return regexp.MustCompile(`typedef[^;{]*\b` + q + `\s*;|\}\s*` + q + `\s*;`).MatchString(upcrHeader())
}

// runtimeRecord reports whether upcr.h defines struct tag.
func runtimeRecord(tag string) bool {
	return regexp.MustCompile(`\bstruct\s+` + regexp.QuoteMeta(tag) + `\s*\{`).MatchString(upcrHeader())
}
