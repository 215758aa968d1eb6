package translate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/types"
)

// declaration kinds
const (
	kNormal = iota // printed from its tokens
	kShared        // a static shared object: becomes its base pointer
	kCtype         // a private object whose type mentions pointers-to-shared
	kDrop          // a typedef of a shared type: not emitted
)

func (t *translator) classify(obj types.Object) int {
	switch o := obj.(type) {
	case *types.Var:
		if _, ok := t.info.Layouts[o]; ok {
			return kShared
		}
		if hasShared(o.Type()) {
			return kCtype
		}
	case *types.TypeName:
		q := types.QualsOf(o.Type())
		if q.Shared() || q.Flags&(types.StrictQ|types.RelaxedQ) != 0 {
			return kDrop
		}
		if hasShared(o.Type()) {
			return kCtype
		}
	case *types.FuncObj:
		if hasShared(o.Type()) {
			return kCtype
		}
	}
	return kNormal
}

func (t *translator) cname(obj types.Object) string {
	if n, ok := t.names[obj]; ok {
		return n
	}
	return obj.Name()
}

// prescan finds main, the shared objects, their definitions and
// initializers, and the block-scope shared objects to hoist.
func (t *translator) prescan() {
	t.funcDecls = map[*ast.Decl]*types.FuncDecl{}
	for _, fd := range t.info.Funcs {
		t.funcDecls[fd.Decl] = fd
		if fd.Obj != nil && fd.Obj.Name() == "main" && t.fileOf(fd.Decl.Start()).user {
			t.mainFn = fd.Obj
			t.names[fd.Obj] = "upcr_user_main"
		}
	}
	for _, v := range t.info.SharedVars {
		if !t.fileOf(v.Pos()).user {
			continue
		}
		so := &sharedObj{v: v, cname: v.Name(), layout: t.info.Layouts[v], pos: v.Pos()}
		if !v.FileScope && v.Storage == types.Static {
			for _, fd := range t.info.Funcs {
				if fd.Decl.Start() <= v.Pos() && v.Pos() < fd.Decl.End() {
					so.cname = "upcr_" + fd.Obj.Name() + "_" + v.Name()
					t.names[v] = so.cname
					t.hoisted[fd.Decl] = append(t.hoisted[fd.Decl], so)
					so.defined = true
					break
				}
			}
		}
		t.sharedObjs[v] = so
		t.sharedOrder = append(t.sharedOrder, so)
	}
	ast.Inspect(t.u.File, func(n ast.Node) bool {
		d, ok := n.(*ast.Decl)
		if !ok || isNilNode(n) {
			return true
		}
		if !t.fileOf(d.Start()).user {
			return false
		}
		ext := false
		for _, s := range d.Specs.List {
			if s.Keyword == "extern" {
				ext = true
			}
		}
		for _, id := range d.Inits {
			name := ast.DeclaratorIdent(id.Decl)
			if name == nil {
				continue
			}
			v, ok := t.info.Defs[name].(*types.Var)
			if !ok {
				continue
			}
			so := t.sharedObjs[v]
			if so == nil {
				continue
			}
			if !ext || id.Init != nil {
				so.defined = true
			}
			if id.Init != nil {
				so.init = id.Init
			}
		}
		return true
	})
	// token renames
	t.renameTok = map[int]string{}
	for id, obj := range t.info.Defs {
		if n, ok := t.names[obj]; ok {
			f, _ := id.Span()
			t.renameTok[f] = n
		}
	}
	for nm, obj := range t.info.Uses {
		if n, ok := t.names[obj]; ok {
			f, _ := nm.Span()
			t.renameTok[f] = n
		}
	}
}

// externalDecl prints a top-level item.
func (t *translator) externalDecl(d ast.ExternalDecl) {
	fi := t.fileOf(t.startPos(d))
	switch x := d.(type) {
	case *ast.PragmaDecl:
		t.pragma(x.Text)
		if fi.user {
			t.atNode(x)
			if isUPCPragma(x.Text) {
				t.w.write("/* #pragma " + x.Text + " */")
			} else {
				t.printNode(x)
			}
		}
	case *ast.Decl:
		if fi.user {
			t.decl(x, true)
		} else if fi.upc {
			t.upcHeaderDecl(x)
		}
	default:
		if fi.user {
			t.printNode(d)
		}
	}
}

// upcHeaderDecl keeps the C declarations of the bundled UPC headers that
// translated code needs: typedefs, structs and enums (not functions, not
// shared types).
func (t *translator) upcHeaderDecl(d *ast.Decl) {
	if d.Body != nil {
		return
	}
	if len(d.Inits) == 0 && d.Specs != nil {
		for _, sp := range d.Specs.List {
			if sp.Record != nil && sp.Record.HasBody && sp.Record.Name != nil && runtimeRecord(sp.Record.Name.Name) {
				return // upcr.h defines the struct (e.g. struct upc_hint)
			}
		}
	}
	for _, id := range d.Inits {
		name := ast.DeclaratorIdent(id.Decl)
		if name == nil {
			return
		}
		tn, ok := t.info.Defs[name].(*types.TypeName)
		if !ok || t.classify(tn) == kDrop {
			return
		}
		if n := tn.Name(); !strings.HasPrefix(n, "upc_") && !strings.HasPrefix(n, "bupc_") || runtimeTypedef(n) {
			return
		}
	}
	s := t.flat(func() { t.decl(d, true) })
	if s != "" {
		t.upcTypedefs = append(t.upcTypedefs, s)
	}
}

func isStorage(kw string) bool {
	switch kw {
	case "typedef", "extern", "static", "auto", "register", "inline", "__inline__", "__inline", "__thread", "__extension__":
		return true
	}
	return false
}

// specs prints declaration specifiers without the UPC qualifiers.
// storageOnly keeps only storage classes, function specifiers and
// attributes; recordRef prints a record with a body as its name only.
func (t *translator) specs(s *ast.DeclSpecs, storageOnly, recordRef bool) {
	var children []ast.Node
	for _, sp := range s.List {
		children = append(children, sp)
	}
	t.gap(s, children, func(c ast.Node) {
		sp := c.(*ast.Spec)
		switch {
		case sp.Shared != nil, sp.Keyword == "strict", sp.Keyword == "relaxed":
			return
		case storageOnly && !isStorage(sp.Keyword) && sp.Attr == nil:
			return
		case sp.Record != nil && sp.Record.HasBody:
			if recordRef {
				t.atNode(sp)
				t.w.write(t.recordRef(sp.Record))
				return
			}
			t.atNode(sp)
			t.record(sp.Record)
			return
		case sp.Enum != nil && sp.Enum.HasBody && recordRef:
			if sp.Enum.Name != nil {
				t.atNode(sp)
				t.w.write("enum " + sp.Enum.Name.Name)
				return
			}
		case sp.TypeName != nil:
			if tn := t.info.TypedefUses[sp.TypeName]; tn != nil && t.classify(tn) == kDrop {
				t.atNode(sp)
				t.w.write(t.ctype(types.WithoutShared(tn.Type()), ""))
				return
			}
		}
		t.printNode(sp)
	})
}

func (t *translator) specsText(s *ast.DeclSpecs, storageOnly, recordRef bool) string {
	return t.flat(func() { t.specs(s, storageOnly, recordRef) })
}

// recordRef names a record specifier that has a body.
func (t *translator) recordRef(r *ast.RecordSpec) string {
	if r.Name != nil {
		return r.Kind + " " + r.Name.Name
	}
	if tag := t.anonSpec[r]; tag != "" {
		return r.Kind + " " + tag
	}
	t.failf(r, "cannot name an anonymous %s", r.Kind)
	return r.Kind
}

// record prints a struct or union specifier with its body translated.
func (t *translator) record(r *ast.RecordSpec) {
	if !t.dirty(r) && t.anonSpec[r] == "" {
		t.printNode(r)
		return
	}
	var children []ast.Node
	if r.Name == nil && t.anonSpec[r] != "" {
		// insert the tag after the keyword
		f, _ := r.Span()
		t.printTokens(f, f+1)
		t.w.write(" " + t.anonSpec[r])
		fe := &tokRange{first: f + 1}
		_, fe.end = r.Span()
		t.gapRange(fe.first, fe.end, fieldNodes(r.Fields), t.field)
		return
	}
	for _, f := range r.Fields {
		children = append(children, f)
	}
	t.gap(r, children, t.field)
}

type tokRange struct{ first, end int }

func fieldNodes(fs []*ast.FieldDecl) []ast.Node {
	out := make([]ast.Node, len(fs))
	for i, f := range fs {
		out[i] = f
	}
	return out
}

// gapRange is gap over a token range.
func (t *translator) gapRange(first, end int, children []ast.Node, print func(ast.Node)) {
	cur := first
	for _, c := range children {
		cf, ce := c.Span()
		if cf < cur || ce > end {
			continue
		}
		t.printTokens(cur, cf)
		print(c)
		cur = ce
	}
	t.printTokens(cur, end)
}

// field prints a member declaration.
func (t *translator) field(n ast.Node) {
	f := n.(*ast.FieldDecl)
	if !t.dirty(f) {
		t.printNode(f)
		return
	}
	shared := false
	for _, fd := range f.Decls {
		if fd.Decl == nil {
			continue
		}
		if id := ast.DeclaratorIdent(fd.Decl); id != nil {
			if obj := t.info.Defs[id]; obj != nil && hasShared(obj.Type()) {
				shared = true
			}
		}
	}
	if !shared {
		// only a nested record is dirty
		var children []ast.Node
		children = append(children, f.Specs)
		t.gap(f, children, func(c ast.Node) { t.specs(c.(*ast.DeclSpecs), false, false) })
		return
	}
	for _, s := range f.Specs.List {
		if s.Record != nil && s.Record.HasBody || s.Enum != nil && s.Enum.HasBody {
			t.failf(f, "a member declaration that defines a type and has a pointer-to-shared type is not supported")
			return
		}
	}
	t.atNode(f)
	for _, fd := range f.Decls {
		if fd.Decl == nil {
			t.failf(f, "unnamed bit-field of a shared type")
			return
		}
		id := ast.DeclaratorIdent(fd.Decl)
		obj := t.info.Defs[id]
		s := t.ctype(obj.Type(), id.Name)
		if fd.Width != nil {
			s += " : " + t.rv(fd.Width)
		}
		t.w.write(s + "; ")
	}
}

// decl prints a declaration (a function definition when it has a body).
func (t *translator) decl(d *ast.Decl, fileScope bool) {
	if d.Body != nil {
		t.funcDef(d)
		return
	}
	if !t.dirty(d) {
		t.printNode(d)
		return
	}
	type item struct {
		id   *ast.InitDeclarator
		obj  types.Object
		kind int
	}
	var items []item
	special := false
	for _, id := range d.Inits {
		var obj types.Object
		if name := ast.DeclaratorIdent(id.Decl); name != nil {
			obj = t.info.Defs[name]
		}
		k := t.classify(obj)
		if k != kNormal {
			special = true
		}
		items = append(items, item{id, obj, k})
	}
	objType := func(o types.Object) types.Type {
		if o == nil {
			return nil
		}
		return o.Type()
	}
	if !special {
		children := []ast.Node{d.Specs}
		for _, it := range items {
			if it.id.Init != nil {
				children = append(children, it.id.Init)
			}
		}
		t.gap(d, children, func(c ast.Node) {
			switch c := c.(type) {
			case *ast.DeclSpecs:
				t.specs(c, false, false)
			case *ast.Initializer:
				var ty types.Type
				for _, it := range items {
					if it.id.Init == c {
						ty = objType(it.obj)
					}
				}
				if t.dirty(c) {
					t.atNode(c)
					t.w.write(t.initializer(c, ty))
				} else {
					t.printNode(c)
				}
			}
		})
		return
	}
	// Declarators are emitted one by one; a record or enum defined in
	// the specifiers is emitted first on its own.
	var def *ast.Spec
	for _, s := range d.Specs.List {
		if s.Record != nil && s.Record.HasBody || s.Enum != nil && s.Enum.HasBody {
			def = s
		}
	}
	if def != nil {
		if def.Record != nil && def.Record.Name == nil {
			var rec *types.Record
			for _, it := range items {
				if it.obj != nil {
					rec = baseRecord(it.obj.Type())
					if rec != nil {
						break
					}
				}
			}
			if rec != nil {
				tag := t.anonTags[rec]
				if tag == "" {
					tag = t.anonTag(rec)
				}
				t.anonSpec[def.Record] = tag
			}
		}
		t.atNode(def)
		if def.Record != nil {
			t.record(def.Record)
		} else {
			t.printNode(def)
		}
		t.w.write(";")
	}
	storage := strings.TrimSpace(t.specsText(d.Specs, true, true))
	if storage != "" {
		storage += " "
	}
	for _, it := range items {
		switch it.kind {
		case kDrop:
			t.atNode(it.id)
			t.w.write("/* typedef " + it.obj.Name() + ": a shared type */")
		case kShared:
			so := t.sharedObjs[it.obj.(*types.Var)]
			if so == nil {
				t.failf(it.id, "shared object %s is not known", it.obj.Name())
				return
			}
			if _, hoisted := t.names[it.obj]; hoisted {
				t.atNode(it.id)
				t.w.write("/* static shared " + it.obj.Name() + ": " + so.cname + " */")
				continue
			}
			st := ""
			switch {
			case strings.Contains(" "+storage, " static "):
				st = "static "
			case strings.Contains(" "+storage, " extern ") && it.id.Init == nil:
				st = "extern "
			}
			t.atNode(it.id)
			t.w.write(st + "upcr_sptr_t " + so.cname + ";")
		case kCtype:
			t.atNode(it.id)
			ty := it.obj.Type()
			if _, isTypedef := it.obj.(*types.TypeName); isTypedef {
				if n, ok := ty.(*types.Named); ok {
					ty = n.Type
				}
			}
			s := storage + t.ctype(ty, t.cname(it.obj))
			if it.id.Init != nil {
				if fileScope && it.id.Init.X != nil && !t.isNull(it.id.Init.X) && t.dirty(it.id.Init) {
					// not a C constant: every thread assigns it before main
					t.privInit = append(t.privInit, t.cname(it.obj)+" = "+t.initializer(it.id.Init, ty)+";")
				} else if fileScope && it.id.Init.X != nil && t.isNull(it.id.Init.X) {
					// zero is the null pointer-to-shared
				} else {
					s += " = " + t.initializer(it.id.Init, ty)
				}
			}
			t.w.write(s + ";")
		default:
			t.atNode(it.id)
			t.w.write(strings.TrimSpace(t.specsText(d.Specs, false, true)) + " ")
			if it.id.Init != nil {
				f, _ := it.id.Span()
				inf, _ := it.id.Init.Span()
				t.printTokens(f, inf)
				t.w.write(t.initializer(it.id.Init, objType(it.obj)))
			} else {
				t.printNode(it.id)
			}
			t.w.write(";")
		}
	}
}

// baseRecord strips pointers, arrays and functions from ty down to a
// record, if any.
func baseRecord(ty types.Type) *types.Record {
	for i := 0; i < 50; i++ {
		switch x := ty.(type) {
		case *types.Record:
			return x
		case *types.Qualified:
			ty = x.Type
		case *types.Pointer:
			ty = x.Elem
		case *types.Array:
			ty = x.Elem
		case *types.Func:
			ty = x.Result
		default:
			return nil
		}
	}
	return nil
}

// funcDef prints a function definition.
func (t *translator) funcDef(d *ast.Decl) {
	fd := t.funcDecls[d]
	if fd == nil || fd.Obj == nil {
		t.printNode(d)
		return
	}
	t.fn = fd
	defer func() { t.fn = nil }()
	if hs := t.hoisted[d]; len(hs) > 0 {
		t.atNode(d)
		for _, so := range hs {
			t.w.write("static upcr_sptr_t " + so.cname + "; ")
		}
	}
	ft := fd.Obj.Type()
	if len(d.KRDecls) > 0 || oldStyle(d) {
		t.oldStyleDef(d, fd, ft)
		t.mainReturn(fd)
		return
	}
	if hasShared(ft) || t.dirty(d.Specs) {
		t.atNode(d)
		names := paramNames(d)
		if sig := fd.Obj.Signature(); sig != nil && names == nil {
			for _, p := range sig.Params {
				names = append(names, p.Name)
			}
		}
		if n, ok := ft.(*types.Named); ok {
			ft = n.Type
		}
		storage := strings.TrimSpace(t.specsText(d.Specs, true, true))
		if storage != "" {
			storage += " "
		}
		t.w.write(storage + t.ctypeParams(ft, t.cname(fd.Obj), names) + " ")
		t.stmt(d.Body)
		t.mainReturn(fd)
		return
	}
	t.gap(d, []ast.Node{d.Body}, t.stmtNode)
	t.mainReturn(fd)
}

// oldStyleDef prints an old-style definition as one: the identifier list,
// then the parameter declarations, translated like local declarations.
func (t *translator) oldStyleDef(d *ast.Decl, fd *types.FuncDecl, ft types.Type) {
	print := func(c ast.Node) {
		if k, ok := c.(*ast.Decl); ok {
			t.decl(k, false)
		} else {
			t.stmtNode(c)
		}
	}
	sig := fd.Obj.Signature()
	if sig == nil || !(hasShared(ft) || t.dirty(d.Specs)) {
		children := make([]ast.Node, 0, len(d.KRDecls)+1)
		for _, k := range d.KRDecls {
			children = append(children, k)
		}
		t.gap(d, append(children, d.Body), print)
		return
	}
	t.atNode(d)
	var names []string
	if pl := funcParamListOf(d); pl != nil {
		for _, id := range pl.Names {
			names = append(names, id.Name)
		}
	}
	storage := strings.TrimSpace(t.specsText(d.Specs, true, true))
	if storage != "" {
		storage += " "
	}
	t.w.write(storage + t.ctype(sig.Result, t.cname(fd.Obj)+"("+strings.Join(names, ", ")+")") + " ")
	for _, k := range d.KRDecls {
		print(k)
		t.w.write(" ")
	}
	t.stmt(d.Body)
}

// oldStyle reports whether d is an old-style definition: its declarator's
// parameter list is an identifier list.
func oldStyle(d *ast.Decl) bool {
	pl := funcParamListOf(d)
	return pl != nil && len(pl.Names) > 0
}

// funcParamListOf returns the parameter list of the function a definition
// defines.
func funcParamListOf(d *ast.Decl) *ast.ParamList {
	if len(d.Inits) == 0 {
		return nil
	}
	for dd := d.Inits[0].Decl; dd != nil && dd.Direct != nil; dd = dd.Direct.Nested {
		if dd.Direct.Name != nil {
			for _, s := range dd.Direct.Suffixes {
				if s.Params != nil {
					return s.Params
				}
			}
			return nil
		}
	}
	return nil
}

// mainReturn ends the body of the program's main, just written, with
// "return 0;": reaching the closing brace of main returns 0 (C99
// 5.1.2.2.3), which the renamed function would not do by itself.
func (t *translator) mainReturn(fd *types.FuncDecl) {
	if fd.Obj != t.mainFn || t.mainFn == nil {
		return
	}
	if sig := fd.Obj.Signature(); sig == nil || types.Unqualified(sig.Result) != types.Typ[types.Int] {
		return
	}
	text := t.w.b.String()
	i := strings.LastIndexByte(text, '}')
	if i < 0 {
		return
	}
	t.w.b.Reset()
	t.w.b.WriteString(text[:i])
	t.w.b.WriteString(" return 0; ")
	t.w.b.WriteString(text[i:])
}

// paramNames returns the parameter names of a function definition.
func paramNames(d *ast.Decl) []string {
	if len(d.Inits) == 0 {
		return nil
	}
	dd := d.Inits[0].Decl
	for dd != nil && dd.Direct != nil {
		if dd.Direct.Name != nil {
			for _, s := range dd.Direct.Suffixes {
				if s.Params != nil {
					names := []string{}
					for _, p := range s.Params.Params {
						n := ""
						if p.Decl != nil {
							if id := ast.DeclaratorIdent(p.Decl); id != nil {
								n = id.Name
							}
						}
						names = append(names, n)
					}
					return names
				}
			}
			return nil
		}
		dd = dd.Direct.Nested
	}
	return nil
}

// ---- the generated tail: initial images, descriptors, entry point ----

func (t *translator) tail() string {
	saved := t.w
	t.w = &out{flat: true}
	defer func() { t.w = saved }()
	var b strings.Builder
	var entries []string
	for _, so := range t.sharedOrder {
		if !so.defined {
			continue
		}
		l := so.layout
		if l.Incomplete {
			t.failf(nil, "shared array %s has no size", so.v.Name())
			continue
		}
		elem := t.sizeText(l.Elem)
		block := int64(0)
		if l.IsArray && !l.Block.Indefinite {
			block = l.BlockFor(t.info.StaticThreads)
			if block <= 0 {
				t.failf(nil, "cannot compute the block size of %s", so.v.Name())
			}
		}
		mult := 0
		if l.Total.Threads {
			mult = 1
		}
		img, size := "NULL", "0"
		if so.init != nil {
			if name, ok := t.image(so, &b); ok {
				img, size = name, "sizeof "+name
				if !l.IsArray {
					img = "&" + name
				}
			}
		}
		entries = append(entries, fmt.Sprintf("\t{&%s, %s, %s, %d, %d, %d, %s, %s},",
			so.cname, strconv.Quote(so.v.Name()), elem, block, l.Total.Len, mult, img, size))
	}
	if len(entries) > 0 {
		b.WriteString("static const upcr_shared_decl_t upcr_shared[] = {\n")
		b.WriteString("\t/* base, name, elemsize, blocksize, nelems, THREADS multiple, init, init size */\n")
		for _, e := range entries {
			b.WriteString(e + "\n")
		}
		b.WriteString("};\n")
	}
	initFn := "NULL"
	if len(t.sharedInit) > 0 {
		initFn = "upcr_init"
		b.WriteString("\n/* shared initializers that are not constant images: run by thread 0 before main */\nstatic void upcr_init(void)\n{\n")
		for _, s := range t.sharedInit {
			b.WriteString("\t" + s + "\n")
		}
		b.WriteString("}\n")
	}
	if t.mainFn == nil {
		// a companion unit of a program of several: its files and shared
		// objects join the program's when it starts
		if len(entries) > 0 {
			fmt.Fprintf(&b, "\nUPCR_UNIT(upcr_files, %d, upcr_shared, %s);\n", t.opts.FileBase, initFn)
		} else {
			fmt.Fprintf(&b, "\nUPCR_UNIT_NOSHARED(upcr_files, %d, %s);\n", t.opts.FileBase, initFn)
		}
		return b.String()
	}
	b.WriteString("\n/* entry point: every thread runs it */\nstatic int upcr_entry(int argc, char **argv)\n{\n\t(void)argc;\n\t(void)argv;\n")
	for _, s := range t.privInit {
		b.WriteString("\t" + s + "\n")
	}
	sig := t.mainFn.Signature()
	call := "upcr_user_main()"
	if sig != nil && len(sig.Params) >= 2 {
		call = "upcr_user_main(argc, argv)"
	} else if sig != nil && len(sig.Params) == 1 {
		call = "upcr_user_main(argc)"
	} else if sig != nil && sig.Unspecified {
		call = "upcr_user_main(argc, argv)"
	}
	if sig != nil && types.IsVoid(sig.Result) {
		b.WriteString("\t" + call + ";\n\treturn 0;\n}\n")
	} else {
		b.WriteString("\treturn " + call + ";\n}\n")
	}
	if len(entries) > 0 {
		fmt.Fprintf(&b, "\nUPCR_PROGRAM(upcr_files, upcr_shared, %s, upcr_entry);\n", initFn)
	} else {
		fmt.Fprintf(&b, "\nUPCR_PROGRAM_NOSHARED(upcr_files, %s, upcr_entry);\n", initFn)
	}
	return b.String()
}

// image writes the constant initial image of a shared object, or adds
// statements to upcr_init when the initializer is not a C constant.
func (t *translator) image(so *sharedObj, b *strings.Builder) (string, bool) {
	l := so.layout
	in := so.init
	elemT := l.Elem
	loc := t.loc(so.pos)
	if hasShared(elemT) || t.dirty(in) {
		// element by element, at run time
		if !l.IsArray {
			if in.X == nil {
				t.failf(in, "braced initializer of a shared pointer")
				return "", false
			}
			t.sharedInit = append(t.sharedInit, t.put(so.cname, elemT, t.convert(in.X, elemT), false, loc)+";")
			return "", false
		}
		var flatItems []*ast.Initializer
		var walk func(x *ast.Initializer) bool
		walk = func(x *ast.Initializer) bool {
			if x.X != nil {
				flatItems = append(flatItems, x)
				return true
			}
			for _, it := range x.List.Items {
				if len(it.Designators) > 0 {
					return false
				}
				if !walk(it.Init) {
					return false
				}
			}
			return true
		}
		if !walk(in) {
			t.failf(in, "designated initializer of a shared array of pointers")
			return "", false
		}
		pi := t.elemInfo(types.Elem(so.v.Type()))
		for k, x := range flatItems {
			a := t.arith("upcr_index", so.cname, pi, strconv.Itoa(k), false)
			t.sharedInit = append(t.sharedInit, t.put(a, elemT, t.convert(x.X, elemT), false, loc)+";")
		}
		return "", false
	}
	name := so.cname + "_init"
	dims := ""
	for i, d := range l.Dims {
		if d.Threads {
			if i != 0 {
				t.failf(in, "initializer of %s: THREADS in an inner dimension", so.v.Name())
				return "", false
			}
			dims += "[]"
			continue
		}
		dims += "[" + strconv.FormatInt(d.Len, 10) + "]"
	}
	init := t.initializer(in, nil)
	fmt.Fprintf(b, "static const %s = %s;\n", t.ctype(types.WithoutShared(elemT), name+dims), init)
	return name, true
}
