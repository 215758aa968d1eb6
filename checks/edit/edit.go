// Package edit builds the source edits of suggested fixes, for every rule
// that rewrites code (in the spirit of golang.org/x/tools's refactoring
// helpers): source text of nodes, indentation, insertions and
// replacements, fresh names, file-scope declarations, and what the
// collective rewrites share (the proof that a function is called by every
// thread, the types of the shared temporaries).
package edit

import (
	"bytes"
	gotoken "go/token"
	"iter"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/upclint/upclint/cfg"
	"github.com/upclint/upclint/cfg/collective"
	"github.com/upclint/upclint/cfg/variance"
	"github.com/upclint/upclint/checks"
	"github.com/upclint/upclint/checks/facts"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// Flags are the synchronisation flags of every generated collective: the
// data is complete before it is read and after it is written, as with the
// element-wise accesses the collective replaces.
const Flags = "UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC"

// CollectiveCost is why a rewrite into a collective needs review although
// it computes the same: the collective's barriers make it communicate
// more than the loop it replaces at small THREADS counts (fix --validate
// refuses it there), and less at large ones (log THREADS steps instead of
// THREADS).
const CollectiveCost = "the collective's barriers cost more than the loop below a few hundred threads (it grows as log THREADS, the loop as THREADS)"

// CollectiveCostlier is why a rewrite into a collective is shown and not
// applied: it replaces THREADS-1 reads (or writes) of one value per
// thread, which cost 2o+2L+nG each in the LogGP model of the runtime
// (Alexandrov et al., "LogGP: incorporating long messages into the LogP
// model", section 2), by a collective that adds its barriers and a
// binomial tree of ceil(log2 THREADS) such steps (and, for a reduction,
// a flag byte per transfer), which is more modeled time at every THREADS
// count fix --validate runs: nothing is left to coalesce.
const CollectiveCostlier = "it replaces one remote access per thread by a collective whose barriers and log2(THREADS)-step tree cost more modeled time (a reduction also more bytes) below some tens of threads"

// Editor builds text edits on the main file of a unit.
type Editor struct {
	Pass  *analysis.Pass
	Facts *facts.Facts
	file  *gotoken.File
	src   []byte
	// called memoises CalledByAll: 1 proven, 2 not (or in progress).
	called map[*facts.Func]int
	// words and calls count, over the whole text, each identifier and its
	// occurrences followed by "(": built on first use, so that name checks
	// cost a lookup, not a scan of the file per name.
	words, calls map[string]int
	names        *Names
	// sites indexes call sites by callee, built on first use.
	sites map[*variance.Func][]callSite
	// included holds the base names of the files the unit's top-level
	// declarations come from, built on first use.
	included map[string]bool
}

// countWords counts the identifiers of text, and those followed by "("
// (after blanks).
func countWords(text []byte) (words, calls map[string]int) {
	words, calls = map[string]int{}, map[string]int{}
	for i := 0; i < len(text); {
		c := text[i]
		if !isIdentStart(c) {
			i++
			continue
		}
		j := i + 1
		for j < len(text) && (isIdentStart(text[j]) || text[j] >= '0' && text[j] <= '9') {
			j++
		}
		// An identifier must not continue a number (0x1f, 1e5).
		if i > 0 && text[i-1] >= '0' && text[i-1] <= '9' {
			i = j
			continue
		}
		w := string(text[i:j])
		words[w]++
		k := j
		for k < len(text) && (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r') {
			k++
		}
		if k < len(text) && text[k] == '(' {
			calls[w]++
		}
		i = j
	}
	return words, calls
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func (e *Editor) wordCounts() (words, calls map[string]int) {
	if e.words == nil {
		e.words, e.calls = countWords(e.src)
	}
	return e.words, e.calls
}

// New returns an editor of the unit's main file, or nil if its text
// cannot be read.
func New(pass *analysis.Pass, fs *facts.Facts) *Editor {
	u := fs.Unit
	if u == nil || u.File == nil || len(u.File.Decls) == 0 {
		return nil
	}
	var tf *gotoken.File
	u.Fset.Iterate(func(f *gotoken.File) bool {
		if f.Name() == u.File.Name {
			tf = f
		}
		return tf == nil
	})
	if tf == nil {
		return nil
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return nil
	}
	return &Editor{Pass: pass, Facts: fs, file: tf, src: src, called: map[*facts.Func]int{}, names: NewNames(pass, u)}
}

// In reports whether n lies in the main file.
func (e *Editor) In(n ast.Node) bool {
	s, t := n.Start(), n.End()
	b := gotoken.Pos(e.file.Base())
	return s.IsValid() && s >= b && t <= b+gotoken.Pos(e.file.Size()) && s <= t
}

func (e *Editor) off(p gotoken.Pos) int { return int(p) - e.file.Base() }

// Text returns the source text of n (macro invocations as written).
func (e *Editor) Text(n ast.Node) string { return e.TextBetween(n.Start(), n.End()) }

// Source returns the text of the file the editor edits (not to be
// modified).
func (e *Editor) Source() []byte { return e.src }

// TextBetween returns the text from p to q, positions in the file.
func (e *Editor) TextBetween(p, q gotoken.Pos) string { return string(e.src[e.off(p):e.off(q)]) }

// Indent returns the white space that starts the line of p.
func (e *Editor) Indent(p gotoken.Pos) string { return LineIndent(e.src, e.off(p)) }

// LineIndent returns the white space that starts the line holding offset
// off of src (up to off at most).
func LineIndent(src []byte, off int) string {
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	i := ls
	for i < off && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return string(src[ls:i])
}

// Insert returns an insertion of text at p.
func Insert(p gotoken.Pos, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: p, End: p, NewText: []byte(text)}
}

// Replace returns a replacement of n by text.
func Replace(n ast.Node, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: n.Start(), End: n.End(), NewText: []byte(text)}
}

// ReplaceSpan returns a replacement of the text from from to to by text.
func ReplaceSpan(from, to gotoken.Pos, text string) analysis.TextEdit {
	return analysis.TextEdit{Pos: from, End: to, NewText: []byte(text)}
}

// declPoint is where a file-scope declaration for use in fn goes: the
// start of the line of the function, above the comment lines that
// directly precede it.
func (e *Editor) declPoint(fn *facts.Func) gotoken.Pos {
	return gotoken.Pos(e.file.Base() + e.lineAbove(e.off(fn.Decl.Start())))
}

// lineAbove returns the offset of the start of the line holding offset
// o, moved up over the comment lines that directly precede it.
func (e *Editor) lineAbove(o int) int {
	o = bytes.LastIndexByte(e.src[:o], '\n') + 1
	for o > 0 {
		prev := bytes.LastIndexByte(e.src[:o-1], '\n') + 1
		line := strings.TrimSpace(string(e.src[prev : o-1]))
		if !strings.HasPrefix(line, "//") && !(strings.HasPrefix(line, "/*") && strings.HasSuffix(line, "*/")) {
			break
		}
		o = prev
	}
	return o
}

// FileScope returns the name of a file-scope temporary for fn: base, or
// base_N when base is taken. decl prints its declaration for a name. If an
// identical declaration precedes fn already (an earlier fix), its name is
// returned with no edit; otherwise the edit inserts the declaration.
func (e *Editor) FileScope(fn *facts.Func, base string, decl func(name string) string) (string, *analysis.TextEdit) {
	at := e.declPoint(fn)
	for i := 1; i < 100; i++ {
		name := base
		if i > 1 {
			name = base + "_" + strconv.Itoa(i)
		}
		d := decl(name)
		if k := bytes.Index(e.src, []byte(d)); k >= 0 && k < e.off(at) {
			return name, nil
		}
		if e.Taken(name) {
			continue
		}
		ed := Insert(at, d+"\n\n")
		return name, &ed
	}
	return "", nil
}

// Taken reports whether a fix may not declare name (see Names).
func (e *Editor) Taken(name string) bool { return e.names.Taken(name) }

// Fresh returns base, or the first of base2, base3, ... that a fix may
// declare, and claims it (see Claim).
func (e *Editor) Fresh(base string) string {
	return e.names.Fresh(base, func(b string, k int) string { return b + strconv.Itoa(k) })
}

// Claim marks name taken for the fixes of the unit that follow and reports
// whether it was free: two fixes of one run must not declare one name in
// the same scope.
func (e *Editor) Claim(name string) bool { return e.names.Claim(name) }

// Uses counts the occurrences of identifier name in the text of n outside
// the text of the nodes skip.
func (e *Editor) Uses(n ast.Node, name string, skip ...ast.Node) int {
	lo, hi := e.off(n.Start()), e.off(n.End())
	text := []byte(string(e.src[lo:hi]))
	for _, s := range skip {
		a, b := e.off(s.Start())-lo, e.off(s.End())-lo
		if a >= 0 && b <= len(text) {
			for i := a; i < b; i++ {
				text[i] = ' '
			}
		}
	}
	words, _ := countWords(text)
	return words[name]
}

// Ident turns an expression's text into an identifier fragment.
func Ident(s string) string {
	var b strings.Builder
	under := false
	for _, r := range s {
		ok := r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
		if !ok {
			if !under && b.Len() > 0 {
				b.WriteByte('_')
			}
			under = true
			continue
		}
		b.WriteRune(r)
		under = false
	}
	return strings.TrimSuffix(b.String(), "_")
}

// ValueType returns the unqualified, non-shared type of a shared scalar
// value, printable at file scope, or nil.
func ValueType(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	v := types.Unqualified(types.WithoutShared(t))
	if !types.IsScalar(v) {
		return nil
	}
	s := types.TypeString(v, "")
	if strings.Contains(s, "<") || strings.Contains(s, "(") {
		return nil
	}
	return v
}

// SharedDecl prints "shared T name<suffix>;" for a value type.
func SharedDecl(v types.Type, name, suffix string) string {
	return types.TypeString(&types.Qualified{Type: v, Qual: types.Qualifiers{Flags: types.SharedQ}}, name+suffix) + ";"
}

// TypeName prints a value type as a type name (for sizeof).
func TypeName(v types.Type) string { return types.TypeString(v, "") }

// DirectIn reports whether s is an item of a compound statement of body.
func DirectIn(body ast.Node, s ast.Stmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if b, ok := n.(*ast.Block); ok {
			for _, it := range b.Items {
				if it == s {
					found = true
				}
			}
		}
		return true
	})
	return found
}

// Parent returns the statement whose direct child s is (nil at the top).
func Parent(body ast.Node, s ast.Stmt) ast.Node {
	var out ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if out != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.Block:
			for _, it := range x.Items {
				if it == s {
					out = x
				}
			}
		case *ast.IfStmt:
			if x.Then == s || x.Else == s {
				out = x
			}
		case *ast.CaseStmt:
			if x.Body == s {
				out = x
			}
		case *ast.DefaultStmt:
			if x.Body == s {
				out = x
			}
		default:
			if b := ast.LoopBody(n); b != nil && b == s {
				out = n
			}
		}
		return out == nil
	})
	return out
}

// HasSplitBarrier reports whether the function uses upc_notify or
// upc_wait: a collective inserted there could fall between the two.
func HasSplitBarrier(fn *facts.Func) bool {
	if !fn.Mentions("upc_notify", "upc_wait") {
		return false // the statements begin with these tokens
	}
	found := false
	ast.Inspect(fn.Decl, func(n ast.Node) bool {
		if b, ok := n.(*ast.BarrierStmt); ok && b.Kind != "upc_barrier" {
			found = true
		}
		return !found
	})
	return found
}

// SideEffects reports whether evaluating e may change state (see
// ast.SideEffects, its one definition).
func SideEffects(e ast.Node) bool { return ast.SideEffects(e) }

// callSite is a call of a function of the unit.
type callSite struct {
	caller *facts.Func
	block  *cfg.Block
}

// callSites indexes the calls of the unit's functions by callee, walking
// the unit once.
func (e *Editor) callSites() map[*variance.Func][]callSite {
	if e.sites != nil {
		return e.sites
	}
	e.sites = map[*variance.Func][]callSite{}
	for _, g := range e.Facts.Funcs {
		for _, b := range g.Graph.Blocks {
			for _, n := range b.Nodes {
				ast.InspectCode(n, func(m ast.Node) bool {
					if c, ok := m.(*ast.CallExpr); ok {
						if callee := e.Facts.Variance.Callee(c); callee != nil {
							e.sites[callee] = append(e.sites[callee], callSite{g, b})
						}
					}
					return true
				})
			}
		}
	}
	return e.sites
}

// CalledByAll reports whether every thread calls fn each time any does:
// fn is main, or it is called in the unit, only from blocks every thread
// executes together, of functions called by all threads.
func (e *Editor) CalledByAll(fn *facts.Func) bool {
	switch e.called[fn] {
	case 1:
		return true
	case 2:
		return false
	}
	if fn.Graph.Name == "main" {
		e.called[fn] = 1
		return true
	}
	e.called[fn] = 2 // recursion: not proven
	sites := e.callSites()[fn.Variance]
	ok := true
	for _, s := range sites {
		x := s.caller.Collective().Block(s.block)
		if !s.block.Live || x.Kind != collective.Collective || x.Aligned || x.Forall != nil || !e.CalledByAll(s.caller) {
			ok = false
			break
		}
	}
	if len(sites) > 0 && ok && !e.addressTaken(fn) {
		e.called[fn] = 1
		return true
	}
	return false
}

// addressTaken: the function's name appears other than as a callee or in
// its own definition (a call through a pointer escapes the analysis).
func (e *Editor) addressTaken(fn *facts.Func) bool {
	name := fn.Graph.Name
	words, calls := e.wordCounts()
	return words[name] != calls[name]
}

// sharedPtr is the pointer-to-shared type to a value type: block size 1,
// or indefinite.
func sharedPtr(v types.Type, indefinite bool) types.Type {
	q := types.Qualifiers{Flags: types.SharedQ}
	if indefinite {
		q.Block = types.Block{Kind: types.BlockIndefinite}
	}
	return &types.Pointer{Elem: &types.Qualified{Type: v, Qual: q}}
}

// SharedPtrDecl prints "static shared T *name;" ("shared [] T" if
// indefinite): a private, file-scope pointer to a shared temporary.
func SharedPtrDecl(v types.Type, name string, indefinite bool) string {
	return "static " + types.TypeString(sharedPtr(v, indefinite), name) + ";"
}

// SharedPtrType prints the type of SharedPtrDecl as a type name.
func SharedPtrType(v types.Type, indefinite bool) string {
	return types.TypeString(sharedPtr(v, indefinite), "")
}

// LocalPtrType prints "T *", the local pointer to a value type.
func LocalPtrType(v types.Type) string {
	return types.TypeString(&types.Pointer{Elem: v}, "")
}

// collectiveHeader declares the upc_all_* functions, upc_flag_t with its
// UPC_IN_/UPC_OUT_ flags and upc_op_t with the reduction operations.
const collectiveHeader = "upc_collective.h"

// needsCollective reports whether an edit's text names something
// collectiveHeader declares.
func needsCollective(text []byte) bool {
	for _, w := range []string{"upc_all_", "UPC_IN_", "UPC_OUT_", "upc_op_t", "upc_flag_t"} {
		if bytes.Contains(text, []byte(w)) {
			return true
		}
	}
	return false
}

// Includes reports whether the unit includes a header whose file name is
// base, directly or through another header: one of its top-level
// declarations comes from that file.
func (e *Editor) Includes(base string) bool {
	if e.included == nil {
		e.included = map[string]bool{}
		u := e.Facts.Unit
		for _, d := range u.File.Decls {
			if f := u.Fset.File(d.Start()); f != nil {
				e.included[filepath.Base(f.Name())] = true
			}
		}
	}
	return e.included[base]
}

// IncludeEdit returns the insertion of "#include <base>" into the main
// file, at file scope before its first declaration: after the last
// "#include <upc...>" line that precedes it, else after the last
// #include line, else above the first declaration (and the comment lines
// directly before it). Every fix that needs the header inserts the same
// text at the same place, so the fix driver merges them into one.
func (e *Editor) IncludeEdit(base string) analysis.TextEdit {
	first := len(e.src)
	b := gotoken.Pos(e.file.Base())
	for _, d := range e.Facts.Unit.File.Decls {
		if s := d.Start(); s >= b && s <= b+gotoken.Pos(e.file.Size()) {
			first = min(first, e.off(s))
		}
	}
	lastUPC, last := -1, -1
	for inc := range IncludeLines(e.src) {
		if inc.Start >= first {
			break
		}
		last = inc.End
		if inc.Angle && strings.HasPrefix(inc.Name, "upc") {
			lastUPC = inc.End
		}
	}
	text := "#include <" + base + ">"
	switch {
	case lastUPC >= 0:
		return Insert(b+gotoken.Pos(lastUPC), "\n"+text)
	case last >= 0:
		return Insert(b+gotoken.Pos(last), "\n"+text)
	}
	return Insert(b+gotoken.Pos(e.lineAbove(first)), text+"\n\n")
}

// WithHeaders completes a fix with the #include of upc_collective.h when
// its edits call a collective or name its flags or operations and the
// unit does not include the header yet. The include goes first, so that
// it precedes a file-scope declaration inserted at the same place.
func (e *Editor) WithHeaders(f *checks.SuggestedFix) *checks.SuggestedFix {
	if f == nil || e.Includes(collectiveHeader) {
		return f
	}
	for _, ed := range f.TextEdits {
		if needsCollective(ed.NewText) {
			f.TextEdits = append([]analysis.TextEdit{e.IncludeEdit(collectiveHeader)}, f.TextEdits...)
			return f
		}
	}
	return f
}

// Include is an #include line of a source text.
type Include struct {
	Start, End int    // offsets of the line's start and of its end (its newline or EOF)
	Name       string // the header named, as written between <> or ""
	Angle      bool   // <name>, not "name"
}

// IncludeLines yields the #include lines of src in order.
func IncludeLines(src []byte) iter.Seq[Include] {
	return func(yield func(Include) bool) {
		for off := 0; off < len(src); {
			end := bytes.IndexByte(src[off:], '\n')
			if end < 0 {
				end = len(src)
			} else {
				end += off
			}
			line := bytes.TrimLeft(src[off:end], " \t")
			if rest, ok := bytes.CutPrefix(line, []byte("#")); ok {
				rest = bytes.TrimLeft(rest, " \t")
				if rest, ok := bytes.CutPrefix(rest, []byte("include")); ok {
					rest = bytes.TrimLeft(rest, " \t")
					if len(rest) > 0 && (rest[0] == '<' || rest[0] == '"') {
						inc := Include{Start: off, End: end, Angle: rest[0] == '<'}
						closer := byte('"')
						if inc.Angle {
							closer = '>'
						}
						if i := bytes.IndexByte(rest[1:], closer); i >= 0 {
							inc.Name = string(rest[1 : 1+i])
						}
						if !yield(inc) {
							return
						}
					}
				}
			}
			off = end + 1
		}
	}
}

// AndList writes names as English does: "x", "x and y", "x, y and z".
func AndList(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
