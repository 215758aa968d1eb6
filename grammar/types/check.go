package types

import (
	"fmt"
	gotoken "go/token"
	"sort"
	"strings"
	"sync"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/diag"
)

// Config configures the checker.
type Config struct {
	// StaticThreads is the number of threads under the static THREADS
	// environment; 0 means dynamic THREADS.
	StaticThreads int
	// Lazy, if set, selects top-level declarations without a body (library
	// headers) that Check may set aside and check only if the unit looks
	// up a name or tag they declare; those never checked are removed from
	// the file's Decls. The result is otherwise that of checking everything
	// (see lazy.go), except that Info.FileScope does not hold the names of
	// the removed declarations.
	Lazy func(*ast.Decl) bool
	// Missing names the headers the preprocessor did not find. Their
	// declarations are unknown, so names they would declare are not
	// errors: undeclared identifiers and implicit function declarations
	// are summed up in one note, and unknown type names are warnings.
	Missing []string
	// Partial is set when the parser dropped declarations after syntax
	// errors: a type they defined is missing, so a definition of that type
	// is not reported as never completed.
	Partial bool
}

// Mode says what an expression denotes.
type Mode uint8

// Expression modes.
const (
	ModeInvalid  Mode = iota // erroneous expression
	ModeNoValue              // expression of type void
	ModeValue                // rvalue
	ModeConstant             // constant expression: Value is set (integer, floating, k*THREADS or address)
	ModeLvalue               // designates an object
	ModeFunc                 // function designator
	ModeBuiltin              // name of a builtin function
)

var modeNames = [...]string{"invalid", "novalue", "value", "constant", "lvalue", "func", "builtin"}

func (m Mode) String() string { return modeNames[m] }

// TypeAndValue is what Check records for an expression.
type TypeAndValue struct {
	Type  Type
	Value Value // for ModeConstant
	Mode  Mode
	// BitField: the lvalue is a bit-field member.
	BitField bool
	// NotAddressable: an lvalue whose address cannot be taken (bit-field,
	// register variable).
	NotAddressable bool
	// StrictByPragma: shared data whose type is qualified neither strict
	// nor relaxed, where #pragma upc strict (<upc_strict.h>) is in effect:
	// its accesses are strict (UPC 1.3 6.7.1). See Info.StrictAccess.
	StrictByPragma bool
}

// IsLvalue reports whether the expression designates an object.
func (tv TypeAndValue) IsLvalue() bool { return tv.Mode == ModeLvalue }

// Addressable reports whether & may be applied.
func (tv TypeAndValue) Addressable() bool {
	return (tv.Mode == ModeLvalue && !tv.NotAddressable) || tv.Mode == ModeFunc
}

// IsConstant reports whether the expression is a constant (integer,
// floating, k*THREADS or address constant).
func (tv TypeAndValue) IsConstant() bool { return tv.Mode == ModeConstant }

// Info holds the facts Check records.
type Info struct {
	// Hidden lists the names left undeclared in a unit with missing
	// headers, each at its first use (Config.Missing).
	Hidden []diag.Related
	// Types maps every checked expression to its type and value.
	Types map[ast.Expr]TypeAndValue
	// Defs maps declared identifiers to the objects they declare (for a
	// redeclaration: the object of the first declaration). Tags of
	// struct/union/enum are in Tags.
	Defs map[*ast.Ident]Object
	// Uses maps names in expressions to the objects they denote.
	Uses map[*ast.Name]Object
	// TypedefUses maps typedef names used as type specifiers to their objects.
	TypedefUses map[*ast.TypedefName]*TypeName
	// Tags maps the tag identifiers of struct, union and enum specifiers to
	// the tags they declare or use.
	Tags map[*ast.Ident]*Tag
	// Members maps member accesses to the member they select (for a member
	// of an anonymous struct/union: the innermost one).
	Members map[*ast.MemberExpr]*Field
	// TypeNames maps type names (casts, sizeof, compound literals, ...) to
	// their types.
	TypeNames map[*ast.TypeName]Type
	// Labels maps goto statements to their target labels.
	Labels map[*ast.GotoStmt]*Label
	// Scopes maps *ast.File, function *ast.Decl, *ast.Block, *ast.ForStmt,
	// *ast.ForallStmt and *ast.ParamList to the scopes they open.
	Scopes map[ast.Node]*Scope
	// FileScope is the translation unit's scope.
	FileScope *Scope
	// Funcs lists the function definitions in source order.
	Funcs []*FuncDecl
	// Layouts gives the layout of every shared object (variable of shared
	// type, array or not).
	Layouts map[*Var]*Layout
	// SharedVars lists the shared objects in declaration order.
	SharedVars []*Var
	// StaticThreads is the THREADS count of a static THREADS environment (0:
	// dynamic).
	StaticThreads int
}

// TypeOf returns the type of e, or nil if e was not checked.
func (info *Info) TypeOf(e ast.Expr) Type {
	if tv, ok := info.Types[e]; ok {
		return tv.Type
	}
	return nil
}

// StrictAccess reports whether e, an expression of shared type, is
// accessed strictly: its type is qualified strict, or neither strict nor
// relaxed under #pragma upc strict.
func (info *Info) StrictAccess(e ast.Expr) bool {
	tv, ok := info.Types[e]
	return ok && (tv.StrictByPragma || QualsOf(tv.Type).Flags&StrictQ != 0)
}

// ObjectOf returns the object a name denotes.
func (info *Info) ObjectOf(n *ast.Name) Object { return info.Uses[n] }

// IsThreads reports whether e is THREADS in the unit: see IsThreads.
func (info *Info) IsThreads(e ast.Expr) bool { return IsThreads(e, info.StaticThreads) }

// IsThreads reports whether e is THREADS: the keyword, or under static
// THREADS (staticThreads > 0) the constant the preprocessor replaced it by.
func IsThreads(e ast.Expr, staticThreads int) bool {
	if c, ok := ast.Unparen(e).(*ast.UPCConst); ok {
		return c.Name == "THREADS"
	}
	n, ok := ast.IntConst(e)
	return ok && staticThreads > 0 && n == int64(staticThreads)
}

// Check type-checks f. It never fails: problems are diagnostics.
func Check(fset *gotoken.FileSet, f *ast.File, conf *Config) (*Info, diag.List) {
	if conf == nil {
		conf = &Config{}
	}
	// Size the maps from the token counts: expressions live mostly in
	// function bodies, declarations (headers) mostly outside.
	// Declarations that Config.Lazy may set aside are left out: most of
	// them will never be checked.
	body, all, lazyN := 0, 0, 0
	if f != nil {
		all = len(f.Tokens)
		for _, d := range f.Decls {
			fd, ok := d.(*ast.Decl)
			switch {
			case !ok:
			case fd.Body != nil:
				a, b := fd.Body.Span()
				body += b - a
			case conf.Lazy != nil && conf.Lazy(fd):
				a, b := fd.Span()
				all -= b - a
				lazyN++
			}
			if dd, ok := d.(*ast.DeferredDecl); ok {
				a, b := dd.Span()
				all -= b - a
				lazyN++
			}
		}
	}
	decl := all - body
	info := &Info{
		Defs:          make(map[*ast.Ident]Object, decl/6+body/30+16),
		TypedefUses:   make(map[*ast.TypedefName]*TypeName, decl/16+body/50),
		Tags:          make(map[*ast.Ident]*Tag),
		Members:       make(map[*ast.MemberExpr]*Field),
		TypeNames:     make(map[*ast.TypeName]Type),
		Labels:        make(map[*ast.GotoStmt]*Label),
		Scopes:        make(map[ast.Node]*Scope, decl/40+body/20+8),
		Layouts:       make(map[*Var]*Layout),
		StaticThreads: conf.StaticThreads,
	}
	c := &checker{fset: fset, conf: *conf, info: info}
	c.recs = recBufs.Get().(*recBuf)
	c.types, c.uses = c.recs.types, c.recs.uses
	if n := body*3/5 + decl/16 + 16; cap(c.types) < n {
		c.types = make([]typeRec, 0, n)
	}
	if n := body/4 + 16; cap(c.uses) < n {
		c.uses = make([]useRec, 0, n)
	}
	c.fileScope = &Scope{Kind: FileScope, names: make(map[string]Object, decl/12+body/100+16)}
	info.FileScope = c.fileScope
	c.scope = c.fileScope
	if f != nil {
		c.file = f
		info.Scopes[f] = c.fileScope
		var lazy *lazyDecls
		if conf.Lazy != nil {
			lazy = newLazyDecls(c, lazyN)
			defer lazy.release()
			c.fileScope.lazy = lazy
		}
		deferred := false
		for _, d := range f.Decls {
			if dd, ok := d.(*ast.DeferredDecl); ok {
				deferred = true
				if lazy != nil {
					lazy.pass(nil, dd)
				} else if x := dd.Parse(); x != nil {
					c.externalDecl(x)
				}
				continue
			}
			if fd, ok := d.(*ast.Decl); ok && lazy != nil && fd.Body == nil && conf.Lazy(fd) {
				lazy.pass(fd, nil)
				continue
			}
			c.externalDecl(d)
		}
		c.fileScope.lazy = nil
		if drop := lazy.unchecked(); drop != nil || deferred {
			decls := make([]ast.ExternalDecl, 0, len(f.Decls)-len(drop))
			for _, d := range f.Decls {
				if dd, ok := d.(*ast.DeferredDecl); ok {
					// checked deferred declarations are parsed by now
					if lazy == nil || lazy.checked[dd] {
						if x := dd.Parse(); x != nil {
							decls = append(decls, x)
						}
					}
					continue
				}
				if fd, ok := d.(*ast.Decl); !ok || !drop[fd] {
					decls = append(decls, d)
				}
			}
			f.Decls = decls
		}
	}
	c.flush()
	if c.mayComplete() {
		c.checkTentative()
	}
	c.reportHidden()
	return info, c.finish()
}

// unknownTypeName reports a type name that no typedef declares, once per
// name: an error, or a warning when headers are missing (the typedef is
// most likely in one of them).
func (c *checker) unknownTypeName(n *ast.TypedefName) {
	if c.unknownTypes[n.Name] {
		return
	}
	if c.unknownTypes == nil {
		c.unknownTypes = map[string]bool{}
	}
	c.unknownTypes[n.Name] = true
	if len(c.conf.Missing) > 0 {
		c.warnf(n, "unknown type name '%s', probably declared in a header that was not found (%s); declarations using it have an unknown type", n.Name, headerList(c.conf.Missing))
		return
	}
	if macroLike(n.Name) {
		// DATA, ELEM_T: a type the build names with -D DATA=double
		c.warnf(n, "unknown type name '%s': if the build defines it, set it with -D %s=type (or in the configuration's defines, or a compilation database); declarations using it have an unknown type", n.Name, n.Name)
		return
	}
	c.errorf(n, "unknown type name '%s'", n.Name)
}

// macroLike reports whether name is spelled like a macro: upper-case
// letters, digits and underscores, with at least two letters.
func macroLike(name string) bool {
	letters := 0
	for _, r := range name {
		switch {
		case r >= 'A' && r <= 'Z':
			letters++
		case r >= '0' && r <= '9', r == '_':
		default:
			return false
		}
	}
	return letters >= 2
}

// hide records an undeclared name in a unit with missing headers.
func (c *checker) hide(n ast.Node, name string) {
	if _, ok := c.hiddenAt[name]; ok {
		return
	}
	if c.hiddenAt == nil {
		c.hiddenAt = map[string]ast.Node{}
	}
	c.hiddenAt[name] = n
	c.hidden = append(c.hidden, name)
}

// reportHidden records the names left undeclared because headers are
// missing in Info.Hidden, where the caller attaches them to the missing
// header's diagnostic (one finding for the cause, not one per use).
func (c *checker) reportHidden() {
	const shown = 8
	for i, name := range c.hidden {
		n := c.hiddenAt[name]
		if i == shown {
			rest := c.hidden[shown:]
			c.info.Hidden = append(c.info.Hidden, diag.Related{Pos: n.Start(), End: n.End(),
				Message: fmt.Sprintf("%d more names are not declared, taken to come from a header that was not found: %s", len(rest), strings.Join(rest, ", "))})
			return
		}
		c.info.Hidden = append(c.info.Hidden, diag.Related{Pos: n.Start(), End: n.End(),
			Message: fmt.Sprintf("'%s' is not declared: taken to come from a header that was not found (%s); its uses are not checked", name, headerList(c.conf.Missing))})
	}
}

// headerList names the missing headers for a message.
func headerList(missing []string) string {
	if len(missing) <= 3 {
		return strings.Join(missing, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(missing[:3], ", "), len(missing)-3)
}

type checker struct {
	fset      *gotoken.FileSet
	file      *ast.File
	conf      Config
	info      *Info
	diags     diag.List
	fileScope *Scope
	scope     *Scope
	fn        *funcCtx
	// declErr is set once a declaration reported an error, so that one
	// mistake gives one error.
	declErr bool
	// staticUses are the declarations valid only under static THREADS.
	staticUses []staticUse
	// strictPragma is the consistency set by #pragma upc strict/relaxed.
	strictPragma bool
	builtins     map[string]*Builtin
	types        []typeRec
	uses         []useRec
	recs         *recBuf // where types and uses came from
	peeked       map[ast.Expr]operand
	externs      map[string]Object // block-scope declarations of external names
	tentative    []tentativeDef    // file-scope definitions of incomplete type
	// unknownTypes records the unknown type names already reported.
	unknownTypes map[string]bool
	// vectors are the typedef names of GNU vector types (vector_size),
	// whose values are subscripted like arrays of their element type
	vectors map[*TypeName]bool
	// hidden lists the names left undeclared in a unit with missing
	// headers, in order of first use, and where each was first used.
	hidden     []string
	hiddenAt   map[string]ast.Node
	buildConst bool            // evaluating a block size or file-scope array size
	undefMacro map[string]bool // names reported as undefined build macros
}

func (c *checker) dynamic() bool { return c.conf.StaticThreads <= 0 }

func (c *checker) errorf(n ast.Node, format string, args ...any) {
	if n == nil {
		return
	}
	c.report(n, diag.Error, format, args...)
}

func (c *checker) warnf(n ast.Node, format string, args ...any) {
	c.report(n, diag.Warning, format, args...)
}

// report records a diagnostic that spans node n (its first byte to the end
// of its last token).
func (c *checker) report(n ast.Node, sev diag.Severity, format string, args ...any) {
	msg := format
	if len(args) > 0 {
		msg = fmt.Sprintf(format, args...)
	}
	pos, end := n.Start(), n.End()
	if end < pos {
		end = pos
	}
	c.diags = append(c.diags, diag.Diagnostic{Pos: pos, End: end, Severity: sev, Rule: diag.RuleTypecheck, Message: msg})
}

// declErrorf reports an error unless the current declaration already has one.
func (c *checker) declErrorf(n ast.Node, format string, args ...any) {
	if c.declErr {
		return
	}
	c.declErr = true
	c.errorf(n, format, args...)
}

// finish sorts and deduplicates the diagnostics.
func (c *checker) finish() diag.List {
	c.reportStaticThreads()
	l := c.diags
	sort.SliceStable(l, func(i, j int) bool { return l[i].Pos < l[j].Pos })
	out := l[:0]
	for i, d := range l {
		dup := false
		for j := i - 1; j >= 0 && l[j].Pos == d.Pos; j-- {
			if l[j].Message == d.Message {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, d)
		}
	}
	return out
}

func (c *checker) openScope(kind ScopeKind, node ast.Node) *Scope {
	s := &Scope{Parent: c.scope, Kind: kind, Node: node}
	if node != nil {
		c.info.Scopes[node] = s
	}
	c.scope = s
	return s
}

func (c *checker) closeScope() { c.scope = c.scope.Parent }

func (c *checker) record(e ast.Expr, x *operand) {
	tv := TypeAndValue{Mode: x.mode, Type: x.typ, BitField: x.bitField, NotAddressable: x.noAddr}
	if c.strictPragma && x.typ != nil {
		q := QualsOf(x.typ)
		tv.StrictByPragma = q.Shared() && q.Flags&(StrictQ|RelaxedQ) == 0
	}
	if x.mode == ModeConstant {
		tv.Value = x.val
	}
	c.types = append(c.types, typeRec{e, tv})
}

// typeRec and useRec are Types and Uses entries; they are collected in
// slices while checking and put into the maps at the end, which keeps the
// random accesses to the big maps out of the tree walk.
type typeRec struct {
	e  ast.Expr
	tv TypeAndValue
}

type useRec struct {
	n   *ast.Name
	obj Object
}

func (c *checker) use(n *ast.Name, obj Object) {
	c.uses = append(c.uses, useRec{n, obj})
}

func (c *checker) flush() {
	// The maps are made here, at their final size: they are the biggest
	// part of Info and live as long as the unit, and an estimate made before
	// checking is either too small (growth) or too big (a table of twice
	// the buckets).
	m := make(map[ast.Expr]TypeAndValue, len(c.types))
	for _, r := range c.types {
		m[r.e] = r.tv
	}
	u := make(map[*ast.Name]Object, len(c.uses))
	for _, r := range c.uses {
		u[r.n] = r.obj
	}
	c.info.Types, c.info.Uses = m, u
	if cap(c.types) <= maxPooledRecs && cap(c.uses) <= maxPooledRecs {
		clear(c.types)
		clear(c.uses)
		c.recs.types, c.recs.uses = c.types[:0], c.uses[:0]
		recBufs.Put(c.recs)
	}
	c.types, c.uses, c.recs = nil, nil, nil
}

// recBuf holds the slices a Check collects Types and Uses entries in; they
// are garbage once flush has made the maps, so the next Check reuses them.
type recBuf struct {
	types []typeRec
	uses  []useRec
}

var recBufs = sync.Pool{New: func() any { return new(recBuf) }}

// maxPooledRecs bounds the entries of the slices kept in recBufs.
const maxPooledRecs = 1 << 17

func (c *checker) externalDecl(d ast.ExternalDecl) {
	switch d := d.(type) {
	case *ast.Decl:
		c.declErr = false
		c.decl(d)
	case *ast.PragmaDecl:
		c.pragma(d.Text)
	case *ast.StaticAssert:
		c.staticAssert(d)
	}
}

func (c *checker) pragma(text string) {
	if strict, ok := UPCPragma(text); ok {
		c.strictPragma = strict
	}
}

// UPCPragma reports whether the text of a #pragma is "upc strict" or "upc
// relaxed" (ok), and which (strict): the default consistency of the
// accesses that follow (UPC 1.3 6.7.1).
func UPCPragma(text string) (strict, ok bool) {
	f := splitFields(text)
	if len(f) != 2 || f[0] != "upc" || f[1] != "strict" && f[1] != "relaxed" {
		return false, false
	}
	return f[1] == "strict", true
}

func splitFields(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		j := i
		for j < len(s) && s[j] != ' ' && s[j] != '\t' {
			j++
		}
		if j > i {
			out = append(out, s[i:j])
		}
		i = j
	}
	return out
}
