package types

import (
	"sync"

	"github.com/upclint/upclint/grammar/ast"
)

// Lazy checking of library declarations.
//
// A unit that includes <stdio.h>, <stdlib.h>, <string.h> and <math.h> holds
// some four hundred library declarations, of which it uses a handful; their
// objects, types, scopes and syntax trees would be most of what a small unit
// keeps in memory. With Config.Lazy, Check sets such declarations aside when
// it reaches them and checks one only when the unit looks up a name or tag
// it declares, so the result is what checking everything in order gives:
//
//   - A declaration is set aside only if none of its names and tags is
//     declared at file scope yet; otherwise it is checked at once, as it
//     redeclares (or refers to) something the unit already has.
//   - Every file-scope lookup that fails, and every file-scope declaration
//     (which looks its name up first), checks the set-aside declarations of
//     that name or tag before answering. All of them are earlier in the
//     source than the point of the lookup.
//   - Declarations that share a name or tag are checked together, in source
//     order, so that redeclarations and completions of a struct happen in
//     the order the source gives.
//   - Each is checked at file scope with the #pragma upc strict/relaxed
//     state of its place in the source.
//
// Declarations never checked are removed from File.Decls, so that every
// declaration in the tree has its Defs, Types and scopes recorded.
type lazyDecls struct {
	c       *checker
	pending []lazyDecl
	// checked holds the deferred declarations (not yet parsed when set
	// aside) that were parsed and checked.
	checked map[*ast.DeferredDecl]bool
	names   lazyIndex // ordinary identifiers -> indices into pending
	tags    lazyIndex // struct, union and enum tags -> indices into pending
}

// lazyIndex maps a name to the pending declarations that declare it. Most
// names have one, and a unit sets aside hundreds: the entries of all names
// share one slice, each name's chained from its last.
type lazyIndex struct {
	last  map[string]int32 // 1 + index in links of the name's last entry
	links []lazyLink
}

type lazyLink struct {
	decl int32 // index into pending
	prev int32 // 1 + index in links of the name's previous entry; 0 for none
}

// newLazyDecls returns the set-aside declarations of a Check by c, with
// room for n. They are garbage after Check: release gives them to the
// next Check, whose unit most likely includes the same headers.
func newLazyDecls(c *checker, n int) *lazyDecls {
	l := lazyPool.Get().(*lazyDecls)
	l.c = c
	if cap(l.pending) < n {
		l.pending = make([]lazyDecl, 0, n)
	}
	l.names.init(n)
	l.tags.init(n / 8)
	return l
}

var lazyPool = sync.Pool{New: func() any { return new(lazyDecls) }}

// maxPooledLazy bounds the declarations of a lazyDecls kept for reuse.
const maxPooledLazy = 1 << 16

func (l *lazyDecls) release() {
	if len(l.pending) > maxPooledLazy {
		return
	}
	clear(l.pending)
	l.pending = l.pending[:0]
	clear(l.names.last)
	clear(l.tags.last)
	l.names.links, l.tags.links = l.names.links[:0], l.tags.links[:0]
	l.c, l.checked = nil, nil
	lazyPool.Put(l)
}

func (x *lazyIndex) init(n int) {
	if x.last == nil {
		x.last = make(map[string]int32, n)
	}
	if cap(x.links) < n {
		x.links = make([]lazyLink, 0, n)
	}
}

func (x *lazyIndex) add(name string, decl int32) {
	x.links = append(x.links, lazyLink{decl: decl, prev: x.last[name]})
	x.last[name] = int32(len(x.links))
}

// each calls f with the pending declarations of name, last first.
func (x *lazyIndex) each(name string, f func(decl int32)) {
	for k := x.last[name]; k != 0; k = x.links[k-1].prev {
		f(x.links[k-1].decl)
	}
}

type lazyDecl struct {
	decl     *ast.Decl         // nil until a deferred declaration is parsed
	deferred *ast.DeferredDecl // the unparsed declaration, if it came so
	names    []string
	tags     []string
	strict   bool // the #pragma upc strict state where the declaration stands
	done     bool // checked (or being checked)
}

// pass is called when Check reaches d, which Config.Lazy selected, or the
// deferred declaration dd: it sets it aside or checks it at once (see
// above).
func (l *lazyDecls) pass(d *ast.Decl, dd *ast.DeferredDecl) {
	var names, tags []string
	if dd != nil {
		names, tags = dd.Names, dd.Tags
	} else {
		names, tags = declaredNames(d)
	}
	fs := l.c.fileScope
	now := len(names) == 0 && len(tags) == 0
	for _, n := range names {
		now = now || fs.lookupLocal(n) != nil
	}
	for _, t := range tags {
		now = now || fs.tags[t] != nil
	}
	if now {
		if d = l.parsed(d, dd); d != nil {
			l.c.externalDecl(d)
		}
		return
	}
	i := int32(len(l.pending))
	l.pending = append(l.pending, lazyDecl{decl: d, deferred: dd, names: names, tags: tags, strict: l.c.strictPragma})
	for _, n := range names {
		l.names.add(n, i)
	}
	for _, t := range tags {
		l.tags.add(t, i)
	}
}

// load checks the set-aside declarations of name (a tag if tag is set) and
// those sharing a name or tag with them, in source order. It reports
// whether it checked any.
func (l *lazyDecls) load(name string, tag bool) bool {
	var batch []int32
	add := func(i int32) {
		if !l.pending[i].done {
			l.pending[i].done = true
			batch = append(batch, i)
		}
	}
	if tag {
		l.tags.each(name, add)
	} else {
		l.names.each(name, add)
	}
	if len(batch) == 0 {
		return false
	}
	for k := 0; k < len(batch); k++ {
		p := &l.pending[batch[k]]
		for _, n := range p.names {
			l.names.each(n, add)
		}
		for _, t := range p.tags {
			l.tags.each(t, add)
		}
	}
	sortInt32(batch)
	c := l.c
	scope, fn, declErr, strict := c.scope, c.fn, c.declErr, c.strictPragma
	for _, i := range batch {
		p := &l.pending[i]
		c.scope, c.fn, c.strictPragma = c.fileScope, nil, p.strict
		if p.decl = l.parsed(p.decl, p.deferred); p.decl != nil {
			c.externalDecl(p.decl)
		}
	}
	c.scope, c.fn, c.declErr, c.strictPragma = scope, fn, declErr, strict
	return true
}

// parsed returns d, or the parse of the deferred declaration dd, which it
// records as checked.
func (l *lazyDecls) parsed(d *ast.Decl, dd *ast.DeferredDecl) *ast.Decl {
	if dd == nil {
		return d
	}
	if l.checked == nil {
		l.checked = make(map[*ast.DeferredDecl]bool)
	}
	l.checked[dd] = true
	return dd.Parse()
}

// unchecked reports the declarations never checked.
func (l *lazyDecls) unchecked() map[*ast.Decl]bool {
	if l == nil {
		return nil
	}
	var m map[*ast.Decl]bool
	for i := range l.pending {
		if !l.pending[i].done && l.pending[i].decl != nil {
			if m == nil {
				m = make(map[*ast.Decl]bool, len(l.pending)-i)
			}
			m[l.pending[i].decl] = true
		}
	}
	return m
}

func sortInt32(a []int32) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// declaredNames returns the file-scope identifiers d may declare (its
// declarators and every enumeration constant in it) and every tag it names
// (a tag named in a prototype may declare it at file scope, and
// over-approximating only makes more declarations be checked).
func declaredNames(d *ast.Decl) (names, tags []string) {
	for _, in := range d.Inits {
		if id := ast.DeclaratorIdent(in.Decl); id != nil {
			names = append(names, id.Name)
		}
	}
	ast.Inspect(d, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.RecordSpec:
			if n.Name != nil {
				tags = append(tags, n.Name.Name)
			}
		case *ast.EnumSpec:
			if n.Name != nil {
				tags = append(tags, n.Name.Name)
			}
			for _, e := range n.Items {
				if e.Name != nil {
					names = append(names, e.Name.Name)
				}
			}
		}
		return true
	})
	return names, tags
}
