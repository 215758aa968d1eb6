package finegrain

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/types"
)

// copyNames are the variables of the copy loops a rewrite writes, with
// the short names a person would give them (see scratch).
type copyNames struct {
	k    string // offset into the copied range: k, else off
	len  string // elements of one block's piece: len, else count
	t    string // the thread whose part is copied: t, else thr
	n    string // elements of that thread's part: n, else cnt
	part string // that part, adjacent: part, else got
	flat string // flat index of the part's first element: flat, else at
}

// copyNames returns the names of the variables of a copy loop declared in
// a block of its own next to the statement s of fn (see scratch).
func (fx *fixer) copyNames(fn *ast.Decl, s ast.Node) (copyNames, bool) {
	nm, ok := fx.scratch(fn, s, []string{"k", "off"}, []string{"len", "count"}, []string{"t", "thr"},
		[]string{"n", "cnt"}, []string{"part", "got"}, []string{"flat", "at"})
	if !ok {
		return copyNames{}, false
	}
	return copyNames{k: nm[0], len: nm[1], t: nm[2], n: nm[3], part: nm[4], flat: nm[5]}, true
}

// definedNames calls f with the name each #define line of src defines: a
// line of blanks, '#', blanks, "define", at least one blank and the name
// (what the regular expression ^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)
// matches with (?m); a scan of the lines is a tenth of its time).
func definedNames(src []byte, f func(name []byte)) {
	for len(src) > 0 {
		line := src
		if i := bytes.IndexByte(src, '\n'); i >= 0 {
			line, src = src[:i], src[i+1:]
		} else {
			src = nil
		}
		rest := bytes.TrimLeft(line, " \t")
		if len(rest) == 0 || rest[0] != '#' {
			continue
		}
		rest, ok := bytes.CutPrefix(bytes.TrimLeft(rest[1:], " \t"), []byte("define"))
		if !ok || len(rest) == 0 || rest[0] != ' ' && rest[0] != '\t' {
			continue
		}
		rest = bytes.TrimLeft(rest, " \t")
		n := 0
		for n < len(rest) && (rest[n] == '_' || rest[n] >= 'a' && rest[n] <= 'z' || rest[n] >= 'A' && rest[n] <= 'Z' ||
			n > 0 && rest[n] >= '0' && rest[n] <= '9') {
			n++
		}
		if n > 0 {
			f(rest[:n])
		}
	}
}

// macros returns the names of the macros the unit's own files define
// (the main file and the headers it reads from the project; the bundled
// headers define none in a user's name space): a variable named like one
// would be expanded.
func (fx *fixer) macros() map[string]bool {
	if fx.macroNames != nil {
		return fx.macroNames
	}
	fx.macroNames = map[string]bool{}
	if fx.unit == nil || fx.pass == nil || fx.pass.ReadFile == nil {
		return fx.macroNames
	}
	files := append([]string(nil), fx.unit.Files...)
	if fx.unit.File != nil {
		files = append(files, fx.unit.File.Name)
	}
	for _, f := range files {
		if strings.HasPrefix(f, cpp.BundledDir) {
			continue
		}
		src, err := fx.pass.ReadFile(f)
		if err != nil {
			continue
		}
		definedNames(src, func(name []byte) { fx.macroNames[string(name)] = true })
	}
	return fx.macroNames
}

// scopeAt returns the innermost scope of fn that holds the statement s,
// without a scope s opens itself (for (int i = ...)): the scope of a
// block written next to s.
func (fx *fixer) scopeAt(fn *ast.Decl, s ast.Node) *types.Scope {
	if fx.unit == nil || fx.unit.Info == nil || fn == nil {
		return nil
	}
	info := fx.unit.Info
	sc := info.FileScope
	ast.Inspect(fn, func(n ast.Node) bool {
		if n == nil || n == s || n.Start() > s.Start() || n.End() < s.End() {
			return false
		}
		if inner := info.Scopes[n]; inner != nil {
			sc = inner
		}
		return true
	})
	return sc
}

// scratch returns the names of the variables of a copy loop that a
// rewrite declares in a block of its own next to the statement s of fn,
// one per list of candidates: a name no declaration visible there (in
// fn's enclosing blocks, its parameters, at file scope or in a header:
// types.Info), no macro and no earlier name of the same call uses. The
// block's expressions are s's and the buffers', so it shadows nothing
// they use, and the blocks of two rewrites are separate scopes. ok is
// false when the scope is not known.
func (fx *fixer) scratch(fn *ast.Decl, s ast.Node, cands ...[]string) (names []string, ok bool) {
	sc := fx.scopeAt(fn, s)
	if sc == nil {
		return nil, false
	}
	macros := fx.macros()
	taken := func(n string) bool {
		for _, m := range names {
			if m == n {
				return true
			}
		}
		return sc.Lookup(n) != nil || macros[n] || fx.local[fn][n]
	}
	for _, c := range cands {
		name := ""
		for _, n := range c {
			if !taken(n) {
				name = n
				break
			}
		}
		for k := 2; name == ""; k++ {
			if n := c[0] + strconv.Itoa(k); !taken(n) {
				name = n
			}
		}
		names = append(names, name)
	}
	return names, true
}

// copyTypeText is how a private copy of elements of type t (a shared
// array's element type, unqualified) is declared, "" when it cannot be
// written as "T name[...]": a shared type, or one whose declarator wraps
// the name (an array, a pointer to a function, a tag the printer cannot
// name).
func copyTypeText(t types.Type) string {
	elem := types.Unqualified(t)
	if elem == nil || types.IsShared(elem) {
		return ""
	}
	ts := types.TypeString(elem, "")
	if strings.ContainsAny(ts, "<([") {
		return ""
	}
	return ts
}
