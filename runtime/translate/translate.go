// Package translate turns a type-checked UPC translation unit into C that
// calls the bundled runtime (runtime/csrc, upcr.h).
//
// # What is translated
//
// Only the user's own code is translated: the tokens that come from the main
// file and from the user's headers. Declarations that come from the bundled
// system headers are dropped and the original system #include lines are
// emitted instead, so the C compiles against the real system headers. The
// bundled UPC headers (<upc.h>, <upc_collective.h>, ...) map to upcr.h plus
// the C declarations they contain that are not about shared data (typedefs
// such as upc_op_t), and to the library support this package emits for the
// library functions the runtime does not provide itself.
//
// # Macros
//
// The preprocessor has already expanded every macro. The translated C is
// the preprocessed user code: user macros appear expanded (so macros that
// hide UPC statements are translated like any other code). An invocation of
// a system macro (stdout, assert(x), INT_MAX, ...) whose expansion is not
// changed by the translation is printed as written, so that the real system
// headers expand it. #line directives map every line of the output back to
// the UPC source, so C compiler messages point at the .upc file; runtime
// reports and statistics get the UPC line from the location argument every
// runtime call takes.
//
// # How it prints
//
// A declaration, statement or expression that contains nothing UPC is
// printed from its tokens, with its original line breaks and indentation.
// A node that needs translation is printed from its tokens too, with its
// children replaced by their translations ("gap printing"); only the UPC
// constructs themselves are generated.
package translate

import (
	"bytes"
	"errors"
	"fmt"
	gotoken "go/token"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/upclint/upclint/grammar"
	"github.com/upclint/upclint/grammar/ast"
	"github.com/upclint/upclint/grammar/cpp"
	"github.com/upclint/upclint/grammar/diag"
	"github.com/upclint/upclint/grammar/token"
	"github.com/upclint/upclint/grammar/types"
)

// Options control the translation.
type Options struct {
	// NoLines suppresses the #line directives.
	NoLines bool
	// ReadFile reads the user's source files (for indentation and the
	// text of system macro invocations); nil means os.ReadFile.
	ReadFile func(string) ([]byte, error)
	// Source is the content of the main file, if it is not on disk.
	Source []byte
	// Check indexes shared arrays of known size through upcr_index_chk
	// and passes the address of every access through a pointer-to-shared
	// through upcr_acc_chk, so that a run with --check reports
	// out-of-bounds subscripts and accesses outside their object.
	Check bool
	// NoFastLoop emits every loop once, without the single-thread version
	// (fastloop.go): a upc_forall then tests the affinity of every
	// iteration even when THREADS is 1, as a compiler without that
	// specialisation does. Slower; for measuring what a loop
	// transformation gains on such a compiler. Privatized loops
	// (privloop.go) are still emitted unless NoPrivatize is set.
	NoFastLoop bool
	// NoPrivatize emits the loops that visit only the calling thread's
	// elements without their privatized version (privloop.go), every
	// access through the general accessor. For comparisons.
	NoPrivatize bool
	// FileBase is the index of this unit's first file in the program's
	// file table, for a unit without main in a program of several: its
	// locations then name its own files (which it registers with
	// UPCR_UNIT). The unit holding main has FileBase 0.
	FileBase int
}

// Error is a translation failure at a source position.
type Error struct {
	Pos gotoken.Position
	Msg string
}

func (e *Error) Error() string {
	if e.Pos.IsValid() {
		return fmt.Sprintf("%s: %s", e.Pos, e.Msg)
	}
	return e.Msg
}

// Translate translates u to C. The unit must have no front-end errors.
func Translate(u *grammar.Unit, opts Options) ([]byte, error) {
	if u == nil || u.File == nil || u.Info == nil {
		return nil, errors.New("translate: no unit")
	}
	var errs []string
	for _, d := range u.Diags {
		if d.Severity == diag.Error {
			errs = append(errs, fmt.Sprintf("%s: %s", u.Fset.Position(d.Pos), d.Message))
			if len(errs) == 10 {
				break
			}
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("cannot translate a program with errors:\n%s", strings.Join(errs, "\n"))
	}
	t := newTranslator(u, opts)
	return t.run()
}

// TranslateFile loads path with cfg and translates it; opts.Source, when
// set, is the file's content.
func TranslateFile(path string, cfg *grammar.Config, opts Options) ([]byte, *grammar.Unit, error) {
	src := opts.Source
	if src == nil {
		var err error
		if src, err = os.ReadFile(path); err != nil {
			return nil, nil, err
		}
	}
	fset := gotoken.NewFileSet()
	u := grammar.Load(fset, path, src, cfg)
	opts.Source = src
	c, err := Translate(u, opts)
	return c, u, err
}

// fileInfo describes one file of the FileSet.
type fileInfo struct {
	name    string
	user    bool // the main file or a user header: translated
	bundled bool // a bundled header
	upc     bool // a bundled UPC header (upc.h, upc_*.h, bupc_*.h)
	// internal: a bundled header with no system counterpart (the shared
	// types of the bundled headers): never #included by the output
	internal bool
	hdr      string
	idx      int // index in upcr_files, -1 until used
	src      []byte
	loaded   bool
}

type translator struct {
	u     *grammar.Unit
	info  *types.Info
	fset  *gotoken.FileSet
	toks  []token.Token
	opts  Options
	files map[*gotoken.File]*fileInfo
	main  *fileInfo // the unit's own file (mainFile)
	// fileTable is upcr_files in order.
	fileTable []*fileInfo
	// runEnd[i] is the end of the run of tokens produced by the same
	// outermost macro invocation as token i (i+1 for other tokens);
	// runStart likewise.
	runStart, runEnd []int

	w *out // current output

	// names maps renamed objects (main, hoisted block-scope shared
	// objects) to their C names.
	names map[types.Object]string
	// shared objects
	sharedObjs  map[*types.Var]*sharedObj
	sharedOrder []*sharedObj
	// anonymous records given a tag
	anonTags map[*types.Record]string
	// typedefs of shared types that are not emitted
	dropTypedef map[*types.TypeName]bool
	// UPC library support used
	libUsed map[string]bool
	// definitions of hoisted block-scope shared objects, per function
	hoisted map[*ast.Decl][]*sharedObj

	strict bool // #pragma upc strict in force
	fn     *types.FuncDecl
	mainFn *types.FuncObj
	tmp    int

	includes    []string // system headers to include, in order
	includeSeen map[string]bool
	upcTypedefs []string // C declarations from the bundled UPC headers
	privInit    []string // statements run by every thread before main
	sharedInit  []string // statements run by thread 0 before main
	err         *Error
	dirtyMemo   map[ast.Node]bool
	forallDepth int
	// l1 names the counter array while printing the single-thread
	// version of a loop (fastloop.go); l1Off while printing its other
	// version.
	l1    string
	l1Off bool
	// pv is the privatization of the loop being printed (privloop.go);
	// pvOff while printing its general version.
	pv        *pvPlan
	pvOff     bool
	addrTaken map[types.Object]bool // objects whose address is taken (&x), built on demand
	funcDecls map[*ast.Decl]*types.FuncDecl
	renameTok map[int]string
	anonSpec  map[*ast.RecordSpec]string
	dynLib    map[string]libChunk
}

// sharedObj is a static shared object: its base pointer variable and its
// descriptor entry.
type sharedObj struct {
	v       *types.Var
	cname   string
	layout  *types.Layout
	defined bool
	init    *ast.Initializer
	pos     gotoken.Pos
}

func newTranslator(u *grammar.Unit, opts Options) *translator {
	t := &translator{
		u: u, info: u.Info, fset: u.Fset, toks: u.File.Tokens, opts: opts,
		files:       map[*gotoken.File]*fileInfo{},
		names:       map[types.Object]string{},
		sharedObjs:  map[*types.Var]*sharedObj{},
		anonTags:    map[*types.Record]string{},
		dropTypedef: map[*types.TypeName]bool{},
		libUsed:     map[string]bool{},
		hoisted:     map[*ast.Decl][]*sharedObj{},
		includeSeen: map[string]bool{},
		dirtyMemo:   map[ast.Node]bool{},
		anonSpec:    map[*ast.RecordSpec]string{},
	}
	t.computeRuns()
	return t
}

func (t *translator) fileOf(p gotoken.Pos) *fileInfo {
	tf := t.fset.File(p)
	if tf == nil {
		return &fileInfo{idx: -1}
	}
	if fi, ok := t.files[tf]; ok {
		return fi
	}
	name := tf.Name()
	fi := &fileInfo{name: name, idx: -1}
	switch {
	case strings.HasPrefix(name, cpp.BundledDir+"/"):
		fi.bundled = true
		fi.hdr = strings.TrimPrefix(name, cpp.BundledDir+"/")
		base := path.Base(fi.hdr)
		fi.upc = isUPCHeader(base)
		fi.internal = strings.HasPrefix(base, "upclint")
	case strings.HasPrefix(name, "<"):
	default:
		fi.user = true
	}
	t.files[tf] = fi
	return fi
}

func (t *translator) content(fi *fileInfo) []byte {
	if !fi.loaded {
		fi.loaded = true
		if fi == t.mainFile() && t.opts.Source != nil {
			fi.src = t.opts.Source
		} else if fi.user {
			rf := t.opts.ReadFile
			if rf == nil {
				rf = os.ReadFile
			}
			fi.src, _ = rf(fi.name)
		}
	}
	return fi.src
}

// mainFile is the unit's own source file. It is found by name, not as the
// file of the first user token: a unit whose first declaration comes from a
// user header would otherwise take the header for the main file and read
// the text of its macro invocations from the main file's content.
func (t *translator) mainFile() *fileInfo {
	if t.main != nil {
		return t.main
	}
	t.fset.Iterate(func(tf *gotoken.File) bool {
		if tf.Name() == t.u.File.Name {
			t.main = t.fileOf(gotoken.Pos(tf.Base()))
			return false
		}
		return true
	})
	if t.main == nil {
		for _, tok := range t.toks {
			if tok.Kind != token.EOF {
				if fi := t.fileOf(tok.SitePos()); fi.user {
					t.main = fi
					break
				}
			}
		}
	}
	return t.main
}

// fileIndex returns the index of fi in upcr_files, adding it.
func (t *translator) fileIndex(fi *fileInfo) int {
	if fi.idx < 0 {
		fi.idx = t.opts.FileBase + len(t.fileTable)
		t.fileTable = append(t.fileTable, fi)
	}
	return fi.idx
}

// loc returns the UPCR_LOC text for position p.
func (t *translator) loc(p gotoken.Pos) string {
	fi := t.fileOf(p)
	if !fi.user {
		return "UPCR_NOLOC"
	}
	return fmt.Sprintf("UPCR_LOC(%d, %d)", t.fileIndex(fi), t.fset.Position(p).Line)
}

func (t *translator) locOf(n ast.Node) string { return t.loc(t.startPos(n)) }

// startPos is the user-visible position of a node's first token.
func (t *translator) startPos(n ast.Node) gotoken.Pos {
	f, e := n.Span()
	if f < e && f < len(t.toks) {
		return t.toks[f].SitePos()
	}
	return n.Start()
}

func (t *translator) failf(n ast.Node, format string, args ...any) {
	if t.err != nil {
		return
	}
	var p gotoken.Position
	if n != nil {
		p = t.fset.Position(t.startPos(n))
	}
	t.err = &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

func (t *translator) computeRuns() {
	n := len(t.toks)
	t.runStart = make([]int, n)
	t.runEnd = make([]int, n)
	for i := 0; i < n; {
		j := i + 1
		if t.toks[i].Exp != token.NoPos {
			for j < n && t.toks[j].Exp == t.toks[i].Exp && t.toks[j].ExpEnd() == t.toks[i].ExpEnd() {
				j++
			}
		}
		for k := i; k < j; k++ {
			t.runStart[k], t.runEnd[k] = i, j
		}
		i = j
	}
}

// systemRun reports whether tokens [i, runEnd[i]) are the expansion of a
// system macro invoked in user text: every token is spelled in a bundled
// non-UPC header or inside the invocation itself.
func (t *translator) systemRun(i int) bool {
	tok := &t.toks[i]
	if tok.Exp == token.NoPos {
		return false
	}
	sys := false
	for k := i; k < t.runEnd[i]; k++ {
		p := t.toks[k].Pos
		if p >= tok.Exp && p < tok.ExpEnd() {
			continue
		}
		fi := t.fileOf(p)
		if !fi.bundled || fi.upc {
			return false
		}
		sys = true
	}
	return sys
}

func (t *translator) tmpName(prefix string) string {
	t.tmp++
	return fmt.Sprintf("upcr_%s%d", prefix, t.tmp)
}

// run translates the unit.
func (t *translator) run() ([]byte, error) {
	t.collectIncludes()
	t.prescan()
	body := &out{lines: !t.opts.NoLines}
	t.w = body
	for _, d := range t.u.File.Decls {
		t.externalDecl(d)
		if t.err != nil {
			return nil, t.err
		}
	}
	body.nl()
	tail := t.tail()
	if t.err != nil {
		return nil, t.err
	}
	var b bytes.Buffer
	mf := t.mainFile()
	name := "?"
	if mf != nil {
		name = path.Base(mf.name)
	}
	fmt.Fprintf(&b, "/* %s translated to C by upclint for the bundled UPC runtime (upcr.h). */\n", name)
	b.WriteString("#include \"upcr.h\"\n")
	for _, h := range t.includes {
		fmt.Fprintf(&b, "#include <%s>\n", h)
	}
	if len(t.upcTypedefs) > 0 {
		b.WriteString("\n/* from the UPC headers */\n")
		for _, s := range t.upcTypedefs {
			b.WriteString(s)
			b.WriteByte('\n')
		}
	}
	if lib := t.library(); lib != "" {
		b.WriteString("\n/* UPC library support */\n")
		b.WriteString(lib)
	}
	b.WriteString("\nstatic const char *const upcr_files[] = {")
	for i, fi := range t.fileTable {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(fi.name))
	}
	if len(t.fileTable) == 0 {
		b.WriteString(strconv.Quote(name))
	}
	b.WriteString("};\n")
	b.WriteString(body.String())
	if !t.opts.NoLines {
		b.WriteString("\n/* generated */\n")
	}
	b.WriteString(tail)
	return b.Bytes(), nil
}

// collectIncludes finds the system headers the user's files include: the
// bundled headers whose tokens or macros the unit uses, in the order the
// user's #include lines name them.
func (t *translator) collectIncludes() {
	used := map[string]bool{}
	for i := range t.toks {
		fi := t.fileOf(t.toks[i].Pos)
		if fi.bundled && !fi.upc && !fi.internal {
			used[fi.hdr] = true
		}
	}
	// the user's #include <...> lines, in order
	var order []string
	for _, f := range t.u.Files {
		src := t.readUser(f)
		for _, line := range strings.Split(string(src), "\n") {
			s := strings.TrimSpace(line)
			if !strings.HasPrefix(s, "#") {
				continue
			}
			s = strings.TrimSpace(s[1:])
			if !strings.HasPrefix(s, "include") {
				continue
			}
			s = strings.TrimSpace(strings.TrimPrefix(s, "include"))
			if len(s) < 2 || (s[0] != '<' && s[0] != '"') {
				continue
			}
			close := byte('>')
			if s[0] == '"' {
				close = '"'
			}
			j := strings.IndexByte(s[1:], close)
			if j < 0 {
				continue
			}
			order = append(order, s[1:1+j])
		}
	}
	add := func(h string) {
		if !t.includeSeen[h] {
			t.includeSeen[h] = true
			t.includes = append(t.includes, h)
		}
	}
	for _, h := range order {
		base := path.Base(h)
		if isUPCHeader(base) {
			continue
		}
		if used[h] || isStdHeader(h) {
			add(h)
		}
	}
	var rest []string
	for h := range used {
		if !t.includeSeen[h] {
			rest = append(rest, h)
		}
	}
	sort.Strings(rest)
	for _, h := range rest {
		add(h)
	}
}

func (t *translator) readUser(name string) []byte {
	if mf := t.mainFile(); mf != nil && mf.name == name && t.opts.Source != nil {
		return t.opts.Source
	}
	rf := t.opts.ReadFile
	if rf == nil {
		rf = os.ReadFile
	}
	b, _ := rf(name)
	return b
}

// isUPCHeader reports whether a header's base name is one of the UPC
// headers (upc.h, upc_relaxed.h, upc_collective.h, bupc_extensions.h, ...),
// which map to upcr.h.
func isUPCHeader(base string) bool {
	return base == "upc.h" || strings.HasPrefix(base, "upc_") || strings.HasPrefix(base, "bupc_")
}

// isStdHeader reports whether h is a header the bundled set mirrors (an
// include of it is kept even if nothing of it is used).
func isStdHeader(h string) bool {
	_, err := fsStat(h)
	return err == nil
}
